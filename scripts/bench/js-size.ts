/**
 * Usage: npx tsx scripts/bench/js-size.ts [--build]
 *
 * Prints, for the client dashboard (`/`, also Collect and the sign-in page: routes/_index),
 * Collect at /overview and the questionnaire page, the JavaScript each page loads (the entry
 * and every modulepreloaded chunk, from the build's manifest) with its raw and gzip size, and the
 * total. Target: the dashboard's total is at most 150 KB gzip; tests/unit/js-size-budget.test.ts
 * keeps it under today's ceiling. Reads the existing build; `--build` runs `npx remix build` first.
 */
import { execSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DASHBOARD_JS_CEILING_BYTES, DASHBOARD_JS_TARGET_BYTES, pageScripts, readBuildManifest } from "../lib/page-scripts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (process.argv.includes("--build")) execSync("npx remix build", { cwd: root, stdio: "inherit" });

const PAGES = [
  { name: "Client dashboard / Collect (/)", route: "routes/_index" },
  { name: "Collect (/overview)", route: "routes/overview" },
  { name: "Questionnaire (/questionnaire/:companyHash)", route: "routes/questionnaire.$companyHash" },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
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
}
const dashboard = totals["routes/_index"] ?? 0;
console.log(
  `\nDashboard: ${kb(dashboard)} gzip; target ${kb(DASHBOARD_JS_TARGET_BYTES)} (${(dashboard / DASHBOARD_JS_TARGET_BYTES).toFixed(2)}x), ceiling ${kb(DASHBOARD_JS_CEILING_BYTES)}.`,
);
