/**
 * Firm isolation in the database: row-level security, the portal_app role, composite foreign keys
 * and the firm-scoped clients of app/db.server.ts, against real PostgreSQL. No mocks.
 */
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import type * as AdminModule from "../support/admin-db";
import { sentText, statementsSent } from "../support/pg-wire";
import { setupTestDb, type TestDb } from "../support/setup";

const A = "firm_a";
const B = "firm_b";

let testDb: TestDb;
let db: typeof DbModule;
let admin: typeof AdminModule;
/** Superuser connection for catalog checks. */
let su: pg.Client;

/** Ids of the rows seeded for each firm. */
const ids = (firm: string) => ({
  staff: `${firm}_staff`,
  client: `${firm}_client`,
  company: `${firm}_company`,
  questionnaire: `${firm}_questionnaire`,
  section: `${firm}_section`,
  question: `${firm}_question`,
  document: `${firm}_document`,
  conversation: `${firm}_conversation`,
  message: `${firm}_message`,
});

async function seedFirm(firmId: string, slug: string) {
  const i = ids(firmId);
  const p = admin.adminDb();
  await p.firm.create({
    data: {
      id: firmId,
      name: `Firm ${slug}`,
      slug,
      customDomain: `portal.${slug}.example`,
      preferences: { create: {} },
      vocabs: { create: { keyWord: "entity", replacement: `${slug} business` } },
    },
  });
  await p.user.createMany({
    data: [
      { id: i.staff, firmId, kind: "staff", email: `staff@${slug}.example`, fname: "Sam", lname: "Staff", firmAccess: "partner", isAdvisor: true },
      { id: i.client, firmId, kind: "client", email: `client@${slug}.example`, fname: "Cleo", lname: "Client", assignedAdvisorId: i.staff },
    ],
  });
  await p.company.create({
    data: { id: i.company, firmId, hashId: `${slug}-hash`, name: `${slug} LLC`, entityType: "S-Corporation", primaryOwnerId: i.client },
  });
  await p.companyOwner.create({ data: { firmId, companyId: i.company, userId: i.client, specialRole: "taxpayer", isPrimary: true } });
  await p.questionnaire.create({ data: { id: i.questionnaire, firmId, companyId: i.company, name: "2024 Organizer", taxYear: 2024 } });
  await p.section.create({ data: { id: i.section, firmId, questionnaireId: i.questionnaire, sectionType: 3, name: "Income" } });
  await p.question.create({
    data: { id: i.question, firmId, questionnaireId: i.questionnaire, sectionId: i.section, text: "Any W-2s?", questionType: "boolean" },
  });
  await p.document.create({ data: { id: i.document, firmId, companyId: i.company, name: "w2.pdf", storageKey: `${firmId}/w2.pdf` } });
  await p.conversation.create({ data: { id: i.conversation, firmId } });
  await p.message.create({ data: { id: i.message, firmId, conversationId: i.conversation, authorId: i.client, text: "Hello" } });
  await p.session.create({ data: { firmId, userId: i.client, expiresAt: new Date(Date.now() + 3600_000) } });
  await p.signInToken.create({
    data: { firmId, userId: i.client, purpose: "sign_in_link", tokenHash: `${firmId}-hash`, expiresAt: new Date(Date.now() + 600_000) },
  });
  await p.outboundMessage.create({ data: { firmId, userId: i.client, channel: "email", to: `client@${slug}.example`, body: "Sign in" } });
}

beforeAll(async () => {
  // The concurrency test below needs a pool of two connections.
  testDb = await setupTestDb({ env: { DATABASE_POOL_SIZE: "2" } });
  su = testDb.su;
  db = await import("../../app/db.server");
  admin = await import("../support/admin-db");
  await seedFirm(A, "alpha");
  await seedFirm(B, "beta");
});

afterAll(async () => {
  await admin?.closeAdminDb();
  await testDb?.close();
});

/** Tables with rows seeded for both firms, and the column naming their firm. */
const SEEDED_TABLES: [table: string, firmColumn: string][] = [
  ["firms", "id"],
  ["firm_preferences", "firm_id"],
  ["firm_vocabs", "firm_id"],
  ["users", "firm_id"],
  ["companies", "firm_id"],
  ["company_owners", "firm_id"],
  ["questionnaires", "firm_id"],
  ["sections", "firm_id"],
  ["questions", "firm_id"],
  ["documents", "firm_id"],
  ["conversations", "firm_id"],
  ["messages", "firm_id"],
  ["sessions", "firm_id"],
  ["sign_in_tokens", "firm_id"],
  ["outbound_messages", "firm_id"],
];

