/**
 * The build's static files (public/build: the app's scripts and styles, named by a hash of their
 * content and kept by browsers for a year) compressed once, when the app is built, at the
 * highest levels: Brotli quality 11 and gzip level 9, beside each file (`x.js.br`, `x.js.gz`).
 * Without them the `compression` middleware compressed every file again on each first visit, at
 * Brotli quality 4 in a stream per request: ~15 ms of a server's CPU for the dashboard's scripts,
 * several pages' worth, after each deploy for every client. Brotli 11 is also ~13% smaller
 * (1,723 KiB of scripts and styles: 483 KiB instead of 556).
 *
 * `compressBuild` writes them (`npm run build`, and `npm start` before its servers start);
 * `precompressedStatic` serves them, and leaves to the next handler a file without an
 * up-to-date one (written before its file: `npm run dev`'s rebuilds, a copy), a browser that
 * accepts neither, and anything else.
 *
 * Plain JavaScript: server.ts imports it, under Node's own TypeScript support too.
 */
import { randomBytes } from "node:crypto";
import { promises as fs, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encodings written beside each file, in the order they are preferred (Brotli is smaller). */
export const PRECOMPRESSED = [
  {
    name: "br",
    suffix: ".br",
    /** @param {Buffer} data */
    compress: (data) =>
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  {
    name: "gzip",
    suffix: ".gz",
    /** @param {Buffer} data */
    compress: (data) => gzip(data, { level: 9 }),
  },
];

/** The files worth compressing: text. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/i;
/** As `compression`: smaller files are sent as they are. */
const MIN_SIZE = 1024;

/**
 * Writes the compressed copies of `dir`'s files that lack an up-to-date one (none, or one older
 * than its file). Each copy is written to a temporary name and renamed, so a server reading it
 * meanwhile never sees half of one; copies whose file is gone (an earlier build's) are removed.
 * Returns how many files it looked at, how many copies it wrote, and how many it removed.
 * @param {string} dir
 * @returns {Promise<{ files: number; written: number; bytes: number; compressedBytes: number; removed: number }>}
 */
export async function compressBuild(dir) {
  const result = { files: 0, written: 0, bytes: 0, compressedBytes: 0, removed: 0 };
  /** @type {string[]} */
  let names;
  try {
    names = /** @type {string[]} */ (await fs.readdir(dir, { recursive: true }));
  } catch (error) {
    if (gone(error)) return result;
    throw error;
  }
  const present = new Set(names);
  for (const name of names) {
    const encoding = PRECOMPRESSED.find(({ suffix }) => name.endsWith(suffix));
    // Copies whose file an earlier build had and this one hasn't, and what a run that stopped
    // while writing left behind (a run writing now is given ten minutes).
    const orphan = encoding && !present.has(name.slice(0, -encoding.suffix.length));
    const leftOver = TEMPORARY.test(name) && Date.now() - ((await fs.stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? Date.now()) > 10 * 60_000;
    if (!orphan && !leftOver) continue;
    await fs.rm(path.join(dir, name), { force: true });
    result.removed += 1;
  }
  // A few at a time: the compressions run in libuv's thread pool, one per core.
  const queue = names.filter((name) => COMPRESSIBLE.test(name)).map((name) => path.join(dir, name));
  const runOne = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      try {
        await compressFile(file, result);
      } catch (error) {
        // Removed meanwhile (another build): nothing to compress.
        if (!gone(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, runOne));
  return result;
}

/** A temporary copy being written (`compressFile`). */
const TEMPORARY = /\.precompressing-[0-9a-f]+\.tmp$/;

/**
 * @param {string} file
 * @param {{ files: number; written: number; bytes: number; compressedBytes: number }} result
 */
async function compressFile(file, result) {
  const stat = await fs.stat(file);
  if (!stat.isFile() || stat.size < MIN_SIZE) return;
  result.files += 1;
  /** @type {Buffer | null} */
  let data = null;
  for (const encoding of PRECOMPRESSED) {
    const target = file + encoding.suffix;
    const existing = await fs.stat(target).catch(() => null);
    if (existing && existing.mtimeMs >= stat.mtimeMs) continue;
    data ??= await fs.readFile(file);
    const compressed = await encoding.compress(data);
    // A name no other run (another process, container or machine sharing the folder) uses.
    const temporary = `${target}.precompressing-${randomBytes(8).toString("hex")}.tmp`;
    await fs.writeFile(temporary, compressed, { flag: "wx" });
    await fs.rename(temporary, target);
    result.written += 1;
    if (encoding.name === "br") {
      result.bytes += data.length;
      result.compressedBytes += compressed.length;
    }
  }
}

/** @param {unknown} error */
function gone(error) {
  const code = /** @type {NodeJS.ErrnoException} */ (error)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Express middleware serving `dir`'s files from their compressed copies (`compressBuild`), with
 * the file's type, `Content-Encoding`, `Vary: Accept-Encoding` and `options`' caching. A file is
 * looked up once per process (its copies and their dates); the build does not change under a
 * running server (`npm run dev` starts a new one after each rebuild).
 * @param {string} dir
 * @param {{ maxAge: string; immutable: boolean }} options
 * @returns {(req: import("express").Request, res: import("express").Response, next: import("express").NextFunction) => void}
 */
export function precompressedStatic(dir, options) {
  /** @type {Map<string, { name: string; file: string }[]>} */
  const found = new Map();
  const root = path.resolve(dir);
  /**
   * The copies of a file of the build, or null for what isn't one (not cached: the map holds
   * only the build's files, whatever names are asked for).
   * @param {string} relative
   */
  const lookUp = (relative) => {
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep) || !COMPRESSIBLE.test(file)) return null;
    const source = statSync(file, { throwIfNoEntry: false });
    if (!source?.isFile()) return null;
    return PRECOMPRESSED.flatMap(({ name, suffix }) => {
      const copy = statSync(file + suffix, { throwIfNoEntry: false });
      return copy?.isFile() && copy.mtimeMs >= source.mtimeMs ? [{ name, file: file + suffix }] : [];
    });
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (relative.includes("\0")) return next();
    let copies = found.get(relative);
    if (!copies) {
      const looked = lookUp(relative);
      if (!looked) return next();
      copies = looked;
      found.set(relative, copies);
    }
    if (copies.length === 0) return next();
    res.vary("Accept-Encoding");
    const copy = copies.find(({ name }) => req.acceptsEncodings(name));
    if (!copy) return next();
    res.type(path.extname(relative));
    res.setHeader("Content-Encoding", copy.name);
    res.sendFile(copy.file, { maxAge: options.maxAge, immutable: options.immutable, dotfiles: "allow" }, (error) => {
      // Sent, or the browser went away while it was.
      if (!error || res.headersSent) return;
      if (gone(error)) {
        // Gone since it was looked up (a new build): served as it is by the next handler.
        found.delete(relative);
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        return next();
      }
      // A condition or range the copy doesn't meet (412, 416: send has set its headers).
      const status = /** @type {{ status?: number; statusCode?: number }} */ (error).status ?? /** @type {{ statusCode?: number }} */ (error).statusCode;
      if (status && status >= 400 && status < 500) {
        res.removeHeader("Content-Encoding");
        res.status(status).end();
        return;
      }
      next(error);
    });
  };
}
