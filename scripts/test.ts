/**
 * Usage: npm test            (every test: unit, integration, browser)
 *        npm test -- unit    (only vitest: unit and integration)
 *        npm test -- e2e     (only the browser tests)
 *
 * Unit and integration tests run in vitest against a real PostgreSQL (embedded) and a real
 * S3-protocol server; browser tests run in Playwright with Debian's Chromium against the built
 * app, started by `scripts/start.ts` with fresh embedded services.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const only = process.argv[2];
const run = (cmd: string, args: string[], env: Record<string, string> = {}) => {
  console.log(`\n\x1b[1m$ ${cmd} ${args.join(" ")}\x1b[0m`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The HTTP integration tests and the browser tests both serve the built app.
run("remix", ["build"]);

if (only !== "e2e") {
  run("vitest", ["run", "--config", "tests/vitest.config.ts"]);
}

if (only !== "unit") {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    console.error(`Browser tests need Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  run("playwright", ["test", "--config", "tests/playwright.config.ts"]);
}
