/**
 * Splitting a document checklist's files over HTTP (built app, real PostgreSQL, S3 server and the
 * split job): the questionnaire's loaders give every uploaded file its Document, content type and
 * newest split in one statement however many files there are (and only documents of that
 * questionnaire's entity); an advisor splits a client's checklist PDF from the preview into new
 * documents of the same entity; the client then sees the parts and the firm's note; clients
 * can't split; other entities' and firms' documents are 404 with nothing written; a split file
 * the client removes from the answer stays restorable; Collect flags a split nobody reviewed yet.
 */
import pg from "pg";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { questionnaireSplitSummary, SPLIT_MESSAGES, type UploadedFileState } from "~/documents/splits/split-rules";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";

const SUMMIT = "firm_summit";
const CLIENT_ROUTE = "routes/questionnaire.$companyHash";
const PREVIEW_ROUTE = "routes/preview.$companyId.questionnaire.$questionnaireId";

let app: TestApp;
let su: pg.Client;
let client: Browser;
let advisor: Browser;
let acmePartner: Browser;
let q: { id: string; companyId: string; hash: string; checklist: string[] };

async function makePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([300, 300]).drawText(`Page ${i + 1}`, { x: 20, y: 150, size: 18 });
  return pdf.save({ useObjectStreams: false });
}

/** A JSON POST as `browser` (the page's fetch). */
async function post<T = any>(browser: Browser, slug: string, path: string, json: unknown): Promise<{ status: number; body: T }> {
  const response = await browser.postJson(slug, path, json);
  return { status: response.status, body: JSON.parse(response.text) as T };
}

