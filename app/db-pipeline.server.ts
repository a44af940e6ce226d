/**
 * Statements that go out together: a transaction's opening (`BEGIN`, the firm's setting) sent in
 * the same write, and answered in the same round trip, as the transaction's first statement. Each
 * round trip costs both sides a write, a read and a wake-up, and the request a turn of the event
 * loop. One extended-protocol exchange with a single Sync: the server runs the opening's
 * statements, then the statement; if one fails, it skips the rest up to the Sync and the
 * statement's promise rejects with that error (the opening failing means the statement never
 * ran). Without `BEGIN` in the opening, everything up to the Sync is one implicit transaction,
 * committed (or rolled back) at the Sync: one statement with its firm's setting in one round trip.
 *
 * The opening's statements are prepared statements on each connection (named, when prepared
 * statements are on): the first time, they go out as ordinary statements (`sendOpening`), which
 * prepares them; from then on, only their Bind and Execute travel. So the only Parse answered in
 * the exchange is the statement's own, and pg's record of what each connection has prepared stays
 * exact, whatever fails.
 */
import pg from "pg";

export interface OpeningStep {
  /** A prepared statement's name ("" for one parsed each time: prepared statements are off). */
  name: string;
  text: string;
  values: readonly string[];
}

/** Statements sent before another, their rows not read (BEGIN, set_config). */
export interface Opening {
  steps: readonly OpeningStep[];
  /** It opens a transaction block (BEGIN): ending that block before any statement ran sends nothing. */
  opensBlock: boolean;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  rows?: unknown;
  queryMode?: unknown;
  submit?: unknown;
}

/** pg's Connection, as far as it is used here (the prepared statements it knows, the messages). */
interface ConnectionLike {
  parsedStatements: Record<string, string>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: readonly unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
  stream: { cork?: () => void; uncork?: () => void };
}

function connectionOf(client: pg.ClientBase): ConnectionLike | undefined {
  return (client as unknown as { connection?: ConnectionLike }).connection;
}

const holding = new WeakSet<object>();

/**
 * Statements given on `client` (a pipelined connection) together go out in one write: its socket
 * holds what they write until Node's next-tick queue runs, after the promise continuations under
 * way (or, when given straight from an I/O callback, once that callback returns). A page's
 * loaders give their reads together, each in a continuation of its own; written one by one, each
 * write cost the app a system call and PostgreSQL a wake-up and a read.
 */
export function holdWritesForThisTick(client: pg.ClientBase): void {
  const stream = connectionOf(client)?.stream;
  if (!stream?.cork || !stream.uncork || holding.has(stream)) return;
  holding.add(stream);
  stream.cork();
  process.nextTick(() => {
    holding.delete(stream);
    stream.uncork?.();
  });
}

/**
 * Whether `config` (and `values`, as `client.query` takes them) can go out right behind
 * `opening`: an extended-protocol statement (one with values, or a named one), the opening's
 * named statements already prepared on this connection. A statement sent whole each time (no
 * values: maybe several statements), a cursor or a custom query never goes with an opening. An
 * opening parsed each time goes only with a statement that needs no Parse of its own or has no
 * name (pg reads any Parse's answer as the named statement's).
 */
export function canFollowOpening(client: pg.ClientBase, opening: Opening, config: unknown, values?: unknown): boolean {
  if (config === null || typeof config !== "object") return false;
  const c = config as QueryConfigLike;
  if (typeof c.text !== "string" || typeof c.submit === "function" || c.rows || c.queryMode === "simple") return false;
  const params = values === undefined ? c.values : values;
  if (!c.name && !(Array.isArray(params) && params.length > 0)) return false;
  const parsed = connectionOf(client)?.parsedStatements;
  if (!parsed) return false;
  for (const step of opening.steps) {
    if (step.name ? parsed[step.name] !== step.text : Boolean(c.name) && parsed[String(c.name)] !== c.text) return false;
  }
  return true;
}

/**
 * The opening on its own, before a statement that can't go with it: in one round trip when its
 * first statements can go with its last, otherwise one by one as ordinary statements (the first
 * time on a connection: that prepares the named ones).
 */
export async function sendOpening(client: pg.ClientBase, opening: Opening): Promise<void> {
  const last = opening.steps.at(-1);
  if (!last) return;
  const before: Opening = { steps: opening.steps.slice(0, -1), opensBlock: false };
  if (before.steps.length > 0 && canFollowOpening(client, before, stepQuery(last))) {
    await queryAfterOpening(client, before, stepQuery(last));
    return;
  }
  for (const step of opening.steps) await client.query(stepQuery(step));
}

function stepQuery(step: OpeningStep): pg.QueryConfig {
  return step.name ? { name: step.name, text: step.text, values: [...step.values] } : { text: step.text, values: [...step.values] };
}

/**
 * Sends `opening`'s statements and then `config`'s (which `canFollowOpening` accepted) in one
 * write, answered with the statement's result as `client.query` answers it.
 */
export function queryAfterOpening(client: pg.ClientBase, opening: Opening, config: object, values?: unknown[]): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new OpenedQuery(opening, config, values, (error: Error | undefined, result: pg.QueryResult) => {
      if (error) reject(error);
      else resolve(result);
    });
    // A custom query: pg sends it when the connection is free and calls its callback.
    client.query(query as unknown as pg.QueryConfig);
  });
}

const failedOpenings = new WeakSet<object>();

/** Whether `error` came from an opening's own statements (the statement after them never ran). */
export function openingFailed(error: unknown): boolean {
  return typeof error === "object" && error !== null && failedOpenings.has(error);
}

// pg's Query (pg.Client.Query): what this extends of it is its protocol handling, which the typings don't show.
interface QueryInternals {
  prepare(connection: ConnectionLike): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: ConnectionLike): void;
  handleError(error: unknown, connection: ConnectionLike): void;
}
type Callback = (error: Error | undefined, result: pg.QueryResult) => void;
type QueryConstructor = new (config: object, values: unknown[] | undefined, callback: Callback) => QueryInternals;
const Query = pg.Query as unknown as QueryConstructor;

class OpenedQuery extends Query {
  /** The opening, readable by whoever watches what is sent (tests). */
  readonly opening: Opening;
  /** The opening's statements whose completion is still to come: their messages are not the statement's. */
  private pending: number;

  constructor(opening: Opening, config: object, values: unknown[] | undefined, callback: Callback) {
    super(config, values, callback);
    this.opening = opening;
    this.pending = opening.steps.length;
  }

  requiresPreparation() {
    return true;
  }

  submit(connection: ConnectionLike) {
    // One write for everything (as pg's own Query does for its messages).
    connection.stream.cork?.();
    try {
      for (const step of this.opening.steps) {
        if (!step.name) connection.parse({ text: step.text, name: "", types: [] });
        connection.bind({ portal: "", statement: step.name, values: step.values });
        connection.execute({ portal: "", rows: 0 });
      }
      // The statement's Parse (unless prepared), Bind, Describe, Execute, and the Sync.
      this.prepare(connection);
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleError(error: unknown, connection: ConnectionLike) {
    // Only the server's answer to one of the opening's statements: a value of the statement's own
    // that pg can't encode fails here too, before anything is answered, and is the statement's.
    if (this.pending > 0 && error instanceof pg.DatabaseError) failedOpenings.add(error);
    super.handleError(error, connection);
  }

  handleDataRow(message: unknown) {
    if (this.pending > 0) return;
    super.handleDataRow(message);
  }

  handleCommandComplete(message: unknown, connection: ConnectionLike) {
    if (this.pending > 0) {
      this.pending -= 1;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}
