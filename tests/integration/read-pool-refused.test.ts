/**
 * A page's reads when its read transaction can't get a connection (PostgreSQL refuses more:
 * `too many connections`, 53300) are not an outage: they run on their own, on a connection the
 * app already holds, and the page is answered. Only a connection cut while in use answers 503
 * (tests/e2e/outage.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import { setupTestDb, type TestDb } from "../support/setup";

const FIRM = "firm_read_pool";

let t: TestDb;
let db: typeof DbModule;
let database: string;

beforeAll(async () => {
  t = await setupTestDb();
  db = await import("../../app/db.server");
  database = (await t.su.query<{ name: string }>(`SELECT current_database() AS name`)).rows[0]!.name;
});

afterAll(async () => {
  await t?.su.query(`ALTER DATABASE "${database}" CONNECTION LIMIT -1`).catch(() => {});
  await db?.closeDb();
  await t?.close();
});

describe("a page whose read transaction can't get a connection", () => {
  it("reads on the connection the app already holds, raw and through Prisma, in the firm's scope", async () => {
    // The app's pool holds one connection (idle); the read pool none yet.
    expect(await db.firmSql(FIRM, `SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    const { rows } = await t.su.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`);
    // No new connection to this database from now on (the superuser's own are exempt).
    await t.su.query(`ALTER DATABASE "${database}" CONNECTION LIMIT ${rows[0]!.n}`);
    try {
      const page = await db.withReadScope("GET", async () => {
        const raw = await db.firmSql<{ firm: string }>(FIRM, `SELECT current_setting('app.firm_id', true) AS firm`);
        const prisma = await db.firmDb(FIRM).$queryRaw<{ firm: string }[]>`SELECT current_setting('app.firm_id', true) AS firm`;
        await db.endReadScope();
        return { raw, prisma };
      });
      expect(page).toEqual({ raw: [{ firm: FIRM }], prisma: [{ firm: FIRM }] });
    } finally {
      await t.su.query(`ALTER DATABASE "${database}" CONNECTION LIMIT -1`);
    }
  });
});