/** The client uploads `bytes` as `fileName` into checklist question `questionId`; returns the file's key. */
async function upload(questionId: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const api = `/api/questionnaires/${q.hash}`;
  const grant = await post(client, "summit", api, { intent: "upload_grant", questionnaireId: q.id, questionId, fileName, contentType: "application/pdf" });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  expect((await postToGrant(grant.body.upload.grant, bytes, fileName)).status).toBeLessThan(300);
  const confirmed = await post(client, "summit", api, {
    intent: "upload_confirm",
    questionnaireId: q.id,
    questionId,
    key: grant.body.upload.key,
    contentType: "application/pdf",
    fileName,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return grant.body.upload.key as string;
}

const clientView = () =>
  client.data<{ data: { uploads: Record<string, UploadedFileState> } }>("summit", `/questionnaire/${q.hash}?questionnaireId=${q.id}`, CLIENT_ROUTE);
const advisorView = () =>
  advisor.data<{ canSplit: boolean; data: { uploads: Record<string, UploadedFileState> } }>(
    "summit",
    `/preview/${q.companyId}/questionnaire/${q.id}`,
    PREVIEW_ROUTE,
  );

/** Collect's has_split_documents_to_review for the questionnaire (its row, found by the entity's name). */
async function splitToReview(): Promise<boolean> {
  const { rows } = await su.query(`SELECT name FROM companies WHERE id = $1`, [q.companyId]);
  const page = await advisor.data<{ rows: { id: string; hasSplitDocumentsToReview: boolean }[] }>(
    "summit",
    `/overview?q=${encodeURIComponent(rows[0].name)}&size=50`,
    "routes/overview",
  );
  const row = page.rows.find((r) => r.id === q.id);
  expect(row, "the questionnaire's Collect row").toBeTruthy();
  return row!.hasSplitDocumentsToReview;
}

async function waitForSplit(extractedDocumentId: string) {
  for (let i = 0; i < 200; i++) {
    const { status, body } = await post(advisor, "summit", `/api/documents/${q.hash}`, { intent: "split_status", extractedDocumentId });
    expect(status).toBe(200);
    if (!body.split.processing) return body.split;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error("split still processing");
}

/** Everything a split request could write. */
async function written() {
  const { rows } = await su.query(
    `SELECT (SELECT count(*) FROM extracted_documents)::int AS extracted, (SELECT count(*) FROM documents)::int AS documents,
            (SELECT count(*) FROM pgboss.job WHERE name = 'split-document')::int AS jobs`,
  );
  return rows[0];
}

// ─── Counting statements (every pg client in this process: the app runs in it too) ───
const statements: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (counting) {
    const first = params[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    if (!/pgboss/i.test(text)) statements.push(text.replace(/\s+/g, " ").trim());
  }
  return (query as (...a: unknown[]) => unknown).apply(this, params);
} as typeof query;

async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; all: string[]; documents: string[] }> {
  statements.length = 0;
  counting = true;
  try {
    const result = await fn();
    // The statements that read uploaded files or splits (the sections' own documents are read by key, without either).
    return { result, all: [...statements], documents: statements.filter((s) => /storage_key|extracted_documents/.test(s)) };
  } finally {
    counting = false;
  }
}

beforeAll(async () => {
  // Acme gets the bulk upload processor too: its advisors may split, only not summit's documents.
  app = await bootApp({
    name: "checklist-split",
    s3: true,
    beforeServe: async () => {
      await scoped("firm_acme", (tx) => tx.firmPreferences.update({ where: { firmId: "firm_acme" }, data: { bulkUploadProcessor: true } }));
    },
    jobs: { only: ["split-document"], pollingIntervalSeconds: 0.5 },
  });
  expect(app.jobs?.running).toBe(true);
  su = app.su;
  client = await app.signIn("summit", "client@summit.test");
  advisor = await app.signIn("summit", "partner@summit.test");
  acmePartner = await app.signIn("acme", "partner@acme.test");
  const { rows } = await su.query(
    `SELECT q.id, q.company_id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE q.firm_id = $1 AND u.email = 'client@summit.test' AND q.name = '2025 Return Review and Signature'`,
    [SUMMIT],
  );
  const { rows: questions } = await su.query(
    `SELECT qu.id FROM questions qu JOIN sections s ON s.id = qu.section_id WHERE qu.questionnaire_id = $1 AND s.section_type = 10 AND qu.question_type = 'upload' ORDER BY qu."order"`,
    [rows[0].id],
  );
  q = { id: rows[0].id, companyId: rows[0].company_id, hash: rows[0].hash_id, checklist: questions.map((r) => r.id) };
  expect(q.checklist.length).toBeGreaterThanOrEqual(2);
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("checklist files and their splits", () => {
  let key: string;
  let documentId: string;

  it("gives the advisor's preview each uploaded file's document, type and split state", async () => {
    key = await upload(q.checklist[0]!, "Bank statements.pdf", await makePdf(3));
    const view = await advisorView();
    expect(view.canSplit).toBe(true);
    const file = view.data.uploads[key]!;
    expect(file).toMatchObject({ name: "Bank statements.pdf", contentType: "application/pdf", passwordProtected: false, split: null });
    const { rows } = await su.query(`SELECT id, company_id, questionnaire_id, question_id FROM documents WHERE storage_key = $1`, [key]);
    expect(rows[0]).toMatchObject({ id: file.documentId, company_id: q.companyId, questionnaire_id: q.id, question_id: q.checklist[0] });
    documentId = file.documentId;
  });

  it("refuses a client's split: 404, nothing written or enqueued", async () => {
    const before = await written();
    const refused = await post(client, "summit", `/api/documents/${q.hash}`, { intent: "split", id: documentId, pages: "1, 2-3" });
    expect(refused.status).toBe(404);
    expect((await post(client, "summit", `/api/documents/${q.hash}`, { intent: "split_status", extractedDocumentId: "anything" })).status).toBe(404);
    expect(await written()).toEqual(before);
  });

  it("refuses another entity's and another firm's documents: 404, nothing written or enqueued", async () => {
    const { rows: other } = await su.query(
      `SELECT c.hash_id, c.id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
        WHERE c.firm_id = $1 AND u.email = 'client@summit.test' AND c.id <> $2 LIMIT 1`,
      [SUMMIT, q.companyId],
    );
    const { rows: acme } = await su.query(`SELECT hash_id FROM companies WHERE firm_id = $1 AND deleted_at IS NULL LIMIT 1`, ["firm_acme"]);
    const before = await written();
    // This entity's document asked for through another entity of the firm.
    expect((await post(advisor, "summit", `/api/documents/${other[0].hash_id}`, { intent: "split", id: documentId, pages: "1" })).status).toBe(404);
    // Another firm's staff, with the right entity hash and document id.
    expect((await post(acmePartner, "acme", `/api/documents/${q.hash}`, { intent: "split", id: documentId, pages: "1" })).status).toBe(404);
    expect((await post(acmePartner, "acme", `/api/documents/${acme[0].hash_id}`, { intent: "split", id: documentId, pages: "1" })).status).toBe(404);
    // An unknown document.
    expect((await post(advisor, "summit", `/api/documents/${q.hash}`, { intent: "split", id: "nope", pages: "1" })).status).toBe(404);
    expect(await written()).toEqual(before);
  });

  it("splits a checklist PDF from the preview into new documents of the same entity; the client sees them and the note", async () => {
    const started = await post(advisor, "summit", `/api/documents/${q.hash}`, { intent: "split", id: documentId, pages: "1, 2-3" });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.split).toMatchObject({ status: "processing", processing: true });

    // While it runs, the client's poll says so.
    const polling = await post(client, "summit", `/api/questionnaires/${q.hash}`, { intent: "upload_states", questionnaireId: q.id });
    expect(polling.status).toBe(200);
    expect(polling.body.uploads[key]).toMatchObject({ documentId });

    const done = await waitForSplit(started.body.split.extractedDocumentId);
    expect(done.status).toBe("split_succeeded");
    expect(done.parts.map((p: { name: string; parentPages: number[] }) => [p.name, p.parentPages])).toEqual([
      ["Bank statements (page 1).pdf", [1]],
      ["Bank statements (pages 2-3).pdf", [2, 3]],
    ]);
    const { rows: parts } = await su.query(`SELECT company_id, storage_key FROM documents WHERE id = ANY($1)`, [
      done.parts.map((p: { documentId: string }) => p.documentId),
    ]);
    expect(parts).toHaveLength(2);
    for (const p of parts) {
      expect(p.company_id).toBe(q.companyId);
      expect(p.storage_key).toMatch(new RegExp(`^firms/${SUMMIT}/entities/${q.companyId}/documents/`));
    }

    const staffFile = (await advisorView()).data.uploads[key]!;
    expect(staffFile.split).toMatchObject({ status: "split_succeeded", markedAsOthers: false, parts: done.parts });

    const clientUploads = (await clientView()).data.uploads;
    expect(clientUploads[key]!.split?.parts.map((p) => p.name)).toEqual(["Bank statements (page 1).pdf", "Bank statements (pages 2-3).pdf"]);
    expect(questionnaireSplitSummary(Object.values(clientUploads))).toEqual({ split: true, processing: false });
    const polled = await post(client, "summit", `/api/questionnaires/${q.hash}`, { intent: "upload_states", questionnaireId: q.id });
    expect(polled.body.uploads[key].split.status).toBe("split_succeeded");
    // The checklist is the first section: the page as served says it.
    const page = await client.get("summit", `/questionnaire/${q.hash}?questionnaireId=${q.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(SPLIT_MESSAGES.clientNote);
    expect(page.text).toContain("Bank statements (pages 2-3).pdf");

    // Collect flags the questionnaire (has_split_documents_to_review) until the split is marked as other.
    expect(await splitToReview()).toBe(true);
    const marked = await post(advisor, "summit", `/api/documents/${q.hash}`, { intent: "mark_other", extractedDocumentId: done.extractedDocumentId });
    expect(marked.body.split.markedAsOthers).toBe(true);
    expect(await splitToReview()).toBe(false);

    // Restore: the parts go, the note with them.
    expect((await post(advisor, "summit", `/api/documents/${q.hash}`, { intent: "split_restore", extractedDocumentId: done.extractedDocumentId })).status).toBe(
      200,
    );
    expect((await clientView()).data.uploads[key]!.split).toBeNull();
    const after = await client.get("summit", `/questionnaire/${q.hash}?questionnaireId=${q.id}`);
    expect(after.text).not.toContain(SPLIT_MESSAGES.clientNote);
  });

  it("keeps a split file restorable when the client removes it from the answer", async () => {
    const removable = await upload(q.checklist[1]!, "Payroll.pdf", await makePdf(2));
    const file = (await advisorView()).data.uploads[removable]!;
    const started = await post(advisor, "summit", `/api/documents/${q.hash}`, { intent: "split", id: file.documentId, pages: "1, 2" });
    expect((await waitForSplit(started.body.split.extractedDocumentId)).status).toBe("split_succeeded");
    const removed = await post(client, "summit", `/api/questionnaires/${q.hash}`, {
      intent: "upload_remove",
      questionnaireId: q.id,
      questionId: q.checklist[1],
      key: removable,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const { rows } = await su.query(`SELECT deleted_at FROM documents WHERE id = $1`, [file.documentId]);
    expect(rows[0].deleted_at).not.toBeNull();
    expect(await app.s3!.storage.headObject({ firmId: SUMMIT, key: removable })).not.toBeNull();
    expect((await clientView()).data.uploads[removable]).toBeUndefined();
  });
});

describe("the loader's cost", () => {
  it("reads every file and split of the questionnaire in one statement, for 1 file as for 20", async () => {
    // A questionnaire of its own: the first checklist question holds `n` files, every other one split in two.
    const { rows } = await su.query(`SELECT id FROM questions WHERE questionnaire_id = $1 AND id = ANY($2)`, [q.id, q.checklist]);
    expect(rows.length).toBeGreaterThan(0);
    const questionId = q.checklist[2] ?? q.checklist[0]!;

    async function seedFiles(n: number): Promise<string[]> {
      await su.query(`BEGIN`);
      const keys: string[] = [];
      for (let i = 0; i < n; i++) {
        const key = `firms/${SUMMIT}/entities/${q.companyId}/documents/${"f".repeat(30)}${String(i).padStart(2, "0")}-Load ${n}-${i}.pdf`;
        const doc = `load-${n}-${i}`;
        await su.query(
          `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, content_type, questionnaire_id, question_id, updated_at)
           VALUES ($1, $2, $3, 'file', '/2025', $4, $5, 'application/pdf', $6, $7, now())`,
          [doc, SUMMIT, q.companyId, `Load ${n}-${i}.pdf`, key, q.id, questionId],
        );
        if (i % 2 === 0) {
          await su.query(
            `INSERT INTO extracted_documents (id, firm_id, company_id, questionnaire_id, source_document_id, name, status, source, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'x', 'split_succeeded', 'split', now())`,
            [`${doc}-e`, SUMMIT, q.companyId, q.id, doc],
          );
          for (const part of [1, 2]) {
            await su.query(
              `INSERT INTO extracted_documents (id, firm_id, company_id, questionnaire_id, source_document_id, parent_document_id, parent_pages, page_count, name, status, source, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, 1, 'x', 'split_succeeded', 'split', now())`,
              [`${doc}-e${part}`, SUMMIT, q.companyId, q.id, doc, `${doc}-e`, [part]],
            );
            await su.query(
              `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, content_type, extracted_document_id, updated_at)
               VALUES ($1, $2, $3, 'file', '/2025', $4, $5, 'application/pdf', $6, now())`,
              [`${doc}-p${part}`, SUMMIT, q.companyId, `Load ${n}-${i} (pages ${part}).pdf`, `${key}.p${part}`, `${doc}-e${part}`],
            );
          }
        }
        keys.push(key);
      }
      await su.query(`UPDATE questions SET answer = $1 WHERE id = $2`, [keys.join("&!&"), questionId]);
      await su.query(`COMMIT`);
      return keys;
    }

    const one = await seedFiles(1);
    const small = await counted(() => clientView());
    expect(small.result.data.uploads[one[0]!]?.split?.parts).toHaveLength(2);

    const twenty = await seedFiles(20);
    const large = await counted(() => clientView());
    const uploads = large.result.data.uploads;
    for (const [i, key] of twenty.entries()) {
      expect(uploads[key], key).toMatchObject({ documentId: `load-20-${i}`, contentType: "application/pdf" });
      expect(uploads[key]!.split?.parts.length ?? 0).toBe(i % 2 === 0 ? 2 : 0);
    }
    // One statement reads the documents, whatever the count; the whole page load is the same size.
    expect(large.documents).toHaveLength(1);
    expect(small.documents).toHaveLength(1);
    expect(large.all.length).toBe(small.all.length);

    // The same for the advisor's preview.
    const staff = await counted(() => advisorView());
    expect(Object.keys(staff.result.data.uploads)).toEqual(expect.arrayContaining(twenty));
    expect(staff.documents).toHaveLength(1);
  });

  it("reads only documents of the questionnaire's own entity", async () => {
    // A key of another entity's document planted in the answer is not described.
    const { rows: other } = await su.query(
      `SELECT c.id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
        WHERE c.firm_id = $1 AND u.email = 'client@summit.test' AND c.id <> $2 LIMIT 1`,
      [SUMMIT, q.companyId],
    );
    const foreignKey = `firms/${SUMMIT}/entities/${other[0].id}/documents/${"e".repeat(32)}-Other.pdf`;
    await su.query(
      `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, content_type, questionnaire_id, updated_at)
       VALUES ('foreign-doc', $1, $2, 'file', '/', 'Other.pdf', $3, 'application/pdf', $4, now())`,
      [SUMMIT, other[0].id, foreignKey, q.id],
    );
    const questionId = q.checklist[2] ?? q.checklist[0]!;
    await su.query(`UPDATE questions SET answer = answer || '&!&' || $1 WHERE id = $2`, [foreignKey, questionId]);
    const view = await clientView();
    expect(view.data.uploads[foreignKey]).toBeUndefined();
    expect(Object.keys(view.data.uploads).length).toBeGreaterThan(0);
  });
});
