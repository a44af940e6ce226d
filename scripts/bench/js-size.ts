/**
 * Usage: npx tsx scripts/bench/js-size.ts [--build] [--modules] [--against <checkout>]
 *
 * Prints, for the client dashboard (`/`: routes/_index; staff's Collect and the sign-in page there
 * load their own code on top, when shown), Collect at /overview and the questionnaire page, the
 * JavaScript each page loads (the entry and every modulepreloaded chunk, from the build's manifest)
 * with its raw and gzip size, and the total. Target: the dashboard's total is at most 150 KB gzip;
 * tests/unit/js-size-budget.test.ts keeps it there. Reads the existing build; `--build` runs
 * `npx remix build` first. `--modules` adds each page's biggest packages and app modules (from
 * build/metafile.js.json). `--against <checkout>` prints another built checkout's totals beside these.
 */
import { execSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DASHBOARD_JS_CEILING_BYTES, DASHBOARD_JS_TARGET_BYTES, packageSizes, pageScripts, readBuildManifest } from "../lib/page-scripts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (process.argv.includes("--build")) execSync("npx remix build", { cwd: root, stdio: "inherit" });

const PAGES = [
  { name: "Client dashboard (/)", route: "routes/_index" },
  { name: "Collect (/overview)", route: "routes/overview" },
  { name: "Questionnaire (/questionnaire/:companyHash)", route: "routes/questionnaire.$companyHash" },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const againstIndex = process.argv.indexOf("--against");
const against = againstIndex > 0 ? path.resolve(process.argv[againstIndex + 1] ?? "") : null;

const manifest = readBuildManifest(root);
const totals: Record<string, number> = {};
for (const page of PAGES) {
  const scripts = pageScripts(root, manifest, page.route).sort((a, b) => b.gzip - a.gzip);
  console.log(`\n${page.name}: ${scripts.length} files`);
  for (const s of scripts) console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${kb(s.bytes).padStart(9)} raw  ${s.file}`);
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(`  ${kb(gzip).padStart(9)} gzip  ${kb(bytes).padStart(9)} raw  total`);
  totals[page.route] = gzip;
  if (process.argv.includes("--modules")) {
    console.log("  Biggest modules (raw, minified):");
    for (const [name, size] of packageSizes(
      root,
      scripts.map((s) => s.file),
    ).slice(0, 15))
      console.log(`  ${kb(size).padStart(9)}  ${name}`);
  }
}
if (against) {
  const other = readBuildManifest(against);
  console.log(`\nGzip totals: ${against} → this checkout`);
  for (const page of PAGES) {
    const before = pageScripts(against, other, page.route).reduce((sum, s) => sum + s.gzip, 0);
    const after = totals[page.route] ?? 0;
    console.log(`  ${page.name.padEnd(46)} ${kb(before).padStart(9)} → ${kb(after).padStart(9)}  (${(after / before).toFixed(2)}x)`);
  }
}
const dashboard = totals["routes/_index"] ?? 0;
console.log(
  `\nDashboard: ${kb(dashboard)} gzip; target ${kb(DASHBOARD_JS_TARGET_BYTES)} (${(dashboard / DASHBOARD_JS_TARGET_BYTES).toFixed(2)}x), ceiling ${kb(DASHBOARD_JS_CEILING_BYTES)}.`,
);
