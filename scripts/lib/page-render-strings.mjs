/**
 * React's streaming renderer (react-dom/server's renderToPipeableStream, production build) writing
 * a page's HTML as text instead of encoding it piece by piece.
 *
 * React 18 turns every piece of a page into bytes as it writes it: a tag's name, an attribute,
 * a class list each go through TextEncoder.encodeInto into a 2 KB buffer, a native call each,
 * a thousand or more per page, and its fixed pieces are kept as bytes copied in one by one. That
 * was about a tenth of a signed-in page's CPU. Patched, the fixed pieces stay text, the pieces
 * are joined as text (as renderToString does), and the text is handed to the destination when
 * React ends a flush (or every 8 K characters): the page's writer (app/page-body.server.ts)
 * turns it into bytes once. The HTML is the same, byte for byte (tests/unit/page-render-strings.test.ts),
 * but for one fault of React's that goes with it: where a character of two or more bytes did not
 * fit at the end of the 2 KB buffer, React wrote the whole buffer, unused bytes and all, so a NUL
 * could land in the page in the middle of accented text.
 * Like route-matching-cache.mjs, the patch checks the exact source it replaces: on a React
 * version it does not know it changes nothing, and `pageRenderStrings()` says so.
 *
 * Plain JavaScript: server.ts imports it first, under Node's own TypeScript support too.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { patchInstaller, replaceExactlyOnce } from "./module-patch.mjs";

const require = createRequire(import.meta.url);

/** The streaming renderer's production build, the file react-dom/server requires under NODE_ENV=production. */
export const streamingRendererFilename = () =>
  path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.node.production.min.js");

const REPLACEMENTS = [
  // writeChunk: a string piece into the text; a byte chunk (none once the fixed pieces are text) as text.
  [
    'function r(a,b){if("string"===typeof b){if(0!==b.length)if(2048<3*b.length)0<l&&(t(a,k.subarray(0,l)),k=new Uint8Array(2048),l=0),t(a,u.encode(b));else{var c=k;0<l&&(c=k.subarray(l));c=u.encodeInto(b,c);var d=c.read;l+=c.written;d<b.length&&(t(a,k),k=new Uint8Array(2048),l=u.encodeInto(b.slice(d),k).written);2048===l&&(t(a,k),k=new Uint8Array(2048),l=0)}}else 0!==b.byteLength&&(2048<b.byteLength?(0<l&&(t(a,k.subarray(0,l)),k=new Uint8Array(2048),l=0),t(a,b)):(c=k.length-l,c<b.byteLength&&(0===c?t(a,\nk):(k.set(b.subarray(0,c),l),l+=c,t(a,k),b=b.subarray(c)),k=new Uint8Array(2048),l=0),k.set(b,l),l+=b.byteLength,2048===l&&(t(a,k),k=new Uint8Array(2048),l=0)))}',
    'var pageText="";function r(a,b){pageText+="string"===typeof b?b:Buffer.from(b.buffer,b.byteOffset,b.byteLength).toString("utf8");8192<=pageText.length&&(t(a,pageText),pageText="")}',
  ],
  // completeWriting: what is left of the text goes out at the end of each flush.
  ["function ca(a){k&&0<l&&a.write(k.subarray(0,l));k=null;l=0;q=!0}", 'function ca(a){0<pageText.length&&a.write(pageText);pageText="";k=null;l=0;q=!0}'],
  // stringToPrecomputedChunk: the fixed pieces stay text.
  ["function x(a){return u.encode(a)}", "function x(a){return a}"],
];

/** The renderer's source writing text, or null when it is not the source these replacements know. */
export function patchStreamingRendererSource(source) {
  if (source.includes("pageText")) return null;
  return replaceExactlyOnce(source, REPLACEMENTS);
}

const installer = patchInstaller([["renderer", streamingRendererFilename, patchStreamingRendererSource]]);

/** Installs the patched renderer in Node's module cache (once; before anything has required it). */
export const installPageRenderStrings = installer.install;

/** Whether the renderer in use writes text ("installed"), or why not. */
export const pageRenderStrings = installer.state;

installPageRenderStrings();
