/**
 * Real PostgreSQL for tests. vitest's global setup (this file's `setup`) starts ONE throwaway
 * embedded cluster (temp dir, free port) for the whole run — or uses TEST_DATABASE_URL's server —
 * and each test file takes its own fresh database with every migration applied:
 *
 *   let db: TestDatabase;
 *   beforeAll(async () => { db = await createTestDatabase(); Object.assign(process.env, databaseEnv(db)); });
 *   afterAll(() => db?.drop());
 *
 * Two logins, as in a real deployment: `db.url` is the cluster's superuser, who owns the tables
 * (migrations, jobs, setup SQL: DATABASE_OWNER_URL); `db.appUrl` is the app's own login,
 * `portal_app_login`, which can act only as portal_app (DATABASE_URL; the app refuses any other).
 * The global setup creates that login once per run, with a random password.
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

import { APP_LOGIN_ROLE, ensureAppLogin, withLogin } from "../../scripts/lib/app-login";
import { freePort, startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { applyMigrations } from "../../scripts/lib/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster's maintenance database ("postgres"). */
    postgresAdminUrl: string;
    /** The password of the cluster's app login (portal_app_login). */
    postgresAppPassword: string;
  }
}

export interface TestCluster {
  /** Superuser URL of the "postgres" database, for CREATE DATABASE. */
  adminUrl: string;
  /** Password of the app login, created with the cluster. */
  appPassword: string;
  stop(): Promise<void>;
}

/** Starts a throwaway embedded cluster (or wraps TEST_DATABASE_URL's server), with the app login. */
export async function startTestCluster(): Promise<TestCluster> {
  const appPassword = randomBytes(18).toString("hex");
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const url = new URL(external);
    url.pathname = "/postgres";
    await ensureAppLogin(url.toString(), appPassword);
    return { adminUrl: url.toString(), appPassword, stop: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "portal-pg-"));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), ephemeral: true });
  await ensureAppLogin(server.urlFor("postgres"), appPassword);
  return {
    adminUrl: server.urlFor("postgres"),
    appPassword,
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
  project.provide("postgresAppPassword", globalCluster.appPassword);
}

export async function teardown() {
  await globalCluster?.stop();
  globalCluster = null;
}

// ─── per test file ───

let processCluster: Promise<TestCluster> | null = null;

async function cluster(): Promise<{ adminUrl: string; appPassword: string }> {
  let provided: { adminUrl: string; appPassword: string } | undefined;
  try {
    provided = { adminUrl: inject("postgresAdminUrl"), appPassword: inject("postgresAppPassword") };
  } catch {
    provided = undefined;
  }
  if (provided?.adminUrl && provided.appPassword) return provided;
  processCluster ??= startTestCluster();
  return processCluster;
}

export interface TestDatabase {
  /** Connection URL of the new database as the superuser who owns its tables (DATABASE_OWNER_URL). */
  url: string;
  /** The same database as the app's own login, which can act only as portal_app (DATABASE_URL). */
  appUrl: string;
  name: string;
  /** Migrations applied when the database was created. */
  applied: string[];
  drop(): Promise<void>;
}

/** A new, empty database on the test cluster; migrations applied unless `migrate: false`. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const { adminUrl: admin, appPassword } = await cluster();
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
    appUrl: withLogin(dbUrl, APP_LOGIN_ROLE, appPassword),
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

/** The app's environment for a test database: its own login, and the owner for jobs and setup. */
export function databaseEnv(db: Pick<TestDatabase, "url" | "appUrl">): { DATABASE_URL: string; DATABASE_OWNER_URL: string } {
  return { DATABASE_URL: db.appUrl, DATABASE_OWNER_URL: db.url };
}
