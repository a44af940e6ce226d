/**
 * One questionnaire's progress read from every screen's loader data (the client's dashboard card,
 * the questionnaire page, the advisor preview page, Collect's row and the preview dialog) in several
 * states: fresh, partly answered with a section answered for later, a hidden and a revealed triggered
 * section, submitted, marked not completed and completed again; every screen gives the same
 * numbers. And reminders: a questionnaire submitted, completed or locked while a reminder was due
 * shows no next reminder in Collect and gets none from the reminder job.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionnaireProgress } from "~/questionnaires/progress";
import { scheduledReminderDate } from "~/reminders/rules";
import { bootApp, type Browser, type TestApp } from "../support/app";

const SLUG = "acme";
const ACME = "firm_acme";

let app: TestApp;
let client: Browser;
let partner: Browser;
let target: { id: string; hash: string; companyId: string; year: number; entity: string; triggerQuestion: string; triggerAnswer: string };

beforeAll(async () => {
  app = await bootApp({ name: "progress-http" });
  const { rows } = await app.su.query(
    `SELECT q.id, c.hash_id AS hash, c.id AS "companyId", q.tax_year AS year, c.name AS entity,
            s.trigger_question_id AS "triggerQuestion", s.trigger_answer AS "triggerAnswer"
       FROM questionnaires q JOIN companies c ON c.id = q.company_id
       JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
       JOIN sections s ON s.questionnaire_id = q.id AND s.trigger_question_id IS NOT NULL
      WHERE u.email = 'client@acme.test' AND q.deleted_at IS NULL AND NOT q.is_draft AND q.deposit_amount_cents IS NULL
      ORDER BY q.tax_year DESC, q.id LIMIT 1`,
  );
  target = rows[0];
  expect(target).toBeTruthy();
  client = await app.signIn(SLUG, "client@acme.test");
  partner = await app.signIn(SLUG, "partner@acme.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

interface Shown {
  done: number;
  total: number;
  percent: number;
  statuses?: string[];
}

/** What the questionnaire page (and the preview page, in admin-preview mode) computes from its loader data. */
function pageProgress(loaded: any): Shown {
  const p = questionnaireProgress({
    sections: loaded.data.sections,
    questions: loaded.data.questions,
    questionnaire: loaded.data,
    onePerSection: loaded.onePerSection,
  });
  return { done: p.done, total: p.total, percent: p.percent, statuses: p.sections.map((v) => v.status) };
}

/** The numbers every screen shows for the target questionnaire, by screen. */
async function screens(): Promise<Record<string, Shown>> {
  const { id, hash, companyId, year, entity } = target;
  const dashboard = await client.data(SLUG, `/?entity=${hash}&year=${year}`, "routes/_index");
  const card = dashboard.data.home.questionnaires.find((q: any) => q.id === id);
  const page = await client.data(SLUG, `/questionnaire/${hash}?questionnaireId=${id}`, "routes/questionnaire.$companyHash");
  const preview = await partner.data(SLUG, `/preview/${companyId}/questionnaire/${id}`, "routes/preview.$companyId.questionnaire.$questionnaireId");
  const collect = await partner.data(SLUG, `/?q=${encodeURIComponent(entity)}&size=50`, "routes/_index");
  const row = collect.data.rows.find((r: any) => r.id === id);
  const dialog = await partner.get(SLUG, `/api/staff/questionnaires/${id}`);
  expect(dialog.status).toBe(200);
  const d = (dialog.body as any).progress;
  return {
    dashboard: { ...pick(card.progress), statuses: card.sections.map((s: any) => s.status) },
    questionnaire: pageProgress(page),
    preview: pageProgress(preview),
    collect: pick(row.progress),
    dialog: { ...pick(d), statuses: d.sections.map((s: any) => s.status) },
  };
}

const pick = (p: any): Shown => ({ done: p?.done, total: p?.total, percent: p?.percent });

/** Every screen shows the questionnaire page's numbers (and, where a screen lists sections, its statuses). */
async function expectSameEverywhere(state: string): Promise<Shown> {
  const shown = await screens();
  const reference = shown.questionnaire;
  for (const [screen, numbers] of Object.entries(shown)) {
    const expected = numbers.statuses ? reference : pick(reference);
    expect(numbers, `${state}: ${screen}`).toEqual(expected);
  }
  return reference;
}

async function sql(text: string, values: unknown[] = []) {
  return (await app.su.query(text, values)).rows;
}

async function allSections(): Promise<number> {
  return (await sql(`SELECT count(*)::int AS n FROM sections WHERE questionnaire_id = $1`, [target.id]))[0].n;
}

