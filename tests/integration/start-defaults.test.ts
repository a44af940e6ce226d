/**
 * `npm start`'s boot (scripts/lib/boot.ts) on the embedded defaults, in production mode as it
 * will run: embedded PostgreSQL with the app on its own login (never the superuser), secrets
 * generated once into the data dir, and the outbox readable because nothing is really sent and the
 * portal is local. And the boot refuses a non-local APP_DOMAIN without SESSION_SECRET.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Booted } from "../../scripts/lib/boot";
import { freePort } from "../../scripts/lib/embedded-postgres";
import { hostRequest } from "../support/http";

const CONFIGURED = [
  "DATABASE_URL",
  "DATABASE_OWNER_URL",
  "SESSION_SECRET",
  "S3_ENDPOINT",
  "S3_PUBLIC_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "RESEND_API_KEY",
  "RESEND_BASE_URL",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM_NUMBER",
  "TWILIO_BASE_URL",
  "SEED_DEMO",
  "JOBS_WORKER",
];

let dataDir: string;
let port: number;
let booted: Booted | undefined;

/** What the boot itself filled in. */
const filled = () => ({ app: process.env.DATABASE_URL!, owner: process.env.DATABASE_OWNER_URL! });

beforeAll(async () => {
  for (const key of CONFIGURED) delete process.env[key];
  dataDir = mkdtempSync(path.join(tmpdir(), "portal-start-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
  port = await freePort();
  Object.assign(process.env, { NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), APP_DOMAIN: `localhost:${port}` });
});

afterAll(async () => {
  await booted?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a non-local APP_DOMAIN", () => {
  it("without SESSION_SECRET stops the boot before anything starts", async () => {
    const { bootPortal } = await import("../../scripts/lib/boot");
    const { ConfigError, resetEnvCache } = await import("~/env.server");
    process.env.APP_DOMAIN = "portal.example.com";
    process.env.NODE_ENV = "development";
    resetEnvCache();
    try {
      const failed = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ConfigError);
      expect((failed as Error).message).toMatch(/SESSION_SECRET is required when APP_DOMAIN \(portal\.example\.com\) is not local/);
      expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
      expect(process.env.SESSION_SECRET).toBeUndefined();
    } finally {
      Object.assign(process.env, { APP_DOMAIN: `localhost:${port}`, NODE_ENV: "production" });
      resetEnvCache();
    }
  });
});

describe("the embedded defaults", () => {
  beforeAll(async () => {
    const { bootPortal } = await import("../../scripts/lib/boot");
    booted = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port });
  }, 240_000);

  it("give the app its own login and keep the superuser for the owner's work", () => {
    const { app, owner } = filled();
    expect(new URL(app).username).toBe("portal_app_login");
    expect(new URL(owner).username).toBe("postgres");
    expect(new URL(app).password).toBe(readFileSync(path.join(dataDir, "secrets", "postgres-app-login"), "utf8").trim());
  });

  it("reach the embedded PostgreSQL through its Unix socket, in the data dir", async () => {
    const { firmSql } = await import("~/db.server");
    // A Unix-socket connection has no client address.
    const [app] = await firmSql<{ tcp: boolean }>("firm_acme", "SELECT inet_client_addr() IS NOT NULL AS tcp");
    expect(app).toEqual({ tcp: false });
    const owner = new pg.Client({ connectionString: filled().owner });
    await owner.connect();
    try {
      const { rows } = await owner.query<{ tcp: boolean; dir: string }>(
        "SELECT inet_client_addr() IS NOT NULL AS tcp, current_setting('unix_socket_directories') AS dir",
      );
      expect(rows[0]).toEqual({ tcp: false, dir: path.resolve(dataDir, "postgres") });
    } finally {
      await owner.end();
    }
  });

  it("run the app's connections as a login that cannot become the owner, under row-level security", async () => {
    const { firmSql, appPoolConfig } = await import("~/db.server");
    const [who] = await firmSql<{ login: string; super: boolean }>(
      "firm_acme",
      "SELECT session_user AS login, rolsuper AS super FROM pg_roles WHERE rolname = session_user",
    );
    expect(who).toEqual({ login: "portal_app_login", super: false });
    await expect(firmSql("firm_acme", "SET ROLE postgres")).rejects.toThrow(/permission denied to set role "postgres"/);

    const pool = new pg.Pool(appPoolConfig(filled().app));
    const owner = new pg.Client({ connectionString: filled().owner });
    await owner.connect();
    try {
      expect((await pool.query("SELECT count(*)::int AS n FROM firms")).rows[0].n).toBe(0);
      expect((await owner.query("SELECT count(*)::int AS n FROM firms WHERE id IN ('firm_acme', 'firm_summit')")).rows[0].n).toBe(2);
    } finally {
      await pool.end();
      await owner.end();
    }
  });

  it("generate the session secret and the login's password once, readable by their owner only", async () => {
    const file = path.join(dataDir, "secrets", "session-secret");
    const secret = readFileSync(file, "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(process.env.SESSION_SECRET).toBe(secret);
    for (const name of ["session-secret", "postgres-app-login"]) {
      expect(statSync(path.join(dataDir, "secrets", name)).mode & 0o777, name).toBe(0o600);
    }
    expect(statSync(path.join(dataDir, "secrets")).mode & 0o777).toBe(0o700);
    // A restart reads the same secret back: sessions survive it.
    const { localSecret } = await import("../../scripts/lib/app-login");
    expect(await localSecret(file)).toBe(secret);
  });

  it("serve the outbox, in production mode, because nothing is really sent and the portal is local", async () => {
    const host = `acme.localhost:${port}`;
    const json = await hostRequest(booted!.port, { host, path: "/dev/outbox.json" });
    expect(json.status, json.text.slice(0, 200)).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ firm: { slug: "acme" }, messages: expect.any(Array) });
    const page = await hostRequest(booted!.port, { host, path: "/dev/outbox" });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Outbox");
  });
});
