/**
 * The application's database access: one connection pool whose connections act as role
 * `portal_app` (row-level security applies, never the owner), and Prisma clients scoped to one
 * firm. This file is the only runtime importer of the generated client (the tests' owner client,
 * tests/support/admin-db.ts, is the other); everything else receives a `FirmDb` or `FirmTx`.
 *
 * Every firm-scoped statement runs in a transaction that first runs
 * `set_config('app.firm_id', firmId, true)`: transaction-local, so a pooled connection never carries
 * one firm's setting into another firm's request. With no firm set, tenant tables look empty.
 * Within a page request (GET), the reads share one such transaction, opened by the first read and
 * committed before the page renders (`withReadScope`, `endReadScope`); writes keep their own.
 *
 * DATABASE_URL is the app's own login, never the owner's: a role granted portal_app and nothing
 * else, so that even an injected `SET ROLE` or `RESET ROLE` leads nowhere row-level security does
 * not apply. The pool checks that in the catalog before it hands out its first connection and
 * refuses to work otherwise (app/database-login.ts); the owner's URL (DATABASE_OWNER_URL) is for
 * migrations and the job queue only.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import pg from "pg";
import { canFollowOpening, holdWritesForThisTick, openingFailed, queryAfterOpening, sendOpening, type Opening } from "./db-pipeline.server";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "./generated/prisma/client";
import { databaseLoginError, databaseLoginProblems, type DatabaseLoginFacts } from "./database-login";
import { env } from "./env.server";
import { isDatabaseUnavailable, isSilentDatabase } from "./unavailable";

/** The role every pooled connection switches to (created by the migrations). */
export const APP_ROLE = "portal_app";

export type FirmTx = Prisma.TransactionClient;

/**
 * A transaction's raw statements (tagged templates, or text with `$1`… placeholders): what both a
 * Prisma transaction (`FirmTx`) and a transaction straight on a pooled connection (`withFirmSql`)
 * offer. Code on a hot write path takes this, so it runs in either. Values come back as pg gives
 * them in the latter (a bigint or numeric as a string): such code selects neither, or casts.
 */
export interface SqlTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

type TransactionOptions = { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel };

interface State {
  pool: pg.Pool;
  prisma: PrismaClient;
  /**
   * The page requests' shared read transactions have a pool of their own: a request holding one
   * for its reads may still need a connection for a write (or an explicit transaction), and must
   * never wait for one behind other requests holding theirs.
   */
  readPool: pg.Pool;
  readPrisma: PrismaClient;
  scoped: Map<string, FirmDb>;
}

let state: State | null = null;

function databaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded server).");
  return url;
}

const LOGIN_FACTS_SQL = `
  SELECT r.rolname AS login, current_user AS "actingAs", r.rolsuper AS superuser, r.rolbypassrls AS "bypassRls",
         r.rolcreaterole AS "createRole", r.rolreplication AS replication,
         ARRAY(SELECT o.rolname::text FROM pg_roles o
                WHERE o.oid <> r.oid AND o.rolname <> $1 AND pg_has_role(r.oid, o.oid, 'MEMBER')
                ORDER BY 1) AS "otherRoles",
         (EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner IN (r.oid, a.oid))
          OR EXISTS (SELECT 1 FROM pg_namespace n WHERE n.nspowner IN (r.oid, a.oid))
          OR EXISTS (SELECT 1 FROM pg_database d WHERE d.datname = current_database() AND d.datdba IN (r.oid, a.oid))) AS "ownsObjects"
    FROM pg_roles r LEFT JOIN pg_roles a ON a.rolname = $1
   WHERE r.rolname = session_user`;

/**
 * Throws a DatabaseLoginError naming DATABASE_URL and DATABASE_OWNER_URL unless the connection's
 * login can act only as portal_app and acts as it now (see app/database-login.ts).
 */
export async function assertAppLogin(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<DatabaseLoginFacts>(LOGIN_FACTS_SQL, [APP_ROLE]);
  const facts = rows[0];
  if (!facts) throw new Error("The database login is not in pg_roles.");
  const problems = databaseLoginProblems(facts, APP_ROLE);
  if (problems.length) throw databaseLoginError(facts, problems, APP_ROLE);
}

/**
 * Connections act as portal_app from their first statement: the role is a startup parameter, so a
 * connection on which the switch fails is refused instead of silently running as the login. The
 * pool's first connection checks the login (assertAppLogin) before anyone uses it; until one
 * passes, every new connection checks again, and one that fails is closed and its error returned
 * to whoever asked for it. The login does not change while the pool lives, so one pass is enough.
 */
export function appPoolConfig(url = databaseUrl()): pg.PoolConfig {
  let verified = false;
  return {
    connectionString: url,
    // Names the pool's connections in pg_stat_activity (one pool per process: app/tenancy/runtime.server.ts).
    application_name: APP_ROLE,
    max: env().DATABASE_POOL_SIZE,
    // A request never waits for a connection without limit: every one busy, or a database that
    // accepts but never answers, ends in an error the app answers 503 (app/unavailable.ts).
    connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
    options: `-c role=${APP_ROLE}`,
    onConnect: async (client) => {
      if (verified) return;
      await assertAppLogin(client);
      verified = true;
    },
  };
}

function init(): State {
  if (state) return state;
  const pool = new SerialPool(appPoolConfig());
  pool.on("error", (error) => console.error("Idle database connection failed:", error.message));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator: prismaStatementName }) });
  // Pipeline mode: a page's reads given together go out together (oneStatementAtATime).
  const readPool = new LendingPool({ ...appPoolConfig(), application_name: `${APP_ROLE}_reads`, pipeline: true });
  readPool.on("error", (error) => console.error("Idle database connection failed:", error.message));
  const readPrisma = new PrismaClient({ adapter: new PrismaPg(readPool, { statementNameGenerator: prismaStatementName }) });
  state = { pool, prisma, readPool, readPrisma, scoped: new Map() };
  return state;
}

