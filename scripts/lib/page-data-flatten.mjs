/**
 * turbo-stream's `flatten` (how Remix writes a page's loader data into the page and into its
 * `.data` answers) without an allocation for each value it has seen before.
 *
 * `flatten` gives every distinct value of the data an index. A value met again (every object key
 * after its first object, a repeated status, a repeated id) answers `[index]`: an array, which
 * the caller then turns back into text with Array.prototype.toString. In a questionnaire page's
 * data, 500 values and 2,000 references, that was close to half of flatten's time. Patched, the
 * calls flatten makes on itself get the bare index (`5` and `[5]` read the same in the text it
 * builds), and only the first call, the one turbo-stream's encoder makes and checks with
 * Array.isArray, still gets `[index]`. The text is the same, character for character
 * (tests/unit/page-data-flatten.test.ts); flatten takes about half the time.
 * Like page-render-strings.mjs, the patch checks the exact source it replaces: on a turbo-stream
 * version it does not know it changes nothing, and `pageDataFlatten()` says so.
 *
 * Plain JavaScript: server.ts imports it first, under Node's own TypeScript support too.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { patchInstaller, replaceExactlyOnce } from "./module-patch.mjs";

const require = createRequire(import.meta.url);
/** turbo-stream as Remix's server runtime requires it. */
const remixRequire = createRequire(require.resolve("@remix-run/server-runtime"));

/** turbo-stream's flatten.js, the copy the server runtime's single fetch loads. */
export const flattenFilename = () => path.join(path.dirname(remixRequire.resolve("turbo-stream")), "flatten.js");

const OUTER_HEAD = `function flatten(input) {
    const { indices } = this;
    const existing = indices.get(input);
    if (existing)
        return [existing];`;

const PATCHED_HEAD = `function flatten(input) {
    const existing = this.indices.get(input);
    if (existing)
        return [existing];
    return flattenWithin.call(this, input);
}
function flattenWithin(input) {
    const { indices } = this;
    const existing = indices.get(input);
    if (existing)
        return existing;`;

/** The calls flatten makes on itself (in stringify): an object's keys and values, an array's items, a Set's, a Map's, a plugin's values. */
const INNER_CALL = "flatten.call(this, ";
const INNER_CALLS = 9;

/** flatten.js with its own calls getting bare indices, or null when it is not the source this patch knows. */
export function patchFlattenSource(source) {
  if (source.includes("flattenWithin")) return null;
  const head = replaceExactlyOnce(source, [[OUTER_HEAD, PATCHED_HEAD]]);
  if (!head) return null;
  const [before, after] = head.split(PATCHED_HEAD);
  const parts = after.split(INNER_CALL);
  if (parts.length !== INNER_CALLS + 1) return null;
  return before + PATCHED_HEAD + parts.join("flattenWithin.call(this, ");
}

const installer = patchInstaller([["flatten", flattenFilename, patchFlattenSource]]);

/** Installs the patched flatten in Node's module cache (once; before anything has required turbo-stream). */
export const installPageDataFlatten = installer.install;

/** Whether the flatten in use is the patched one ("installed"), or why not. */
export const pageDataFlatten = installer.state;

installPageDataFlatten();
