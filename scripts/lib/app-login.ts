/**
 * The app's own database login on a cluster this project administers (the embedded one of
 * `npm start`, the test cluster). On a real server an administrator creates it once with the SQL in
 * README.md ("Database roles"); this does the same here:
 *
 *   portal_app        NOLOGIN, what the app's statements run as (created by the first migration;
 *                     created here too, same attributes, when the cluster has no database yet)
 *   portal_app_login  LOGIN NOINHERIT, no other attribute, granted portal_app and nothing else:
 *                     DATABASE_URL logs in as it and switches to portal_app at connection start
 *   the owner         the superuser of the embedded cluster: DATABASE_OWNER_URL (migrations,
 *                     pg-boss, maintenance)
 *
 * NOINHERIT: the login itself holds no privilege; whatever it does, it does as portal_app after
 * the switch, and it cannot SET ROLE to anything else (app/db.server.ts checks that on start).
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export const APP_ROLE = "portal_app";
export const APP_LOGIN_ROLE = "portal_app_login";

/**
 * Creates (or brings back in line) the app's login role on the cluster of `ownerUrl` with this
 * password, and grants it portal_app. Needs a superuser (or CREATEROLE) owner. Idempotent.
 */
export async function ensureAppLogin(ownerUrl: string, password: string, role = APP_LOGIN_ROLE): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const ident = client.escapeIdentifier(role);
    // Roles are cluster-wide: tolerate one created meanwhile by another process.
    await client.query(`
      DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          BEGIN
            CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
          END;
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${client.escapeLiteral(role)}) THEN
          BEGIN
            CREATE ROLE ${ident} LOGIN;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
          END;
        END IF;
      END
      $$`);
    await client.query(
      `ALTER ROLE ${ident} LOGIN NOINHERIT NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD ${client.escapeLiteral(password)}`,
    );
    await client.query(`GRANT ${APP_ROLE} TO ${ident}`);
  } finally {
    await client.end();
  }
}

/** `url` with another user and password (same server, database and options). */
export function withLogin(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/**
 * A secret kept in a file only its owner may read (0600, in a 0700 folder): read it, or create a
 * random one. For `npm start`'s data dir (the app login's password, the session secret), so they
 * survive restarts without ever being a value anyone else could know.
 */
export async function localSecret(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  let exists = false;
  try {
    const existing = (await readFile(file, "utf8")).trim();
    exists = true;
    if (existing) {
      if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("hex");
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: exists ? "w" : "wx" });
    await chmod(file, 0o600);
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return (await readFile(file, "utf8")).trim();
    throw error;
  }
}

/** Where `npm start` keeps its generated secrets, inside its data dir. */
export function localSecretsDir(dataDir: string): string {
  return path.join(dataDir, "secrets");
}
