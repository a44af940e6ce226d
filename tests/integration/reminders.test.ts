/**
 * Questionnaire reminders against real PostgreSQL with the demo seed: sending now with custom
 * texts (email and SMS rows in the outbox by contact method, in-app notifications, activity),
 * saving texts without sending, permissions, another firm's or group's questionnaire (404, nothing
 * sent), and the automatic run: due rows sent exactly once with two concurrent runs and after a
 * crash mid-run, reminders disabled per questionnaire, next_reminder_date kept right.
 */
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import type * as RemindersModule from "../../app/reminders/reminders.server";
import type * as JobsModule from "../../app/reminders/jobs.server";
import { nextReminderDate } from "../../app/reminders/rules";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let db: typeof DbModule;
let reminders: typeof RemindersModule;
let jobs: typeof JobsModule;
let su: pg.Client;
let ACME: string;
let SUMMIT: string;

/** A staff member as signed in, in UTC. */
const staffFor = (email: string, slug: string) => testDb.sessionUser(email, slug, { timeZone: "UTC" });

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

interface Fixture {
  companyId: string;
  questionnaireId: string;
  name: string;
}

let n = 0;
/**
 * An entity with three owners: Ann (email and text, subscribed), Ben (email only, subscribed) and
 * Cy (not subscribed to questionnaire notifications), and one sent questionnaire with two open items.
 */
async function fixture(firmId: string, options: { locked?: boolean; remindersDisabled?: boolean; dueInDays?: number } = {}): Promise<Fixture> {
  n += 1;
  const tag = `rem${n}`;
  const name = `Reminder Fixture ${n}`;
  return db.withFirm(firmId, async (tx) => {
    const users = await Promise.all(
      [
        { fname: "Ann", method: "sms" as const, sub: true },
        { fname: "Ben", method: "email" as const, sub: true },
        { fname: "Cy", method: "email" as const, sub: false },
      ].map(async (u, i) => ({
        ...u,
        user: await tx.user.create({
          data: {
            firmId,
            kind: "client",
            email: `${u.fname.toLowerCase()}.${tag}@example.com`,
            fname: u.fname,
            lname: `Owner${n}`,
            phoneNumber: `50355501${String(n).padStart(2, "0")}`,
            preferredContactMethod: u.method,
            createdAt: new Date(Date.now() - i),
          },
        }),
      })),
    );
    const company = await tx.company.create({
      data: { firmId, hashId: `hash${tag}${Date.now()}`, name: `${tag} Holdings LLC`, entityType: "Partnership", primaryOwnerId: users[0]!.user.id },
    });
    for (const u of users) {
      await tx.companyOwner.create({ data: { firmId, companyId: company.id, userId: u.user.id, isPrimary: u.fname === "Ann" } });
      await tx.ownerNotificationSubscription.createMany({
        data: (u.sub ? [1, 3] : [1, 2]).map((t) => ({ firmId, companyId: company.id, userId: u.user.id, notificationTypeId: t })),
      });
    }
    const q = await tx.questionnaire.create({
      data: {
        firmId,
        companyId: company.id,
        name,
        taxYear: 2025,
        dueDate: new Date(`${isoDay(options.dueInDays ?? 20)}T00:00:00Z`),
        sentAt: new Date(Date.now() - 10 * DAY),
        locked: options.locked ?? false,
        remindersDisabled: options.remindersDisabled ?? false,
      },
    });
    const s1 = await tx.section.create({ data: { firmId, questionnaireId: q.id, sectionType: 0, name: "Welcome", order: 0 } });
    const s2 = await tx.section.create({ data: { firmId, questionnaireId: q.id, sectionType: 3, name: "Income", order: 1 } });
    await tx.question.create({ data: { firmId, questionnaireId: q.id, sectionId: s2.id, text: "Any W-2s?", questionType: "boolean", order: 0 } });
    void s1;
    return { companyId: company.id, questionnaireId: q.id, name };
  });
}

async function outbox(firmId: string, like: string) {
  const { rows } = await su.query(
    `SELECT channel::text AS channel, "to", subject, body FROM outbound_messages WHERE firm_id = $1 AND (subject LIKE $2 OR body LIKE $2) ORDER BY channel, "to"`,
    [firmId, `%${like}%`],
  );
  return rows as { channel: string; to: string; subject: string | null; body: string }[];
}

