/**
 * What staff see of what a client wrote, over HTTP with the seeded firms: the advisor preview
 * dialog's data shows only what the client was asked (no hidden conditional section, no unmet
 * follow-up), with entries and files; a client's note reaches the questionnaire's advisor by one
 * email and Collect's notes column; a staff reply is saved and shown to the client under the
 * note; other firms and other groups can neither read nor reply (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askedSections, chosenOptions } from "../../app/questionnaires/answer-summary";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";

let app: TestApp;
let client: Browser;
let acmePartner: Browser;
let acmeAdvisor: Browser;
let summitPartner: Browser;
let summitClient: Browser;
let summitGroup: Browser;

interface Target {
  id: string;
  companyId: string;
  hash: string;
  multiple: string;
  entries: string;
  upload: string;
  hiddenSection: string;
  hiddenFollowUp: string;
  uploadKey: string;
}
let acme: Target;
let summit: { id: string; hash: string; questionId: string };

async function questionnaireOf(email: string, name?: string) {
  const { rows } = await app.su.query(
    `SELECT q.id, c.id AS company_id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id
       JOIN users u ON u.id = o.user_id
      WHERE u.email = $1 AND ($2::text IS NULL OR q.name = $2) AND q.deleted_at IS NULL AND NOT q.locked AND NOT q.completed AND NOT q.is_draft
      ORDER BY q.tax_year DESC, q.id LIMIT 1`,
    [email, name ?? null],
  );
  return rows[0] as { id: string; company_id: string; hash_id: string };
}

/** Emails the firm recorded to `to` about notes. */
async function noteEmails(firmId: string, to: string) {
  const { rows } = await app.su.query(
    `SELECT subject, body FROM outbound_messages WHERE firm_id = $1 AND "to" = $2 AND subject LIKE '%note%' ORDER BY created_at`,
    [firmId, to],
  );
  return rows as { subject: string; body: string }[];
}

