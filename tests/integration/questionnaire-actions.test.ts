/**
 * The questionnaire's reads and writes against real PostgreSQL with the demo seed: answers,
 * special answers and undo, answer later, entries, signatures, submission, locking, bad input, and
 * another client's or firm's questionnaire (404, nothing changes) on every action.
 */
import type pg from "pg";
import { todayIn } from "~/time-zones";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as ServerModule from "../../app/questionnaires/questionnaire.server";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let server: typeof ServerModule;
let su: pg.Client;

async function questionnaireOf(email: string, name: string) {
  const { rows } = await su.query(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = $1 AND q.name = $2 ORDER BY q.tax_year DESC LIMIT 1`,
    [email, name],
  );
  return { questionnaireId: rows[0].id as string, hash: rows[0].hash_id as string };
}

async function questionOf(questionnaireId: string, where: string) {
  const { rows } = await su.query(`SELECT * FROM questions WHERE questionnaire_id = $1 AND ${where} ORDER BY "order" LIMIT 1`, [questionnaireId]);
  return rows[0];
}

/** A fingerprint of everything a client action can change. */
async function snapshot(): Promise<string> {
  const { rows } = await su.query(`
    SELECT md5(string_agg(x, '|' ORDER BY x)) AS h FROM (
      SELECT id || coalesce(answer, '') || coalesce(answer_by::text, '') || coalesce(special_answer::text, '') AS x FROM questions
      UNION ALL SELECT id || coalesce(value, '') || entry_number FROM question_entries
      UNION ALL SELECT id || coalesce(signature, '') || not_needed FROM engagement_signatures
      UNION ALL SELECT id || marked_completed FROM sections
      UNION ALL SELECT id || completed || locked || coalesce(current_section_id, '') || in_progress FROM questionnaires
      UNION ALL SELECT id FROM question_comments) t`);
  return rows[0].h;
}

type Action = ServerModule.QuestionnaireAction;

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true });
  su = testDb.su;
  server = await import("../../app/questionnaires/questionnaire.server");
}, 120_000);

afterAll(() => testDb?.close());

describe("loading", () => {
  it("loads the client's questionnaire with sections, questions, entries and signatures in a few statements", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const data = await server.loadClientQuestionnaire(portal, user, hash, questionnaireId);
    expect(data.id).toBe(questionnaireId);
    expect(data.sections.length).toBeGreaterThan(3);
    expect(data.questions.length).toBeGreaterThan(10);
    expect(data.sections.some((s) => s.signatures.length > 0)).toBe(true);
    const withEntries = data.questions.find((q) => q.questionType === "entries" && q.entries.length > 0);
    if (withEntries) expect(Number(withEntries.answer)).toBe(new Set(withEntries.entries.map((e) => e.entryNumber)).size);
    // Without a questionnaire id: the first open one of that entity.
    const first = await server.loadClientQuestionnaire(portal, user, hash, null);
    expect(first.completed).toBe(false);
  });

  it("is not found for another client's entity, another firm, a staff user, or an unknown id", async () => {
    const acme = await testDb.firmSite("acme");
    const summit = await testDb.firmSite("summit");
    const client = await testDb.sessionUser("client@acme.test", "acme");
    const other = await questionnaireOf("marcus.johnson@example.com", "2025 Individual Tax Organizer");
    const mine = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    await expect(server.loadClientQuestionnaire(acme, client, other.hash, other.questionnaireId)).rejects.toMatchObject({ status: 404 });
    await expect(server.loadClientQuestionnaire(acme, client, mine.hash, other.questionnaireId)).rejects.toMatchObject({ status: 404 });
    await expect(server.loadClientQuestionnaire(summit, client, mine.hash, mine.questionnaireId)).rejects.toMatchObject({ status: 404 });
    await expect(server.loadClientQuestionnaire(acme, client, mine.hash, "nope")).rejects.toMatchObject({ status: 404 });
    const { rows } = await su.query(`SELECT email FROM users WHERE firm_id = $1 AND kind = 'staff' AND email IS NOT NULL LIMIT 1`, [firmIdOf("acme")]);
    const staff = await testDb.sessionUser(rows[0].email, "acme");
    await expect(server.loadClientQuestionnaire(acme, staff, mine.hash, mine.questionnaireId)).rejects.toMatchObject({ status: 404 });
  });
});

describe("answers", () => {
  it("saves an answer, refuses bad input with 400 and changes nothing", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const ctx = { portal, user, companyHash: hash };
    const text = await questionOf(questionnaireId, `question_type IN ('text', 'textarea')`);
    // Never opened: the first save opens it; a later save keeps that moment.
    await su.query(`UPDATE questionnaires SET opened_at = NULL, in_progress = false, last_activity = NULL WHERE id = $1`, [questionnaireId]);
    const result = await server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: text.id, answer: "Hello" });
    expect(result.question).toEqual({ id: text.id, answer: "Hello", answerBy: null, specialAnswer: null });
    const saved = await questionOf(questionnaireId, `id = '${text.id}'`);
    expect(saved).toMatchObject({ answer: "Hello", answered_by_id: user.id });
    expect(Date.now() - saved.answered_at.getTime()).toBeLessThan(60_000);
    const opened = (await su.query(`SELECT opened_at, in_progress, last_activity, last_activity_at FROM questionnaires WHERE id = $1`, [questionnaireId]))
      .rows[0];
    expect(opened).toMatchObject({ in_progress: true, last_activity: "Answered questions" });
    expect(opened.opened_at).toEqual(opened.last_activity_at);
    await server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: text.id, answer: "Hello again" });
    const again = (await su.query(`SELECT opened_at, last_activity_at FROM questionnaires WHERE id = $1`, [questionnaireId])).rows[0];
    expect(again.opened_at).toEqual(opened.opened_at);
    // The same activity within a minute leaves the row as it was; a minute later, it moves forward.
    expect(again.last_activity_at).toEqual(opened.last_activity_at);
    await su.query(`UPDATE questionnaires SET last_activity_at = last_activity_at - interval '2 minutes' WHERE id = $1`, [questionnaireId]);
    await server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: text.id, answer: "Hello once more" });
    const later = (await su.query(`SELECT opened_at, last_activity_at FROM questionnaires WHERE id = $1`, [questionnaireId])).rows[0];
    expect(later.last_activity_at.getTime()).toBeGreaterThanOrEqual(opened.last_activity_at.getTime());
    expect(later.opened_at).toEqual(opened.opened_at);
    await server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: text.id, answer: "Hello" });

    const before = await snapshot();
    const boolean = await questionOf(questionnaireId, `question_type = 'boolean'`);
    await expect(server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: boolean.id, answer: "Maybe" })).rejects.toMatchObject({
      status: 400,
    });
    const select = await questionOf(questionnaireId, `question_type = 'select'`);
    if (select)
      await expect(
        server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: select.id, answer: "Not an option" }),
      ).rejects.toMatchObject({ status: 400 });
    const date = await questionOf(questionnaireId, `question_type = 'date'`);
    if (date)
      await expect(
        server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: date.id, answer: "2026-02-31" }),
      ).rejects.toMatchObject({ status: 400 });
    await su.query(`UPDATE questions SET number_of_characters = 5 WHERE id = $1`, [text.id]);
    await expect(server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: text.id, answer: "toolong" })).rejects.toMatchObject({
      status: 400,
      message: "Please keep your answer within 5 characters.",
    });
    await su.query(`UPDATE questions SET number_of_characters = NULL WHERE id = $1`, [text.id]);
    // A question of another questionnaire of the same client.
    const additional = await questionnaireOf("client@acme.test", "Additional Items Requested");
    const foreign = await questionOf(additional.questionnaireId, "true");
    await expect(server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: foreign.id, answer: "x" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(server.performQuestionnaireAction(ctx, { intent: "open_section", questionnaireId, sectionId: "unknown" })).rejects.toMatchObject({
      status: 404,
    });
    expect(await snapshot()).toBe(before);

    // Activity: answers are summarised, the questionnaire is marked in progress.
    const { rows } = await su.query(`SELECT in_progress, last_activity FROM questionnaires WHERE id = $1`, [questionnaireId]);
    expect(rows[0]).toEqual({ in_progress: true, last_activity: "Answered questions" });
  });

  it("keeps both answers when two tabs save different questions at the same time", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const { rows } = await su.query(
      `SELECT id FROM questions WHERE questionnaire_id = $1 AND question_type IN ('text', 'textarea') AND follow_up_question_id IS NULL ORDER BY "order" LIMIT 2`,
      [questionnaireId],
    );
    const ctx = { portal, user, companyHash: hash };
    await Promise.all(rows.map((r, i) => server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: r.id, answer: `tab ${i}` })));
    for (const [i, r] of rows.entries()) expect((await questionOf(questionnaireId, `id = '${r.id}'`)).answer).toBe(`tab ${i}`);
  });

  it("special answers, undo, answer later and answer now", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "Additional Items Requested");
    const ctx = { portal, user, companyHash: hash };
    const date = await questionOf(questionnaireId, `question_type = 'date'`);
    const na = await server.performQuestionnaireAction(ctx, { intent: "special", questionnaireId, questionId: date.id, special: "not_applicable" });
    expect(na.question).toMatchObject({ answer: null, specialAnswer: "not_applicable" });
    const undo = await server.performQuestionnaireAction(ctx, { intent: "undo", questionnaireId, questionId: date.id });
    expect(undo.message).toBe("Undo was successful");
    expect(undo.question).toMatchObject({ answer: null, specialAnswer: null, answerBy: null });

    const { rows } = await su.query(`SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM questionnaires WHERE id = $1`, [questionnaireId]);
    const due: string = rows[0].due;
    await expect(
      server.performQuestionnaireAction(ctx, { intent: "answer_later", questionnaireId, questionId: date.id, answerBy: "2000-01-01" }),
    ).rejects.toMatchObject({ status: 400, message: "Answer later date must be in the future" });
    const [y, m, d] = due.split("-");
    await expect(server.performQuestionnaireAction(ctx, { intent: "answer_later", questionnaireId, questionId: date.id, answerBy: due })).rejects.toMatchObject(
      { status: 400, message: `Answer later date must be before the due date: ${m}/${d}/${y}` },
    );
    // Two days after today where the firm is (its time zone decides "the current year"), not where the test runs.
    const today = todayIn(portal.firm.timeZone);
    const inTwoDays = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    if (inTwoDays < due && inTwoDays.slice(0, 4) === today.slice(0, 4)) {
      const later = await server.performQuestionnaireAction(ctx, { intent: "answer_later", questionnaireId, questionId: date.id, answerBy: inTwoDays });
      expect(later.question?.answerBy).toBe(inTwoDays);
      const now = await server.performQuestionnaireAction(ctx, { intent: "answer_now", questionnaireId, questionId: date.id });
      expect(now.question?.answerBy).toBeNull();
    }
  });

  it("adds, saves and removes entries; the answer is the number of entries", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const ctx = { portal, user, companyHash: hash };
    const q = await questionOf(questionnaireId, `question_type = 'entries'`);
    const start = Number(q.answer ?? 0) || 0;
    const added = await server.performQuestionnaireAction(ctx, { intent: "add_entry", questionnaireId, questionId: q.id });
    expect(added.question?.answer).toBe(String(start + 1));
    const n = start + 1;
    const saved = await server.performQuestionnaireAction(ctx, {
      intent: "save_entry",
      questionnaireId,
      questionId: q.id,
      entryNumber: n,
      values: { [q.options[0]]: "Alex" },
    });
    expect(saved.question?.entries?.find((e) => e.entryNumber === n && e.field === q.options[0])?.value).toBe("Alex");
    await expect(
      server.performQuestionnaireAction(ctx, { intent: "save_entry", questionnaireId, questionId: q.id, entryNumber: n, values: { Bogus: "x" } }),
    ).rejects.toMatchObject({ status: 400 });
    await server.performQuestionnaireAction(ctx, { intent: "add_entry", questionnaireId, questionId: q.id });
    const removed = await server.performQuestionnaireAction(ctx, { intent: "remove_entry", questionnaireId, questionId: q.id, entryNumber: 1 });
    expect(removed.question?.answer).toBe(String(n));
    expect(Math.max(...removed.question!.entries!.map((e) => e.entryNumber))).toBe(n);
  });
});

describe("signatures, locking and submission", () => {
  it("signs the engagement letter; with one signature per section the others become Not Needed; removing reverts", async () => {
    const portal = await testDb.firmSite("acme", { requireOneSignaturePerSection: true });
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const ctx = { portal, user, companyHash: hash };
    const { rows } = await su.query(
      `SELECT g.id, g.section_id FROM engagement_signatures g JOIN sections s ON s.id = g.section_id WHERE s.questionnaire_id = $1 AND g.user_id = $2`,
      [questionnaireId, user.id],
    );
    const sig = rows[0];
    await su.query(`UPDATE engagement_signatures SET signature = NULL, signed_at = NULL, not_needed = false WHERE section_id = $1`, [sig.section_id]);
    await expect(
      server.performQuestionnaireAction(ctx, { intent: "sign", questionnaireId, sectionId: sig.section_id, signatureId: sig.id, signature: "   " }),
    ).rejects.toBeTruthy();
    const signed = await server.performQuestionnaireAction(ctx, {
      intent: "sign",
      questionnaireId,
      sectionId: sig.section_id,
      signatureId: sig.id,
      signature: "Jordan Rivera",
    });
    expect(signed.sections).toEqual([{ id: sig.section_id, markedCompleted: true }]);
    const after = await su.query(`SELECT user_id, signed_at IS NOT NULL AS signed, not_needed FROM engagement_signatures WHERE section_id = $1`, [
      sig.section_id,
    ]);
    for (const r of after.rows) expect(r.user_id === user.id ? r.signed : r.not_needed).toBe(true);
    const removed = await server.performQuestionnaireAction(ctx, {
      intent: "remove_signature",
      questionnaireId,
      sectionId: sig.section_id,
      signatureId: sig.id,
    });
    expect(removed.sections).toEqual([{ id: sig.section_id, markedCompleted: false }]);
    await server.performQuestionnaireAction(ctx, {
      intent: "sign",
      questionnaireId,
      sectionId: sig.section_id,
      signatureId: sig.id,
      signature: "Jordan Rivera",
    });
  });

  it("with first_section_required, refuses answers in later sections until the first is completed (409, nothing changes)", async () => {
    const portal = await testDb.firmSite("acme", { firstSectionRequired: true });
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const ctx = { portal, user, companyHash: hash };
    const { rows: sections } = await su.query(
      `SELECT id, section_type, marked_completed FROM sections WHERE questionnaire_id = $1 AND trigger_question_id IS NULL ORDER BY "order", id`,
      [questionnaireId],
    );
    const first = sections[0];
    expect(first.section_type).toBe(2); // the engagement letter: completed when marked (signed)
    const later = sections.find((s, i) => i > 0 && s.section_type === 3);
    const question = await questionOf(questionnaireId, `section_id = '${later.id}' AND question_type IN ('text', 'textarea')`);
    expect(question).toBeTruthy();
    await su.query(`UPDATE sections SET marked_completed = false WHERE id = $1`, [first.id]);
    try {
      const before = await snapshot();
      const action: Action = { intent: "answer", questionnaireId, questionId: question.id, answer: "Too early" };
      await expect(server.performQuestionnaireAction(ctx, action)).rejects.toMatchObject({
        status: 409,
        message: "Please complete the first section before proceeding.",
      });
      await expect(
        server.performQuestionnaireAction(ctx, { intent: "special", questionnaireId, questionId: question.id, special: "not_applicable" }),
      ).rejects.toMatchObject({ status: 409 });
      expect(await snapshot()).toBe(before);
      // Without the preference nothing is locked.
      await server.performQuestionnaireAction({ ...ctx, portal: await testDb.firmSite("acme", { firstSectionRequired: false }) }, action);
      expect((await questionOf(questionnaireId, `id = '${question.id}'`)).answer).toBe("Too early");
      // Once the first section is completed, later sections take answers.
      await su.query(`UPDATE sections SET marked_completed = true WHERE id = $1`, [first.id]);
      const saved = await server.performQuestionnaireAction(ctx, { ...action, answer: "Now" });
      expect(saved.question?.answer).toBe("Now");
    } finally {
      await su.query(`UPDATE sections SET marked_completed = $2 WHERE id = $1`, [first.id, first.marked_completed]);
    }
  });

  it("refuses a locked questionnaire, a past-due one, and read-only users", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "Additional Items Requested");
    const q = await questionOf(questionnaireId, `question_type = 'date'`);
    const action: Action = { intent: "answer", questionnaireId, questionId: q.id, answer: "2026-01-02" };
    const before = await snapshot();
    await su.query(`UPDATE questionnaires SET locked = true WHERE id = $1`, [questionnaireId]);
    await expect(server.performQuestionnaireAction({ portal, user, companyHash: hash }, action)).rejects.toMatchObject({
      status: 403,
      message: "Questionnaire is locked",
    });
    await su.query(`UPDATE questionnaires SET locked = false, due_date = current_date - 3 WHERE id = $1 RETURNING due_date`, [questionnaireId]);
    await expect(server.performQuestionnaireAction({ portal, user, companyHash: hash }, action)).rejects.toMatchObject({
      status: 403,
      message: "Questionnaire is past the due date",
    });
    await su.query(`UPDATE questionnaires SET due_date = current_date + 9 WHERE id = $1`, [questionnaireId]);
    await expect(server.performQuestionnaireAction({ portal, user: { ...user, readonlyAccess: true }, companyHash: hash }, action)).rejects.toMatchObject({
      status: 403,
    });
    expect(await snapshot()).toBe(before);
  });

  it("submits (refused with an outstanding deposit or without I Agree), returns the next questionnaire, and is final", async () => {
    const portal = await testDb.firmSite("acme");
    const user = await testDb.sessionUser("client@acme.test", "acme");
    const deposit = await questionnaireOf("client@acme.test", "2025 S-Corporation Questionnaire");
    await expect(
      server.performQuestionnaireAction(
        { portal, user, companyHash: deposit.hash },
        { intent: "submit", questionnaireId: deposit.questionnaireId, agreed: true },
      ),
    ).rejects.toMatchObject({ status: 400 });

    const { questionnaireId, hash } = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
    const ctx = { portal, user, companyHash: hash };
    await expect(server.performQuestionnaireAction(ctx, { intent: "submit", questionnaireId, agreed: false })).rejects.toMatchObject({ status: 400 });
    const result = await server.performQuestionnaireAction(ctx, { intent: "submit", questionnaireId, agreed: true });
    expect(result.next).toBeTruthy();
    const { rows } = await su.query(`SELECT completed, submitted_at IS NOT NULL AS submitted FROM questionnaires WHERE id = $1`, [questionnaireId]);
    expect(rows[0]).toEqual({ completed: true, submitted: true });
    const log = await su.query(`SELECT count(*)::int AS n FROM activity_logs WHERE questionnaire_id = $1 AND title = 'Submitted the questionnaire'`, [
      questionnaireId,
    ]);
    expect(log.rows[0].n).toBe(1);
    const q = await questionOf(questionnaireId, `question_type = 'text'`);
    await expect(server.performQuestionnaireAction(ctx, { intent: "answer", questionnaireId, questionId: q.id, answer: "late" })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("another client's or firm's questionnaire", () => {
  it("every action is 404 and changes nothing", async () => {
    const acme = await testDb.firmSite("acme");
    const summit = await testDb.firmSite("summit");
    const client = await testDb.sessionUser("client@acme.test", "acme");
    const victim = await questionnaireOf("marcus.johnson@example.com", "2025 Individual Tax Organizer");
    await su.query(`UPDATE questionnaires SET completed = false, locked = false WHERE id = $1`, [victim.questionnaireId]);
    const mine = await questionnaireOf("client@acme.test", "Additional Items Requested");
    const q = await questionOf(victim.questionnaireId, "true");
    const { rows: secs } = await su.query(`SELECT id FROM sections WHERE questionnaire_id = $1 ORDER BY "order" LIMIT 1`, [victim.questionnaireId]);
    const { rows: sigs } = await su.query(
      `SELECT g.id FROM engagement_signatures g JOIN sections s ON s.id = g.section_id WHERE s.questionnaire_id = $1 LIMIT 1`,
      [victim.questionnaireId],
    );
    const base = { questionnaireId: victim.questionnaireId };
    const actions: Action[] = [
      { intent: "answer", ...base, questionId: q.id, answer: "x" },
      { intent: "answer_later", ...base, questionId: q.id, answerBy: "2099-01-01" },
      { intent: "answer_now", ...base, questionId: q.id },
      { intent: "special", ...base, questionId: q.id, special: "not_applicable" },
      { intent: "undo", ...base, questionId: q.id },
      { intent: "add_entry", ...base, questionId: q.id },
      { intent: "remove_entry", ...base, questionId: q.id, entryNumber: 1 },
      { intent: "save_entry", ...base, questionId: q.id, entryNumber: 1, values: {} },
      { intent: "upload_grant", ...base, questionId: q.id, fileName: "a.pdf", contentType: "application/pdf" },
      { intent: "upload_confirm", ...base, questionId: q.id, key: "firms/x/y", contentType: "application/pdf" },
      { intent: "upload_remove", ...base, questionId: q.id, key: "firms/x/y" },
      { intent: "add_note", ...base, questionId: q.id, body: "hi" },
      { intent: "open_section", ...base, sectionId: secs[0].id },
      { intent: "complete_section", ...base, sectionId: secs[0].id },
      { intent: "sign", ...base, sectionId: secs[0].id, signatureId: sigs[0]?.id ?? "x", signature: "Me" },
      { intent: "remove_signature", ...base, sectionId: secs[0].id, signatureId: sigs[0]?.id ?? "x" },
      { intent: "submit", ...base, agreed: true },
    ];
    const before = await snapshot();
    for (const action of actions) {
      // Through the victim's entity hash, through the client's own hash, and from the other firm.
      await expect(server.performQuestionnaireAction({ portal: acme, user: client, companyHash: victim.hash }, action), action.intent).rejects.toMatchObject({
        status: 404,
      });
      await expect(server.performQuestionnaireAction({ portal: acme, user: client, companyHash: mine.hash }, action), action.intent).rejects.toMatchObject({
        status: 404,
      });
      await expect(server.performQuestionnaireAction({ portal: summit, user: client, companyHash: victim.hash }, action), action.intent).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(await snapshot()).toBe(before);
  });
});