async function notifications(companyId: string) {
  const { rows } = await su.query(
    `SELECT n.user_id, n.type_id, n.text, n.link, u.fname FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.company_id = $1 ORDER BY u.fname`,
    [companyId],
  );
  return rows;
}

async function questionnaireRow(id: string) {
  const { rows } = await su.query(`SELECT * FROM questionnaires WHERE id = $1`, [id]);
  return rows[0];
}

async function countAll(table: string) {
  const { rows } = await su.query(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n as number;
}

const jobContext = () => ({ sql: async <R>(text: string, values: unknown[] = []) => (await su.query(text, values)).rows as R[] });

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true });
  su = testDb.su;
  db = await import("../../app/db.server");
  reminders = await import("../../app/reminders/reminders.server");
  jobs = await import("../../app/reminders/jobs.server");
  ACME = firmIdOf("acme");
  SUMMIT = firmIdOf("summit");
}, 120_000);

afterAll(() => testDb?.close());

// Only this file's fixtures are due in the automatic tests.
beforeEach(async () => {
  await su.query(`UPDATE questionnaires SET next_reminder_date = NULL`);
});

describe("sending reminders now", () => {
  it("sends custom texts by email, by text to clients who chose Email & Text, and in-app, and saves the texts", async () => {
    const portal = await testDb.firmSite("acme");
    const advisor = await staffFor("advisor@acme.test", "acme");
    const f = await fixture(ACME);
    const locked = await fixture(ACME, { locked: true });
    const result = await reminders.sendReminders(portal, advisor, [f.questionnaireId, locked.questionnaireId], {
      emailSubject: "Nudge {client_fname}: {questionnaire_name}",
      emailMessage:
        "Dear {client_fname}, {number_of_items_left} items left on {questionnaire_year} {questionnaire_name} {for_wording} {by_due_date}. {firm_name}",
      inAppMessage: "Please finish {questionnaire_name} {for_wording}",
      smsMessage: "Text for {client_fname} about {questionnaire_name}",
    });
    expect(result.message).toBe("Reminders sent successfully.");
    expect(result.sent).toEqual([{ questionnaireId: f.questionnaireId, emails: 2, sms: 1, notifications: 2 }]);
    expect(result.skipped).toEqual([{ questionnaireId: locked.questionnaireId, reason: "Locked" }]);

    const sent = await outbox(ACME, f.name);
    expect(sent.map((m) => [m.channel, m.to])).toEqual([
      ["email", `ann.rem${f.name.split(" ").pop()}@example.com`],
      ["email", `ben.rem${f.name.split(" ").pop()}@example.com`],
      ["sms", `+150355501${f.name.split(" ").pop()!.padStart(2, "0")}`],
    ]);
    const ann = sent[0]!;
    expect(ann.subject).toBe(`Nudge Ann: ${f.name}`);
    expect(ann.body).toContain(`Dear Ann, 2 items left on 2025 ${f.name} for rem${f.name.split(" ").pop()} Holdings LLC by `);
    expect(ann.body).toContain("Acme Tax & Advisory");
    expect(ann.body).toContain(`http://acme.localhost/questionnaire/`);
    expect(sent[2]!.body).toMatch(new RegExp(`^Text for Ann about ${f.name} http://acme\\.localhost/questionnaire/`));
    expect(await outbox(ACME, locked.name)).toEqual([]);

    const notes = await notifications(f.companyId);
    expect(notes.map((x) => [x.fname, x.type_id, x.text])).toEqual([
      ["Ann", 3, `Please finish ${f.name} for rem${f.name.split(" ").pop()} Holdings LLC`],
      ["Ben", 3, `Please finish ${f.name} for rem${f.name.split(" ").pop()} Holdings LLC`],
    ]);
    expect(notes[0].link).toMatch(new RegExp(`^/questionnaire/hash.+\\?questionnaireId=${f.questionnaireId}$`));

    const row = await questionnaireRow(f.questionnaireId);
    expect(row.reminder_email_subject).toBe("Nudge {client_fname}: {questionnaire_name}");
    expect(row.reminder_sms_message).toBe("Text for {client_fname} about {questionnaire_name}");
    expect(row.last_reminded_at).not.toBeNull();
    const expected = nextReminderDate(
      {
        deletedAt: null,
        isDraft: false,
        locked: false,
        completed: false,
        sentAt: row.sent_at,
        company: { inactive: false, deletedAt: null },
        remindersDisabled: false,
        dueDate: row.due_date,
        earliestRemindDate: null,
        lastRemindedAt: row.last_reminded_at,
      },
      7,
    );
    expect(row.next_reminder_date?.toISOString()).toBe(expected?.toISOString());
    expect(row.next_reminder_date.getTime()).toBeGreaterThan(Date.now());
    const { rows: activity } = await su.query(`SELECT title, actor_id, type_id, description FROM activity_logs WHERE questionnaire_id = $1`, [
      f.questionnaireId,
    ]);
    expect(activity).toEqual([{ title: "Sent a reminder", actor_id: advisor.id, type_id: 3, description: expect.stringContaining("Ann Owner") }]);
  });

  it("uses the saved texts, or the defaults, when not customised", async () => {
    const portal = await testDb.firmSite("acme");
    const advisor = await staffFor("advisor@acme.test", "acme");
    const f = await fixture(ACME);
    await reminders.sendReminders(portal, advisor, [f.questionnaireId]);
    const sent = await outbox(ACME, f.name);
    expect(sent.filter((m) => m.channel === "email").map((m) => m.subject)).toEqual([
      `Reminder: your 2025 ${f.name} for rem${f.name.split(" ").pop()} Holdings LLC`,
      `Reminder: your 2025 ${f.name} for rem${f.name.split(" ").pop()} Holdings LLC`,
    ]);
    expect(sent[0]!.body).toContain("Hi Ann,");
    expect(sent[0]!.body).not.toMatch(/\{[a-z_]+\}/);
  });

  it("saves texts without sending", async () => {
    const portal = await testDb.firmSite("acme");
    const advisor = await staffFor("advisor@acme.test", "acme");
    const f = await fixture(ACME);
    const before = await countAll("outbound_messages");
    const texts = { emailSubject: "Saved {questionnaire_name}", emailMessage: "Body", inAppMessage: "In app", smsMessage: "Sms" };
    expect(await reminders.saveReminderTexts(portal, advisor, [f.questionnaireId], texts)).toEqual({ message: "Reminder updated" });
    expect(await countAll("outbound_messages")).toBe(before);
    expect(await notifications(f.companyId)).toEqual([]);
    const row = await questionnaireRow(f.questionnaireId);
    expect([row.reminder_email_subject, row.reminder_email_message, row.reminder_in_app_message, row.reminder_sms_message]).toEqual([
      "Saved {questionnaire_name}",
      "Body",
      "In app",
      "Sms",
    ]);
    expect(await reminders.reminderTextsFor(portal, advisor, [f.questionnaireId])).toEqual(texts);
    await expect(reminders.saveReminderTexts(portal, advisor, [f.questionnaireId], { ...texts, smsMessage: "   " })).rejects.toMatchObject({ status: 400 });
  });

  it("is for advisors only", async () => {
    const portal = await testDb.firmSite("acme");
    const admin = await staffFor("admin@acme.test", "acme");
    const f = await fixture(ACME);
    const nonAdvisor = { ...admin, isAdvisor: false };
    await expect(reminders.sendReminders(portal, nonAdvisor, [f.questionnaireId])).rejects.toMatchObject({ status: 403 });
    expect(await outbox(ACME, f.name)).toEqual([]);
  });

  it("answers 404 for another firm's questionnaire, alone or among the firm's own, and sends nothing", async () => {
    const acme = await testDb.firmSite("acme");
    const advisor = await staffFor("advisor@acme.test", "acme");
    const own = await fixture(ACME);
    const theirs = await fixture(SUMMIT);
    const before = await countAll("outbound_messages");
    const notesBefore = await countAll("notifications");
    await expect(reminders.sendReminders(acme, advisor, [theirs.questionnaireId])).rejects.toMatchObject({ status: 404 });
    await expect(reminders.sendReminders(acme, advisor, [own.questionnaireId, theirs.questionnaireId])).rejects.toMatchObject({ status: 404 });
    await expect(reminders.saveReminderTexts(acme, advisor, [theirs.questionnaireId], { emailSubject: "x" })).rejects.toMatchObject({ status: 404 });
    await expect(reminders.setRemindersDisabled(acme, advisor, [theirs.questionnaireId], true)).rejects.toMatchObject({ status: 404 });
    expect(await countAll("outbound_messages")).toBe(before);
    expect(await countAll("notifications")).toBe(notesBefore);
    expect((await questionnaireRow(theirs.questionnaireId)).reminder_email_subject).toBeNull();
  });

  it("answers 404 to group-access staff for an entity of another group", async () => {
    const summit = await testDb.firmSite("summit");
    const nina = await staffFor("nina.patel@summit.test", "summit");
    expect(nina.firmAccess).toBe("group");
    const f = await fixture(SUMMIT);
    const { rows } = await su.query(`SELECT id FROM firm_groups WHERE firm_id = $1 AND id <> (SELECT firm_group_id FROM users WHERE id = $2)`, [
      SUMMIT,
      nina.id,
    ]);
    const { rows: owner } = await su.query(`SELECT primary_owner_id FROM companies WHERE id = $1`, [f.companyId]);
    await su.query(`UPDATE users SET firm_group_id = $1 WHERE id = $2`, [rows[0].id, owner[0].primary_owner_id]);
    await expect(reminders.sendReminders(summit, nina, [f.questionnaireId])).rejects.toMatchObject({ status: 404 });
    expect(await outbox(SUMMIT, f.name)).toEqual([]);
    // Back in no group: visible.
    await su.query(`UPDATE users SET firm_group_id = NULL WHERE id = $1`, [owner[0].primary_owner_id]);
    expect((await reminders.sendReminders(summit, nina, [f.questionnaireId])).sent).toHaveLength(1);
  });
});