beforeAll(async () => {
  app = await bootApp({
    name: "question-notes-http",
    beforeServe: async ({ su }) => {
      const q = (
        await su.query(
          `SELECT q.id, c.id AS company_id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users u ON u.id = c.primary_owner_id
            WHERE u.email = 'client@acme.test' AND q.name = '2025 Individual Tax Organizer' ORDER BY q.tax_year DESC LIMIT 1`,
        )
      ).rows[0];
      const pick = async (sql: string) => ((await su.query(sql, [q.id])).rows[0]?.id as string | undefined) ?? "";
      const multiple = await pick(`SELECT id FROM questions WHERE questionnaire_id = $1 AND question_type = 'multiple' AND answer LIKE '%&!&%' LIMIT 1`);
      const entries = await pick(
        `SELECT q.id FROM questions q WHERE q.questionnaire_id = $1 AND q.question_type = 'entries' AND EXISTS (SELECT 1 FROM question_entries e WHERE e.question_id = q.id) LIMIT 1`,
      );
      // An upload question of an always-shown section, answered with one file.
      const upload = await pick(
        `SELECT q.id FROM questions q JOIN sections s ON s.id = q.section_id WHERE q.questionnaire_id = $1 AND q.question_type = 'upload' AND s.trigger_question_id IS NULL AND q.follow_up_question_id IS NULL ORDER BY s."order", q."order" LIMIT 1`,
      );
      const hiddenSection = await pick(
        `SELECT s.id FROM sections s JOIN questions t ON t.id = s.trigger_question_id WHERE s.questionnaire_id = $1 AND coalesce(t.answer, '') NOT LIKE '%' || s.trigger_answer || '%' LIMIT 1`,
      );
      const hiddenFollowUp = await pick(
        `SELECT f.id FROM questions f JOIN questions p ON p.id = f.follow_up_question_id JOIN sections s ON s.id = p.section_id
          WHERE f.questionnaire_id = $1 AND s.trigger_question_id IS NULL AND p.answer IS NOT NULL AND p.answer <> coalesce(f.trigger_for_follow_up_question, 'Yes') LIMIT 1`,
      );
      const uploadKey = `firms/${ACME}/companies/${q.company_id}/abc123-Brokerage 1099.pdf`;
      await su.query(`UPDATE questions SET answer = $1, answer_by = NULL, special_answer = NULL, answered_at = now() WHERE id = $2`, [uploadKey, upload]);
      await su.query(
        `INSERT INTO documents (id, firm_id, company_id, name, storage_key, content_type, questionnaire_id, question_id, path)
         VALUES ('doc_notes_test', $1, $2, 'Brokerage 1099.pdf', $3, 'application/pdf', $4, $5, '/')`,
        [ACME, q.company_id, uploadKey, q.id, upload],
      );
      acme = { id: q.id, companyId: q.company_id, hash: q.hash_id, multiple, entries, upload, hiddenSection, hiddenFollowUp, uploadKey };
    },
  });
  const s = await questionnaireOf("client@summit.test");
  const { rows } = await app.su.query(`SELECT id FROM questions WHERE questionnaire_id = $1 AND deleted_at IS NULL ORDER BY "order" LIMIT 1`, [s.id]);
  summit = { id: s.id, hash: s.hash_id, questionId: rows[0].id };
  client = await app.signIn("acme", "client@acme.test");
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdvisor = await app.signIn("acme", "advisor@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitClient = await app.signIn("summit", "client@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** A response's JSON answer (already parsed, or text). */
const bodyOf = (r: { body: unknown }): any => (typeof r.body === "string" ? JSON.parse(r.body) : r.body);

const preview = async (b: Browser, slug: string, id: string) => {
  const response = await b.get(slug, `/api/staff/questionnaires/${id}`);
  return { status: response.status, body: response.status === 200 ? bodyOf(response) : null };
};

describe("the advisor preview dialog's answers", () => {
  it("has the fixture it needs (a multiple choice, entries, an upload, a hidden section and follow-up)", () => {
    expect(acme.multiple && acme.entries && acme.upload && acme.hiddenSection && acme.hiddenFollowUp).toBeTruthy();
  });

  it("leaves out what the client was never asked and carries entries and files by name", async () => {
    const { status, body } = await preview(acmePartner, "acme", acme.id);
    expect(status).toBe(200);
    const asked = askedSections(body.sections, body.questions);
    const sectionIds = asked.map((a) => a.section.id);
    const questionIds = asked.flatMap((a) => a.questions.map((q: { id: string }) => q.id));
    expect(sectionIds).not.toContain(acme.hiddenSection);
    expect(questionIds).not.toContain(acme.hiddenFollowUp);
    expect(questionIds).toEqual(expect.arrayContaining([acme.multiple, acme.entries, acme.upload]));

    const multiple = body.questions.find((q: { id: string }) => q.id === acme.multiple);
    expect(chosenOptions(multiple.answer).length).toBeGreaterThan(1);
    expect(chosenOptions(multiple.answer).join(" ")).not.toContain("&!&");
    const entries = body.questions.find((q: { id: string }) => q.id === acme.entries);
    expect(entries.entries.length).toBeGreaterThan(0);
    expect(body.uploads[acme.uploadKey]).toMatchObject({ documentId: "doc_notes_test", name: "Brokerage 1099.pdf", contentType: "application/pdf" });
  });
});

describe("a client's note", () => {
  let noteId = "";

  it("emails the questionnaire's advisor once and shows in Collect's notes column", async () => {
    const before = await noteEmails(ACME, "advisor@acme.test");
    const added = await client.postJson("acme", `/api/questionnaires/${acme.hash}`, {
      intent: "add_note",
      questionnaireId: acme.id,
      questionId: acme.multiple,
      body: "We also had a small amount of crypto interest.",
    });
    expect(added.status).toBe(200);
    noteId = bodyOf(added).note.id;

    const after = await noteEmails(ACME, "advisor@acme.test");
    expect(after.length - before.length).toBe(1);
    const email = after[after.length - 1]!;
    expect(email.subject).toContain("added a note");
    expect(email.body).toContain("We also had a small amount of crypto interest.");
    expect(email.body).toContain(`/preview/${acme.companyId}/questionnaire/${acme.id}`);

    // The note is announced once: running the notification again sends nothing more.
    const { notifyAdvisorOfNotes } = await import("../../app/questionnaires/note-notification.server");
    expect(await notifyAdvisorOfNotes(ACME, acme.id)).toBe(false);
    expect((await noteEmails(ACME, "advisor@acme.test")).length).toBe(after.length);

    // Collect: the row counts the client's note and shows the latest.
    // (The note touched the questionnaire, so it is on the first page, last activity first.)
    const page = await acmePartner.data("acme", "/?size=50", "routes/_index");
    const rows = (page.data as { rows: { id: string; clientNotes: number; latestClientNote: { questionId: string; body: string } | null }[] }).rows;
    const row = rows.find((r) => r.id === acme.id)!;
    expect(row).toBeDefined();
    expect(row.clientNotes).toBe(1);
    expect(row.latestClientNote).toMatchObject({ questionId: acme.multiple, body: "We also had a small amount of crypto interest." });

    // The preview dialog has it under the question.
    const { body } = await preview(acmeAdvisor, "acme", acme.id);
    const question = body.questions.find((q: { id: string }) => q.id === acme.multiple);
    expect(question.notes).toEqual([expect.objectContaining({ id: noteId, text: expect.stringContaining("We also had a small amount of crypto interest.") })]);
  });

  it("takes a staff reply, which the client sees under the note", async () => {
    const replied = await acmeAdvisor.postJson("acme", `/api/staff/questionnaires/${acme.id}`, {
      intent: "reply_note",
      noteId,
      body: "Thanks, please upload the 1099-INT.",
    });
    expect(replied.status).toBe(200);
    expect(bodyOf(replied)).toMatchObject({ ok: true, message: "Reply saved" });
    // An empty reply is refused with the form's message.
    const empty = await acmeAdvisor.postJson("acme", `/api/staff/questionnaires/${acme.id}`, { intent: "reply_note", noteId, body: "  " });
    expect(empty.status).toBe(400);
    expect(bodyOf(empty).error).toBe("Please enter a reply.");

    const page = await client.data("acme", `/questionnaire/${acme.hash}?questionnaireId=${acme.id}`, "routes/questionnaire.$companyHash");
    const loaded = page.data as { questions: { id: string; notes: { id: string; text: string; replyToId?: string | null }[] }[] };
    const notes = loaded.questions.find((q) => q.id === acme.multiple)!.notes;
    expect(notes).toEqual([
      expect.objectContaining({ id: noteId, replyToId: null }),
      expect.objectContaining({ replyToId: noteId, text: "Acme Tax & Advisory Team: Thanks, please upload the 1099-INT." }),
    ]);
    // A reply is not a client note: no email about it, and Collect still counts one note.
    const replies = await scoped(ACME, (tx) => tx.questionComment.count({ where: { replyToId: noteId } }));
    expect(replies).toBe(1);
  });

  it("cannot be read or answered from another firm or another group", async () => {
    const added = await summitClient.postJson("summit", `/api/questionnaires/${summit.hash}`, {
      intent: "add_note",
      questionnaireId: summit.id,
      questionId: summit.questionId,
      body: "Summit client's note",
    });
    expect(added.status).toBe(200);
    const summitNote = bodyOf(added).note.id as string;

    // Another firm: the questionnaire and the note are not found.
    expect((await preview(acmePartner, "acme", summit.id)).status).toBe(404);
    const crossFirm = await acmePartner.postJson("acme", `/api/staff/questionnaires/${summit.id}`, { intent: "reply_note", noteId: summitNote, body: "x" });
    expect(crossFirm.status).toBe(404);
    // A note of another questionnaire through this one: not found either.
    const wrongQuestionnaire = await acmePartner.postJson("acme", `/api/staff/questionnaires/${acme.id}`, {
      intent: "reply_note",
      noteId: summitNote,
      body: "x",
    });
    expect(wrongQuestionnaire.status).toBe(404);
    // Group access: a group member outside the client's group.
    expect((await preview(summitGroup, "summit", summit.id)).status).toBe(404);
    const crossGroup = await summitGroup.postJson("summit", `/api/staff/questionnaires/${summit.id}`, { intent: "reply_note", noteId: summitNote, body: "x" });
    expect(crossGroup.status).toBe(404);
    // The firm's own partner can.
    const ok = await summitPartner.postJson("summit", `/api/staff/questionnaires/${summit.id}`, { intent: "reply_note", noteId: summitNote, body: "Got it." });
    expect(ok.status).toBe(200);
    expect(await scoped(SUMMIT, (tx) => tx.questionComment.count({ where: { replyToId: summitNote } }))).toBe(1);
  });
});
