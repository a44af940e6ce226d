/**
 * Usage: node scripts/copy-pdfjs.mjs   (also run by remix.config.js on every build)
 *
 * Copies pdf.js's prebuilt browser files from node_modules/pdfjs-dist into public/pdfjs/
 * (gitignored): the library and its worker, plus the standard fonts, character maps and image
 * decoders they load on demand. Bundling pdf.js with Remix's esbuild breaks at run time, so the
 * viewer (app/pdf/pdf-viewer.tsx) loads these files by URL instead. Plain JavaScript so that
 * remix.config.js can import it. Copies only what changed (by size and time), so a rebuild is cheap.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export function copyPdfJs(projectRoot = root) {
  const source = join(projectRoot, "node_modules", "pdfjs-dist");
  const target = join(projectRoot, "public", "pdfjs");
  if (!existsSync(join(source, "build", "pdf.min.mjs"))) throw new Error("pdfjs-dist is not installed (npm install)");
  const copy = (from, to) => {
    const s = statSync(from);
    if (existsSync(to)) {
      const t = statSync(to);
      if (t.size === s.size && t.mtimeMs >= s.mtimeMs) return;
    }
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  };
  for (const file of ["pdf.min.mjs", "pdf.worker.min.mjs"]) copy(join(source, "build", file), join(target, file));
  for (const folder of ["standard_fonts", "cmaps", "wasm", "iccs"]) {
    const dir = join(source, folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) copy(join(dir, file), join(target, folder, file));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) copyPdfJs();