describe("reading through a firm-scoped client", () => {
  it("the seed really holds both firms' rows (seen by the superuser)", async () => {
    for (const [table, column] of SEEDED_TABLES) {
      const { rows } = await su.query(`SELECT DISTINCT "${column}" AS firm FROM "${table}" ORDER BY 1`);
      expect(
        rows.map((r) => r.firm),
        table,
      ).toEqual([A, B]);
    }
  });

  it("model queries return only the firm's rows", async () => {
    for (const [firm, other] of [
      [A, B],
      [B, A],
    ]) {
      const scoped = db.firmDb(firm);
      const results: Record<string, { firmId?: string; id?: string }[]> = {
        firms: await scoped.firm.findMany(),
        firm_preferences: await scoped.firmPreferences.findMany(),
        firm_vocabs: await scoped.firmVocab.findMany(),
        users: await scoped.user.findMany(),
        companies: await scoped.company.findMany(),
        company_owners: await scoped.companyOwner.findMany(),
        questionnaires: await scoped.questionnaire.findMany(),
        sections: await scoped.section.findMany(),
        questions: await scoped.question.findMany(),
        documents: await scoped.document.findMany(),
        conversations: await scoped.conversation.findMany(),
        messages: await scoped.message.findMany(),
        sessions: await scoped.session.findMany(),
        sign_in_tokens: await scoped.signInToken.findMany(),
        outbound_messages: await scoped.outboundMessage.findMany(),
      };
      for (const [table, rows] of Object.entries(results)) {
        expect(rows.length, table).toBeGreaterThan(0);
        const firms = rows.map((r) => (table === "firms" ? r.id : r.firmId));
        expect(
          firms.every((f) => f === firm),
          `${table} leaked ${other}'s rows`,
        ).toBe(true);
      }
      // Looking up another firm's row by its id finds nothing.
      expect(await scoped.company.findUnique({ where: { id: ids(other).company } })).toBeNull();
      expect(await scoped.user.findFirst({ where: { email: `client@${other === A ? "alpha" : "beta"}.example` } })).toBeNull();
      // Relations do not cross either.
      const withOwners = await scoped.company.findMany({ include: { owners: { include: { user: true } }, questionnaires: true } });
      expect(withOwners.flatMap((c) => c.owners.map((o) => o.user.firmId))).toEqual([firm]);
    }
  });

  it("a raw `SELECT * FROM companies` with no firm filter returns only the firm's companies", async () => {
    const rows = await db.firmDb(A).$queryRaw<{ id: string; firm_id: string }[]>`SELECT * FROM companies`;
    expect(rows.map((r) => r.id)).toEqual([ids(A).company]);

    const unsafe = await db.firmDb(B).$queryRawUnsafe<{ id: string; firm_id: string }[]>("SELECT * FROM companies");
    expect(unsafe.map((r) => r.id)).toEqual([ids(B).company]);
  });

  it("raw SQL over every seeded table sees only the firm", async () => {
    for (const [table, column] of SEEDED_TABLES) {
      const rows = await db.firmDb(A).$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}"`);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r[column])), table).toEqual(new Set([A]));
    }
  });

  it("interactive transactions (withFirm and firmDb().$transaction) see only the firm", async () => {
    const viaWithFirm = await db.withFirm(B, async (tx) => {
      const companies = await tx.company.findMany();
      const raw = await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM users`;
      return { companies: companies.map((c) => c.id), users: Number(raw[0].n) };
    });
    expect(viaWithFirm).toEqual({ companies: [ids(B).company], users: 2 });

    const viaScoped = await db.firmDb(A).$transaction((tx) => tx.questionnaire.findMany({ select: { id: true } }));
    expect(viaScoped).toEqual([{ id: ids(A).questionnaire }]);
  });
});

describe("a transaction straight on the pool (withFirmSql)", () => {
  it("sees only its firm, writes only its firm's rows, commits, and rolls back when its code throws", async () => {
    const seen = await db.withFirmSql(B, async (tx) => {
      const companies = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM companies ORDER BY id`;
      const users = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM users WHERE kind = $1 OR kind = $2`, "staff", "client");
      return { companies: companies.map((c) => c.id), users: users[0]?.n };
    });
    expect(seen).toEqual({ companies: [ids(B).company], users: 2 });

    // Another firm's row: not there to update; a row carrying another firm's id is refused.
    expect(await db.withFirmSql(A, (tx) => tx.$executeRaw`UPDATE companies SET name = 'taken' WHERE id = ${ids(B).company}`)).toBe(0);
    await expect(
      db.withFirmSql(A, (tx) => tx.$executeRaw`INSERT INTO companies (id, firm_id, hash_id, name, entity_type) VALUES ('x2', ${B}, 'x2', 'X', 'Individual')`),
    ).rejects.toThrow(/row-level security/);

    const before = (await su.query("SELECT name FROM companies WHERE id = $1", [ids(A).company])).rows[0].name as string;
    // Committed: both statements; thrown: neither.
    const count = await db.withFirmSql(A, async (tx) => {
      await tx.$executeRaw`UPDATE companies SET name = ${"Renamed A"} WHERE id = ${ids(A).company}`;
      return tx.$executeRawUnsafe(`UPDATE questionnaires SET name = $1 WHERE id = $2`, "Renamed organizer", ids(A).questionnaire);
    });
    expect(count).toBe(1);
    expect((await su.query("SELECT name FROM companies WHERE id = $1", [ids(A).company])).rows[0].name).toBe("Renamed A");
    await expect(
      db.withFirmSql(A, async (tx) => {
        await tx.$executeRaw`UPDATE companies SET name = ${before} WHERE id = ${ids(A).company}`;
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await su.query("SELECT name FROM companies WHERE id = $1", [ids(A).company])).rows[0].name).toBe("Renamed A");
    await db.withFirmSql(A, (tx) => tx.$executeRaw`UPDATE companies SET name = ${before} WHERE id = ${ids(A).company}`);
    await db.withFirmSql(A, (tx) => tx.$executeRaw`UPDATE questionnaires SET name = ${"2024 Organizer"} WHERE id = ${ids(A).questionnaire}`);
    expect((await su.query("SELECT count(*)::int AS n FROM companies WHERE hash_id = 'x2'")).rows[0].n).toBe(0);

    // Its statements can't outlive it (their connection is back in the pool, maybe lent to another firm's request).
    let ended: DbModule.SqlTx | undefined;
    await db.withFirmSql(A, async (tx) => {
      ended = tx;
    });
    await expect(ended!.$queryRaw`SELECT id FROM companies`).rejects.toThrow(/transaction has ended/);
    await expect(ended!.$executeRawUnsafe(`UPDATE companies SET name = 'late' WHERE id = $1`, ids(A).company)).rejects.toThrow(/transaction has ended/);
  });
});

describe("a transaction's BEGIN carries the firm", () => {
  it("withFirm, and a scoped write of its own, send BEGIN with the firm's setting and their first statement: one round trip, no separate set_config", async () => {
    const read = () =>
      db.withFirm(A, async (tx) => (await tx.$queryRaw<{ setting: string }[]>`SELECT current_setting('app.firm_id', true) AS setting`)[0].setting);
    // The first time on a connection, the opening's own statements are prepared on the way.
    const first = await statementsSent(read);
    expect(first.result).toBe(A);
    expect(first.texts.filter((t) => /set_config/.test(t))).toHaveLength(1);
    const { result, texts } = await statementsSent(read);
    expect(result).toBe(A);
    expect(texts).toEqual(["BEGIN; SELECT set_config('app.firm_id', $1, true); SELECT current_setting('app.firm_id', true) AS setting", "COMMIT"]);

    const before = await db.firmDb(B).company.findUniqueOrThrow({ where: { id: ids(B).company }, select: { name: true } });
    const write = await statementsSent(() =>
      db.firmDb(B).company.update({ where: { id: ids(B).company }, data: { name: "Renamed B" }, select: { name: true } }),
    );
    expect(write.result).toEqual({ name: "Renamed B" });
    expect(write.texts[0]).toMatch(/^BEGIN; SELECT set_config\('app\.firm_id', \$1, true\); UPDATE /);
    expect(write.texts.filter((t) => /set_config/.test(t))).toHaveLength(1);
    await db.firmDb(B).company.update({ where: { id: ids(B).company }, data: { name: before.name } });
  });

  it("withFirmSql sends BEGIN with the firm's setting and its first statement in one round trip, its other statements, then COMMIT", async () => {
    const run = () =>
      db.withFirmSql(B, async (tx) => {
        const [row] = await tx.$queryRaw<{ setting: string }[]>`SELECT current_setting('app.firm_id', true) AS setting`;
        const [limit] = await tx.$queryRaw<{ timeout: string }[]>`SELECT current_setting('statement_timeout') AS timeout`;
        return `${row?.setting} ${limit?.timeout}`;
      });
    // The first time on a connection, the opening goes on its own (and gets prepared).
    expect((await statementsSent(run)).result).toBe(`${B} 15s`);
    const { result, texts } = await statementsSent(run);
    expect(result).toBe(`${B} 15s`);
    expect(texts).toEqual([
      "BEGIN; SELECT set_config('app.firm_id', $1, true), set_config('statement_timeout', $2, true), set_config('idle_in_transaction_session_timeout', $3, true); SELECT current_setting('app.firm_id', true) AS setting",
      "SELECT current_setting('statement_timeout') AS timeout",
      "COMMIT",
    ]);
    // A transaction whose code sends nothing sends nothing, not even BEGIN.
    const idle = await statementsSent(() => db.withFirmSql(B, async () => "nothing"));
    expect(idle).toEqual({ result: "nothing", texts: [] });
    // The limits are the transaction's own: the connection goes back to the pool without them.
    const after = await db.withFirmSql(
      B,
      async (tx) => (await tx.$queryRaw<{ timeout: string }[]>`SELECT current_setting('statement_timeout') AS timeout`)[0]?.timeout,
    );
    expect(after).toBe("15s");
    expect(await db.firmSql<{ timeout: string }>(B, "SELECT current_setting('statement_timeout') AS timeout")).toEqual([{ timeout: "0" }]);
  });

  it("a transaction opened inside another firm's one is scoped to its own firm; one with an isolation level still sees its firm", async () => {
    const nested = await db.withFirm(A, async (tx) => {
      const inner = await db.withFirm(B, (btx) => btx.company.findMany({ select: { id: true } }));
      const own = await tx.company.findMany({ select: { id: true } });
      return { inner, own };
    });
    expect(nested).toEqual({ inner: [{ id: ids(B).company }], own: [{ id: ids(A).company }] });

    const { result, texts } = await statementsSent(() =>
      db.withFirm(B, (tx) => tx.company.findMany({ select: { id: true } }), { isolationLevel: "Serializable" }),
    );
    expect(result).toEqual([{ id: ids(B).company }]);
    // SET TRANSACTION must precede any query: BEGIN goes alone, the firm after it.
    expect(texts.slice(0, 3).map((t) => t.split(" ")[0])).toEqual(["BEGIN", "SET", "SELECT"]);
  });

  it("a page's reads given together: the first carries the opening, the others wait for its answer, then go out together, in one write", async () => {
    const original = pg.Client.prototype.query;
    const log: { text: string; busy: boolean; pipelined: boolean }[] = [];
    // The writes to the read connections' sockets.
    const readSockets = new Set<unknown>();
    let writes = 0;
    const socketWrite = (net.Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown })._writeGeneric;
    (net.Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown })._writeGeneric = function (this: unknown, ...a: unknown[]) {
      if (readSockets.has(this)) writes += 1;
      return socketWrite.apply(this, a);
    };
    pg.Client.prototype.query = function (
      this: pg.Client & { _activeQuery?: unknown; _sentQueryQueue?: unknown[]; connection?: { stream?: unknown } },
      ...params: unknown[]
    ) {
      if (this.pipeline === true) readSockets.add(this.connection?.stream);
      log.push({
        text: sentText(params[0]).replace(/\s+/g, " ").trim(),
        busy: Boolean(this._activeQuery) || (this._sentQueryQueue?.length ?? 0) > 0,
        pipelined: this.pipeline === true,
      });
      return (original as (...a: unknown[]) => unknown).apply(this, params);
    } as typeof original;
    const page = () =>
      db.withReadScope("GET", async () => {
        const reads = await Promise.all(
          [1, 2, 3].map((n) => db.firmSql<{ firm: string }>(A, `SELECT current_setting('app.firm_id', true) AS firm, $1::int AS n`, [n], { prepare: true })),
        );
        await db.endReadScope();
        return reads.map((rows) => rows[0]!.firm);
      });
    let firms: string[];
    try {
      // The first time on a connection, the opening goes on its own (and gets prepared).
      expect(await page()).toEqual([A, A, A]);
      log.length = 0;
      writes = 0;
      firms = await page();
    } finally {
      pg.Client.prototype.query = original;
      (net.Socket.prototype as unknown as { _writeGeneric: unknown })._writeGeneric = socketWrite;
    }
    expect(firms).toEqual([A, A, A]);
    const reads = log.filter((entry) => entry.text.includes("$1::int AS n"));
    expect(reads).toHaveLength(3);
    expect(reads.every((entry) => entry.pipelined)).toBe(true);
    // The first went with BEGIN and the firm; the second only once that had answered; the third right behind the second.
    expect(reads[0]!.text).toMatch(/^BEGIN; SELECT set_config\('app\.firm_id'/);
    expect(reads.map((entry) => entry.busy)).toEqual([false, false, true]);
    // Three writes: the opening with the first read; the second and third reads together; COMMIT.
    expect(writes).toBe(3);
  });
});

describe("writing through a firm-scoped client", () => {
  it("cannot insert a row carrying another firm's id", async () => {
    await expect(db.firmDb(A).company.create({ data: { firmId: B, hashId: "sneaky", name: "Sneaky", entityType: "Individual" } })).rejects.toThrow(
      /row-level security/,
    );
    await expect(
      db.firmDb(A).$executeRaw`INSERT INTO companies (id, firm_id, hash_id, name, entity_type) VALUES ('x1', ${B}, 'x1', 'X', 'Individual')`,
    ).rejects.toThrow(/row-level security/);
    await expect(
      db.withFirm(A, (tx) => tx.note.create({ data: { firmId: B, companyId: ids(B).company, authorId: ids(B).staff, text: "hi" } })),
    ).rejects.toThrow(/row-level security/);
    const { rows } = await su.query("SELECT count(*)::int AS n FROM companies WHERE hash_id IN ('sneaky', 'x1')");
    expect(rows[0].n).toBe(0);
  });

  it("cannot move its row to another firm", async () => {
    await expect(db.firmDb(A).company.update({ where: { id: ids(A).company }, data: { firmId: B } })).rejects.toThrow();
    const { rows } = await su.query("SELECT firm_id FROM companies WHERE id = $1", [ids(A).company]);
    expect(rows[0].firm_id).toBe(A);
  });

  it("cannot update or delete another firm's rows", async () => {
    const updated = await db.firmDb(A).company.updateMany({ data: { name: "renamed" } });
    expect(updated.count).toBe(1);
    const deleted = await db.firmDb(A).message.deleteMany({ where: { id: ids(B).message } });
    expect(deleted.count).toBe(0);
    await expect(db.firmDb(A).company.update({ where: { id: ids(B).company }, data: { name: "pwned" } })).rejects.toThrow();
    const { rows } = await su.query("SELECT id, name FROM companies ORDER BY id");
    expect(rows).toEqual([
      { id: ids(A).company, name: "renamed" },
      { id: ids(B).company, name: "beta LLC" },
    ]);
  });

  it("cannot reference another firm's rows, even as the owner (composite foreign keys)", async () => {
    // The superuser bypasses row-level security; the foreign key (firm_id, user_id) still refuses.
    await expect(admin.adminDb().companyOwner.create({ data: { firmId: A, companyId: ids(A).company, userId: ids(B).client } })).rejects.toThrow(
      /[Ff]oreign key/,
    );
    await expect(
      su.query(
        "INSERT INTO questions (id, firm_id, questionnaire_id, section_id, text, question_type, updated_at) VALUES ('q_x', $1, $2, $3, 'x', 'text', now())",
        [A, ids(A).questionnaire, ids(B).section],
      ),
    ).rejects.toThrow(/foreign key/);
  });
});

describe("without a firm", () => {
  it("tenant tables look empty and refuse writes to the application role", async () => {
    const pool = new pg.Pool(db.appPoolConfig(testDb.db.appUrl));
    try {
      const { rows: who } = await pool.query("SELECT current_user AS role");
      expect(who[0].role).toBe("portal_app");
      for (const [table] of SEEDED_TABLES) {
        const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${table}"`);
        expect(rows[0].n, table).toBe(0);
      }
      await expect(pool.query("INSERT INTO firm_groups (id, firm_id, name) VALUES ('g1', $1, 'G')", [A])).rejects.toThrow(/row-level security/);
    } finally {
      await pool.end();
    }
  });

  it("refuses a blank firm id", () => {
    expect(() => db.firmDb("")).toThrow();
  });
});

