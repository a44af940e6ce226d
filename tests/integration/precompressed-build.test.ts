/**
 * The build's scripts and styles compressed once (scripts/lib/precompressed-build.mjs): the
 * copies `compressBuild` writes beside each file, and the server sending them, as they were
 * written, to a browser that accepts them; a file whose copy is older than it (or without one)
 * is compressed as before, never sent from a stale copy.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressBuild } from "../../scripts/lib/precompressed-build.mjs";
import { bootApp, type TestApp } from "../support/app";

const buildDir = path.resolve(import.meta.dirname, "../../public/build");
// A folder of its own in the build the server serves, removed afterwards (another test's
// `npm start` may compress it too: the same copies).
const folder = `precompressed-test-${process.pid}`;
const dir = path.join(buildDir, folder);
// Beside the build, not in it: never to be sent through /build.
const outside = path.join(buildDir, "..", `precompressed-test-${process.pid}.json`);
// compressBuild's own folder, which nothing else compresses.
let scratch: string;
let app: TestApp;

/** Script text of about `kib` KiB, varied enough to compress as real code does. */
function script(kib: number, seed: string) {
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < kib * 1024; i++)
    lines.push(`export function ${seed}${i}(value) { return value * ${i} + "${seed}-${(i * 7919) % 1000}"; }`);
  return lines.join("\n");
}

function rawGet(urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: app.port, path: urlPath, headers: { host: app.host("acme"), ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  writeFileSync(outside, JSON.stringify({ secret: "x".repeat(2048) }));
  writeFileSync(`${outside}.br`, zlib.brotliCompressSync(readFileSync(outside)));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "page.js"), script(40, "page"));
  writeFileSync(path.join(dir, "styles.css"), `.a { color: red; }\n`.repeat(200));
  writeFileSync(path.join(dir, "tiny.js"), "export const a = 1;");
  writeFileSync(path.join(dir, "picture.png"), Buffer.alloc(4096, 7));
  app = await bootApp({ name: "precompressed" });
});

afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  rmSync(outside, { force: true });
  rmSync(`${outside}.br`, { force: true });
});

describe("compressBuild", () => {
  it("writes a Brotli and a gzip copy of each script and style of 1 KiB or more, once, and again when the file is newer than its copy", async () => {
    const dir = scratch;
    writeFileSync(path.join(dir, "page.js"), script(40, "page"));
    writeFileSync(path.join(dir, "styles.css"), `.a { color: red; }\n`.repeat(200));
    writeFileSync(path.join(dir, "tiny.js"), "export const a = 1;");
    writeFileSync(path.join(dir, "picture.png"), Buffer.alloc(4096, 7));
    const first = await compressBuild(dir);
    expect(first).toMatchObject({ files: 2, written: 4 });
    const page = readFileSync(path.join(dir, "page.js"));
    expect(zlib.brotliDecompressSync(readFileSync(path.join(dir, "page.js.br")))).toEqual(page);
    expect(zlib.gunzipSync(readFileSync(path.join(dir, "page.js.gz")))).toEqual(page);
    expect(first.compressedBytes).toBeLessThan(first.bytes / 3);
    // Too small, or not text: left alone.
    for (const name of ["tiny.js.br", "tiny.js.gz", "picture.png.br"]) expect(statSync(path.join(dir, name), { throwIfNoEntry: false })).toBeUndefined();

    expect(await compressBuild(dir)).toMatchObject({ files: 2, written: 0 });
    // The file rewritten after its copies (their dates put back a minute).
    const earlier = new Date(Date.now() - 60_000);
    for (const copy of ["styles.css.br", "styles.css.gz"]) utimesSync(path.join(dir, copy), earlier, earlier);
    expect(await compressBuild(dir)).toMatchObject({ files: 2, written: 2 });
    // No temporary file is left behind; one an earlier run left (stopped while writing) is removed.
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const leftOver = path.join(dir, "page.js.br.precompressing-0123456789abcdef.tmp");
    writeFileSync(leftOver, "half");
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(leftOver, hourAgo, hourAgo);
    expect(await compressBuild(dir)).toMatchObject({ written: 0, removed: 1 });
    expect(statSync(leftOver, { throwIfNoEntry: false })).toBeUndefined();
    // A file the next build doesn't have: its copies go too.
    writeFileSync(path.join(dir, "gone.js"), script(4, "gone"));
    expect(await compressBuild(dir)).toMatchObject({ written: 2, removed: 0 });
    rmSync(path.join(dir, "gone.js"));
    expect(await compressBuild(dir)).toMatchObject({ files: 2, written: 0, removed: 2 });
    expect(statSync(path.join(dir, "gone.js.br"), { throwIfNoEntry: false })).toBeUndefined();
    expect(statSync(path.join(dir, "page.js.br"), { throwIfNoEntry: false })).toBeDefined();
  });
});