/**
 * Opens (or reuses) a pooled connection, so a login that may act as more than portal_app stops
 * the caller now with a DatabaseLoginError instead of failing its first request. Called by the
 * server, the job worker and `npm start` before they do anything else.
 */
export async function verifyAppLogin(): Promise<void> {
  const client = await init().pool.connect();
  client.release();
}

/** The unscoped client on the portal_app pool (sees no tenant rows). Internal: use firmDb/withFirm. */
function basePrisma(): PrismaClient {
  return init().prisma;
}

function assertFirmId(firmId: string) {
  if (typeof firmId !== "string" || firmId.trim() === "") throw new Error("A firm id is required.");
}

function setFirm(client: PrismaClient | FirmTx, firmId: string) {
  return client.$executeRaw`SELECT set_config('app.firm_id', ${firmId}, true)`;
}

/**
 * Waiting for a pooled connection: Prisma gives up after 2 s by default, which turns a burst of
 * requests into errors; a request rather waits its turn (the pool serves them in order).
 */
const TX_DEFAULTS = { maxWait: 10_000, timeout: 15_000 } as const;

// ─── One read transaction per page request ───

/**
 * A page request's reads (GET and HEAD): they share one transaction, opened by the first read and
 * committed by `endReadScope` before the page renders (entry.server.tsx) or, for data requests,
 * when Remix has answered (server.ts). A read after that, or after a statement of the transaction
 * failed, runs in its own transaction as before. Writes always run in their own.
 */
interface ReadScope {
  firmId: string | null;
  /** The explicit transactions run one at a time: the last one's end. */
  savepoints: Promise<void>;
  /** Savepoints made (explicit transactions that wrote). */
  savepointCount: number;
  savepointNames: number;
  /** A statement failed outside any savepoint: the transaction is rolled back, not committed. */
  abandoned: boolean;
  /** The transaction could not start or commit. */
  failed: boolean;
  reported: boolean;
  /** Why the transaction failed (a database outage answers 503 from it). */
  error?: unknown;
  /** The transaction's connection, `BEGIN` sent and the firm set: opened by the first read. */
  conn: Promise<pg.PoolClient> | null;
  /** Prisma's view of the same transaction (on the same connection), made for the first Prisma read. */
  tx: Promise<FirmTx> | null;
  /** Settles when Prisma's side of the transaction has ended. */
  txEnded: Promise<void> | null;
  /** Settles when the request is done with the transaction (endReadScope), or after a failed read. */
  finished: Promise<void> | null;
  finish: (() => void) | null;
  committed: Promise<void> | null;
  closed: boolean;
}

const readScopes = new AsyncLocalStorage<ReadScope>();

const READ_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "$queryRaw",
  "$queryRawUnsafe",
]);

/** Runs `fn` (Remix answering one request) with a shared read transaction when the method only reads. */
export function withReadScope<T>(method: string, fn: () => Promise<T>): Promise<T> {
  if (method !== "GET" && method !== "HEAD") return fn();
  return readScopes.run(
    {
      firmId: null,
      savepoints: Promise.resolve(),
      savepointCount: 0,
      savepointNames: 0,
      abandoned: false,
      failed: false,
      reported: false,
      conn: null,
      tx: null,
      txEnded: null,
      finished: null,
      finish: null,
      committed: null,
      closed: false,
    },
    fn,
  );
}

/** Commits the request's read transaction (if one was opened); later reads run on their own. */
export async function endReadScope(): Promise<void> {
  const scope = readScopes.getStore();
  if (!scope) return;
  if (!scope.closed) {
    scope.closed = true;
    await scope.savepoints;
    scope.finish?.();
  }
  await scope.committed;
  // What an explicit transaction wrote went with the failed transaction: say so (once), never drop it quietly.
  if ((scope.abandoned || scope.failed) && scope.savepointCount > 0 && !scope.reported) {
    scope.reported = true;
    throw scope.error ?? new Error("A statement of this request failed; its transaction was rolled back.");
  }
}

/** How many reads shared a transaction (tests). */
export function readScopeOpen(): boolean {
  const scope = readScopes.getStore();
  return Boolean(scope?.conn && !scope.closed);
}

/** Set while a page request's explicit transaction runs as a savepoint of its read transaction. */
const insideSavepoint = new AsyncLocalStorage<true>();

/**
 * A page request's explicit transaction (`withFirm`, `db.$transaction`) inside its read
 * transaction, as a savepoint: what it writes is committed with the reads, and a failure rolls
 * back only its own part. One at a time (savepoints nest; interleaved ones would release each
 * other); a transaction opened inside one runs on its own connection, as before.
 */
async function inSavepoint<T>(scope: ReadScope, tx: FirmTx, fn: (tx: FirmTx) => Promise<T>): Promise<T> {
  const previous = scope.savepoints;
  let release!: () => void;
  scope.savepoints = new Promise<void>((r) => (release = r));
  await previous;
  // The savepoint is made before the first write: a transaction that only reads costs nothing more.
  const name = `request_${++scope.savepointNames}`;
  let made: Promise<void> | null = null;
  const beforeWrite = () =>
    (made ??= tx.$executeRawUnsafe(`SAVEPOINT ${name}`).then(() => {
      scope.savepointCount += 1;
    }));
  try {
    const result = await insideSavepoint.run(true, () => fn(writeGuarded(tx, beforeWrite)));
    if (made) await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    // Without a savepoint the failure came from a read, which aborted the whole transaction.
    if (made) await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).catch((e: unknown) => abandonReadScope(e));
    else if ((error as { code?: unknown }).code !== "P2025") abandonReadScope(error, stalePreparedStatement(error));
    throw error;
  } finally {
    release();
  }
}

