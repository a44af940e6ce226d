/**
 * The app's database login, against real PostgreSQL: DATABASE_URL logs in as a role that can act
 * only as portal_app (so no injected `SET ROLE` reaches the owner or a superuser, and row-level
 * security applies to everything it does), and the app refuses any login that could do more.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import { withLogin } from "../../scripts/lib/app-login";
import { setupTestDb, type TestDb } from "../support/setup";

const FIRM = "firm_login";

let testDb: TestDb;
let db: typeof DbModule;
/** The superuser who owns the tables. */
let su: pg.Client;
/** Roles made by these tests (cluster-wide): dropped at the end. */
const madeRoles: string[] = [];

beforeAll(async () => {
  testDb = await setupTestDb();
  su = testDb.su;
  db = await import("../../app/db.server");
  await su.query(`INSERT INTO firms (id, name, slug, updated_at) VALUES ($1, 'Login Firm', 'login-firm', now())`, [FIRM]);
});

afterAll(async () => {
  await db?.closeDb();
  for (const role of madeRoles) {
    await su.query(`DROP OWNED BY ${role}`).catch(() => {});
    await su.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
  }
  await testDb?.close();
});

/** A login role on the test cluster, set up by `grants` (SQL run as the superuser). */
async function makeLogin(attributes: string, grants: (role: string) => string[] = () => []): Promise<string> {
  const role = `test_login_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  madeRoles.push(role);
  await su.query(`CREATE ROLE ${role} LOGIN ${attributes} PASSWORD '${password}'`);
  for (const sql of grants(role)) await su.query(sql);
  return withLogin(testDb.db.url, role, password);
}

/** Whether the app's pool config accepts the login at `url`; the refusal's message otherwise. */
async function appPoolRefusal(url: string): Promise<string | null> {
  const pool = new pg.Pool(db.appPoolConfig(url));
  try {
    await pool.query("SELECT 1");
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await pool.end();
  }
}

describe("the app's connections (DATABASE_URL)", () => {
  it("log in as a role that is no superuser, bypasses nothing and acts as portal_app", async () => {
    const [row] = await db.firmSql<{ login: string; acting: string; rolsuper: boolean; rolbypassrls: boolean; is_superuser: string }>(
      FIRM,
      `SELECT session_user AS login, current_user AS acting, r.rolsuper, r.rolbypassrls, current_setting('is_superuser') AS is_superuser
         FROM pg_roles r WHERE r.rolname = session_user`,
    );
    expect(row).toEqual({ login: "portal_app_login", acting: "portal_app", rolsuper: false, rolbypassrls: false, is_superuser: "off" });
  });

  it("cannot SET ROLE to the owner or any other role, nor change the session's user", async () => {
    for (const statement of [
      "SET ROLE postgres",
      "SET LOCAL ROLE postgres",
      "SET ROLE pg_read_all_data",
      "SET ROLE pg_database_owner",
      "SET SESSION AUTHORIZATION postgres",
    ]) {
      await expect(db.firmSql(FIRM, statement), statement).rejects.toThrow(/permission denied/);
    }
    // Back to the login itself (the one switch always allowed): it holds nothing (NOINHERIT), so
    // there is no way round portal_app. RESET ROLE returns to portal_app, the connection's default.
    await expect(
      db.withFirm(FIRM, async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL ROLE NONE");
        return tx.$queryRawUnsafe("SELECT id FROM firms");
      }),
    ).rejects.toThrow(/permission denied for table firms/);
    expect(
      await db.withFirm(FIRM, async (tx) => {
        await tx.$executeRawUnsafe("RESET ROLE");
        return tx.$queryRawUnsafe("SELECT current_user AS acting");
      }),
    ).toEqual([{ acting: "portal_app" }]);
  });

  it("see no tenant rows without app.firm_id, and only the firm's with it", async () => {
    const pool = new pg.Pool(db.appPoolConfig(testDb.db.appUrl));
    try {
      expect((await pool.query("SELECT count(*)::int AS n FROM firms")).rows[0].n).toBe(0);
      expect((await pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n).toBe(0);
      await expect(pool.query("ALTER TABLE firms DISABLE ROW LEVEL SECURITY")).rejects.toThrow(/must be (the )?owner/);
    } finally {
      await pool.end();
    }
    expect((await su.query("SELECT count(*)::int AS n FROM firms")).rows[0].n).toBe(1);
    expect(await db.firmSql(FIRM, "SELECT id FROM firms")).toEqual([{ id: FIRM }]);
  });
});

describe("the app refuses a login that can do more than portal_app", () => {
  it("accepts the app's own login", async () => {
    expect(await appPoolRefusal(testDb.db.appUrl)).toBeNull();
  });

  it("refuses the superuser, naming DATABASE_URL and DATABASE_OWNER_URL", async () => {
    const message = await appPoolRefusal(testDb.db.url);
    expect(message).toMatch(/Refusing to use the database login "postgres" of DATABASE_URL: it is a superuser/);
    expect(message).toContain("DATABASE_OWNER_URL");
  });

  it("refuses a login with BYPASSRLS, with CREATEROLE, or a member of another role", async () => {
    const bypass = await makeLogin("BYPASSRLS", (role) => [`GRANT portal_app TO ${role}`]);
    expect(await appPoolRefusal(bypass)).toMatch(/has BYPASSRLS/);
    const createRole = await makeLogin("CREATEROLE", (role) => [`GRANT portal_app TO ${role}`]);
    expect(await appPoolRefusal(createRole)).toMatch(/has CREATEROLE/);
    const member = await makeLogin("", (role) => [`GRANT portal_app TO ${role}`, `GRANT pg_read_all_data TO ${role}`]);
    expect(await appPoolRefusal(member)).toMatch(/can act as other roles than portal_app \(pg_read_all_data\)/);
  });

  it("refuses the tables' owner even when it is no superuser (one URL for both)", async () => {
    // The old single-URL set-up: the migrating user owns the tables and is granted portal_app.
    const owner = await makeLogin("", (role) => [`GRANT portal_app TO ${role}`, `ALTER TABLE firm_groups OWNER TO ${role}`]);
    expect(await appPoolRefusal(owner)).toMatch(/owns the database or objects in it, or portal_app does/);
    await su.query("ALTER TABLE firm_groups OWNER TO postgres");
  });

  it("refuses a login that cannot switch to portal_app", async () => {
    const stranger = await makeLogin("");
    expect(await appPoolRefusal(stranger)).toMatch(/permission denied to set role "portal_app"/);
  });

  it("stops the server before it listens when DATABASE_URL is the superuser", async () => {
    await db.closeDb();
    // The old single-URL set-up: the superuser for everything.
    delete process.env.DATABASE_OWNER_URL;
    Object.assign(process.env, {
      DATABASE_URL: testDb.db.url,
      NODE_ENV: "production",
      SESSION_SECRET: "db-login-test-secret-0123456789",
      APP_DOMAIN: "localhost:3999",
    });
    const { resetEnvCache } = await import("~/env.server");
    resetEnvCache();
    await expect(db.verifyAppLogin()).rejects.toThrow(/DATABASE_URL: it is a superuser/);
    const { startServer } = await import("../../server");
    await expect(startServer({ port: 0, host: "127.0.0.1" })).rejects.toThrow(/DATABASE_URL: it is a superuser/);
    await db.closeDb();
  });
});
