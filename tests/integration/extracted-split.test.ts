/**
 * PDF checks at upload confirm, document split (request → job → new objects and rows) and the
 * orphan object cleanup, against real PostgreSQL (demo seed) and the local S3 server.
 */
import type pg from "pg";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DocumentsModule from "../../app/documents/documents.server";
import { PortalError } from "../../app/errors";
import type * as SplitModule from "../../app/documents/splits/split.server";
import type * as OrphansModule from "../../app/documents/splits/orphans.server";
import type * as JobsModule from "../../app/jobs.server";
import type * as DocJobsModule from "../../app/documents/jobs.server";
import type { SessionUser } from "../../app/auth/session.server";
import type { FirmSiteContext } from "../../app/context.server";
import { listStoredKeys, postToGrant, type TestS3 } from "../support/s3";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let s3: TestS3;
let docs: typeof DocumentsModule;
let split: typeof SplitModule;
let orphans: typeof OrphansModule;
let jobsModule: typeof JobsModule;
let docJobs: typeof DocJobsModule;
let jobs: JobsModule.Jobs;
let su: pg.Client;

const PROTECTED = "The PDFs you uploaded are either password-protected or cannot be opened. Please either remove the password or upload alternative files.";

async function makePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200 + i, 200]).drawText(`Page ${i + 1}`, { x: 10, y: 100, size: 12 });
  return pdf.save({ useObjectStreams: false });
}

/** A PDF whose trailer carries an /Encrypt entry (as a password-protected PDF's does). */
async function encryptedPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await makePdf(1)).toString("latin1");
  expect(text).toContain("trailer");
  return new Uint8Array(Buffer.from(text.replace(/trailer\s*<</, "trailer\n<< /Encrypt << /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >>"), "latin1"));
}

type Ctx = { portal: FirmSiteContext; user: SessionUser };

async function uploaded(ctx: Ctx, hash: string, fileName: string, bytes: Uint8Array, contentType = "application/pdf") {
  const { grant } = await docs.performDocumentAction(ctx, hash, { intent: "upload_grant", path: "/", fileName, contentType, size: bytes.length });
  expect((await postToGrant(grant!, bytes, fileName)).status).toBeLessThan(300);
  return docs.performDocumentAction(ctx, hash, { intent: "upload_confirm", path: "/", fileName, contentType, key: grant!.key });
}

async function expectError(promise: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(PortalError);
  expect((error as PortalError).status).toBe(status);
  if (message) expect((error as Error).message).toMatch(message);
}

async function objectKeys(): Promise<string[]> {
  return listStoredKeys(s3.config);
}

let acme: FirmSiteContext;
let client: Ctx;
let advisor: Ctx;
let hash: string;

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true, s3: "extracted-test" });
  su = testDb.su;
  s3 = testDb.s3!;
  docs = await import("../../app/documents/documents.server");
  split = await import("../../app/documents/splits/split.server");
  orphans = await import("../../app/documents/splits/orphans.server");
  jobsModule = await import("../../app/jobs.server");
  docJobs = await import("../../app/documents/jobs.server");
  jobs = await jobsModule.startJobs({
    databaseUrl: testDb.db.url,
    jobs: docJobs.documentJobs().filter((j) => j.name === split.SPLIT_DOCUMENT_JOB),
    pollingIntervalSeconds: 0.5,
    log: () => {},
  });
  expect(jobs.running).toBe(true);
  acme = await testDb.firmSite("acme", { bulkUploadProcessor: true });
  client = { portal: acme, user: await testDb.sessionUser("client@acme.test", "acme") };
  advisor = { portal: acme, user: await testDb.sessionUser("partner@acme.test", "acme") };
  const { rows } = await su.query(
    `SELECT c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = 'client@acme.test' AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY c.name LIMIT 1`,
  );
  hash = rows[0].hash_id;
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await testDb?.close();
});

describe("PDF check at upload confirm", () => {
  it("flags a password-protected PDF and tells the user", async () => {
    const result = await uploaded(client, hash, "Locked.pdf", await encryptedPdf());
    expect(result.message).toBe(PROTECTED);
    expect(result.item?.passwordProtected).toBe(true);
    const { rows } = await su.query(`SELECT password_protected FROM documents WHERE id = $1`, [result.item!.id]);
    expect(rows[0].password_protected).toBe(true);
  });

  it("flags a PDF that cannot be opened", async () => {
    const whole = await makePdf(3);
    const result = await uploaded(client, hash, "Broken.pdf", whole.subarray(0, Math.floor(whole.length / 2)));
    expect(result.message).toBe(PROTECTED);
    expect(result.item?.passwordProtected).toBe(true);
  });

  it("does not flag a readable PDF", async () => {
    const result = await uploaded(client, hash, "Fine.pdf", await makePdf(2));
    expect(result.message).toBe("Document(s) uploaded successfully");
    expect(result.item?.passwordProtected).toBe(false);
  });
});

