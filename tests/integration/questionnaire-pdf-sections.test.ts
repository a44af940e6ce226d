/**
 * The questionnaire's document sections against real PostgreSQL and a real S3-protocol server,
 * with the demo seed (which makes the PDFs with pdf-lib and stores them): view and download URLs,
 * review (request changes, approve), signing a PDF (the signed copy is stored beside the untouched
 * original; removing a signature voids it), delivery receipt, the document checklist's completion,
 * and other clients and firms refused with 404 and nothing changed.
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import type * as SeedModule from "../../prisma/seed";
import type * as ServerModule from "../../app/questionnaires/questionnaire.server";
import { PortalError } from "../../app/errors";
import { postToGrant } from "../support/s3";
import { setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let db: typeof DbModule;
let seed: typeof SeedModule;
let server: typeof ServerModule;
let su: pg.Client;

type Action = ServerModule.QuestionnaireAction;
type Ctx = ServerModule.ActionContext;

/** A firm's site, asked from the address the signing tests expect in the stored copies. */
const portalFor = (slug: string, preferences: Parameters<TestDb["firmSite"]>[1] = {}) => testDb.firmSite(slug, preferences, { clientAddress: "198.51.100.7" });

async function request(slug: string, email: string) {
  const { rows } = await su.query(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE q.firm_id = $1 AND u.email = $2 AND q.name = '2025 Return Review and Signature'`,
    [seed.demoFirmId(slug), email],
  );
  const sections = await su.query(`SELECT id, section_key FROM sections WHERE questionnaire_id = $1`, [rows[0].id]);
  const section = (key: string): string => sections.rows.find((s) => s.section_key === key).id;
  return { questionnaireId: rows[0].id as string, hash: rows[0].hash_id as string, section };
}

/** A fingerprint of everything these actions can change. */
async function snapshot(): Promise<string> {
  const { rows } = await su.query(`
    SELECT md5(string_agg(x, '|' ORDER BY x)) AS h FROM (
      SELECT id || marked_completed || coalesce(changes_requested, '') || coalesce(signed_document_id, '') AS x FROM sections
      UNION ALL SELECT id || coalesce(signature, '') || coalesce(signed_at::text, '') || not_needed FROM engagement_signatures
      UNION ALL SELECT id || name || coalesce(deleted_at::text, '') FROM documents
      UNION ALL SELECT id || coalesce(answer, '') FROM questions
      UNION ALL SELECT id FROM activity_logs) t`);
  return rows[0].h;
}

async function expectRefused(promise: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(PortalError);
  expect((error as PortalError).status).toBe(status);
  if (message) expect((error as Error).message).toMatch(message);
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const fetchBytes = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

let acmeCtx: Ctx;
let acme: Awaited<ReturnType<typeof request>>;
const act = (action: Record<string, unknown>, ctx: Ctx = acmeCtx) =>
  server.performQuestionnaireAction(ctx, server.questionnaireActionSchema.parse({ questionnaireId: acme.questionnaireId, ...action }) as Action);

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true, s3: "pdf-sections-test" });
  su = testDb.su;
  db = await import("../../app/db.server");
  seed = await import("../../prisma/seed");
  server = await import("../../app/questionnaires/questionnaire.server");
  acme = await request("acme", "client@acme.test");
  acmeCtx = { portal: await portalFor("acme"), user: await testDb.sessionUser("client@acme.test", "acme"), companyHash: acme.hash, userAgent: "vitest" };
}, 180_000);

afterAll(() => testDb?.close());

describe("seeded document sections", () => {
  it("attaches a real PDF to every document section, once", async () => {
    const data = await server.loadClientQuestionnaire(acmeCtx.portal, acmeCtx.user, acme.hash, acme.questionnaireId);
    const kinds = data.sections.map((s) => [s.sectionType, s.document?.name ?? null]);
    expect(kinds).toEqual([
      [10, null],
      [6, "2025 Draft Return.pdf"],
      [9, "Form 8879 E-file Authorization.pdf"],
      [8, "2025 Engagement Summary.pdf"],
      [11, "2024 Filed Return.pdf"],
    ]);
    const signing = data.sections.find((s) => s.sectionType === 9)!;
    expect(signing.signatures.map((g) => [g.userName, g.signedAt])).toEqual([["Jordan Rivera", null]]);
    const before = await su.query(`SELECT count(*)::int AS n FROM documents`);
    await seed.seedDemo();
    expect((await su.query(`SELECT count(*)::int AS n FROM documents`)).rows[0].n).toBe(before.rows[0].n);
  });
});

describe("view and download", () => {
  it("issues a short-lived inline URL for the viewer; the PDF comes from the store", async () => {
    const reply = await act({ intent: "document_url", sectionId: acme.section("draft_return_review") });
    expect(reply.url).toMatch(/X-Amz-Expires=300/);
    expect(reply.url).toMatch(/response-content-disposition=inline/);
    const pdf = await PDFDocument.load(await fetchBytes(reply.url!));
    expect(pdf.getPageCount()).toBe(3);
    expect(reply.sections).toBeUndefined();
  });

  it("completes a download_document section when its file is downloaded (attachment, 60 s)", async () => {
    const sectionId = acme.section("organizer_copy");
    const viewed = await act({ intent: "document_url", sectionId });
    expect(viewed.sections).toBeUndefined();
    const reply = await act({ intent: "document_url", sectionId, download: true });
    expect(reply.url).toMatch(/X-Amz-Expires=60/);
    expect(decodeURIComponent(reply.url!)).toMatch(/attachment; filename="2025 Engagement Summary.pdf"/);
    expect(reply.sections).toEqual([{ id: sectionId, markedCompleted: true }]);
    expect((await su.query(`SELECT marked_completed FROM sections WHERE id = $1`, [sectionId])).rows[0].marked_completed).toBe(true);
  });

  it("refuses sections without a document and signed copies that don't exist", async () => {
    await expectRefused(act({ intent: "document_url", sectionId: acme.section("year_end_documents") }), 400);
    await expectRefused(act({ intent: "document_url", sectionId: acme.section("efile_authorization"), copy: "signed" }), 404, /hasn't attached/);
  });
});

describe("pdf_review", () => {
  it("needs a reason to request changes; the section is then pending; approval completes it and clears the request", async () => {
    const sectionId = acme.section("draft_return_review");
    const before = await snapshot();
    await expectRefused(act({ intent: "request_changes", sectionId, reason: "   " }), 400, "Please enter the changes you need.");
    expect(await snapshot()).toBe(before);

    const requested = await act({ intent: "request_changes", sectionId, reason: "  Add the HSA contribution.  " });
    expect(requested.message).toBe("Changes requested successfully");
    expect(requested.sections).toEqual([{ id: sectionId, markedCompleted: false, changesRequested: "Add the HSA contribution." }]);
    const log = await su.query(`SELECT title, description FROM activity_logs WHERE questionnaire_id = $1 AND title = 'Change request'`, [acme.questionnaireId]);
    expect(log.rows[0].description).toBe("Add the HSA contribution.");
    const data = await server.loadClientQuestionnaire(acmeCtx.portal, acmeCtx.user, acme.hash, acme.questionnaireId);
    expect(data.sections.find((s) => s.id === sectionId)!.changesRequested).toBe("Add the HSA contribution.");

    const approved = await act({ intent: "approve_review", sectionId });
    expect(approved.message).toBe("Document approved successfully");
    const row = (await su.query(`SELECT marked_completed, changes_requested, changes_requested_at FROM sections WHERE id = $1`, [sectionId])).rows[0];
    expect(row).toEqual({ marked_completed: true, changes_requested: null, changes_requested_at: null });

    // Afterwards no more edits.
    await expectRefused(act({ intent: "request_changes", sectionId, reason: "One more thing" }), 409, "This document was already approved.");
    await expectRefused(act({ intent: "approve_review", sectionId }), 409);
  });

  it("is not completed by the generic mark-completed action, and approval is only for review sections", async () => {
    await expectRefused(act({ intent: "complete_section", sectionId: acme.section("efile_authorization") }), 400);
    await expectRefused(act({ intent: "approve_review", sectionId: acme.section("organizer_copy") }), 400);
  });
});

describe("pdf_signature", () => {
  it("signing stores the signature and a signed copy (original untouched); removing it voids the copy; signing again makes a new one", async () => {
    const sectionId = acme.section("efile_authorization");
    const original = (await su.query(`SELECT d.storage_key FROM sections s JOIN documents d ON d.id = s.document_id WHERE s.id = $1`, [sectionId])).rows[0]
      .storage_key as string;
    const originalUrl = (await act({ intent: "document_url", sectionId })).url!;
    const originalBytes = await fetchBytes(originalUrl);
    const signatureId = (await su.query(`SELECT id FROM engagement_signatures WHERE section_id = $1`, [sectionId])).rows[0].id;

    const blank = server.questionnaireActionSchema.safeParse({
      intent: "sign",
      questionnaireId: acme.questionnaireId,
      sectionId,
      signatureId,
      signature: "   ",
    });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Signature is required");
    const signed = await act({ intent: "sign", sectionId, signatureId, signature: "Jordan Rivera", clientTime: "3/1/2026, 9:00:00 AM" });
    expect(signed.message).toBe("Document signed successfully");
    const patch = signed.sections![0];
    expect(patch.markedCompleted).toBe(true);
    expect(patch.signatures![0]).toMatchObject({ signature: "Jordan Rivera" });
    expect(patch.signedDocument!.name).toBe("Form 8879 E-file Authorization (signed).pdf");

    const row = (
      await su.query(
        `SELECT s.marked_completed, d.storage_key, d.path, d.content_type, g.ip_address, g.user_agent FROM sections s JOIN documents d ON d.id = s.signed_document_id JOIN engagement_signatures g ON g.section_id = s.id WHERE s.id = $1`,
        [sectionId],
      )
    ).rows[0];
    expect(row).toMatchObject({ marked_completed: true, path: "/2025", content_type: "application/pdf", ip_address: "198.51.100.7", user_agent: "vitest" });
    expect(row.storage_key).not.toBe(original);

    const signedUrl = (await act({ intent: "document_url", sectionId, copy: "signed" })).url!;
    const signedPdf = await PDFDocument.load(await fetchBytes(signedUrl));
    const originalPdf = await PDFDocument.load(originalBytes);
    expect(signedPdf.getPageCount()).toBe(originalPdf.getPageCount() + 1);
    // The original object is exactly as it was.
    expect(sha(await fetchBytes((await act({ intent: "document_url", sectionId })).url!))).toBe(sha(originalBytes));

    const removed = await act({ intent: "remove_signature", sectionId, signatureId });
    expect(removed.sections![0]).toMatchObject({ markedCompleted: false, signedDocument: null });
    const voided = (await su.query(`SELECT deleted_at FROM documents WHERE storage_key = $1`, [row.storage_key])).rows[0];
    expect(voided.deleted_at).not.toBeNull();
    expect((await su.query(`SELECT signed_document_id FROM sections WHERE id = $1`, [sectionId])).rows[0].signed_document_id).toBeNull();

    const again = await act({ intent: "sign", sectionId, signatureId, signature: "J. Rivera" });
    expect(again.sections![0].signedDocument!.name).toBe("Form 8879 E-file Authorization (signed).pdf");
    const activity = await su.query(`SELECT count(*)::int AS n FROM activity_logs WHERE questionnaire_id = $1 AND type_id = 7`, [acme.questionnaireId]);
    expect(activity.rows[0].n).toBeGreaterThanOrEqual(3);
  });

  it("the job makes the copy of a signed section that has none (large originals), once; unsigned sections get none", async () => {
    const jobs = await import("../../app/pdf/signed-copy.server");
    const sectionId = acme.section("efile_authorization");
    const firmId = seed.demoFirmId("acme");
    // Too large for the request: nothing is made there.
    const written: string[] = [];
    const tooLarge = await db.withFirm(firmId, (tx) =>
      jobs.makeSignedCopy(tx, firmId, { companyId: "x", questionnaireId: acme.questionnaireId }, sectionId, written, 10),
    );
    expect(tooLarge).toBeNull(); // another entity's key: never read
    const { rows } = await su.query(`SELECT q.company_id FROM questionnaires q WHERE q.id = $1`, [acme.questionnaireId]);
    expect(
      await db.withFirm(firmId, (tx) =>
        jobs.makeSignedCopy(tx, firmId, { companyId: rows[0].company_id, questionnaireId: acme.questionnaireId }, sectionId, written, 10),
      ),
    ).toBe("too_large");
    expect(written).toEqual([]);

    const previous = (await su.query(`SELECT signed_document_id FROM sections WHERE id = $1`, [sectionId])).rows[0].signed_document_id;
    await su.query(`UPDATE sections SET signed_document_id = NULL WHERE id = $1`, [sectionId]);
    await su.query(`UPDATE documents SET deleted_at = now() WHERE id = $1`, [previous]);
    expect(await jobs.runSignedCopyJob({ firmId, sectionId })).toEqual({ made: true });
    expect(await jobs.runSignedCopyJob({ firmId, sectionId })).toEqual({ made: false });
    const made = (await su.query(`SELECT d.name FROM sections s JOIN documents d ON d.id = s.signed_document_id WHERE s.id = $1`, [sectionId])).rows[0];
    expect(made.name).toBe("Form 8879 E-file Authorization (signed).pdf");
    // Another firm's id finds nothing (row-level security), and an unsigned section gets no copy.
    expect(await jobs.runSignedCopyJob({ firmId: seed.demoFirmId("summit"), sectionId })).toEqual({ made: false });
    const unsigned = await request("summit", "client@summit.test");
    expect(await jobs.runSignedCopyJob({ firmId: seed.demoFirmId("summit"), sectionId: unsigned.section("efile_authorization") })).toEqual({ made: false });
  });

  it("a PDF with no signers listed is signed by the client who signs it", async () => {
    const other = await request("summit", "client@summit.test");
    // Summit requires the first section first; that rule is tested with the questionnaire actions.
    const ctx: Ctx = {
      portal: await portalFor("summit", { firstSectionRequired: false }),
      user: await testDb.sessionUser("client@summit.test", "summit"),
      companyHash: other.hash,
    };
    const sectionId = other.section("efile_authorization");
    await su.query(`DELETE FROM engagement_signatures WHERE section_id = $1`, [sectionId]);
    const reply = await server.performQuestionnaireAction(ctx, {
      intent: "sign",
      questionnaireId: other.questionnaireId,
      sectionId,
      signatureId: "new",
      signature: "Taylor Morgan",
    });
    expect(reply.sections![0]).toMatchObject({ markedCompleted: true });
    expect(reply.sections![0].signatures!.map((g) => g.userName)).toEqual(["Taylor Morgan"]);
    // With a signer listed, "new" is not a way in for anyone else.
    await expectRefused(
      server.performQuestionnaireAction(ctx, { intent: "sign", questionnaireId: other.questionnaireId, sectionId, signatureId: "new", signature: "X" }),
      404,
    );
  });
});

describe("delivery and document checklist", () => {
  it("delivery completes when the client confirms receipt", async () => {
    const sectionId = acme.section("final_return_delivery");
    const reply = await act({ intent: "complete_section", sectionId });
    expect(reply).toMatchObject({ message: "Thank you for confirming you received your documents.", sections: [{ id: sectionId, markedCompleted: true }] });
  });

  it("the checklist completes when every required upload is answered; files can be previewed by their own question only", async () => {
    const sectionId = acme.section("year_end_documents");
    const uploads = (await su.query(`SELECT id, optional FROM questions WHERE section_id = $1 ORDER BY "order"`, [sectionId])).rows;
    const required = uploads.filter((q) => !q.optional);
    expect(required).toHaveLength(2);
    const pdf = await (await import("../../app/pdf/sign-pdf.server")).textPdf("Bank statement", ["December"]);

    const grant = await act({ intent: "upload_grant", questionId: required[0].id, fileName: "bank.pdf", contentType: "application/pdf" });
    expect((await postToGrant(grant.upload!.grant, pdf, "bank.pdf")).status).toBeLessThan(300);
    const first = await act({ intent: "upload_confirm", questionId: required[0].id, key: grant.upload!.key, contentType: "application/pdf" });
    expect(first.sections ?? []).toEqual([]);
    expect((await su.query(`SELECT marked_completed FROM sections WHERE id = $1`, [sectionId])).rows[0].marked_completed).toBe(false);

    const preview = await act({ intent: "file_url", questionId: required[0].id, key: grant.upload!.key });
    expect((await PDFDocument.load(await fetchBytes(preview.url!))).getPageCount()).toBe(1);
    await expectRefused(act({ intent: "file_url", questionId: required[1].id, key: grant.upload!.key }), 404);

    const second = await act({ intent: "special", questionId: required[1].id, special: "provided_elsewhere" });
    expect(second.sections).toEqual([{ id: sectionId, markedCompleted: true }]);
  });
});

describe("other clients and firms", () => {
  it("every document action on another client's or firm's questionnaire is 404 and changes nothing", async () => {
    const summitCtx: Ctx = { portal: await portalFor("summit"), user: await testDb.sessionUser("client@summit.test", "summit"), companyHash: acme.hash };
    const otherClient: Ctx = { portal: acmeCtx.portal, user: await testDb.sessionUser("marcus.johnson@example.com", "acme"), companyHash: acme.hash };
    const ownHashWrongQuestionnaire: Ctx = {
      ...otherClient,
      companyHash: (
        await su.query(
          `SELECT c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id WHERE u.email = 'marcus.johnson@example.com' LIMIT 1`,
        )
      ).rows[0].hash_id,
    };
    const crossFirmSameUser: Ctx = { ...acmeCtx, portal: await portalFor("summit") };
    const signatureId = (await su.query(`SELECT id FROM engagement_signatures WHERE section_id = $1`, [acme.section("efile_authorization")])).rows[0].id;
    const actions: Record<string, unknown>[] = [
      { intent: "document_url", sectionId: acme.section("draft_return_review") },
      { intent: "document_url", sectionId: acme.section("organizer_copy"), download: true },
      { intent: "document_url", sectionId: acme.section("efile_authorization"), copy: "signed" },
      { intent: "approve_review", sectionId: acme.section("draft_return_review") },
      { intent: "request_changes", sectionId: acme.section("draft_return_review"), reason: "x" },
      { intent: "sign", sectionId: acme.section("efile_authorization"), signatureId, signature: "Intruder" },
      { intent: "sign", sectionId: acme.section("efile_authorization"), signatureId: "new", signature: "Intruder" },
      { intent: "remove_signature", sectionId: acme.section("efile_authorization"), signatureId },
      { intent: "complete_section", sectionId: acme.section("final_return_delivery") },
    ];
    const before = await snapshot();
    for (const ctx of [summitCtx, otherClient, ownHashWrongQuestionnaire, crossFirmSameUser]) {
      for (const action of actions) await expectRefused(act(action, ctx), 404);
    }
    expect(await snapshot()).toBe(before);
  });

  it("a locked questionnaire still shows its PDFs but takes no approvals, signatures or downloads-as-completion", async () => {
    const other = await request("summit", "client@summit.test");
    const ctx: Ctx = { portal: await portalFor("summit"), user: await testDb.sessionUser("client@summit.test", "summit"), companyHash: other.hash };
    await su.query(`UPDATE questionnaires SET locked = true WHERE id = $1`, [other.questionnaireId]);
    const run = (action: Record<string, unknown>) =>
      server.performQuestionnaireAction(ctx, server.questionnaireActionSchema.parse({ questionnaireId: other.questionnaireId, ...action }) as Action);
    const before = await snapshot();
    expect((await run({ intent: "document_url", sectionId: other.section("draft_return_review") })).url).toBeTruthy();
    const download = await run({ intent: "document_url", sectionId: other.section("organizer_copy"), download: true });
    expect(download.sections).toBeUndefined();
    await expectRefused(run({ intent: "approve_review", sectionId: other.section("draft_return_review") }), 403, "Questionnaire is locked");
    // Only the download's activity entry was added.
    const after = await snapshot();
    expect(after).not.toBe(before);
    expect((await su.query(`SELECT marked_completed FROM sections WHERE id = $1`, [other.section("organizer_copy")])).rows[0].marked_completed).toBe(false);
    await su.query(`UPDATE questionnaires SET locked = false WHERE id = $1`, [other.questionnaireId]);
  });
});
