/**
 * One copy of the app per process: `npm start`'s boot (scripts/lib/boot.ts) seeds, works the
 * background jobs and serves requests from the Remix server build alone, so the process has one
 * portal_app database pool, shared by the seed, the job handlers and the requests (and the pool of
 * the page requests' shared read transactions beside it).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Booted } from "../../scripts/lib/boot";
import { freePort } from "../../scripts/lib/embedded-postgres";
import { hostRequest } from "../support/http";
import { createTestDatabase, databaseEnv, type TestDatabase } from "../support/postgres";

/** The configuration of every portal_app pool created in this process, in order. */
const appPools: pg.PoolConfig[] = [];
const OriginalPool = pg.Pool;

let database: TestDatabase;
let dataDir: string;
let booted: Booted | undefined;

beforeAll(async () => {
  // Every `new pg.Pool(...)` in the process, whichever module creates it, goes through `pg`'s export.
  pg.Pool = class CountedPool extends OriginalPool {
    constructor(config?: pg.PoolConfig) {
      super(config);
      if (config?.options?.includes("role=portal_app")) appPools.push(config);
    }
  } as typeof pg.Pool;
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "portal-one-runtime-"));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  for (const key of ["S3_ENDPOINT", "S3_BUCKET", "RESEND_API_KEY", "TWILIO_ACCOUNT_SID", "SEED_DEMO", "JOBS_WORKER"]) delete process.env[key];
  Object.assign(process.env, {
    ...databaseEnv(database),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${port}`,
    SESSION_SECRET: "one-runtime-test-secret-0123456789abcdef",
  });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { bootPortal } = await import("../../scripts/lib/boot");
  booted = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port });
}, 240_000);

afterAll(async () => {
  await booted?.stop();
  pg.Pool = OriginalPool;
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a booted portal", () => {
  it("seeds, works jobs and serves requests on one portal_app pool", async () => {
    // A request that reads the seeded firm through the app's pool.
    const page = await hostRequest(booted!.port, { host: `acme.localhost:${booted!.port}`, path: "/signin" });
    expect(page.status, page.text.slice(0, 200)).toBe(200);
    expect(page.text).toContain("Acme Tax &amp; Advisory");

    // Jobs ran in this process: the periodic ones are sent at start and worked at once.
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    try {
      const completed = async () => {
        const { rows } = await owner.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'completed'");
        return rows[0]!.n;
      };
      await expect.poll(completed, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    } finally {
      await owner.end();
    }

    // One runtime: its pool, and the pool of the page requests' shared read transactions (app/db.server.ts).
    expect(appPools.map((p) => p.application_name)).toEqual(["portal_app", "portal_app_reads"]);
  });
});