describe("the server", () => {
  it("sends a file's compressed copy as it was written, with its length, type and a year's caching, to a browser that accepts it", async () => {
    await compressBuild(dir);
    expect(statSync(path.join(dir, "page.js.br")).isFile()).toBe(true);
    const chrome = await rawGet(`/build/${folder}/page.js`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(chrome.status).toBe(200);
    expect(chrome.headers["content-encoding"]).toBe("br");
    expect(chrome.body).toEqual(readFileSync(path.join(dir, "page.js.br")));
    expect(Number(chrome.headers["content-length"])).toBe(chrome.body.length);
    expect(chrome.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(chrome.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(chrome.headers.vary).toMatch(/Accept-Encoding/i);

    const gzipOnly = await rawGet(`/build/${folder}/page.js`, { "accept-encoding": "gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(gzipOnly.body).toEqual(readFileSync(path.join(dir, "page.js.gz")));

    const plain = await rawGet(`/build/${folder}/page.js`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(readFileSync(path.join(dir, "page.js")));

    const css = await rawGet(`/build/${folder}/styles.css`, { "accept-encoding": "br" });
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(zlib.brotliDecompressSync(css.body).toString("utf8")).toBe(readFileSync(path.join(dir, "styles.css"), "utf8"));

    // Revalidation (its ETag) still answers 304.
    const again = await rawGet(`/build/${folder}/page.js`, { "accept-encoding": "br", "if-none-match": String(chrome.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("compresses a file whose copy is older than it (never sends the stale copy), and sends one without a copy as before", async () => {
    writeFileSync(path.join(dir, "changed.js"), script(20, "before"));
    await compressBuild(dir);
    const stale = readFileSync(path.join(dir, "changed.js.br"));
    // Rewritten after its copy (a rebuild under `npm run dev`, which doesn't compress).
    const now = script(20, "after");
    writeFileSync(path.join(dir, "changed.js"), now);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, "changed.js"), later, later);

    const answer = await rawGet(`/build/${folder}/changed.js`, { "accept-encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body).not.toEqual(stale);
    expect(zlib.brotliDecompressSync(answer.body).toString("utf8")).toBe(now);

    const tiny = await rawGet(`/build/${folder}/tiny.js`, { "accept-encoding": "br" });
    expect(tiny.status).toBe(200);
    expect(tiny.body.toString("utf8")).toBe("export const a = 1;");

    // Nothing outside the build is reached through it, though it has a compressed copy.
    const escape = await rawGet(`/build/..%2F${path.basename(outside)}`, { "accept-encoding": "br" });
    expect(escape.status).not.toBe(200);
    expect(escape.body.toString("latin1")).not.toContain("secret");
    expect(escape.body).not.toEqual(readFileSync(`${outside}.br`));

    // A range the copy can't meet is refused as such, not answered from the file as it is.
    const range = await rawGet(`/build/${folder}/page.js`, { "accept-encoding": "br", range: `bytes=${statSync(path.join(dir, "page.js")).size - 10}-` });
    expect(range.status).toBe(416);
    expect(range.headers["content-encoding"]).toBeUndefined();
  });
});