describe("automatic reminders", () => {
  async function makeDue(...ids: string[]) {
    await su.query(`UPDATE questionnaires SET next_reminder_date = now() - interval '1 minute' WHERE id = ANY($1::text[])`, [ids]);
  }

  it("sends each due reminder exactly once with two concurrent runs, and moves the next date on", async () => {
    const a = await fixture(ACME);
    const b = await fixture(ACME);
    const c = await fixture(SUMMIT);
    await makeDue(a.questionnaireId, b.questionnaireId, c.questionnaireId);
    const [one, two] = await Promise.all([jobs.sendDueReminders(jobContext()), jobs.sendDueReminders(jobContext())]);
    expect(one.reminded + two.reminded).toBe(3);
    for (const f of [a, b]) {
      expect((await outbox(ACME, f.name)).map((m) => m.channel)).toEqual(["email", "email", "sms"]);
      expect(await notifications(f.companyId)).toHaveLength(2);
      const row = await questionnaireRow(f.questionnaireId);
      expect(row.next_reminder_date.getTime()).toBeGreaterThan(Date.now());
      expect(row.next_reminder_date.getUTCHours()).toBe(10);
      const { rows } = await su.query(`SELECT title, actor_id FROM activity_logs WHERE questionnaire_id = $1`, [f.questionnaireId]);
      expect(rows).toEqual([{ title: "Automatic reminder sent", actor_id: null }]);
    }
    expect(await outbox(SUMMIT, c.name)).toHaveLength(3);
    // A third run finds nothing due.
    expect((await jobs.sendDueReminders(jobContext())).reminded).toBe(0);
    expect(await outbox(ACME, a.name)).toHaveLength(3);
  });

  it("neither sends twice nor skips after a crash mid-run", async () => {
    const a = await fixture(ACME);
    const b = await fixture(ACME);
    await makeDue(a.questionnaireId, b.questionnaireId);
    let calls = 0;
    await expect(
      reminders.runDueReminders(ACME, {
        beforeCommit: () => {
          calls += 1;
          if (calls === 2) throw new Error("worker died");
        },
      }),
    ).rejects.toThrow("worker died");
    const after = await Promise.all([outbox(ACME, a.name), outbox(ACME, b.name)]);
    // One committed, the other rolled back with everything it had recorded.
    expect(after.map((m) => m.length).sort()).toEqual([0, 3]);
    const result = await reminders.runDueReminders(ACME);
    expect(result.reminded).toBe(1);
    expect(await outbox(ACME, a.name)).toHaveLength(3);
    expect(await outbox(ACME, b.name)).toHaveLength(3);
    expect(await notifications(a.companyId)).toHaveLength(2);
    expect(await notifications(b.companyId)).toHaveLength(2);
  });

  it("sends nothing for questionnaires with reminders disabled or no longer eligible, and clears their date", async () => {
    const off = await fixture(ACME, { remindersDisabled: true });
    const locked = await fixture(ACME, { locked: true });
    await makeDue(off.questionnaireId, locked.questionnaireId);
    const result = await reminders.runDueReminders(ACME);
    expect(result).toMatchObject({ reminded: 0, skipped: 2 });
    expect(await outbox(ACME, off.name)).toEqual([]);
    expect(await outbox(ACME, locked.name)).toEqual([]);
    expect((await questionnaireRow(off.questionnaireId)).next_reminder_date).toBeNull();
    expect((await questionnaireRow(locked.questionnaireId)).next_reminder_date).toBeNull();
  });

  it("keeps next_reminder_date right when reminders are switched and due dates or the frequency change", async () => {
    const portal = await testDb.firmSite("acme");
    const advisor = await staffFor("advisor@acme.test", "acme");
    const f = await fixture(ACME, { dueInDays: 60 });
    // Days counted from the fixture's own today (it was sent 10 days before it), not from a later
    // clock reading: the same days even if midnight UTC passes meanwhile.
    const sentAt = (await questionnaireRow(f.questionnaireId)).sent_at as Date;
    const fixtureDay = (offsetDays: number) => new Date(sentAt.getTime() + (10 + offsetDays) * DAY).toISOString().slice(0, 10);
    await reminders.setRemindersDisabled(portal, advisor, [f.questionnaireId], true);
    expect((await questionnaireRow(f.questionnaireId)).next_reminder_date).toBeNull();
    await reminders.setRemindersDisabled(portal, advisor, [f.questionnaireId], false);
    const row = await questionnaireRow(f.questionnaireId);
    // Sent 10 days ago, due in 60: 3 days before due wins over sending + 7.
    expect(row.next_reminder_date.toISOString()).toBe(`${fixtureDay(57)}T10:00:00.000Z`);
    await su.query(`UPDATE questionnaires SET due_date = $2 WHERE id = $1`, [f.questionnaireId, fixtureDay(5)]);
    await su.query(`UPDATE firms SET questionnaire_reminder_frequency_days = 14 WHERE id = $1`, [ACME]);
    try {
      expect(await reminders.refreshNextReminderDates(db.firmDb(ACME), ACME)).toBeGreaterThan(0);
      expect((await questionnaireRow(f.questionnaireId)).next_reminder_date.toISOString()).toBe(`${fixtureDay(4)}T10:00:00.000Z`);
    } finally {
      await su.query(`UPDATE firms SET questionnaire_reminder_frequency_days = 7 WHERE id = $1`, [ACME]);
    }
    // An inactive entity gets no reminders; activated again, they resume.
    await su.query(`UPDATE companies SET inactive = true WHERE id = $1`, [f.companyId]);
    await reminders.refreshNextReminderDates(db.firmDb(ACME), ACME, undefined, { companyId: f.companyId });
    expect((await questionnaireRow(f.questionnaireId)).next_reminder_date).toBeNull();
    await su.query(`UPDATE companies SET inactive = false WHERE id = $1`, [f.companyId]);
    await reminders.refreshNextReminderDates(db.firmDb(ACME), null, undefined, { companyId: f.companyId });
    expect((await questionnaireRow(f.questionnaireId)).next_reminder_date.toISOString()).toBe(`${fixtureDay(2)}T10:00:00.000Z`);
  });
});
