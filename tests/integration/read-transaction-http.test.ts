/**
 * A page request reads in one transaction: the session lookup and every loader's reads (explicit
 * read transactions included, as savepoints) share it, and it is committed before the page
 * renders. Counted on the wire: every statement the app's pooled connections send while one page
 * is requested. Writes made by a page request's explicit transaction are kept; one that fails
 * rolls back only its own part.
 */
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { sentText } from "../support/pg-wire";

let app: TestApp;
let client: Browser;
let partner: Browser;
let documentsPath = "";

interface Sent {
  connection: number;
  application: string;
  text: string;
  /** Given while the connection was still running another statement (pg deprecates it, pg 9 refuses it, unless the connection is in pipeline mode). */
  whileBusy: boolean;
  /** The connection is in pg's pipeline mode: statements given together go out together. */
  pipelined: boolean;
}
const sent: Sent[] = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;
/** The read pool's sockets (pipelined connections), and the writes made to them while recording. */
const readSockets = new Set<unknown>();
let readWrites = 0;
type SocketWrite = (...args: unknown[]) => unknown;
const socketPrototype = net.Socket.prototype as unknown as { _writeGeneric: SocketWrite };
const originalSocketWrite = socketPrototype._writeGeneric;

beforeAll(async () => {
  (pg.Client.prototype as any).query = function (
    this: pg.Client & {
      processID?: number;
      connectionParameters?: { application_name?: string };
      _activeQuery?: unknown;
      _queryQueue?: unknown[];
      _sentQueryQueue?: unknown[];
    },
    ...args: any[]
  ) {
    const q = args[0];
    if (this.pipeline === true) readSockets.add((this as unknown as { connection?: { stream?: unknown } }).connection?.stream);
    if (recording) {
      sent.push({
        connection: this.processID ?? -1,
        application: this.connectionParameters?.application_name ?? "",
        text: sentText(q),
        whileBusy: Boolean(this._activeQuery) || (this._queryQueue?.length ?? 0) > 0 || (this._sentQueryQueue?.length ?? 0) > 0,
        pipelined: this.pipeline === true,
      });
    }

    return (originalQuery as any).apply(this, args);
  };
  socketPrototype._writeGeneric = function (this: unknown, ...args: unknown[]) {
    if (recording && readSockets.has(this)) readWrites += 1;
    return originalSocketWrite.apply(this, args);
  };
  app = await bootApp({ name: "read-transaction-http" });
  client = await app.signIn("acme", "client@acme.test");
  partner = await app.signIn("acme", "partner@acme.test");
  documentsPath = String((await client.request("acme", "/documents")).headers.location);
  expect(documentsPath).toMatch(/^\/documents\/\w+/);
}, 180_000);

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  socketPrototype._writeGeneric = originalSocketWrite;
  await app?.stop();
});

/** The app's statements (its two pools, not the job queue's) while `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<Sent[]> {
  sent.length = 0;
  readWrites = 0;
  recording = true;
  try {
    await fn();
  } finally {
    recording = false;
  }
  return sent.filter((s) => s.application.startsWith("portal_app"));
}

/** The demo client's 2025 organizer: its id and its entity's hash id. */
async function organizer(): Promise<{ id: string; hash: string }> {
  const { rows } = await app.su.query<{ id: string; hash: string }>(
    `SELECT q.id, c.hash_id AS hash FROM questionnaires q JOIN companies c ON c.id = q.company_id
       JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = 'client@acme.test' AND q.name = '2025 Individual Tax Organizer' AND q.deleted_at IS NULL`,
  );
  return rows[0]!;
}

const begins = (statements: Sent[]) => statements.filter((s) => /^\s*BEGIN/i.test(s.text)).length;