describe("a questionnaire's progress on every screen", () => {
  it("is the same on the dashboard, the questionnaire, the preview page, Collect and the preview dialog, in every state", async () => {
    const { id } = target;
    // Fresh: nothing answered, not started, due in a month.
    await sql(`UPDATE questions SET answer = NULL, answer_by = NULL, special_answer = NULL WHERE questionnaire_id = $1`, [id]);
    await sql(`UPDATE sections SET marked_completed = false WHERE questionnaire_id = $1`, [id]);
    await sql(
      `UPDATE engagement_signatures SET signature = NULL, signed_at = NULL, not_needed = false WHERE section_id IN (SELECT id FROM sections WHERE questionnaire_id = $1)`,
      [id],
    );
    await sql(
      `UPDATE questionnaires SET completed = false, locked = false, in_progress = false, submitted_at = NULL, due_date = current_date + 30 WHERE id = $1`,
      [id],
    );
    const sections = await allSections();
    const fresh = await expectSameEverywhere("fresh");
    // The triggered section is hidden until its trigger question has the trigger answer.
    expect(fresh).toMatchObject({ done: 0, total: sections - 1, percent: 0 });

    // Partly answered: the first questionnaire section answered, a section answered for later (its
    // stored completion left over from before, as the report saw it), the trigger answered otherwise.
    const first = (await sql(`SELECT id FROM sections WHERE questionnaire_id = $1 AND section_type = 3 ORDER BY "order" LIMIT 2`, [id])).map((r) => r.id);
    await sql(`UPDATE questions SET special_answer = 'not_applicable' WHERE section_id = $1`, [first[0]]);
    await sql(`UPDATE questions SET answer_by = current_date + 7 WHERE id = (SELECT id FROM questions WHERE section_id = $1 ORDER BY "order" LIMIT 1)`, [
      first[1],
    ]);
    await sql(`UPDATE sections SET marked_completed = true WHERE id = $1`, [first[1]]);
    await sql(`UPDATE questions SET special_answer = NULL, answer = 'No-such-answer' WHERE id = $1`, [target.triggerQuestion]);
    await sql(`UPDATE questionnaires SET in_progress = true, opened_at = now() WHERE id = $1`, [id]);
    const partly = await expectSameEverywhere("partly answered, triggered section hidden");
    expect(partly.total).toBe(sections - 1);
    expect(partly.done).toBeGreaterThanOrEqual(1);
    expect(partly.statuses).toContain("pending");

    // Revealed: the triggered section is asked, listed and counted.
    await sql(`UPDATE questions SET answer = $2 WHERE id = $1`, [target.triggerQuestion, target.triggerAnswer]);
    const revealed = await expectSameEverywhere("triggered section revealed");
    expect(revealed.total).toBe(sections);

    // Submitted by the client: completed, so 100% and every asked section done, on every screen.
    const submit = await client.postJson(SLUG, `/api/questionnaires/${target.hash}`, { intent: "submit", questionnaireId: id, agreed: true });
    expect(submit.status, submit.text.slice(0, 300)).toBe(200);
    const submitted = await expectSameEverywhere("submitted");
    expect(submitted).toMatchObject({ done: sections, total: sections, percent: 100 });

    // Marked not completed by the firm: the real numbers again; then completed: 100%.
    const reopen = await partner.postJson(SLUG, `/api/staff/questionnaires/${id}`, { intent: "complete", completed: false });
    expect(reopen.status, reopen.text.slice(0, 300)).toBe(200);
    const reopened = await expectSameEverywhere("marked not completed");
    expect(reopened.percent).toBeLessThan(100);
    const complete = await partner.postJson(SLUG, `/api/staff/questionnaires/${id}`, { intent: "complete", completed: true });
    expect(complete.status, complete.text.slice(0, 300)).toBe(200);
    expect(await expectSameEverywhere("completed")).toMatchObject({ done: sections, total: sections, percent: 100 });
  });
});

describe("reminders of finished questionnaires", () => {
  it("a questionnaire submitted, completed or locked while a reminder was due shows no next reminder and is not reminded", async () => {
    // Three open questionnaires of other entities, each with a reminder due an hour ago.
    const open = await sql(
      `SELECT q.id, c.hash_id AS hash, c.name AS entity, u.email
         FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users u ON u.id = c.primary_owner_id
        WHERE q.firm_id = $1 AND q.deleted_at IS NULL AND NOT q.is_draft AND NOT q.locked AND NOT q.completed AND q.sent_at IS NOT NULL
          AND q.deposit_amount_cents IS NULL AND NOT c.inactive AND c.deleted_at IS NULL AND u.kind = 'client' AND u.paying AND q.id <> $2
        ORDER BY q.id LIMIT 3`,
      [ACME, target.id],
    );
    expect(open).toHaveLength(3);
    const [toSubmit, toComplete, toLock] = open;
    const ids = open.map((q) => q.id);
    await sql(
      `UPDATE questionnaires SET reminders_disabled = false, due_date = current_date + 30, next_reminder_date = now() - interval '1 hour' WHERE id = ANY($1)`,
      [ids],
    );

    const owner = await app.signIn(SLUG, toSubmit.email);
    const submit = await owner.postJson(SLUG, `/api/questionnaires/${toSubmit.hash}`, { intent: "submit", questionnaireId: toSubmit.id, agreed: true });
    expect(submit.status, submit.text.slice(0, 300)).toBe(200);
    expect((await partner.postJson(SLUG, `/api/staff/questionnaires/${toComplete.id}`, { intent: "complete", completed: true })).status).toBe(200);
    expect((await partner.postJson(SLUG, `/api/staff/questionnaires/${toLock.id}`, { intent: "lock", locked: true })).status).toBe(200);

    for (const q of open) {
      const collect = await partner.data(SLUG, `/?q=${encodeURIComponent(q.entity)}&size=50`, "routes/_index");
      const row = collect.data.rows.find((r: any) => r.id === q.id);
      expect(row, q.entity).toBeTruthy();
      expect(row.nextReminderDate, `${q.entity}: stored next reminder`).toBeNull();
      expect(scheduledReminderDate(row), `${q.entity}: shown next reminder`).toBeNull();
    }

    const { sendDueReminders } = await import("~/reminders/jobs.server");
    await sendDueReminders({ sql: async <R>(text: string, values: unknown[] = []) => (await app.su.query(text, values)).rows as R[] });
    const sent = await sql(`SELECT body FROM outbound_messages WHERE firm_id = $1 AND (${ids.map((_, i) => `body LIKE $${i + 2}`).join(" OR ")})`, [
      ACME,
      ...ids.map((qid) => `%questionnaireId=${qid}%`),
    ]);
    expect(sent).toEqual([]);
    const activity = await sql(`SELECT title FROM activity_logs WHERE questionnaire_id = ANY($1) AND title LIKE '%reminder sent%'`, [ids]);
    expect(activity).toEqual([]);
  });
});