const WRITE_OPERATIONS = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

/** Whether a raw statement may write: anything but a plain SELECT. */
function rawMayWrite(operation: string, args: unknown[]): boolean {
  if (operation === "$executeRaw" || operation === "$executeRawUnsafe") return true;
  const first = args[0];
  const text = typeof first === "string" ? first : Array.isArray(first) ? String(first[0] ?? "") : "";
  return !/^\s*SELECT\b/i.test(text);
}

/** `tx`, calling `beforeWrite` before each statement that may write. */
function writeGuarded(tx: FirmTx, beforeWrite: () => Promise<void>): FirmTx {
  const delegates = new Map<string, unknown>();
  return new Proxy(tx, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof property !== "string" || value === null || value === undefined) return value;
      if (property.startsWith("$")) {
        if (typeof value !== "function" || !/^\$(query|execute)Raw/.test(property)) return value;
        return (...args: unknown[]) => (rawMayWrite(property, args) ? beforeWrite().then(() => value.apply(target, args)) : value.apply(target, args));
      }
      if (typeof value !== "object") return value;
      let delegate = delegates.get(property);
      if (!delegate) {
        const model = value as Record<string, unknown>;
        delegate = new Proxy(model, {
          get(d, operation) {
            const method = Reflect.get(d, operation);
            if (typeof method !== "function") return method;
            if (typeof operation === "string" && WRITE_OPERATIONS.has(operation)) {
              return (...args: unknown[]) => beforeWrite().then(() => method.apply(d, args));
            }
            return method.bind(d);
          },
        });
        delegates.set(property, delegate);
      }
      return delegate;
    },
  }) as FirmTx;
}

/** After a failed statement: the shared transaction ends, and the request's later reads run on their own. */
function abandonReadScope(error?: unknown, dropConnection = false) {
  const scope = readScopes.getStore();
  if (!scope) return;
  // The connection is released as failed: the pool closes it instead of lending it again.
  if (dropConnection) {
    scope.failed = true;
    scope.error ??= error;
  }
  if (scope.abandoned) return;
  scope.error ??= error;
  scope.closed = true;
  scope.abandoned = true;
  // An explicit transaction (savepoint) may be running: it ends first (it can roll itself back).
  void scope.savepoints.then(() => scope.finish?.());
}

/** The longest a request's read transaction stays open (a request that never ends its scope). */
const READ_SCOPE_TIMEOUT_MS = 60_000;

/**
 * The request's read transaction for `firmId` as a connection (raw statements run on it
 * directly), or null when this read must run on its own. `BEGIN` and the firm's setting go out
 * with its first statement, in the same round trip (`openWith`); a request that reads nothing
 * sends nothing.
 */
