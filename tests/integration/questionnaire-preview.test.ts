/**
 * Advisor modes against real PostgreSQL (demo seed) and a real S3-protocol server: the preview
 * reads never write, staff-only and firm-scoped loading, template preview data, the client
 * previewed by staff, deposit marked paid / unpaid, notes, and an upload question switched to
 * Provided Elsewhere or Upload Later losing its files.
 */
import type pg from "pg";
import { todayIn } from "~/time-zones";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as ServerModule from "../../app/questionnaires/questionnaire.server";
import type * as PreviewModule from "../../app/questionnaires/preview-client.server";
import type * as HomeModule from "../../app/home/client-home.server";
import type * as StorageModule from "../../app/storage.server";
import { postToGrant } from "../support/s3";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let server: typeof ServerModule;
let preview: typeof PreviewModule;
let home: typeof HomeModule;
let storage: typeof StorageModule;
let su: pg.Client;

async function questionnaireOf(email: string, name: string) {
  const { rows } = await su.query(
    `SELECT q.id, c.hash_id, c.id AS company_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = $1 AND q.name = $2 ORDER BY q.tax_year DESC LIMIT 1`,
    [email, name],
  );
  return { questionnaireId: rows[0].id as string, hash: rows[0].hash_id as string, companyId: rows[0].company_id as string };
}

/** A fingerprint of every row a questionnaire page or action can change. */
async function snapshot(): Promise<string> {
  const { rows } = await su.query(`
    SELECT md5(string_agg(x, '|' ORDER BY x)) AS h FROM (
      SELECT id || coalesce(answer, '') || coalesce(answer_by::text, '') || coalesce(special_answer::text, '') || coalesce(answered_at::text, '') AS x FROM questions
      UNION ALL SELECT id || coalesce(value, '') || entry_number FROM question_entries
      UNION ALL SELECT id || coalesce(signature, '') || not_needed FROM engagement_signatures
      UNION ALL SELECT id || marked_completed FROM sections
      UNION ALL SELECT id || completed || locked || coalesce(current_section_id, '') || in_progress || coalesce(opened_at::text, '') || coalesce(deposit_status::text, '') || coalesce(last_activity_at::text, '') FROM questionnaires
      UNION ALL SELECT id || coalesce(default_company_id, '') FROM users
      UNION ALL SELECT id FROM question_comments
      UNION ALL SELECT id FROM activity_logs) t`);
  return rows[0].h;
}

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true, s3: "questionnaire-preview-test" });
  su = testDb.su;
  server = await import("../../app/questionnaires/questionnaire.server");
  preview = await import("../../app/questionnaires/preview-client.server");
  home = await import("../../app/home/client-home.server");
  storage = await import("../../app/storage.server");
}, 120_000);

afterAll(() => testDb?.close());

