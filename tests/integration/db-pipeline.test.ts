/**
 * A transaction's opening sent with its first statement (app/db-pipeline.server.ts), on a real
 * PostgreSQL connection: one round trip, the opening's rows kept out of the statement's result,
 * a failure anywhere reported and nothing after it run, and pg's record of the connection's
 * prepared statements left exact, so the connection keeps working.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canFollowOpening, queryAfterOpening, sendOpening, type Opening } from "~/db-pipeline.server";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

let db: TestDatabase;
let client: pg.Client;
/** Round trips: the Syncs (and simple queries) the client wrote since the last reset. */
let syncs = 0;

const begin = { name: "pipeline_begin", text: "BEGIN", values: [] };
const setting = { name: "pipeline_setting", text: "SELECT set_config('app.firm_id', $1, true)", values: ["firm_a"] };
const block: Opening = { steps: [begin, setting], opensBlock: true };
const alone: Opening = { steps: [setting], opensBlock: false };
const read = { name: "pipeline_read", text: "SELECT current_setting('app.firm_id', true) AS firm, $1::int AS n", values: [7] };

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const connection = (client as unknown as { connection: { sync(): void; query(text: string): void } }).connection;
  for (const method of ["sync", "query"] as const) {
    const original = connection[method].bind(connection);
    connection[method] = ((...args: [string]) => {
      syncs += 1;
      return original(...args);
    }) as never;
  }
  await client.query("CREATE TABLE marks (n int NOT NULL)");
}, 120_000);

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const parsed = () => (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;

describe("an opening and its statement", () => {
  it("go out on their own the first time (preparing the opening), then together in one round trip", async () => {
    expect(canFollowOpening(client, block, read)).toBe(false);
    syncs = 0;
    await sendOpening(client, block);
    const first = await client.query(read);
    expect(syncs).toBe(3);
    expect(first.rows).toEqual([{ firm: "firm_a", n: 7 }]);
    await client.query("COMMIT");
    expect(parsed()).toMatchObject({ pipeline_begin: "BEGIN", pipeline_setting: setting.text });

    expect(canFollowOpening(client, block, read)).toBe(true);
    syncs = 0;
    const result = await queryAfterOpening(client, { ...block, steps: [begin, { ...setting, values: ["firm_b"] }] }, read);
    expect(syncs).toBe(1);
    // Only the statement's rows and fields: set_config's row is not among them.
    expect(result.rows).toEqual([{ firm: "firm_b", n: 7 }]);
    expect(result.fields.map((f) => f.name)).toEqual(["firm", "n"]);
    expect(result.command).toBe("SELECT");
    // The block is open: the setting holds for the next statement, until COMMIT.
    expect((await client.query("SELECT current_setting('app.firm_id', true) AS firm")).rows).toEqual([{ firm: "firm_b" }]);
    await client.query("COMMIT");
    expect((await client.query("SELECT current_setting('app.firm_id', true) AS firm")).rows[0].firm).not.toBe("firm_b");
  });

  it("without BEGIN: the setting and the statement are one implicit transaction, ended at the round trip's end", async () => {
    syncs = 0;
    const write = { text: "INSERT INTO marks (n) SELECT $1::int WHERE current_setting('app.firm_id', true) = 'firm_a' RETURNING n", values: [1] };
    expect(canFollowOpening(client, alone, write)).toBe(true);
    const result = await queryAfterOpening(client, alone, write);
    expect(result.rows).toEqual([{ n: 1 }]);
    expect(syncs).toBe(1);
    // Committed, and the setting gone with the transaction.
    expect(client.getTransactionStatus?.() ?? "I").toBe("I");
    expect((await client.query("SELECT count(*)::int AS n FROM marks")).rows[0].n).toBe(1);
    expect((await client.query("SELECT current_setting('app.firm_id', true) AS firm")).rows[0].firm).not.toBe("firm_a");
  });

  it("a failing statement of the opening: the error is the statement's, the statement never runs, and the connection goes on", async () => {
    const divide = { name: "pipeline_divide", text: "SELECT 1 / $1::int", values: ["1"] };
    await sendOpening(client, { steps: [divide], opensBlock: false });
    const failing: Opening = { steps: [{ ...divide, values: ["0"] }], opensBlock: false };
    const insert = { name: "pipeline_insert", text: "INSERT INTO marks (n) VALUES ($1::int)", values: [2] };
    expect(canFollowOpening(client, failing, insert)).toBe(true);
    await expect(queryAfterOpening(client, failing, insert)).rejects.toThrow(/division by zero/);
    expect((await client.query("SELECT count(*)::int AS n FROM marks WHERE n = 2")).rows[0].n).toBe(0);
    // The statement was never prepared, and pg knows it: its next run prepares it.
    expect(parsed().pipeline_insert).toBeUndefined();
    await client.query(insert);
    expect((await client.query("SELECT count(*)::int AS n FROM marks WHERE n = 2")).rows[0].n).toBe(1);
  });

  it("a statement that fails after its Parse (bad input at Bind): prepared and known as such, so it runs again", async () => {
    const typed = { name: "pipeline_typed", text: "SELECT $1::int + 1 AS n", values: ["not a number"] };
    await expect(queryAfterOpening(client, alone, typed)).rejects.toThrow(/invalid input syntax for type integer/);
    expect(parsed().pipeline_typed).toBe(typed.text);
    expect((await queryAfterOpening(client, alone, { ...typed, values: ["41"] })).rows).toEqual([{ n: 42 }]);
  });

  it("a failure inside a block leaves it aborted, for the caller to roll back", async () => {
    await expect(queryAfterOpening(client, block, { text: "SELECT $1::int / 0", values: [1] })).rejects.toThrow(/division by zero/);
    await expect(client.query("SELECT 1")).rejects.toThrow(/current transaction is aborted/);
    await client.query("ROLLBACK");
    expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  });

  it("never carries a statement sent whole (no values: maybe several), a cursor's, or a named one behind an opening parsed each time", () => {
    expect(canFollowOpening(client, block, "SELECT 1")).toBe(false);
    expect(canFollowOpening(client, block, { text: "SELECT 1; SELECT 2" })).toBe(false);
    expect(canFollowOpening(client, block, { text: "SELECT $1::int", values: [1], rows: 10 })).toBe(false);
    const unnamed: Opening = { steps: [{ ...setting, name: "" }], opensBlock: false };
    expect(canFollowOpening(client, unnamed, { name: "pipeline_fresh", text: "SELECT $1::int AS n", values: [1] })).toBe(false);
    expect(canFollowOpening(client, unnamed, read)).toBe(true);
    expect(canFollowOpening(client, unnamed, { text: "SELECT $1::int AS n", values: [1] })).toBe(true);
  });
});

describe("an opening that fails", () => {
  it("is told from a failing statement (openingFailed)", async () => {
    const { openingFailed } = await import("~/db-pipeline.server");
    const divide = { name: "pipeline_divide2", text: "SELECT 1 / $1::int", values: ["1"] };
    await sendOpening(client, { steps: [divide], opensBlock: false });
    const inOpening = await queryAfterOpening(client, { steps: [{ ...divide, values: ["0"] }], opensBlock: false }, read).catch((e: unknown) => e);
    expect(openingFailed(inOpening)).toBe(true);
    const inStatement = await queryAfterOpening(client, alone, { text: "SELECT 1 / $1::int", values: [0] }).catch((e: unknown) => e);
    expect(String(inStatement)).toMatch(/division by zero/);
    expect(openingFailed(inStatement)).toBe(false);

    // A value of the statement's own that pg can't encode fails before anything is answered: the
    // statement's error, not the opening's (which ran: the block is open, for the caller to end).
    const unencodable = await queryAfterOpening(client, block, { text: "SELECT $1::jsonb AS v", values: [{ big: 1n }] }).catch((e: unknown) => e);
    expect(String(unencodable)).toMatch(/BigInt/);
    expect(openingFailed(unencodable)).toBe(false);
    expect((await client.query("SELECT current_setting('app.firm_id', true) AS firm")).rows).toEqual([{ firm: "firm_a" }]);
    expect(client.getTransactionStatus()).toBe("T");
    await client.query("ROLLBACK");
  });
});