function sharedConnection(firmId: string): Promise<pg.PoolClient> | null {
  const scope = readScopes.getStore();
  if (!scope || scope.closed) return null;
  if (scope.firmId && scope.firmId !== firmId) return null;
  if (!scope.conn) {
    scope.firmId = firmId;
    const finished = new Promise<void>((release) => (scope.finish = release));
    scope.finished = finished;
    const timer = setTimeout(() => {
      scope.closed = true;
      scope.finish?.();
    }, READ_SCOPE_TIMEOUT_MS);
    timer.unref?.();
    let broken: Error | undefined;
    const onError = (error: Error) => void (broken = error);
    scope.conn = (async () => {
      const client = await init().readPool.connect();
      client.on("error", onError);
      // BEGIN and the firm go out with the request's first statement (one round trip for both).
      openWith(client, firmOpening(firmId));
      return client;
    })();
    const failed = (error: unknown) => {
      scope.closed = true;
      scope.failed = true;
      scope.error ??= error;
    };
    scope.committed = scope.conn.then(
      async (client) => {
        await finished;
        clearTimeout(timer);
        // Prisma's side ends first (its BEGIN and COMMIT are this connection's, see LendingPool).
        await scope.txEnded;
        try {
          await client.query(scope.abandoned || scope.failed ? "ROLLBACK" : "COMMIT");
        } catch (error) {
          failed(error);
        } finally {
          client.removeListener("error", onError);
          client.release(broken ?? (scope.failed ? (scope.error as Error) : undefined));
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        failed(error);
      },
    );
    // Read through the rejection here: each waiting read sees it and runs on its own instead.
    scope.conn.catch(() => {});
  }
  return scope.conn;
}

/** A key of a pooled connection (oneStatementAtATime): `client[OPENING](opening)` makes its next statement carry that opening. */
const OPENING = Symbol("opening");

/** Ends a transaction block: with its opening still unsent, there is nothing to end. */
const BLOCK_END = /^\s*(COMMIT|ROLLBACK|END)\s*;?\s*$/i;

/**
 * Makes the next statement sent on `client` (a pooled connection) carry `opening`: both go out
 * in one round trip (db-pipeline.server.ts), or the opening first on its own when that statement
 * can't go with it. A block's end sent before any statement answers without being sent.
 */
function openWith(client: pg.PoolClient, opening: Opening): void {
  (client as unknown as { [OPENING]: (opening: Opening) => void })[OPENING](opening);
}

/** `BEGIN` and the firm's setting, with the transaction's limits (`withLimits`: withFirmSql), or alone (`block: false`: one statement's implicit transaction). */
function firmOpening(firmId: string, options: { block?: boolean; withLimits?: boolean } = {}): Opening {
  const named = preparedStatements();
  const limit = String(TX_DEFAULTS.timeout);
  const setting = options.withLimits
    ? {
        name: "portal_open_firm_limits",
        text: "SELECT set_config('app.firm_id', $1, true), set_config('statement_timeout', $2, true), set_config('idle_in_transaction_session_timeout', $3, true)",
        values: [firmId, limit, limit],
      }
    : { name: "portal_open_firm", text: "SELECT set_config('app.firm_id', $1, true)", values: [firmId] };
  const steps = options.block === false ? [setting] : [{ name: "portal_open_begin", text: "BEGIN", values: [] }, setting];
  return { steps: steps.map((step) => (named ? step : { ...step, name: "" })), opensBlock: options.block !== false };
}

/**
 * `client` with its statements in order. A request's loaders read concurrently on its one
 * connection (raw statements and Prisma's alike), and a transaction's code may run statements
 * concurrently (`Promise.all`). On a connection in pg's pipeline mode (the read pool), each goes
 * out at once, behind the ones before it on the wire, and their answers come back in that order:
 * reads given together cost one round trip between them instead of one each. Otherwise each
 * waits until the one before it has answered (pg queues a statement given while another runs,
 * but deprecates it). The first statement after `openWith` carries the transaction's opening
 * (or, when it can't, the opening goes on its own just before it); the statements after it wait
 * until the opening has answered, and if it failed none of them is sent.
 */
function oneStatementAtATime(client: pg.PoolClient): pg.PoolClient {
  const pipelined = client.pipeline === true;
  let last: Promise<unknown> = Promise.resolve();
  /** A prepared statement's plan went stale on this connection: it leaves the pool when released. */
  let stale: Error | undefined;
  let opening: Opening | null = null;
  /** Later statements wait for it: the opening's answer (carried), or the statement behind an opening sent on its own going out. */
  let gate: Promise<void> | null = null;
  /** Why the opening failed: nothing runs after it as if the transaction had opened. */
  let broken: unknown = null;
  const send = (args: unknown[]): Promise<unknown> => {
    if (broken) return Promise.reject(broken);
    // Reads given together leave in one write (their answers still come back one by one).
    if (pipelined) holdWritesForThisTick(client);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const plain = () => (client.query as any)(...args) as Promise<unknown>;
    if (!opening) return plain();
    const carried = opening;
    opening = null;
    const [config, values] = args;
    const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
    if (carried.opensBlock && typeof text === "string" && BLOCK_END.test(text) && values === undefined) {
      return Promise.resolve({ command: text.trim().replace(/\s*;$/, "").toUpperCase(), rowCount: null, rows: [], fields: [], oid: 0 });
    }
    if (canFollowOpening(client, carried, config, values)) {
      const carrying = queryAfterOpening(client, carried, config as object, values as unknown[] | undefined).catch((error: unknown) => {
        if (openingFailed(error)) broken ??= error;
        throw error;
      });
      // On a pipelined connection, what comes next waits until the opening has answered: a
      // statement sent behind an opening that failed could run outside the transaction.
      if (pipelined) {
        const answered: Promise<void> = carrying
          .catch(() => {})
          .then(() => {
            if (gate === answered) gate = null;
          });
        gate = answered;
      }
      return carrying;
    }
    let sent!: () => void;
    const opened = new Promise<void>((resolve) => (sent = resolve));
    gate = opened;
    const release = () => {
      if (gate === opened) gate = null;
      sent();
    };
    return sendOpening(client, carried).then(
      () => {
        try {
          return plain();
        } finally {
          release();
        }
      },
      (error: unknown) => {
        broken ??= error;
        release();
        throw error;
      },
    );
  };
  const query = (...args: unknown[]) => {
    let result: Promise<unknown>;
    if (pipelined) {
      result = gate ? gate.then(() => send(args)) : send(args);
    } else {
      result = last.then(() => send(args));
      last = result.catch(() => {});
    }
    result.catch((error: unknown) => {
      if (!stalePreparedStatement(error)) return;
      stale ??= error as Error;
      forgetPreparedStatements();
    });
    return result;
  };
  // A connection goes back to the pool only outside any transaction: one whose opening failed, or
  // still in a block (open or aborted: its ROLLBACK refused or never sent), is closed instead.
  const release = (error?: Error | boolean) => {
    const status = client.getTransactionStatus?.();
    const open = status === "T" || status === "E" ? new Error(`Released inside a transaction (status ${status}): closed, not pooled`) : undefined;
    client.release(error || stale || (broken as Error | null) || open);
  };
  const defer = (next: Opening) => void (opening = next);
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "release") return release;
      if (property === OPENING) return defer;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The request's read transaction for `firmId` as a Prisma transaction, or null when this read must run on its own. */
function sharedReadTx(firmId: string): Promise<FirmTx> | null {
  const conn = sharedConnection(firmId);
  const scope = readScopes.getStore();
  if (!conn || !scope) return null;
  if (!scope.tx) {
    let ended!: () => void;
    scope.txEnded = new Promise<void>((r) => (ended = r));
    scope.tx = new Promise<FirmTx>((resolve, reject) => {
      const finished = scope.finished;
      conn
        .then((client) => {
          const loan: Loan = { client, taken: false };
          return lent.run(loan, () =>
            init().readPrisma.$transaction(
              async (tx) => {
                // Never a connection without the firm set: the transaction must be the request's.
                if (!loan.taken) throw new Error("The read transaction's connection was not lent to Prisma.");
                resolve(tx);
                await finished;
              },
              { ...TX_DEFAULTS, timeout: READ_SCOPE_TIMEOUT_MS },
            ),
          );
        })
        .catch((error: unknown) => {
          scope.closed = true;
          scope.failed = true;
          scope.error ??= error;
          reject(error);
        })
        .finally(ended);
    });
    scope.tx.catch(() => {});
  }
  return scope.tx;
}

// ─── Prisma on the request's connection ───

interface Loan {
  client: pg.PoolClient;
  /** Prisma took the connection (its transaction runs on it). */
  taken: boolean;
}

/** The connection lent to the Prisma transaction being started (sharedReadTx). */
const lent = new AsyncLocalStorage<Loan>();

const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK)\s*;?\s*$/i;

