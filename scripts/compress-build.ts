/**
 * Usage: npm run build   (after `remix build`)
 *
 * Writes the build's scripts and styles compressed once, beside them (Brotli 11 and gzip 9:
 * scripts/lib/precompressed-build.mjs), for the server to send instead of compressing them for
 * each first visit. `npm start` does the same before its servers start.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compressBuild } from "./lib/precompressed-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { files, written, bytes, compressedBytes } = await compressBuild(path.join(root, "public/build"));
console.log(
  written > 0
    ? `Compressed ${written} cop${written === 1 ? "y" : "ies"} of ${files} build files (${Math.round(bytes / 1024)} KiB → ${Math.round(compressedBytes / 1024)} KiB with Brotli).`
    : `The ${files} build files' compressed copies are up to date.`,
);
