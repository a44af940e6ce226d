/**
 * Hot statements as named prepared statements (firmSql's `prepare`, and Prisma's), against real PostgreSQL:
 * each is parsed once per connection and, after PostgreSQL's first runs, kept as a generic plan;
 * a statement whose table changed shape under it (a migration while serving) is answered anyway,
 * and the connection that held the stale plan is not lent again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import { setupTestDb, type TestDb } from "../support/setup";

const FIRM = "firm_prepared";
const OTHER = "firm_prepared_other";

let t: TestDb;
let db: typeof DbModule;

beforeAll(async () => {
  t = await setupTestDb();
  db = await import("../../app/db.server");
  for (const [id, slug] of [
    [FIRM, "prepared"],
    [OTHER, "prepared-other"],
  ]) {
    await t.su.query(`INSERT INTO firms (id, name, slug, updated_at) VALUES ($1, $1, $2, now())`, [id, slug]);
  }
  // A table of the test's own, under row-level security like the app's.
  await t.su.query(`CREATE TABLE prepared_probe (id int PRIMARY KEY, firm_id text NOT NULL)`);
  await t.su.query(`ALTER TABLE prepared_probe ENABLE ROW LEVEL SECURITY`);
  await t.su.query(`CREATE POLICY prepared_probe_firm ON prepared_probe USING (firm_id = current_setting('app.firm_id', true))`);
  await t.su.query(`GRANT SELECT ON prepared_probe TO portal_app`);
  await t.su.query(`INSERT INTO prepared_probe VALUES (1, $1), (2, $1), (3, $2)`, [FIRM, OTHER]);
});

afterAll(async () => {
  await db?.closeDb();
  await t?.close();
});

const PROBE = "SELECT * FROM prepared_probe WHERE id >= $1 ORDER BY id";

describe("firmSql with prepare", () => {
  it("parses the statement once per connection and then runs PostgreSQL's generic plan, still under the firm's row-level security", async () => {
    for (let i = 0; i < 8; i++) {
      expect(await db.firmSql(FIRM, PROBE, [1], { prepare: true })).toEqual([
        { id: 1, firm_id: FIRM },
        { id: 2, firm_id: FIRM },
      ]);
    }
    // The other firm's rows, through the same prepared statement and plan.
    expect(await db.firmSql(OTHER, PROBE, [1], { prepare: true })).toEqual([{ id: 3, firm_id: OTHER }]);
    // One statement after another reuses the pool's last connection: it holds the prepared statement.
    const [prepared] = await db.firmSql<{ runs: number; generic: number }>(
      FIRM,
      `SELECT (generic_plans + custom_plans)::int AS runs, generic_plans::int AS generic FROM pg_prepared_statements WHERE statement = $1`,
      [PROBE],
    );
    expect(prepared?.runs).toBeGreaterThanOrEqual(8);
    expect(prepared?.generic).toBeGreaterThan(0);
    // Without `prepare`, nothing is kept.
    await db.firmSql(FIRM, "SELECT id FROM prepared_probe WHERE id = $1", [2]);
    expect(await db.firmSql(FIRM, `SELECT name FROM pg_prepared_statements WHERE statement = $1`, ["SELECT id FROM prepared_probe WHERE id = $1"])).toEqual([]);
  });

  it("keeps Prisma's statements prepared too, each under the firm that runs it", async () => {
    for (let i = 0; i < 6; i++) {
      expect(await db.withFirm(FIRM, (tx) => tx.firm.findMany({ select: { id: true } }))).toEqual([{ id: FIRM }]);
      expect(await db.withFirm(OTHER, (tx) => tx.firm.findMany({ select: { id: true } }))).toEqual([{ id: OTHER }]);
    }
    // The pool lends its last connection again: the one that ran them.
    const prepared = await db.firmSql<{ name: string; runs: number }>(
      FIRM,
      `SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE statement LIKE 'SELECT "public"."firms"."id"%'`,
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^portal_(\d+_)?[0-9a-f]{24}$/);
    expect(prepared[0]!.runs).toBeGreaterThanOrEqual(6);
  });

  it("answers when the table changed shape after the statement was prepared, alone and in a page's read transaction", async () => {
    expect(await db.firmSql(FIRM, PROBE, [2], { prepare: true })).toEqual([{ id: 2, firm_id: FIRM }]);
    await t.su.query(`ALTER TABLE prepared_probe ADD COLUMN note text NOT NULL DEFAULT 'added'`);
    // `SELECT *` now has another result type: PostgreSQL refuses the prepared plan on that connection.
    expect(await db.firmSql(FIRM, PROBE, [2], { prepare: true })).toEqual([{ id: 2, firm_id: FIRM, note: "added" }]);
    expect(await db.firmSql(FIRM, PROBE, [2], { prepare: true })).toEqual([{ id: 2, firm_id: FIRM, note: "added" }]);

    await t.su.query(`ALTER TABLE prepared_probe ADD COLUMN extra int NOT NULL DEFAULT 7`);
    const inPage = await db.withReadScope("GET", async () => {
      const rows = await db.firmSql(FIRM, PROBE, [2], { prepare: true });
      await db.endReadScope();
      return rows;
    });
    expect(inPage).toEqual([{ id: 2, firm_id: FIRM, note: "added", extra: 7 }]);
    // Every later run finds a connection that can run it.
    for (let i = 0; i < 12; i++) expect(await db.firmSql(FIRM, PROBE, [2], { prepare: true })).toHaveLength(1);
  });

  it("after a Prisma statement went stale on every connection: a single operation is answered, an explicit transaction fails at most once, in a page too", async () => {
    const text = "SELECT * FROM prepared_probe WHERE id = $1";
    const read = () => db.withFirm(FIRM, (tx) => tx.$queryRawUnsafe<Record<string, unknown>[]>(text, 1));
    const single = () => db.firmDb(FIRM).$queryRawUnsafe<Record<string, unknown>[]>(text, 1);
    const inPage = () =>
      db.withReadScope("GET", async () => {
        const rows = await Promise.all([single(), single()]);
        await db.endReadScope();
        return rows;
      });
    // Several connections at once (each holds its own until the others have started), twice: each
    // prepares the statement; and the read pool's connection, in a page.
    const prime = async () => {
      for (let i = 0; i < 2; i++) {
        await Promise.all(
          Array.from({ length: 4 }, () =>
            db.withFirm(FIRM, async (tx) => {
              await tx.$queryRawUnsafe("SELECT pg_sleep(0.05)::text");
              return tx.$queryRawUnsafe(text, 1);
            }),
          ),
        );
        await inPage();
      }
    };
    const outcomes = async (n: number, fn: () => Promise<Record<string, unknown>[]>, column: string) => {
      const list: string[] = [];
      for (let i = 0; i < n; i++)
        list.push(
          await fn().then(
            (rows) => String(rows[0]![column]),
            (error: unknown) => `failed: ${String(error).slice(0, 80)}`,
          ),
        );
      return list;
    };

    await prime();
    await t.su.query(`ALTER TABLE prepared_probe ADD COLUMN later text NOT NULL DEFAULT 'later'`);
    // Single operations, at once: each is answered (run again under a new name).
    expect((await Promise.all(Array.from({ length: 4 }, single))).map((rows) => rows[0]!.later)).toEqual(Array(4).fill("later"));

    await prime();
    await t.su.query(`ALTER TABLE prepared_probe ADD COLUMN again text NOT NULL DEFAULT 'again'`);
    // Explicit transactions one after another: the first may fail; the next ones prepare afresh
    // instead of meeting the stale plan on each pooled connection in turn.
    const explicit = await outcomes(8, read, "again");
    expect(explicit.filter((o) => o.startsWith("failed")).length).toBeLessThanOrEqual(1);
    expect(explicit.slice(1)).toEqual(Array(7).fill("again"));

    await prime();
    await t.su.query(`ALTER TABLE prepared_probe ADD COLUMN in_page text NOT NULL DEFAULT 'in page'`);
    expect((await inPage()).map((rows) => rows[0]!.in_page)).toEqual(["in page", "in page"]);
  });

  it("prepares nothing with DATABASE_PREPARED_STATEMENTS=false (a pooler that can't keep them)", async () => {
    t.setEnv({ DATABASE_PREPARED_STATEMENTS: "false" });
    try {
      const text = "SELECT id FROM prepared_probe WHERE id <= $1 ORDER BY id";
      for (let i = 0; i < 3; i++) {
        expect(await db.firmSql(FIRM, text, [2], { prepare: true })).toEqual([{ id: 1 }, { id: 2 }]);
        expect(await db.withFirm(FIRM, (tx) => tx.$queryRawUnsafe("SELECT id FROM prepared_probe WHERE id >= $1 ORDER BY id", 2))).toEqual([{ id: 2 }]);
      }
      const kept = await db.firmSql<{ statement: string }>(
        FIRM,
        `SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%prepared_probe WHERE id %=%'`,
      );
      expect(kept.map((k) => k.statement)).not.toContain(text);
      expect(kept.map((k) => k.statement)).not.toContain("SELECT id FROM prepared_probe WHERE id >= $1 ORDER BY id");
    } finally {
      t.setEnv({ DATABASE_PREPARED_STATEMENTS: undefined });
    }
  });
});