/** The firm of the Prisma transaction being started (`firmTransaction`): its BEGIN sets the firm too. */
const beginningFor = new AsyncLocalStorage<string>();

/** The statement `setFirm` sends (Prisma's text for its tagged template). */
const SET_FIRM = /^\s*SELECT set_config\('app\.firm_id', \$1, true\)\s*$/;

/**
 * `client` for a Prisma transaction of `firmId`: its BEGIN goes out with the firm's setting (one
 * round trip instead of two), and `setFirm`'s statement right after it, for the same firm, is
 * answered without being sent. Anything else (another firm, another statement first) is sent as
 * it is, so the firm in force is always the last one asked for.
 */
function firmOnBegin(client: pg.PoolClient, firmId: string): pg.PoolClient {
  let step: "begin" | "setting" | "done" = "begin";
  return new Proxy(client, {
    get(target, property) {
      if (property !== "query") {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (config: unknown, ...rest: unknown[]) => {
        const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const send = () => (target.query as any)(config, ...rest);
        if (step === "begin") {
          step = "done";
          if (typeof text === "string" && /^\s*BEGIN\s*;?\s*$/i.test(text) && rest.length === 0) {
            step = "setting";
            // BEGIN and the firm go out with the transaction's first statement.
            openWith(target, firmOpening(firmId));
            return Promise.resolve({ command: "BEGIN", rowCount: null, rows: [], fields: [], oid: 0 });
          }
        } else if (step === "setting") {
          step = "done";
          const values = (config as { values?: unknown } | null)?.values ?? rest[0];
          if (typeof text === "string" && SET_FIRM.test(text) && Array.isArray(values) && values.length === 1 && values[0] === firmId) {
            return Promise.resolve({ command: "SELECT", rowCount: 1, rows: [], fields: [], oid: 0 });
          }
        }
        return send();
      };
    },
  });
}

/** A Prisma transaction scoped to `firmId` (its BEGIN carries the firm: `firmOnBegin`). */
function firmTransaction<T>(prisma: PrismaClient, firmId: string, fn: (tx: FirmTx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  // SET TRANSACTION (an isolation level) must come before any query: BEGIN is then sent alone.
  const run = options?.isolationLevel ? <R>(_firm: string, start: () => R) => start() : beginningFor.run.bind(beginningFor);
  return run(firmId, () =>
    prisma.$transaction(
      (tx) =>
        // Connections the transaction's own code takes are not this transaction's.
        beginningFor.exit(async () => {
          await setFirm(tx, firmId);
          return fn(tx);
        }),
      { ...TX_DEFAULTS, ...options },
    ),
  );
}

/** A pool whose connections send their statements one at a time (`oneStatementAtATime`). */
class SerialPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  connect(callback?: any): any {
    if (callback) return super.connect(callback);
    const firmId = beginningFor.getStore();
    return super.connect().then((client) => (firmId === undefined ? oneStatementAtATime(client) : firmOnBegin(oneStatementAtATime(client), firmId)));
  }
}

/**
 * The read pool: when a request's Prisma transaction starts (sharedReadTx), it is handed the
 * request's open connection instead of a new one. Prisma's own BEGIN and COMMIT are answered
 * without being sent (the transaction is already open, and the request commits it), and its
 * release returns nothing to the pool: the request does.
 */
class LendingPool extends SerialPool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  connect(callback?: any): any {
    const loan = lent.getStore();
    if (!loan || callback) return callback ? super.connect(callback) : super.connect();
    loan.taken = true;
    return Promise.resolve(borrowed(loan.client));
  }
}

