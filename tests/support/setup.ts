/**
 * The setup of an integration test that calls the app's modules directly (no server; for the app
 * over HTTP see ./app.ts): a fresh test database as the app's environment, a superuser client on
 * it, optionally the demo firms seeded and an S3-protocol bucket.
 *
 *   let t: TestDb;
 *   beforeAll(async () => { t = await setupTestDb({ seed: true, s3: "documents-test" }); }, 120_000);
 *   afterAll(() => t?.close());
 *
 *   const portal = await t.firmSite("acme", { bulkUploadProcessor: true });   // a FirmSiteContext
 *   const user = await t.sessionUser("client@acme.test", "acme");              // a SessionUser
 *   await t.su.query("UPDATE users SET ...");                                  // bypasses row-level security
 *
 * Import the app's modules after `setupTestDb` (dynamically) or read nothing from the environment
 * at import time: the database and S3 settings are set by it. `close()` closes the client, the app's
 * pools and S3, drops the database and puts back every environment variable it or `setEnv` changed.
 */
import pg from "pg";
import { resetEnvCache } from "~/env.server";
import type { FirmSiteContext } from "~/context.server";
import type { SessionUser } from "~/auth/session.server";
import { createTestDatabase, databaseEnv, type TestDatabase } from "./postgres";
import { startTestS3, type TestS3 } from "./s3";

type Env = Record<string, string | undefined>;
type Preferences = FirmSiteContext["firm"]["preferences"];

export interface SetupOptions {
  /** Seed the demo firms (acme, summit) with their users, entities and questionnaires. */
  seed?: boolean;
  /** Start an S3-protocol server with this bucket and point the app's storage at it. */
  s3?: string;
  /** More environment (undefined removes a variable), put back by `close()`. */
  env?: Env;
}

export interface TestDb {
  db: TestDatabase;
  /** The database's superuser (its tables' owner): setup rows and checks, past row-level security. */
  su: pg.Client;
  /** Set when `s3` was given. */
  s3?: TestS3;
  /** Sets environment variables (undefined removes one) and clears the app's env cache; `close()` puts them back. */
  setEnv(values: Env): void;
  /** A seeded firm's site as the app loads it (its settings), with preferences overridden. */
  firmSite(slug: string, preferences?: Partial<Preferences>, options?: { clientAddress?: string }): Promise<FirmSiteContext>;
  /** A seeded user as their session gives them (no default entity), with fields overridden. */
  sessionUser(email: string, slug: string, extra?: Partial<SessionUser>): Promise<SessionUser>;
  close(): Promise<void>;
}

export const firmIdOf = (slug: string) => `firm_${slug}`;

export function s3Env(s3: TestS3): Env {
  return {
    S3_ENDPOINT: s3.config.endpoint,
    S3_REGION: s3.config.region,
    S3_BUCKET: s3.config.bucket,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

export async function setupTestDb(options: SetupOptions = {}): Promise<TestDb> {
  const saved: Env = {};
  const cleanups: (() => Promise<void>)[] = [];
  const setEnv = (values: Env) => {
    for (const [key, value] of Object.entries(values)) {
      if (!(key in saved)) saved[key] = process.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  };
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    cleanups.push(async () => setEnv(saved));
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const s3 = options.s3 ? await startTestS3({ bucket: options.s3 }) : undefined;
    if (s3) cleanups.push(() => s3.stop());
    setEnv({ ...databaseEnv(db), ...(s3 ? s3Env(s3) : {}), ...options.env });
    cleanups.push(async () => {
      const { closeDb } = await import("~/db.server");
      await closeDb();
    });
    const su = new pg.Client({ connectionString: db.url });
    await su.connect();
    cleanups.push(() => su.end());
    if (options.seed) {
      const { seedDemo } = await import("../../prisma/seed");
      await seedDemo({ log: () => {} });
    }

    return {
      db,
      su,
      s3,
      setEnv,
      close,
      async firmSite(slug, preferences = {}, { clientAddress = "127.0.0.1" } = {}) {
        const { loadFirmSettings } = await import("~/firms/firm-settings.server");
        const { firmDb } = await import("~/db.server");
        const firm = await loadFirmSettings(firmIdOf(slug));
        if (!firm) throw new Error(`No firm ${slug}`);
        return {
          site: "firm",
          db: firmDb(firm.id),
          origin: `http://${slug}.localhost`,
          clientAddress,
          firm: { ...firm, preferences: { ...firm.preferences, ...preferences } },
        };
      },
      async sessionUser(email, slug, extra = {}) {
        const { rows } = await su.query(
          `SELECT id, kind::text AS kind, fname, lname, firm_access::text AS firm_access, firm_group_id, is_advisor, readonly_access
             FROM users WHERE email = $1 AND firm_id = $2`,
          [email, firmIdOf(slug)],
        );
        const u = rows[0];
        if (!u) throw new Error(`No user ${email} in ${slug}`);
        return {
          id: u.id,
          sessionId: "s",
          kind: u.kind,
          email,
          fname: u.fname,
          lname: u.lname,
          preferredName: null,
          firmAccess: u.firm_access,
          firmGroupId: u.firm_group_id,
          isAdvisor: u.is_advisor,
          readonlyAccess: u.readonly_access,
          timeZone: "Pacific Time (US & Canada)",
          defaultCompanyId: null,
          ...extra,
        };
      },
    };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
