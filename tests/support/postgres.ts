/**
 * Real PostgreSQL for tests. vitest's global setup (this file's `setup`) starts ONE throwaway
 * embedded cluster (temp dir, free port) for the whole run — or uses TEST_DATABASE_URL's server —
 * and each test file takes its own fresh database with every migration applied:
 *
 *   let db: TestDatabase;
 *   beforeAll(async () => { db = await createTestDatabase(); process.env.DATABASE_URL = db.url; });
 *   afterAll(() => db?.drop());
 *
 * Outside vitest's global setup (a single file run some other way), the first call starts a
 * cluster for the process.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";

import { freePort, startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { applyMigrations } from "../../scripts/lib/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster's maintenance database ("postgres"). */
    postgresAdminUrl: string;
  }
}

export interface TestCluster {
  /** Superuser URL of the "postgres" database, for CREATE DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Starts a throwaway embedded cluster (or wraps TEST_DATABASE_URL's server). */
export async function startTestCluster(): Promise<TestCluster> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const url = new URL(external);
    url.pathname = "/postgres";
    return { adminUrl: url.toString(), stop: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-pg-"));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), ephemeral: true });
  return {
    adminUrl: server.urlFor("postgres"),
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ─── vitest global setup ───

let globalCluster: TestCluster | null = null;

export async function setup(project: TestProject) {
  globalCluster = await startTestCluster();
  project.provide("postgresAdminUrl", globalCluster.adminUrl);
}

export async function teardown() {
  await globalCluster?.stop();
  globalCluster = null;
}

// ─── per test file ───

let processCluster: Promise<TestCluster> | null = null;

async function adminUrl(): Promise<string> {
  let provided: string | undefined;
  try {
    provided = inject("postgresAdminUrl");
  } catch {
    provided = undefined;
  }
  if (provided) return provided;
  processCluster ??= startTestCluster();
  return (await processCluster).adminUrl;
}

export interface TestDatabase {
  /** Connection URL of the new database (as the superuser who owns its tables). */
  url: string;
  name: string;
  /** Migrations applied when the database was created. */
  applied: string[];
  drop(): Promise<void>;
}

/** A new, empty database on the test cluster; migrations applied unless `migrate: false`. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const applied = options.migrate === false ? [] : await applyMigrations(dbUrl);
  return {
    url: dbUrl,
    name,
    applied,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