function borrowed(client: pg.PoolClient): pg.PoolClient {
  return new Proxy(client, {
    get(target, property) {
      if (property === "release") return () => {};
      if (property === "query") {
        return (config: unknown, ...rest: unknown[]) => {
          const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
          if (typeof text === "string" && TRANSACTION_CONTROL.test(text)) {
            return Promise.resolve({ command: text.trim().toUpperCase(), rowCount: 0, rows: [], fields: [], oid: 0 });
          }
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          return (target.query as any)(config, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function runOperation(tx: any, model: string | undefined, operation: string, args: unknown) {
  const target = model ? tx[model.charAt(0).toLowerCase() + model.slice(1)] : tx;
  return Array.isArray(args) && !model ? target[operation](...args) : target[operation](args);
}

function scopedClient(prisma: PrismaClient, firmId: string) {
  return prisma.$extends({
    name: "firm-scope",
    query: {
      // Every operation, model queries and $queryRaw/$executeRaw alike, in a transaction that
      // first sets the firm: a page request's shared read transaction for reads, otherwise its own.
      // An interactive transaction costs less than half the CPU of a batch ($transaction([...]))
      // here: measured 1.0 ms against 2.5 ms per query.
      async $allOperations({ model, operation, args }) {
        const shared = READ_OPERATIONS.has(operation) ? sharedReadTx(firmId) : null;
        if (shared) {
          const scope = readScopes.getStore();
          // No transaction to join (its connection could not be had): the read runs on its own below.
          const tx = await shared.catch(() => null);
          if (tx) {
            try {
              const result: unknown = await runOperation(tx, model, operation, args);
              // No read answers undefined (none found is null or []): Prisma answers so the reads
              // still under way on its transaction when another of them failed. Those, and any read
              // that ends after the shared transaction did, run again on their own.
              if (result !== undefined && !scope?.closed) return result;
            } catch (error) {
              // "Not found" from an …OrThrow read is the answer, not a failed statement.
              if ((error as { code?: unknown }).code === "P2025") throw error;
              // A failed statement ends the shared transaction for everyone (PostgreSQL aborts it):
              // this read and the later ones run on their own, where a real error shows again; an
              // outage (the open connection cut) answers 503 at once, as firmSql does.
              abandonReadScope(error, stalePreparedStatement(error));
              if (isDatabaseUnavailable(error)) throw error;
            }
          }
        }
        return unlessStale(() => firmTransaction(prisma, firmId, (tx) => runOperation(tx, model, operation, args)));
      },
    },
  });
}

/**
 * A client scoped to one firm. `$transaction(fn)` runs `fn` in one interactive transaction scoped
 * to the firm (the same as `withFirm`); the array form is not offered. Its models are typed as a
 * transaction's (the scope adds query hooks, no API), so code taking either (`FirmDb | FirmTx`)
 * calls one set of methods.
 */
export type FirmDb = FirmTx & {
  readonly firmId: string;
  $transaction<T>(fn: (tx: FirmTx) => Promise<T>, options?: TransactionOptions): Promise<T>;
};

/** A Prisma client whose every query sees only `firmId`'s rows (enforced by PostgreSQL). */
export function firmDb(firmId: string): FirmDb {
  assertFirmId(firmId);
  const { prisma, scoped } = init();
  const cached = scoped.get(firmId);
  if (cached) return cached;
  const client = scopedClient(prisma, firmId);
  const db = new Proxy(client, {
    get(target, property, receiver) {
      if (property === "firmId") return firmId;
      if (property === "$transaction") {
        return <T>(fn: (tx: FirmTx) => Promise<T>, options?: TransactionOptions) => {
          if (typeof fn !== "function") throw new Error("firmDb.$transaction takes a function; use withFirm.");
          return withFirm(firmId, fn, options);
        };
      }
      if (property === "$connect" || property === "$disconnect" || property === "$on" || property === "$extends") {
        return undefined;
      }
      return Reflect.get(target, property, receiver);
    },
  }) as unknown as FirmDb;
  if (scoped.size >= 1000) scoped.clear();
  scoped.set(firmId, db);
  return db;
}

/** Runs `fn` in one interactive transaction scoped to `firmId`. */
export async function withFirm<T>(firmId: string, fn: (tx: FirmTx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  assertFirmId(firmId);
  const scope = readScopes.getStore();
  if (scope && !options?.isolationLevel && !insideSavepoint.getStore()) {
    const shared = sharedReadTx(firmId);
    if (shared) {
      const tx = await shared.catch(() => null);
      if (tx) return inSavepoint(scope, tx, fn);
    }
  }
  return firmTransaction(basePrisma(), firmId, fn, options);
}

/**
 * One operation (its own transaction), once more when a prepared plan had gone stale (a migration
 * while serving): it was rolled back, its connection leaves the pool, and its statements now go
 * under new names (forgetPreparedStatements), which no connection holds stale. An explicit
 * transaction (withFirm) is not run again, as its code may do more than its statements: it fails
 * that once, and the transactions after it prepare afresh.
 */
async function unlessStale<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!stalePreparedStatement(error)) throw error;
    return run();
  }
}

export interface FirmSqlOptions {
  /**
   * A named prepared statement: parsed once per pooled connection, and after a few runs
   * PostgreSQL keeps a generic plan instead of planning each time (planning was most of the
   * database's CPU on the signed-in pages: 0.2–0.8 ms per statement, against 0.05–0.7 ms of
   * execution). Only for statements whose text takes a few fixed forms: each form stays prepared
   * on each connection for the connection's life.
   */
  prepare?: boolean;
}

const preparedNames = new Map<string, string>();
/** Bumped when a prepared plan went stale: every statement is prepared again under a new name. */
let preparedGeneration = 0;

/**
 * A prepared plan went stale (a table changed shape under it): every pooled connection may hold
 * it, so from now on each statement goes under a new name, prepared afresh where it next runs (the
 * old ones go with their connections). Each process fails at most the statements already under way.
 */
function forgetPreparedStatements() {
  preparedGeneration += 1;
  preparedNames.clear();
}

/** The prepared statement's name: a digest of its text, so one name never stands for two texts. */
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    const digest = createHash("sha256").update(text).digest("hex").slice(0, 24);
    name = preparedGeneration ? `portal_${preparedGeneration}_${digest}` : `portal_${digest}`;
    preparedNames.set(text, name);
  }
  return name;
}

/** Distinct statement texts Prisma may keep prepared per connection; later ones run unnamed. */
const PRISMA_PREPARED_LIMIT = 300;

/**
 * Prisma's statements as prepared statements too (see FirmSqlOptions.prepare): its texts depend
 * only on a query's shape, apart from lists whose length varies (`IN ($1, $2, …)`), so the first
 * PRISMA_PREPARED_LIMIT texts are kept and later ones run as plain statements.
 */
function prismaStatementName(query: { sql: string }): string {
  if (!preparedStatements()) return "";
  const known = preparedNames.get(query.sql);
  if (known) return known;
  // "" is pg's unnamed statement: parsed and planned each time.
  if (preparedNames.size >= PRISMA_PREPARED_LIMIT || !/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(query.sql)) return "";
  return preparedName(query.sql);
}

function statement(text: string, values: unknown[], options?: FirmSqlOptions): pg.QueryConfig {
  return options?.prepare && preparedStatements() ? { name: preparedName(text), text, values } : { text, values };
}

/** DATABASE_PREPARED_STATEMENTS=false turns prepared statements off (README, "Scaling out": PgBouncer). */
function preparedStatements(): boolean {
  return env().DATABASE_PREPARED_STATEMENTS !== false;
}

/**
 * One parameterised SQL statement in `firmId`'s scope, straight through the pg pool: for hot
 * paths where Prisma's per-query cost shows (the session lookup on every signed-in page).
 * Measured here: about 0.15 ms of CPU per scoped query, against 0.7 ms through Prisma.
 */
export async function firmSql<R>(firmId: string, text: string, values: unknown[] = [], options?: FirmSqlOptions): Promise<R[]> {
  assertFirmId(firmId);
  const shared = sharedConnection(firmId);
  if (shared) {
    // No connection (the read pool full, PostgreSQL refusing more): the statement runs on its own
    // below. A database that never answered the connection's opening answers 503 now: another
    // connection would wait as long for nothing.
    const client = await shared.catch((error: unknown) => {
      if (isSilentDatabase(error)) throw error;
      return null;
    });
    if (client) {
      try {
        return (await client.query(statement(text, values, options))).rows as R[];
      } catch (error) {
        abandonReadScope(error, stalePreparedStatement(error));
        // The open connection was cut (the database going away): the page answers 503 now (the
        // browser tries again) rather than wait for another connection that meets the same fate.
        if (isDatabaseUnavailable(error)) throw error;
      }
    }
  }
  try {
    return await firmSqlAlone<R>(firmId, statement(text, values, options));
  } catch (error) {
    // Its connection has left the pool: once more, on another, as a plain statement.
    if (options?.prepare && stalePreparedStatement(error)) return firmSqlAlone<R>(firmId, statement(text, values));
    throw error;
  }
}

/**
 * Runs `fn` in one transaction scoped to `firmId`, straight on a pooled connection (no Prisma):
 * `BEGIN` and the firm's setting in one round trip, then `fn`'s statements as prepared statements
 * (their texts take a few fixed forms), then `COMMIT`, or `ROLLBACK` if `fn` throws. For hot write
 * paths (the questionnaire's autosave), where a Prisma transaction's own cost per statement was
 * most of the request's. Not inside a page request's read transaction: writes run on their own.
 */
export async function withFirmSql<T>(firmId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  assertFirmId(firmId);
  const client = await init().pool.connect();
  let failed: Error | undefined;
  const onError = (error: Error) => void (failed = error);
  client.on("error", onError);
  const open = { value: true };
  try {
    // Limits as long as a Prisma transaction's (TX_DEFAULTS.timeout), for this transaction only: a
    // statement taking longer is cancelled (and the transaction rolled back); code that leaves the
    // transaction idle that long loses its connection.
    // They go out with the transaction's first statement, in the same round trip (`openWith`).
    openWith(client, firmOpening(firmId, { withLimits: true }));
    const result = await fn(sqlTx(client, open));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // A connection that can't even roll back leaves the pool.
    await client.query("ROLLBACK").catch((rollbackFailed: unknown) => void (failed ??= rollbackFailed as Error));
    throw error;
  } finally {
    // No statement of this transaction's code runs after its end (on a connection lent to another request).
    open.value = false;
    client.removeListener("error", onError);
    // A broken connection leaves the pool (one with a stale plan does too: oneStatementAtATime).
    client.release(failed);
  }
}

/** `SqlTx` on a connection whose transaction is open (while `open.value`). */
function sqlTx(client: pg.PoolClient, open: { value: boolean }): SqlTx {
  const run = async (text: string, values: unknown[]) => {
    if (!open.value) throw new Error("This transaction has ended: its statements can no longer run.");
    const named = preparedNames.has(text) || preparedNames.size < PRISMA_PREPARED_LIMIT;
    return client.query(statement(text, values, { prepare: named }));
  };
  const tagged = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
    return run(sql.text, sql.values);
  };
  return {
    $queryRaw: <T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => tagged(query, values).then((r) => r.rows as T),
    $executeRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => tagged(query, values).then((r) => r.rowCount ?? 0),
    $queryRawUnsafe: <T>(text: string, ...values: unknown[]) => run(text, values).then((r) => r.rows as T),
    $executeRawUnsafe: (text: string, ...values: unknown[]) => run(text, values).then((r) => r.rowCount ?? 0),
  };
}

/** One read statement (`$1`… placeholders, fixed text) in a firm's scope; see `readSql`. */
export type ReadSql = <R>(text: string, values: unknown[]) => Promise<R[]>;

/**
 * Read statements for code shared by loaders and actions: given a firm id or the firm's scoped
 * client, straight through the pool (firmSql: a page's shared read transaction in a loader,
 * otherwise a transaction of its own; prepared once per connection; no Prisma); given a Prisma
 * transaction, in it (an action's reads see its own writes).
 */
export function readSql(scope: FirmDb | SqlTx | string): ReadSql {
  // A transaction has no firmId (the scoped client's proxy answers it).
  const firmId = typeof scope === "string" ? scope : (scope as { firmId?: unknown }).firmId;
  if (typeof firmId === "string") return <R>(text: string, values: unknown[]) => firmSql<R>(firmId, text, values, { prepare: true });
  const tx = scope as SqlTx;
  return async <R>(text: string, values: unknown[]) => tx.$queryRawUnsafe<R[]>(text, ...values);
}

async function firmSqlAlone<R>(firmId: string, query: pg.QueryConfig): Promise<R[]> {
  const client = await init().pool.connect();
  // A connection cut while checked out (the database restarting) also emits 'error': the query
  // rejects with it; unheard, the event would end the process. The cut client leaves the pool.
  let failed: Error | undefined;
  const onError = (error: Error) => void (failed = error);
  client.on("error", onError);
  const alone = firmOpening(firmId, { block: false });
  let block = false;
  try {
    if (canFollowOpening(client, alone, query)) {
      // One round trip: the firm's setting and the statement, one implicit transaction up to the Sync.
      openWith(client, alone);
      return (await client.query(query)).rows as R[];
    }
    // The first time on this connection: the opening's statements get prepared on the way.
    block = true;
    openWith(client, firmOpening(firmId));
    const { rows } = await client.query(query);
    await client.query("COMMIT");
    return rows as R[];
  } catch (error) {
    if (block) await client.query("ROLLBACK").catch(() => {});
    if (stalePreparedStatement(error)) failed ??= error as Error;
    throw error;
  } finally {
    client.removeListener("error", onError);
    client.release(failed);
  }
}

/**
 * A prepared statement whose tables changed shape under it (a migration while serving): this
 * connection can't run it again, so it leaves the pool and the next request gets a new one.
 */
function stalePreparedStatement(error: unknown): boolean {
  const pgError = error as { code?: unknown; message?: unknown } | null;
  // Prisma's error carries the driver's under meta.driverAdapterError.cause.
  const driver = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } } } | null)?.meta
    ?.driverAdapterError?.cause;
  const [code, message] = driver ? [driver.originalCode, driver.originalMessage] : [pgError?.code, pgError?.message];
  return code === "0A000" && /cached plan/i.test(String(message));
}