describe("a page request's reads", () => {
  it.each([
    ["the client dashboard", () => client.request("acme", "/")],
    ["the client's documents", () => client.request("acme", documentsPath)],
    ["Collect", () => partner.request("acme", "/")],
    ["the Entities table", () => partner.request("acme", "/admin")],
    ["the Users table", () => partner.request("acme", "/clients")],
  ])("%s: one transaction, on one connection", async (_name, load) => {
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await load()).status;
    });
    expect(status).toBe(200);
    expect(statements.length).toBeGreaterThan(3);
    expect(begins(statements)).toBe(1);
    expect(new Set(statements.map((s) => s.connection)).size).toBe(1);
    expect(statements.at(-1)?.text).toMatch(/^\s*COMMIT/i);
  });

  it.each([
    ["the client dashboard", () => client.request("acme", "/")],
    ["the client's documents", () => client.request("acme", documentsPath)],
    ["Collect", () => partner.request("acme", "/")],
    ["the Entities table", () => partner.request("acme", "/admin")],
  ])("%s: its loaders' concurrent reads go out together on the shared connection (pipeline mode), never queued on one that isn't", async (_name, load) => {
    const statements = await statementsOf(load);
    expect(statements.length).toBeGreaterThan(3);
    expect(statements.filter((s) => s.whileBusy && !s.pipelined).map((s) => s.text.slice(0, 60))).toEqual([]);
  });

  it("the client dashboard: the unread counts and the dashboard's statement go out together, in one round trip between them", async () => {
    await client.request("acme", "/");
    const statements = await statementsOf(() => client.request("acme", "/"));
    const dashboard = statements.findIndex((s) => /^\s*WITH owned AS/.test(s.text));
    expect(statements[dashboard - 1]?.text).toMatch(/FROM messages m/);
    expect(statements[dashboard]).toMatchObject({ whileBusy: true, pipelined: true });
  });

  it("each round trip of a page is one write on its connection: reads given together leave together", async () => {
    const { id, hash } = await organizer();
    const writesOf = async (path: string) => {
      // The first time on a connection, the opening is prepared on its own.
      expect((await client.request("acme", path)).status).toBe(200);
      let status = 0;
      const statements = await statementsOf(async () => {
        status = (await client.request("acme", path)).status;
      });
      expect(status).toBe(200);
      return { writes: readWrites, statements: statements.length };
    };
    const dashboard = await writesOf("/");
    const questionnaire = await writesOf(`/questionnaire/${hash}?questionnaireId=${id}`);
    const documents = await writesOf(documentsPath);
    // The dashboard: BEGIN with the firm's setting and the session; the unread counts with the
    // dashboard's statement; COMMIT.
    expect(dashboard).toEqual({ writes: 3, statements: 4 });
    // The questionnaire asked for by id: the same three, its sections and questions going out
    // with the questionnaire's own statement.
    expect(questionnaire).toEqual({ writes: 3, statements: 6 });
    // The documents page (no files here): the session; the unread counts with the entity, the
    // entity switcher and the split question; the folder's facts with the count, the first page
    // and the deleted items; COMMIT.
    expect(documents).toEqual({ writes: 4, statements: 10 });
  });

  it("the client dashboard: its data in one statement, beside the session and the unread counts", async () => {
    await client.request("acme", "/");
    const statements = await statementsOf(() => client.request("acme", "/"));
    // BEGIN with the firm's setting and the session (one round trip), the unread messages and notifications (one), the dashboard, COMMIT.
    expect(statements).toHaveLength(4);
    expect(statements[0]?.text).toMatch(/^BEGIN; SELECT set_config\('app\.firm_id', \$1, true\); SELECT s\.id AS session_id/);
  });

  it("the questionnaire page: its data in three statements (four with uploaded files), however many sections hold documents and signatures", async () => {
    const { id, hash } = await organizer();
    const deposit = await app.su.query(`SELECT 1 FROM questionnaires WHERE id = $1 AND deposit_amount_cents > 0 AND deposit_status IN ('pending', 'unpaid')`, [
      id,
    ]);
    expect(deposit.rowCount).toBe(0);
    // What used to cost a statement each: signatures, a section's document and its signed copy
    // (here deleted, so not shown).
    const signatures = await app.su.query<{ id: string; signed_at: Date | null }>(
      `SELECT g.id, g.signed_at FROM engagement_signatures g JOIN sections s ON s.id = g.section_id WHERE s.questionnaire_id = $1 ORDER BY g.id`,
      [id],
    );
    expect(signatures.rowCount).toBeGreaterThan(0);
    // One signature signed at a known instant (in another zone than UTC), to check the time's form.
    const first = signatures.rows[0]!;
    await app.su.query(`UPDATE engagement_signatures SET signed_at = '2026-03-04 05:06:07.089-05' WHERE id = $1`, [first.id]);
    const { rows: sections } = await app.su.query<{ id: string; firm_id: string; company_id: string }>(
      `SELECT s.id, s.firm_id, q.company_id FROM sections s JOIN questionnaires q ON q.id = s.questionnaire_id
        WHERE s.questionnaire_id = $1 AND s.document_id IS NULL ORDER BY s."order" LIMIT 1`,
      [id],
    );
    const section = sections[0]!;
    await app.su.query(
      `INSERT INTO documents (id, firm_id, company_id, name, storage_key, size_bytes, content_type, deleted_at)
       VALUES ('doc_rt_shown', $1, $2, 'Engagement letter.pdf', 'k/shown', 1234, 'application/pdf', NULL),
              ('doc_rt_gone', $1, $2, 'Old copy.pdf', 'k/gone', 99, 'application/pdf', now())`,
      [section.firm_id, section.company_id],
    );
    await app.su.query(`UPDATE sections SET document_id = 'doc_rt_shown', signed_document_id = 'doc_rt_gone' WHERE id = $1`, [section.id]);
    const [dates] = (await app.su.query(`SELECT opened_at, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM questionnaires WHERE id = $1`, [id])).rows;
    try {
      const { readSections } = await import("~/questionnaires/reads.server");
      const { readSql } = await import("~/db.server");
      const read = await app.tx("acme", (tx) => readSections(readSql(tx), id));
      expect(read.find((r) => r.id === section.id)).toMatchObject({
        document: { id: "doc_rt_shown", name: "Engagement letter.pdf", contentType: "application/pdf", sizeBytes: 1234 },
        signedDocument: null,
      });
      expect(read.flatMap((r) => r.signatures).find((g) => g.id === first.id)?.signedAt).toBe("2026-03-04T10:06:07.089Z");
      expect(read.flatMap((r) => r.signatures).length).toBe(signatures.rowCount);

      const statements = await statementsOf(() =>
        client.request("acme", `/questionnaire/${hash}.data?questionnaireId=${id}&_routes=routes%2Fquestionnaire.%24companyHash`),
      );
      // The session lookup (and its once-a-minute touch) left out: every signed-in page has it.
      const data = statements.filter((s) => !/^\s*(BEGIN|COMMIT)/i.test(s.text) && !/^\s*(SELECT s\.id AS session_id|UPDATE sessions)\b/.test(s.text));
      // The table each statement reads: its first FROM outside parentheses (subqueries left out).
      const tables = data.map((s) => {
        let text = s.text;
        while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, "");
        return /FROM\s+"?(?:public"?\.)?"?(\w+)/i.exec(text)?.[1];
      });
      // The questionnaire with its entity (one statement), the sections (documents and signatures
      // joined), the questions (entries and notes joined), then the upload questions' files when
      // there are any. No firm row: whether card payments are on is asked only while a deposit is
      // outstanding. No savepoint: the reads go straight through the page's read transaction.
      expect(tables.slice(0, 3)).toEqual(["companies", "sections", "questions"]);
      expect(data.length).toBeLessThanOrEqual(4);
      expect(data.filter((s) => /^\s*(SAVEPOINT|RELEASE)/i.test(s.text))).toEqual([]);

      // The questionnaire's own fields, as the page reads them.
      await app.su.query(`UPDATE questionnaires SET opened_at = '2026-02-03 04:05:06.007-08', due_date = '2026-04-15' WHERE id = $1`, [id]);
      const loaded = await client.data("acme", `/questionnaire/${hash}?questionnaireId=${id}`, "routes/questionnaire.$companyHash");
      const [q] = (
        await app.su.query(
          `SELECT q.name, q.tax_year, q.locked, q.completed, q.in_progress, q.current_section_id, q.deposit_status::text AS deposit_status,
                  q.deposit_amount_cents, q.disclaimer, c.id AS company_id, c.name AS company_name, c.readonly_access
             FROM questionnaires q JOIN companies c ON c.id = q.company_id WHERE q.id = $1`,
          [id],
        )
      ).rows;
      expect(loaded.data).toMatchObject({
        id,
        name: q.name,
        taxYear: q.tax_year,
        dueDate: "2026-04-15",
        openedAt: "2026-02-03T12:05:06.007Z",
        locked: q.locked,
        completed: q.completed,
        inProgress: q.in_progress,
        currentSectionId: q.current_section_id,
        depositStatus: q.deposit_status,
        depositAmountCents: q.deposit_amount_cents,
        disclaimer: q.disclaimer,
        company: { id: q.company_id, hashId: hash, name: q.company_name, readonlyAccess: q.readonly_access },
      });
      expect(typeof loaded.data.documentPopoutChecklistEnabled).toBe("boolean");
      expect(typeof loaded.data.showUploadsAsDocumentChecklist).toBe("boolean");
      expect(tables).not.toContain("firms");
      expect(tables).not.toContain("engagement_signatures");
    } finally {
      await app.su.query(`UPDATE sections SET document_id = NULL, signed_document_id = NULL WHERE id = $1`, [section.id]);
      await app.su.query(`DELETE FROM documents WHERE id IN ('doc_rt_shown', 'doc_rt_gone')`);
      await app.su.query(`UPDATE engagement_signatures SET signed_at = $2 WHERE id = $1`, [first.id, first.signed_at]);
      await app.su.query(`UPDATE questionnaires SET opened_at = $2, due_date = $3 WHERE id = $1`, [id, dates.opened_at, dates.due_date]);
    }
  });

  it("a data request (single fetch) reads in one transaction too", async () => {
    const statements = await statementsOf(() => partner.request("acme", "/admin.data"));
    expect(begins(statements)).toBe(1);
  });

  it("a form post is not a read: its writes run in their own transactions", async () => {
    const statements = await statementsOf(() => partner.request("acme", "/signout", { method: "POST", form: {} }));
    expect(statements.some((s) => /^\s*SAVEPOINT/i.test(s.text))).toBe(false);
  });
});