describe("a pool of two connections shared by two firms", () => {
  it("never serves one firm's rows to the other over 1,000 concurrent requests", async () => {
    const pids = new Set<number>();
    const wrong: string[] = [];
    const request = async (n: number) => {
      const firm = n % 2 === 0 ? A : B;
      const expected = ids(firm).company;
      switch (n % 3) {
        case 0: {
          const rows = await db.firmDb(firm).company.findMany({ select: { id: true, firmId: true } });
          if (rows.length !== 1 || rows[0].id !== expected) wrong.push(`${n}: model ${JSON.stringify(rows)}`);
          break;
        }
        case 1: {
          const rows = await db.firmDb(firm).$queryRaw<{ id: string; pid: number; setting: string }[]>`
            SELECT id, pg_backend_pid() AS pid, current_setting('app.firm_id', true) AS setting FROM companies`;
          if (rows.length !== 1 || rows[0].id !== expected || rows[0].setting !== firm) wrong.push(`${n}: raw ${JSON.stringify(rows)}`);
          for (const row of rows) pids.add(row.pid);
          break;
        }
        default: {
          const rows = await db.withFirm(firm, async (tx) => {
            const users = await tx.user.findMany({ select: { firmId: true } });
            const docs = await tx.$queryRaw<{ firm_id: string }[]>`SELECT firm_id FROM documents`;
            return [...users.map((u) => u.firmId), ...docs.map((d) => d.firm_id)];
          });
          if (rows.length !== 3 || rows.some((f) => f !== firm)) wrong.push(`${n}: tx ${JSON.stringify(rows)}`);
        }
      }
    };
    for (let start = 0; start < 1000; start += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, k) => request(start + k)));
    }
    expect(wrong).toEqual([]);
    // The requests really shared the two pooled connections.
    expect(pids.size).toBeGreaterThan(0);
    expect(pids.size).toBeLessThanOrEqual(2);
  });
});

