/**
 * Unit tests (tests/unit) and integration tests (tests/integration) — never the Playwright specs in
 * tests/e2e. One embedded PostgreSQL serves the whole run (tests/support/postgres.ts); each
 * integration file creates its own database on it, so files may run in parallel.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${path.join(root, "app")}/` },
      { find: /^#themes\//, replacement: `${path.join(root, "themes")}/` },
      { find: /^#tenants\//, replacement: `${path.join(root, "tenants")}/` },
    ],
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/support/postgres.ts"],
    pool: "forks",
    // Two cores: two files at a time, each with its own database on the shared cluster.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