describe("the shared read transaction and writes", () => {
  it("an explicit transaction's concurrent statements go out one at a time", async () => {
    const { withFirm } = await import("~/db.server");
    const statements = await statementsOf(() =>
      withFirm("firm_acme", (tx) =>
        Promise.all([
          tx.user.count(),
          tx.user.findMany({ take: 5, include: { ownerships: true, contactTags: true, roleAssignments: true, linkedAccounts: true } }),
        ]),
      ),
    );
    expect(statements.length).toBeGreaterThan(3);
    expect(statements.filter((s) => s.whileBusy).map((s) => s.text.slice(0, 60))).toEqual([]);
  });

  it("an explicit transaction in a read scope keeps what it wrote, and one that fails rolls back only itself", async () => {
    const { withReadScope, endReadScope, withFirm, firmDb } = await import("~/db.server");
    const firmId = "firm_acme";
    const before = await firmDb(firmId).firmVocab.count();
    await withReadScope("GET", async () => {
      await firmDb(firmId).user.count();
      await withFirm(firmId, (tx) => tx.firmVocab.create({ data: { firmId, keyWord: "Zebra", replacement: "Horse" } }));
      await expect(
        withFirm(firmId, async (tx) => {
          await tx.firmVocab.create({ data: { firmId, keyWord: "Lion", replacement: "Cat" } });
          await tx.firmVocab.create({ data: { firmId, keyWord: "Zebra", replacement: "Again" } }); // unique (firm, key word)
        }),
      ).rejects.toThrow();
      // The transaction is still usable after the failed part.
      expect(await firmDb(firmId).firmVocab.count()).toBe(before + 1);
      await endReadScope();
    });
    const words = (await firmDb(firmId).firmVocab.findMany({ where: { keyWord: { in: ["Zebra", "Lion"] } } })).map((v) => v.keyWord);
    expect(words).toEqual(["Zebra"]);
    await firmDb(firmId).firmVocab.deleteMany({ where: { keyWord: "Zebra" } });
  });

  it("a read that fails outside an explicit transaction leaves the others working on their own", async () => {
    const { withReadScope, endReadScope, firmDb } = await import("~/db.server");
    const firmId = "firm_acme";
    await withReadScope("GET", async () => {
      expect(await firmDb(firmId).user.count()).toBeGreaterThan(0);
      await expect(firmDb(firmId).$queryRawUnsafe("SELECT no_such_column FROM users")).rejects.toThrow();
      expect(await firmDb(firmId).user.count()).toBeGreaterThan(0);
      await endReadScope();
    });
  });

  it("a read that fails leaves the reads under way beside it answered, each as it would be on its own", async () => {
    const { withReadScope, endReadScope, firmDb } = await import("~/db.server");
    const db = firmDb("firm_acme");
    const alone = await Promise.all([
      db.user.count(),
      db.user.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 2 }),
      db.firmVocab.findFirst({ where: { keyWord: "No such word" } }),
    ]);
    const inPage = await withReadScope("GET", async () => {
      const answers = await Promise.all([
        db.$queryRawUnsafe("SELECT no_such_column FROM users").then(
          () => "answered",
          () => "failed",
        ),
        db.user.count(),
        db.user.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 2 }),
        db.firmVocab.findFirst({ where: { keyWord: "No such word" } }),
        db.$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM users"),
      ]);
      await endReadScope();
      return answers;
    });
    expect(inPage).toEqual(["failed", ...alone, [{ n: alone[0] }]]);
  });

  it("another firm's reads in the same request never use the first firm's transaction", async () => {
    const { withReadScope, endReadScope, firmDb } = await import("~/db.server");
    await withReadScope("GET", async () => {
      const acme = await firmDb("firm_acme").firm.findMany({ select: { id: true } });
      const summit = await firmDb("firm_summit").firm.findMany({ select: { id: true } });
      expect(acme.map((f) => f.id)).toEqual(["firm_acme"]);
      expect(summit.map((f) => f.id)).toEqual(["firm_summit"]);
      await endReadScope();
    });
  });
});