// ─── Look-ups before a firm is known (SECURITY DEFINER functions, see the migrations) ───

async function scalar<T>(sql: string, params: unknown[]): Promise<T | null> {
  const { rows } = await init().pool.query<{ value: T | null }>(sql, params);
  return rows[0]?.value ?? null;
}

/** The id of the firm with this subdomain slug, or null. */
export function resolveFirmIdBySlug(slug: string): Promise<string | null> {
  return scalar<string>("SELECT portal_firm_by_slug($1) AS value", [slug]);
}

/** The id of the firm whose connected Stripe account this is, or null (webhooks: the only way they name a firm). */
export function resolveFirmIdByStripeAccount(accountId: string): Promise<string | null> {
  return scalar<string>("SELECT portal_firm_by_stripe_account($1) AS value", [accountId]);
}

/** The id of the firm with this custom domain, or null. */
export function resolveFirmIdByDomain(domain: string): Promise<string | null> {
  return scalar<string>("SELECT portal_firm_by_domain($1) AS value", [domain]);
}

/** Whether a firm already uses this subdomain slug (reserved words are checked elsewhere). */
export async function isSubdomainTaken(slug: string): Promise<boolean> {
  return (await scalar<boolean>("SELECT portal_subdomain_taken($1) AS value", [slug])) === true;
}