describe("the database catalog", () => {
  it("every table with a firm_id has row-level security enabled and forced, and a firm_isolation policy", async () => {
    const { rows } = await su.query<{
      table: string;
      rls: boolean;
      forced: boolean;
      policies: string[];
      quals: string[];
      checks: string[];
    }>(`
      SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
             coalesce(array_agg(p.polname::text) FILTER (WHERE p.polname IS NOT NULL), '{}') AS policies,
             coalesce(array_agg(pg_get_expr(p.polqual, p.polrelid)) FILTER (WHERE p.polname = 'firm_isolation'), '{}') AS quals,
             coalesce(array_agg(pg_get_expr(p.polwithcheck, p.polrelid)) FILTER (WHERE p.polname = 'firm_isolation'), '{}') AS checks
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
        LEFT JOIN pg_policy p ON p.polrelid = c.oid
       WHERE c.relkind IN ('r', 'p')
         AND (c.relname = 'firms' OR EXISTS (
               SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'firm_id' AND NOT a.attisdropped))
       GROUP BY c.relname, c.relrowsecurity, c.relforcerowsecurity
       ORDER BY c.relname`);
    expect(rows.length).toBeGreaterThan(50);
    const column = (table: string) => (table === "firms" ? "id" : "firm_id");
    const problems = rows.flatMap((r) => {
      const issues: string[] = [];
      if (!r.rls) issues.push(`${r.table}: row-level security not enabled`);
      if (!r.forced) issues.push(`${r.table}: row-level security not forced`);
      if (r.policies.length === 0) issues.push(`${r.table}: no policy`);
      if (!r.policies.includes("firm_isolation")) issues.push(`${r.table}: no firm_isolation policy`);
      for (const expr of [...r.quals, ...r.checks]) {
        if (!(expr.includes(column(r.table)) && expr.includes("current_setting('app.firm_id'::text, true)"))) {
          issues.push(`${r.table}: unexpected policy expression ${expr}`);
        }
      }
      if (r.quals.length !== 1 || r.checks.length !== 1) issues.push(`${r.table}: firm_isolation lacks USING or WITH CHECK`);
      return issues;
    });
    expect(problems).toEqual([]);
  });

  it("has no table outside firm isolation except Prisma's migration log and the root site's rate limits, neither granted to the app", async () => {
    const { rows } = await su.query<{ table: string }>(`
      SELECT c.relname AS table FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
       WHERE c.relkind IN ('r', 'p') AND c.relname <> 'firms'
         AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'firm_id' AND NOT a.attisdropped)
       ORDER BY c.relname`);
    expect(rows.map((r) => r.table)).toEqual(["_prisma_migrations", "root_site_rate_limits"]);
    for (const table of ["_prisma_migrations", "root_site_rate_limits"]) {
      const { rows: grants } = await su.query("SELECT has_table_privilege('portal_app', $1, 'SELECT, INSERT, UPDATE, DELETE') AS any", [table]);
      expect(grants[0].any, table).toBe(false);
    }
  });

  it("the application role is not a superuser, does not bypass RLS, cannot log in and owns nothing", async () => {
    const { rows } = await su.query(`
      SELECT r.rolsuper, r.rolbypassrls, r.rolcanlogin, r.rolcreaterole, r.rolcreatedb,
             (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned_relations,
             (SELECT count(*)::int FROM pg_proc p WHERE p.proowner = r.oid) AS owned_functions
        FROM pg_roles r WHERE r.rolname = 'portal_app'`);
    expect(rows).toEqual([
      { rolsuper: false, rolbypassrls: false, rolcanlogin: false, rolcreaterole: false, rolcreatedb: false, owned_relations: 0, owned_functions: 0 },
    ]);
  });

  it("the pre-firm look-ups are SECURITY DEFINER with a pinned search_path", async () => {
    const { rows } = await su.query(`
      SELECT p.proname AS name, p.prosecdef AS definer, array_to_string(p.proconfig, ',') AS config,
             has_function_privilege('portal_app', p.oid, 'EXECUTE') AS app_can_execute
        FROM pg_proc p WHERE p.proname IN ('portal_firm_by_slug', 'portal_firm_by_domain', 'portal_subdomain_taken', 'portal_hit_root_site_rate_limit')
       ORDER BY p.proname`);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.definer, row.name).toBe(true);
      expect(row.config, row.name).toMatch(/^search_path=.+, pg_temp$/);
      expect(row.app_can_execute, row.name).toBe(true);
    }
  });
});

