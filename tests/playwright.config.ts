import { defineConfig, devices } from "@playwright/test";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Browser tests against the built app, on a fresh embedded PostgreSQL and S3 server with the
 * demo firms seeded. Chromium resolves *.localhost to 127.0.0.1 by itself, so
 * http://acme.localhost:PORT reaches the app.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
// Embedded PostgreSQL runs as its own user when we are root: it must be able to enter this folder.
chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: path.join(root, "tests/e2e"),
  outputDir: path.join(root, "test-results"),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "tsx scripts/start.ts",
    cwd: root,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_DOMAIN: `localhost:${PORT}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: "0",
      LOCAL_S3_PORT: "0",
      LOCAL_STRIPE_PORT: "0",
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-session-secret-0123456789",
      // Every browser test signs in from 127.0.0.1: more sign-in requests than one office makes.
      SIGN_IN_REQUEST_LIMIT: "100000",
      // One app server process (npm start's cluster), on a machine the browser shares.
      WEB_CONCURRENCY: "1",
    },
  },
});