/** The firms (at most 20) where this email is an active user's, with that user: for the root site's "Sign in" (it answers the same either way). */
export async function findFirmUsersByEmail(email: string): Promise<{ firmId: string; userId: string }[]> {
  const { rows } = await init().pool.query<{ firm_id: string; user_id: string }>("SELECT firm_id, user_id FROM portal_firm_users_by_email($1)", [email]);
  return rows.map((r) => ({ firmId: r.firm_id, userId: r.user_id }));
}

/** Counts one hit on a root-site (no firm) rate-limit bucket for the window starting at `windowStart`; the window's hits. */
export async function hitRootSiteRateLimit(bucket: string, windowStart: Date): Promise<number> {
  return (await scalar<number>("SELECT portal_hit_root_site_rate_limit($1, $2) AS value", [bucket, windowStart])) ?? 1;
}

// ─── Firm change notifications ───

/**
 * Calls `onChange(firmId)` whenever a firm, its preferences or its vocabulary change (any app
 * server, via LISTEN firm_changed). After a lost connection it reconnects and calls
 * `onChange(undefined)`: anything may have changed meanwhile. Returns a function that stops.
 */
export async function listenFirmChanges(onChange: (firmId: string | undefined) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl(), options: `-c role=${APP_ROLE}` });
    next.on("notification", (message) => {
      if (message.channel === "firm_changed") onChange(message.payload || undefined);
    });
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await assertAppLogin(next);
      await next.query("LISTEN firm_changed");
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const attempt = async () => {
    retry = null;
    if (stopped) return;
    try {
      await connect();
      delay = 500;
      onChange(undefined);
    } catch {
      delay = Math.min(delay * 2, 30_000);
      retry = setTimeout(attempt, delay);
      retry.unref?.();
    }
  };

  const lost = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = null;
    failed.end().catch(() => {});
    retry = setTimeout(attempt, delay);
    retry.unref?.();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/** Closes the pool (shutdown, tests). The next call opens a new one. */
export async function closeDb(): Promise<void> {
  const current = state;
  state = null;
  if (!current) return;
  await Promise.all([current.prisma.$disconnect(), current.readPrisma.$disconnect()]);
  await Promise.all([current.pool.end(), current.readPool.end()]);
}