describe("look-ups before a firm is known", () => {
  it("resolve a firm by subdomain slug or custom domain, and report taken subdomains", async () => {
    expect(await db.resolveFirmIdBySlug("alpha")).toBe(A);
    expect(await db.resolveFirmIdBySlug("BETA")).toBe(B);
    expect(await db.resolveFirmIdBySlug("gamma")).toBeNull();
    expect(await db.resolveFirmIdByDomain("portal.beta.example")).toBe(B);
    expect(await db.resolveFirmIdByDomain("unknown.example")).toBeNull();
    expect(await db.isSubdomainTaken("alpha")).toBe(true);
    expect(await db.isSubdomainTaken("gamma")).toBe(false);
  });
});

describe("firm change notifications", () => {
  it("announce changes to a firm, its preferences and its vocabulary", async () => {
    const seen: (string | undefined)[] = [];
    const stop = await db.listenFirmChanges((firmId) => seen.push(firmId));
    try {
      const waitFor = (count: number) => expect.poll(() => seen.length, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(count);
      await db.firmDb(A).firmPreferences.update({ where: { firmId: A }, data: { communicationDisabled: true } });
      await waitFor(1);
      await db.firmDb(B).firmVocab.create({ data: { firmId: B, keyWord: "questionnaire", replacement: "organizer" } });
      await waitFor(2);
      await db.firmDb(A).firm.update({ where: { id: A }, data: { brandColor: "#123456" } });
      await waitFor(3);
      expect(seen).toEqual([A, B, A]);
    } finally {
      await stop();
    }
  });
});