async function waitForSplit(ctx: Ctx, extractedDocumentId: string) {
  for (let i = 0; i < 200; i++) {
    const { split: state } = await split.performExtractedAction(ctx, hash, { intent: "split_status", extractedDocumentId });
    if (!state!.processing) return state!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("split still processing");
}

describe("document split", () => {
  it("splits a PDF by page ranges in a job into new documents and objects", async () => {
    const source = await uploaded(client, hash, "Statements.pdf", await makePdf(6));
    // The client's note ('Some of your documents were split…') shows only once a split succeeded.
    expect(await split.hasSplitDocuments(acme.db, hash)).toBe(false);
    const started = await split.performExtractedAction(advisor, hash, { intent: "split", id: source.item!.id, pages: "1-2, 3, 4-6" });
    expect(started.split?.status).toBe("processing");
    const state = await waitForSplit(advisor, started.split!.extractedDocumentId);
    expect(state.status).toBe("split_succeeded");
    expect(state.parts.map((p) => [p.name, p.pageCount, p.parentPages])).toEqual([
      ["Statements (pages 1-2).pdf", 2, [1, 2]],
      ["Statements (page 3).pdf", 1, [3]],
      ["Statements (pages 4-6).pdf", 3, [4, 5, 6]],
    ]);
    const { rows } = await su.query(
      `SELECT d.name, d.storage_key, e.parent_document_id, e.status::text AS status FROM documents d JOIN extracted_documents e ON e.id = d.extracted_document_id WHERE d.id = ANY($1) ORDER BY d.name`,
      [state.parts.map((p) => p.documentId)],
    );
    expect(rows).toHaveLength(3);
    const pageCounts: Record<string, number> = { "Statements (pages 1-2).pdf": 2, "Statements (page 3).pdf": 1, "Statements (pages 4-6).pdf": 3 };
    for (const row of rows) {
      expect(row.parent_document_id).toBe(state.extractedDocumentId);
      expect(row.status).toBe("split_succeeded");
      expect(row.storage_key).toMatch(new RegExp(`^firms/${acme.firm.id}/entities/[^/]+/documents/`));
      const { url } = await docs.performDocumentAction(client, hash, { intent: "download_url", id: state.parts.find((p) => p.name === row.name)!.documentId });
      const part = await PDFDocument.load(new Uint8Array(await (await fetch(url!)).arrayBuffer()));
      expect(part.getPageCount()).toBe(pageCounts[row.name]);
    }
    expect(await split.hasSplitDocuments(acme.db, hash)).toBe(true);
    expect(await split.hasSplitDocuments(acme.db, `${hash}-other`)).toBe(false);

    // Restore: the new documents go away, the original stays.
    const restored = await split.performExtractedAction(advisor, hash, { intent: "split_restore", extractedDocumentId: state.extractedDocumentId });
    expect(restored.message).toBe("Document restored successfully");
    const { rows: after } = await su.query(`SELECT count(*)::int AS n FROM documents WHERE id = ANY($1) AND deleted_at IS NULL`, [
      state.parts.map((p) => p.documentId),
    ]);
    expect(after[0].n).toBe(0);
    const home = await docs.loadDocumentBrowser(client, hash, { path: "/" });
    expect(home.items.some((i) => i.name === "Statements.pdf")).toBe(true);
  });

  it("marks a failed split split_failed when the ranges are past the last page", async () => {
    const source = await uploaded(client, hash, "Short.pdf", await makePdf(2));
    const started = await split.performExtractedAction(advisor, hash, { intent: "split", id: source.item!.id, pages: "1, 3" });
    const state = await waitForSplit(advisor, started.split!.extractedDocumentId);
    expect(state.status).toBe("split_failed");
    expect(state.parts).toEqual([]);
    const marked = await split.performExtractedAction(advisor, hash, { intent: "mark_other", extractedDocumentId: state.extractedDocumentId });
    expect(marked.split?.markedAsOthers).toBe(true);
  });

  it("validates page ranges and refuses non-PDFs", async () => {
    const source = await uploaded(client, hash, "Ranges.pdf", await makePdf(3));
    await expectError(
      split.performExtractedAction(advisor, hash, { intent: "split", id: source.item!.id, pages: "3-1" }),
      400,
      "A range must start with the lower page, e.g. 3-5.",
    );
    await expectError(
      split.performExtractedAction(advisor, hash, { intent: "split", id: source.item!.id, pages: "" }),
      400,
      "Please enter the pages to split.",
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
    const image = await uploaded(client, hash, "Photo.png", png, "image/png");
    await expectError(split.performExtractedAction(advisor, hash, { intent: "split", id: image.item!.id, pages: "1" }), 400, "Only PDFs can be split.");
  });

  it("refuses non-advisors, firms without the processor, clients and other firms", async () => {
    const source = await uploaded(client, hash, "Guarded.pdf", await makePdf(2));
    const before = await su.query(`SELECT count(*)::int AS n FROM extracted_documents`);
    const action = { intent: "split" as const, id: source.item!.id, pages: "1" };
    await expectError(
      split.performExtractedAction({ portal: acme, user: { ...advisor.user, isAdvisor: false } }, hash, action),
      403,
      split.SPLIT_MESSAGES.notAllowed,
    );
    await expectError(
      split.performExtractedAction({ portal: await testDb.firmSite("acme", { bulkUploadProcessor: false }), user: advisor.user }, hash, action),
      403,
      split.SPLIT_MESSAGES.notAllowed,
    );
    await expectError(split.performExtractedAction(client, hash, action), 404);
    const summit = await testDb.firmSite("summit", { bulkUploadProcessor: true });
    const summitStaff = { portal: summit, user: await testDb.sessionUser("partner@summit.test", "summit") };
    await expectError(split.performExtractedAction(summitStaff, hash, action), 404);
    const { rows: own } = await su.query(`SELECT hash_id FROM companies WHERE firm_id = $1 AND deleted_at IS NULL LIMIT 1`, [summit.firm.id]);
    await expectError(split.performExtractedAction(summitStaff, own[0].hash_id, action), 404);
    const after = await su.query(`SELECT count(*)::int AS n FROM extracted_documents`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe("orphan object cleanup", () => {
  it("deletes only document objects with no row", async () => {
    const kept = await uploaded(client, hash, "Kept.pdf", await makePdf(1));
    const { rows } = await su.query(`SELECT storage_key FROM documents WHERE id = $1`, [kept.item!.id]);
    const keptKey: string = rows[0].storage_key;
    const { grant } = await docs.performDocumentAction(client, hash, {
      intent: "upload_grant",
      path: "/",
      fileName: "Never confirmed.pdf",
      contentType: "application/pdf",
      size: 10,
    });
    await postToGrant(grant!, await makePdf(1), "Never confirmed.pdf");
    const orphanKey = grant!.key;
    const otherArea = keptKey.replace(/\/documents\/[^/]+$/, "/tax-returns/keep-me.pdf");
    const { putObject } = await import("../../app/storage.server");
    await putObject({ firmId: acme.firm.id, key: otherArea, bytes: new Uint8Array([1]), contentType: "application/pdf" });
    expect(await objectKeys()).toEqual(expect.arrayContaining([keptKey, orphanKey, otherArea]));

    // Younger than a day: nothing is deleted.
    expect((await orphans.cleanupOrphanObjects()).deleted).toBe(0);
    expect(await objectKeys()).toContain(orphanKey);

    const result = await orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000) });
    expect(result.deleted).toBe(1);
    const keys = await objectKeys();
    expect(keys).not.toContain(orphanKey);
    expect(keys).toEqual(expect.arrayContaining([keptKey, otherArea]));

    // Per firm by prefix: another firm's sweep never touches acme's objects.
    const { grant: second } = await docs.performDocumentAction(client, hash, {
      intent: "upload_grant",
      path: "/",
      fileName: "Also never confirmed.pdf",
      contentType: "application/pdf",
      size: 10,
    });
    await postToGrant(second!, await makePdf(1), "Also never confirmed.pdf");
    expect((await orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000), firmIds: [firmIdOf("summit")] })).deleted).toBe(0);
    expect(await objectKeys()).toContain(second!.key);
    expect((await orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000), firmIds: [acme.firm.id] })).deleted).toBe(1);
    expect(await objectKeys()).not.toContain(second!.key);
  });

  it("deletes template PDFs no template section points to, keeping those of deleted templates", async () => {
    const { putObject } = await import("../../app/storage.server");
    const { templateDocumentKey } = await import("../../app/storage/keys");
    const firmId = acme.firm.id;
    const key = (name: string) => templateDocumentKey(firmId, name);
    const [used, ofDeleted, replaced, neverSaved] = [key("Engagement.pdf"), key("Old terms.pdf"), key("Replaced.pdf"), key("Never saved.pdf")];
    for (const k of [used, ofDeleted, replaced, neverSaved]) await putObject({ firmId, key: k, bytes: new Uint8Array([1]), contentType: "application/pdf" });
    await su.query(
      `INSERT INTO questionnaire_templates (id, firm_id, hash_id, name, deleted_at, updated_at) VALUES
         ('tpl_orphan_live', $1, 'tplorphanlive', 'Live', NULL, now()), ('tpl_orphan_gone', $1, 'tplorphangone', 'Deleted', now(), now())`,
      [firmId],
    );
    await su.query(
      `INSERT INTO template_sections (id, firm_id, template_id, section_type, name, document_key, document_name) VALUES
         ('tsec_orphan_1', $1, 'tpl_orphan_live', 5, 'Engagement', $2, 'Engagement.pdf'),
         ('tsec_orphan_2', $1, 'tpl_orphan_gone', 5, 'Old terms', $3, 'Old terms.pdf')`,
      [firmId, used, ofDeleted],
    );

    // Younger than a day: nothing is deleted.
    await orphans.cleanupOrphanObjects({ firmIds: [firmId] });
    expect(await objectKeys()).toEqual(expect.arrayContaining([used, ofDeleted, replaced, neverSaved]));
    // Another firm's sweep leaves them.
    await orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000), firmIds: [firmIdOf("summit")] });
    expect(await objectKeys()).toEqual(expect.arrayContaining([used, ofDeleted, replaced, neverSaved]));

    const result = await orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000) });
    expect(result.deleted).toBe(2);
    const keys = await objectKeys();
    expect(keys).toEqual(expect.arrayContaining([used, ofDeleted]));
    expect(keys).not.toContain(replaced);
    expect(keys).not.toContain(neverSaved);
  });

  it("a template saved while the sweep runs keeps its PDF; one saved after the sweep deleted it is refused", async () => {
    const { putObject } = await import("../../app/storage.server");
    const { templateDocumentKey } = await import("../../app/storage/keys");
    const { withFirm } = await import("../../app/db.server");
    const { assertTemplateDocuments } = await import("../../app/templates/template-pdf.server");
    const firmId = acme.firm.id;
    const pdf = templateDocumentKey(firmId, "Uploaded yesterday.pdf");
    await putObject({ firmId, key: pdf, bytes: new Uint8Array([1]), contentType: "application/pdf" });
    await su.query(`INSERT INTO questionnaire_templates (id, firm_id, hash_id, name, updated_at) VALUES ('tpl_race', $1, 'tplrace', 'Race', now())`, [firmId]);

    // The save has checked its PDF (holding the lock) and is about to write its section when the sweep starts.
    let sweep!: Promise<{ deleted: number }>;
    await withFirm(firmId, async (tx) => {
      await assertTemplateDocuments(tx, acme, [{ key: pdf }]);
      sweep = orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000), firmIds: [firmId] });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await tx.templateSection.create({
        data: { id: "tsec_race", firmId, templateId: "tpl_race", sectionType: 5, name: "Engagement", documentKey: pdf, documentName: "Uploaded yesterday.pdf" },
      });
    });
    await sweep;
    expect(await objectKeys()).toContain(pdf);

    // The section goes (the PDF replaced): the next sweep deletes the PDF, and a save naming it is refused.
    await su.query(`DELETE FROM template_sections WHERE id = 'tsec_race'`);
    await orphans.cleanupOrphanObjects({ olderThan: new Date(Date.now() + 60_000), firmIds: [firmId] });
    expect(await objectKeys()).not.toContain(pdf);
    await expect(withFirm(firmId, (tx) => assertTemplateDocuments(tx, acme, [{ key: pdf }]))).rejects.toMatchObject({
      status: 400,
      message: "Please attach the PDF again",
    });
  });
});
