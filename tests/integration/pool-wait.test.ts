/**
 * A request never waits for a database connection without limit: with every pooled connection
 * busy, the wait ends after DATABASE_CONNECT_TIMEOUT_MS with an error the app answers 503
 * (isDatabaseUnavailable), raw statements and Prisma's alike; once a connection is free again,
 * the next statement runs. (A database that accepts and never answers: database-outage-http.test.ts.)
 * And the pool's one connection is never handed on inside a transaction: after a transaction
 * whose opening (BEGIN and the firm's setting, app/db-pipeline.server.ts) failed, the next
 * request gets a working connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import { isDatabaseUnavailable } from "~/unavailable";
import { setupTestDb, type TestDb } from "../support/setup";

const FIRM = "firm_pool_wait";
const WAIT_MS = 400;

let t: TestDb;
let db: typeof DbModule;

beforeAll(async () => {
  t = await setupTestDb({ env: { DATABASE_POOL_SIZE: "1", DATABASE_CONNECT_TIMEOUT_MS: String(WAIT_MS) } });
  db = await import("../../app/db.server");
});

afterAll(async () => {
  await db?.closeDb();
  await t?.close();
});

describe("with every pooled connection busy", () => {
  it("a statement waits DATABASE_CONNECT_TIMEOUT_MS, then fails as 'unavailable' (503), and runs once a connection is free", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    // The pool's only connection, held by a transaction that waits.
    const holder = db.withFirmSql(FIRM, async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      inside();
      await held;
      return "held";
    });
    await entered;
    try {
      const started = Date.now();
      const raw = await db.firmSql(FIRM, `SELECT 1 AS one`).catch((error: unknown) => error);
      const waited = Date.now() - started;
      expect(String(raw)).toMatch(/timeout exceeded when trying to connect/);
      expect(isDatabaseUnavailable(raw)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 50);
      // Not for ever (the holder never lets go until afterwards): a wide margin for a slow machine.
      expect(waited).toBeLessThan(WAIT_MS + 5_000);

      const viaPrisma = await db.firmDb(FIRM).$queryRaw`SELECT 1 AS one`.then(() => null).catch((error: unknown) => error);
      expect(viaPrisma).not.toBeNull();
      expect(isDatabaseUnavailable(viaPrisma)).toBe(true);
    } finally {
      release();
    }
    expect(await holder).toBe("held");
    expect(await db.firmSql(FIRM, `SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});

describe("a transaction whose opening fails after its BEGIN ran", () => {
  // A NUL can't be in a setting's value: set_config fails once BEGIN has opened the block.
  const BAD_FIRM = "firm_\0bad";

  it("leaves no connection in the pool inside a transaction: every kind of statement runs afterwards", async () => {
    const { rows: before } = await t.su.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND usename <> current_user`,
    );
    const attempts: [string, () => Promise<unknown>][] = [
      ["withFirm", () => db.withFirm(BAD_FIRM, (tx) => tx.$queryRaw`SELECT 1`)],
      ["a scoped Prisma read", () => db.firmDb(BAD_FIRM).$queryRaw`SELECT 1`],
      ["firmSql", () => db.firmSql(BAD_FIRM, `SELECT 1 AS one`, [])],
      ["firmSql with a value", () => db.firmSql(BAD_FIRM, `SELECT $1::int AS one`, [1])],
      ["withFirmSql", () => db.withFirmSql(BAD_FIRM, (tx) => tx.$queryRaw`SELECT 1`)],
    ];
    for (const [name, attempt] of attempts) {
      const failed = await attempt().then(
        () => null,
        (error: unknown) => error,
      );
      expect(String(failed), name).toMatch(/invalid byte sequence|0x00/);
      // The pool's only connection (or a new one) works, in the firm's scope, whatever runs next.
      expect(await db.firmSql<{ firm: string }>(FIRM, `SELECT current_setting('app.firm_id', true) AS firm`), name).toEqual([{ firm: FIRM }]);
      expect(await db.withFirm(FIRM, (tx) => tx.$queryRaw<{ firm: string }[]>`SELECT current_setting('app.firm_id', true) AS firm`), name).toEqual([
        { firm: FIRM },
      ]);
      expect(await db.withFirmSql(FIRM, (tx) => tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`), name).toEqual([{ one: 1 }]);
    }
    const { rows: aborted } = await t.su.query(
      `SELECT pid, state FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> ALL($1::int[])`,
      [before.map((r) => r.pid)],
    );
    expect(aborted).toEqual([]);
  });
});