describe("advisor preview of a client's questionnaire", () => {
  it("loads the client's view for staff of the firm and writes nothing; staff cannot answer through the client's API", async () => {
    const acme = await testDb.firmSite("acme");
    const advisor = await testDb.sessionUser("advisor@acme.test", "acme");
    const { questionnaireId, hash, companyId } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const before = await snapshot();
    const data = await server.loadQuestionnaireForStaff(acme, advisor, companyId, questionnaireId);
    expect(data?.id).toBe(questionnaireId);
    expect(data!.questions.length).toBeGreaterThan(10);
    // The client's loader gives the same questions and notes: the preview is the client's view.
    const client = await testDb.sessionUser("client@acme.test", "acme");
    const asClient = await server.loadClientQuestionnaire(acme, client, hash, questionnaireId);
    expect(data!.questions).toEqual(asClient.questions);
    // What the preview page would send if it saved (it doesn't): refused for staff, nothing changes.
    const text = data!.questions.find((q) => q.questionType === "text")!;
    await expect(
      server.performQuestionnaireAction(
        { portal: acme, user: advisor, companyHash: hash },
        { intent: "answer", questionnaireId, questionId: text.id, answer: "advisor" },
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      server.performQuestionnaireAction(
        { portal: acme, user: advisor, companyHash: hash },
        { intent: "add_note", questionnaireId, questionId: text.id, body: "hi" },
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toBe(before);
  });

  it("is not found with another firm's scope, another entity's id or an unknown id", async () => {
    const summit = await testDb.firmSite("summit");
    const acme = await testDb.firmSite("acme");
    const mine = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const other = await questionnaireOf("marcus.johnson@example.com", "2025 Individual Tax Organizer");
    const advisor = await testDb.sessionUser("advisor@acme.test", "acme");
    expect(await server.loadQuestionnaireForStaff(summit, advisor, mine.companyId, mine.questionnaireId)).toBeNull();
    expect(await server.loadQuestionnaireForStaff(acme, advisor, other.companyId, mine.questionnaireId)).toBeNull();
    expect(await server.loadQuestionnaireForStaff(acme, advisor, mine.companyId, "nope")).toBeNull();
    // A client of the firm is not staff.
    expect(await server.loadQuestionnaireForStaff(acme, await testDb.sessionUser("client@acme.test", "acme"), mine.companyId, mine.questionnaireId)).toBeNull();
  });

  it("group-access staff preview only questionnaires of entities in their own group or in none", async () => {
    const summit = await testDb.firmSite("summit");
    const nina = await testDb.sessionUser("nina.patel@summit.test", "summit");
    const { rows } = await su.query(
      `SELECT q.id, q.company_id, (o.firm_group_id = (SELECT firm_group_id FROM users WHERE id = $1)) AS own
         FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users o ON o.id = c.primary_owner_id
        WHERE q.firm_id = 'firm_summit' AND q.deleted_at IS NULL AND o.firm_group_id IS NOT NULL`,
      [nina.id],
    );
    const own = rows.find((r) => r.own);
    const other = rows.find((r) => !r.own);
    expect(own && other).toBeTruthy();
    expect((await server.loadQuestionnaireForStaff(summit, nina, own.company_id, own.id))?.id).toBe(own.id);
    expect(await server.loadQuestionnaireForStaff(summit, nina, other.company_id, other.id)).toBeNull();
    const before = await snapshot();
    await expect(server.setDepositPaid(summit, nina, other.company_id, other.id, true)).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toBe(before);
    // The same staff member without group access reaches it.
    expect((await server.loadQuestionnaireForStaff(summit, { ...nina, firmAccess: "full" }, other.company_id, other.id))?.id).toBe(other.id);
  });
});

describe("template preview", () => {
  it("shows the template's sections and questions with no answers; tax year is this year (the page shows minus 1)", async () => {
    const acme = await testDb.firmSite("acme");
    const { rows } = await su.query(
      `SELECT t.id, t.hash_id, t.name, (SELECT count(*)::int FROM template_sections s WHERE s.template_id = t.id) AS sections,
              (SELECT count(*)::int FROM template_questions q WHERE q.template_id = t.id) AS questions
         FROM questionnaire_templates t WHERE t.firm_id = $1 AND t.deleted_at IS NULL ORDER BY questions DESC LIMIT 1`,
      [firmIdOf("acme")],
    );
    const t = rows[0];
    expect(t.questions).toBeGreaterThan(0);
    const before = await snapshot();
    const data = await server.loadTemplatePreview(acme, t.id, "2026-03-10");
    expect(data).toMatchObject({ id: t.id, name: t.name, taxYear: 2026, dueDate: null, depositStatus: null, completed: false });
    expect(data!.sections).toHaveLength(t.sections);
    expect(data!.questions).toHaveLength(t.questions);
    expect(data!.questions.every((q) => q.answer === null && q.specialAnswer === null && q.notes.length === 0 && q.entries.length === 0)).toBe(true);
    const sectionIds = new Set(data!.sections.map((s) => s.id));
    expect(data!.questions.every((q) => sectionIds.has(q.sectionId))).toBe(true);
    for (const s of data!.sections) expect(s.signatures.length).toBe(s.sectionType === 2 ? 1 : 0);
    // By its public hash id too; not from another firm; nothing written.
    expect((await server.loadTemplatePreview(acme, t.hash_id, "2026-03-10"))?.id).toBe(t.id);
    expect(await server.loadTemplatePreview(await testDb.firmSite("summit"), t.id, "2026-03-10")).toBeNull();
    expect(await server.loadTemplatePreview(acme, "nope", "2026-03-10")).toBeNull();
    expect(await snapshot()).toBe(before);
  });
});

describe("client dashboard previewed by staff", () => {
  it("reads the client as the dashboard expects, without changing the client's default entity", async () => {
    const acme = await testDb.firmSite("acme");
    const client = await testDb.sessionUser("client@acme.test", "acme");
    const before = await snapshot();
    const staff = await testDb.sessionUser("advisor@acme.test", "acme");
    const previewed = await preview.findPreviewClient(acme, staff, client.id);
    expect(previewed).toMatchObject({ id: client.id, kind: "client" });
    const data = await home.loadClientHome(acme, previewed!, new URLSearchParams());
    expect(data.entities.length).toBeGreaterThan(1);
    const second = data.entities[1]!;
    const chosen = await home.loadClientHome(acme, previewed!, new URLSearchParams({ entity: second.hashId }));
    expect(chosen.selected?.hashId).toBe(second.hashId);
    expect(await snapshot()).toBe(before);
    // Staff users, other firms' clients and unknown ids are not previewable; clients preview nobody.
    expect(await preview.findPreviewClient(acme, staff, staff.id)).toBeNull();
    expect(await preview.findPreviewClient(await testDb.firmSite("summit"), staff, client.id)).toBeNull();
    expect(await preview.findPreviewClient(acme, staff, "nope")).toBeNull();
    expect(await preview.findPreviewClient(acme, client, client.id)).toBeNull();
  });

  it("group-access staff preview only clients of their own group or of none", async () => {
    const summit = await testDb.firmSite("summit");
    const nina = await testDb.sessionUser("nina.patel@summit.test", "summit");
    const { rows } = await su.query(
      `SELECT id, firm_group_id = (SELECT firm_group_id FROM users WHERE id = $1) AS own FROM users
        WHERE firm_id = 'firm_summit' AND kind = 'client' AND deleted_at IS NULL AND firm_group_id IS NOT NULL`,
      [nina.id],
    );
    const own = rows.find((r) => r.own);
    const other = rows.find((r) => !r.own);
    expect(own && other).toBeTruthy();
    expect((await preview.findPreviewClient(summit, nina, own.id))?.id).toBe(own.id);
    expect(await preview.findPreviewClient(summit, nina, other.id)).toBeNull();
    expect((await preview.findPreviewClient(summit, { ...nina, firmAccess: "partner" }, other.id))?.id).toBe(other.id);
  });
});

describe("deposit marked paid / unpaid", () => {
  it("an advisor marks an outstanding deposit paid (marked_paid) and back to pending; other states, non-advisors, clients and other firms are refused", async () => {
    const acme = await testDb.firmSite("acme");
    const advisor = await testDb.sessionUser("advisor@acme.test", "acme");
    const { questionnaireId, companyId } = await questionnaireOf("client@acme.test", "2025 S-Corporation Questionnaire");
    const status = async () => (await su.query(`SELECT deposit_status::text AS s FROM questionnaires WHERE id = $1`, [questionnaireId])).rows[0].s;
    expect(await status()).toBe("unpaid");

    const before = await snapshot();
    await expect(server.setDepositPaid(acme, { ...advisor, isAdvisor: false }, companyId, questionnaireId, true)).rejects.toMatchObject({ status: 403 });
    await expect(server.setDepositPaid(acme, await testDb.sessionUser("client@acme.test", "acme"), companyId, questionnaireId, true)).rejects.toMatchObject({
      status: 404,
    });
    await expect(server.setDepositPaid(await testDb.firmSite("summit"), advisor, companyId, questionnaireId, true)).rejects.toMatchObject({ status: 404 });
    await expect(server.setDepositPaid(acme, advisor, "other-company", questionnaireId, true)).rejects.toMatchObject({ status: 404 });
    await expect(server.setDepositPaid(acme, advisor, companyId, questionnaireId, false)).rejects.toMatchObject({ status: 400 });
    expect(await snapshot()).toBe(before);

    expect(await server.setDepositPaid(acme, advisor, companyId, questionnaireId, true)).toEqual({ message: "Questionnaire marked as paid" });
    expect(await status()).toBe("marked_paid");
    await expect(server.setDepositPaid(acme, advisor, companyId, questionnaireId, true)).rejects.toMatchObject({ status: 400 });
    expect(await server.setDepositPaid(acme, advisor, companyId, questionnaireId, false)).toEqual({ message: "Questionnaire marked as unpaid" });
    expect(await status()).toBe("pending");
    const log = await su.query(`SELECT title FROM activity_logs WHERE questionnaire_id = $1 AND title LIKE 'Marked the deposit%' ORDER BY created_at`, [
      questionnaireId,
    ]);
    expect(log.rows.map((r) => r.title)).toEqual(["Marked the deposit as paid", "Marked the deposit as unpaid"]);
    await su.query(`UPDATE questionnaires SET deposit_status = 'paid' WHERE id = $1`, [questionnaireId]);
    await expect(server.setDepositPaid(acme, advisor, companyId, questionnaireId, false)).rejects.toMatchObject({ status: 400 });
    await su.query(`UPDATE questionnaires SET deposit_status = 'unpaid' WHERE id = $1`, [questionnaireId]);
  });
});

describe("notes", () => {
  it("a client's note comes back as 'Author: body'; clients see the firm's notes as '{firm} Team', never internal or removed ones", async () => {
    const acme = await testDb.firmSite("acme");
    const client = await testDb.sessionUser("client@acme.test", "acme");
    const advisor = await testDb.sessionUser("advisor@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const { rows } = await su.query(`SELECT id, firm_id FROM questions WHERE questionnaire_id = $1 AND question_type = 'text' ORDER BY "order" LIMIT 1`, [
      questionnaireId,
    ]);
    const question = rows[0];
    const added = await server.performQuestionnaireAction(
      { portal: acme, user: client, companyHash: hash },
      server.questionnaireActionSchema.parse({ intent: "add_note", questionnaireId, questionId: question.id, body: "  Which year?  " }),
    );
    expect(added.note).toMatchObject({ questionId: question.id, text: `${client.fname} ${client.lname}: Which year?` });
    const insert = `INSERT INTO question_comments (id, firm_id, question_id, author_id, body, removed, from_firm_user, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now() + ($8 || ' seconds')::interval)`;
    await su.query(insert, ["note-team", question.firm_id, question.id, advisor.id, "Last year's is fine.", false, false, "1"]);
    await su.query(insert, ["note-internal", question.firm_id, question.id, advisor.id, "Internal: check K-1", false, true, "2"]);
    await su.query(insert, ["note-removed", question.firm_id, question.id, client.id, "Never mind", true, false, "3"]);
    const data = await server.loadClientQuestionnaire(acme, client, hash, questionnaireId);
    const notes = data.questions.find((q) => q.id === question.id)!.notes.map((n) => n.text);
    expect(notes).toEqual([`${client.fname} ${client.lname}: Which year?`, `${acme.firm.name} Team: Last year's is fine.`]);
  });
});

describe("an upload question switched away from its documents", () => {
  async function uploadOne(ctx: ServerModule.ActionContext, questionnaireId: string, questionId: string) {
    const grant = await server.performQuestionnaireAction(ctx, {
      intent: "upload_grant",
      questionnaireId,
      questionId,
      fileName: "w2.pdf",
      contentType: "application/pdf",
    });
    const posted = await postToGrant(grant.upload!.grant, "%PDF-1.4\n% test\n", "w2.pdf");
    expect(posted.ok).toBe(true);
    const confirmed = await server.performQuestionnaireAction(ctx, {
      intent: "upload_confirm",
      questionnaireId,
      questionId,
      key: grant.upload!.key,
      contentType: "application/pdf",
    });
    expect(confirmed.question?.answer).toBe(grant.upload!.key);
    return grant.upload!.key;
  }

  it("Provided Elsewhere and Upload Later delete the files and clear the answer", async () => {
    const acme = await testDb.firmSite("acme");
    const client = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "Additional Items Requested");
    await su.query(
      `UPDATE questionnaires SET completed = false, locked = false, due_date = date_trunc('year', current_date) + interval '11 months 27 days' WHERE id = $1`,
      [questionnaireId],
    );
    const { rows } = await su.query(
      `SELECT id FROM questions WHERE questionnaire_id = $1 AND question_type = 'upload' AND cardinality(options) = 0 ORDER BY "order" LIMIT 1`,
      [questionnaireId],
    );
    const questionId: string = rows[0].id;
    const ctx = { portal: acme, user: client, companyHash: hash };
    const firmId = acme.firm.id;

    const first = await uploadOne(ctx, questionnaireId, questionId);
    expect(await storage.headObject({ firmId, key: first })).not.toBeNull();
    const elsewhere = await server.performQuestionnaireAction(ctx, { intent: "special", questionnaireId, questionId, special: "provided_elsewhere" });
    expect(elsewhere.question).toMatchObject({ answer: null, specialAnswer: "provided_elsewhere" });
    expect(await storage.headObject({ firmId, key: first })).toBeNull();
    await server.performQuestionnaireAction(ctx, { intent: "undo", questionnaireId, questionId });

    const second = await uploadOne(ctx, questionnaireId, questionId);
    // Two days after today where the firm is (its time zone decides "the current year"), not where the test runs.
    const today = todayIn(acme.firm.timeZone);
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    if (later.slice(0, 4) === today.slice(0, 4) && later < `${today.slice(0, 4)}-12-28`) {
      const result = await server.performQuestionnaireAction(ctx, { intent: "answer_later", questionnaireId, questionId, answerBy: later });
      expect(result.question).toMatchObject({ answer: null, answerBy: later, specialAnswer: null });
      expect(await storage.headObject({ firmId, key: second })).toBeNull();
    }
  });
});
