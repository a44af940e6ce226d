/**
 * Tax return reminders and step notifications against real PostgreSQL with the demo seed: a due
 * reminder is sent once (in-app, email, text by contact method) even with two runs at once;
 * reminders turned off or nothing left to sign or pay send nothing; a return sent without a
 * schedule is scheduled by the job; the firm's tax return reminder frequency moves the next due
 * time; staff send reminders now (another firm's return is 404, nothing sent); the client hears
 * of a return sent to them, the firm of an approval, a change request and the last signature.
 */
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import type * as RemindersModule from "../../app/deliver/reminders/reminders.server";
import type * as JobsModule from "../../app/deliver/reminders/jobs.server";
import type * as NotifyModule from "../../app/deliver/ops/notify.server";
import type * as PreferencesModule from "../../app/firms/preferences.server";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let db: typeof DbModule;
let reminders: typeof RemindersModule;
let jobs: typeof JobsModule;
let notifyMod: typeof NotifyModule;
let preferences: typeof PreferencesModule;
let su: pg.Client;
let ACME: string;
let SUMMIT: string;

const DAY = 86_400_000;

interface Fixture {
  companyId: string;
  taxReturnId: string;
  tag: string;
  annId: string;
  benId: string;
}

let n = 0;
/**
 * An entity with two owners, Ann (Email & Text) and Ben (email), both signers of a return sent ten
 * days ago with one e-sign form each still has to sign, and one unpaid voucher.
 */
async function fixture(
  firmId: string,
  options: { reminderDisabled?: boolean; signed?: boolean; paid?: boolean; status?: "sent" | "signed" | "finished"; nextReminderAt?: Date | null } = {},
): Promise<Fixture> {
  n += 1;
  const tag = `trr${n}x${Date.now()}`;
  return db.withFirm(firmId, async (tx) => {
    const ann = await tx.user.create({
      data: { firmId, kind: "client", email: `ann.${tag}@example.com`, fname: "Ann", lname: tag, phoneNumber: "5035550142", preferredContactMethod: "sms" },
    });
    const ben = await tx.user.create({
      data: { firmId, kind: "client", email: `ben.${tag}@example.com`, fname: "Ben", lname: tag, preferredContactMethod: "email" },
    });
    const company = await tx.company.create({
      data: { firmId, hashId: `h${tag}`, name: `${tag} Household`, entityType: "Individual", primaryOwnerId: ann.id },
    });
    await tx.companyOwner.create({ data: { firmId, companyId: company.id, userId: ann.id, isPrimary: true } });
    await tx.companyOwner.create({ data: { firmId, companyId: company.id, userId: ben.id, isPrimary: false } });
    const r = await tx.taxReturn.create({
      data: {
        firmId,
        companyId: company.id,
        taxYear: 2025,
        taxReturnName: `Return ${tag}`,
        status: options.status ?? "sent",
        sentAt: new Date(Date.now() - 10 * DAY),
        reminderDisabled: options.reminderDisabled ?? false,
        nextReminderAt: options.nextReminderAt ?? null,
      },
    });
    const form = await tx.eSignForm.create({ data: { firmId, taxReturnId: r.id, formId: "8879", pages: [1] } });
    for (const [user, role] of [
      [ann, "taxpayer"],
      [ben, "spouse"],
    ] as const) {
      const signer = await tx.taxReturnSigner.create({
        data: { firmId, taxReturnId: r.id, userId: user.id, role, fname: user.fname, lname: user.lname, email: user.email },
      });
      await tx.eSignFormSignature.create({
        data: { firmId, eSignFormId: form.id, signerId: signer.id, signedAt: options.signed ? new Date() : null, signatureData: options.signed ? "sig" : null },
      });
    }
    await tx.paymentVoucher.create({ data: { firmId, taxReturnId: r.id, voucherId: "1040-V", amountCents: 12_500, isPaid: options.paid ?? false } });
    return { companyId: company.id, taxReturnId: r.id, tag, annId: ann.id, benId: ben.id };
  });
}

async function notifications(companyId: string) {
  const { rows } = await su.query(
    `SELECT n.user_id, n.type_id, n.text, n.link, u.fname FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.company_id = $1 ORDER BY u.fname`,
    [companyId],
  );
  return rows as { user_id: string; type_id: number; text: string; link: string; fname: string }[];
}

async function row(id: string) {
  const { rows } = await su.query(`SELECT next_reminder_at, last_reminder_sent_at FROM tax_returns WHERE id = $1`, [id]);
  return rows[0] as { next_reminder_at: Date | null; last_reminder_sent_at: Date | null };
}

async function smsCount(userId: string) {
  const { rows } = await su.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE user_id = $1 AND channel = 'sms'`, [userId]);
  return rows[0].n as number;
}
async function emailCount(userId: string) {
  const { rows } = await su.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE user_id = $1 AND channel = 'email'`, [userId]);
  return rows[0].n as number;
}

const jobContext = () => ({ sql: async <R>(text: string, values: unknown[] = []) => (await su.query(text, values)).rows as R[] });
const makeDue = (...ids: string[]) => su.query(`UPDATE tax_returns SET next_reminder_at = now() - interval '1 minute' WHERE id = ANY($1::text[])`, [ids]);

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true });
  su = testDb.su;
  db = await import("../../app/db.server");
  reminders = await import("../../app/deliver/reminders/reminders.server");
  jobs = await import("../../app/deliver/reminders/jobs.server");
  notifyMod = await import("../../app/deliver/ops/notify.server");
  preferences = await import("../../app/firms/preferences.server");
  ACME = firmIdOf("acme");
  SUMMIT = firmIdOf("summit");
}, 120_000);

afterAll(() => testDb?.close());

// Only the return under test is due or unscheduled.
beforeEach(async () => {
  await su.query(`UPDATE tax_returns SET next_reminder_at = now() + interval '30 days', reminder_disabled = true`);
});

describe("automatic tax return reminders", () => {
  it("sends a due reminder once even with two runs at once: in-app to both signers, email to both, a text to Ann; moves the next time on", async () => {
    const a = await fixture(ACME);
    const b = await fixture(SUMMIT);
    await makeDue(a.taxReturnId, b.taxReturnId);
    const [one, two] = await Promise.all([jobs.sendDueTaxReturnReminders(jobContext()), jobs.sendDueTaxReturnReminders(jobContext())]);
    expect(one.reminded + two.reminded).toBe(2);
    for (const f of [a, b]) {
      const told = await notifications(f.companyId);
      expect(told.map((t) => t.fname)).toEqual(["Ann", "Ben"]);
      expect(told[0]!.link).toBe(`/tax-return-delivery/${f.taxReturnId}?companyId=${f.companyId}`);
      expect(told[0]!.text).toContain("waiting for you to sign and pay");
      expect(await emailCount(f.annId)).toBe(1);
      expect(await emailCount(f.benId)).toBe(1);
      expect(await smsCount(f.annId)).toBe(1);
      expect(await smsCount(f.benId)).toBe(0);
      const r = await row(f.taxReturnId);
      expect(r.last_reminder_sent_at).not.toBeNull();
      // Seven days (the default) after the reminder, at 10:00 UTC.
      const next = r.next_reminder_at!;
      expect(next.getUTCHours()).toBe(10);
      expect(Math.round((next.getTime() - r.last_reminder_sent_at!.getTime()) / DAY)).toBeGreaterThanOrEqual(6);
      expect(next.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    }
    // A third run finds nothing due.
    const again = await jobs.sendDueTaxReturnReminders(jobContext());
    expect(again.reminded).toBe(0);
    expect(await notifications(a.companyId)).toHaveLength(2);
  });

  it("sends nothing when reminders are off for the return, and stops once everything is signed and paid", async () => {
    const off = await fixture(ACME, { reminderDisabled: true });
    const done = await fixture(ACME, { signed: true, paid: true });
    await makeDue(off.taxReturnId, done.taxReturnId);
    await jobs.sendDueTaxReturnReminders(jobContext());
    expect(await notifications(off.companyId)).toEqual([]);
    expect(await notifications(done.companyId)).toEqual([]);
    expect(await emailCount(off.annId)).toBe(0);
    expect((await row(off.taxReturnId)).next_reminder_at).toBeNull();
    expect((await row(done.taxReturnId)).last_reminder_sent_at).toBeNull();
  });

  it("reminds only the signer who has not signed when everything is paid", async () => {
    const f = await fixture(ACME, { paid: true });
    await su.query(
      `UPDATE e_sign_form_signatures SET signed_at = now() WHERE signer_id IN (SELECT id FROM tax_return_signers WHERE tax_return_id = $1 AND user_id = $2)`,
      [f.taxReturnId, f.benId],
    );
    await makeDue(f.taxReturnId);
    await jobs.sendDueTaxReturnReminders(jobContext());
    const told = await notifications(f.companyId);
    expect(told.map((t) => t.fname)).toEqual(["Ann"]);
    expect(told[0]!.text).toContain("waiting for you to sign.");
  });

  it("schedules a return sent without a schedule from the firm's frequency, which the firm preference changes", async () => {
    const f = await fixture(ACME, { nextReminderAt: null });
    await su.query(`UPDATE tax_returns SET next_reminder_at = NULL WHERE id = $1`, [f.taxReturnId]);
    const sentAt = new Date((await su.query(`SELECT sent_at FROM tax_returns WHERE id = $1`, [f.taxReturnId])).rows[0].sent_at);
    const result = await jobs.sendDueTaxReturnReminders(jobContext());
    expect(result.scheduled).toBeGreaterThanOrEqual(1);
    const dayOf = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    // Sent ten days ago + 7 days: already due, so the run that scheduled it also reminded it.
    expect(await notifications(f.companyId)).toHaveLength(2);

    // The partner sets 3 days: the next reminder moves to the last reminder + 3 days.
    const portal = await testDb.firmSite("acme");
    const partner = await testDb.sessionUser("partner@acme.test", "acme");
    await preferences.savePreferenceGroup(portal, "reminders", { questionnaireReminderFrequencyDays: 7, taxReturnReminderFrequencyDays: 3 }, partner);
    const last = (await row(f.taxReturnId)).last_reminder_sent_at!;
    expect((await row(f.taxReturnId)).next_reminder_at!.getTime()).toBe(dayOf(last) + 3 * DAY + 10 * 3_600_000);
    await preferences.savePreferenceGroup(portal, "reminders", { questionnaireReminderFrequencyDays: 7, taxReturnReminderFrequencyDays: 20 }, partner);
    expect((await row(f.taxReturnId)).next_reminder_at!.getTime()).toBe(dayOf(last) + 20 * DAY + 10 * 3_600_000);

    // With 20 days, a return sent ten days ago is scheduled in the future: no reminder yet.
    const g = await fixture(ACME);
    await su.query(`UPDATE tax_returns SET next_reminder_at = NULL WHERE id = $1`, [g.taxReturnId]);
    await jobs.sendDueTaxReturnReminders(jobContext());
    expect(await notifications(g.companyId)).toEqual([]);
    const gSent = new Date((await su.query(`SELECT sent_at FROM tax_returns WHERE id = $1`, [g.taxReturnId])).rows[0].sent_at);
    expect((await row(g.taxReturnId)).next_reminder_at!.getTime()).toBe(dayOf(gSent) + 20 * DAY + 10 * 3_600_000);
    void sentAt;

    // 0 turns them off: nothing scheduled.
    await preferences.savePreferenceGroup(portal, "reminders", { questionnaireReminderFrequencyDays: 7, taxReturnReminderFrequencyDays: 0 }, partner);
    expect((await row(g.taxReturnId)).next_reminder_at).toBeNull();
    await preferences.savePreferenceGroup(portal, "reminders", { questionnaireReminderFrequencyDays: 7, taxReturnReminderFrequencyDays: 7 }, partner);
  });

  it("scheduleTaxReturnReminders sets the time from the firm's frequency", async () => {
    const f = await fixture(SUMMIT);
    await su.query(`UPDATE firms SET tax_return_reminder_frequency_days = 4 WHERE id = $1`, [SUMMIT]);
    const now = new Date("2026-03-02T15:00:00Z");
    await su.query(`UPDATE tax_returns SET sent_at = $2 WHERE id = $1`, [f.taxReturnId, now]);
    const next = await db.withFirm(SUMMIT, (tx) => reminders.scheduleTaxReturnReminders(tx, { id: f.taxReturnId }, { id: SUMMIT }, now));
    expect(next?.toISOString()).toBe("2026-03-06T10:00:00.000Z");
    expect((await row(f.taxReturnId)).next_reminder_at?.toISOString()).toBe("2026-03-06T10:00:00.000Z");
    await su.query(`UPDATE firms SET tax_return_reminder_frequency_days = 7 WHERE id = $1`, [SUMMIT]);
  });
});

describe("sending tax return reminders now", () => {
  it("reminds the selected returns; another firm's return is 404 and nothing is sent", async () => {
    const portal = await testDb.firmSite("acme");
    const advisor = await testDb.sessionUser("advisor@acme.test", "acme");
    const f = await fixture(ACME);
    const foreign = await fixture(SUMMIT);
    await expect(reminders.sendTaxReturnReminders(portal, advisor, [f.taxReturnId, foreign.taxReturnId])).rejects.toMatchObject({ status: 404 });
    expect(await notifications(f.companyId)).toEqual([]);
    const result = await reminders.sendTaxReturnReminders(portal, advisor, [f.taxReturnId]);
    expect(result.message).toBe("Reminders sent successfully.");
    expect(result.sent).toHaveLength(1);
    expect(await notifications(f.companyId)).toHaveLength(2);
    const { rows } = await su.query(`SELECT title, type_id, actor_id FROM activity_logs WHERE tax_return_id = $1`, [f.taxReturnId]);
    expect(rows).toEqual([{ title: "Reminder sent", type_id: 5, actor_id: advisor.id }]);
  });
});

describe("notifications on each step", () => {
  it("tells the client owners when a return is sent to sign, with a link to its page", async () => {
    const f = await fixture(ACME);
    const told = await db.withFirm(ACME, (tx) =>
      notifyMod.notifyTaxReturnSent(tx, { id: ACME, name: "Acme", slug: "acme" }, { taxReturnId: f.taxReturnId, draft: false }),
    );
    expect(told.notified.sort()).toEqual([f.annId, f.benId].sort());
    const rows = await notifications(f.companyId);
    expect(rows.map((r) => [r.fname, r.type_id, r.link])).toEqual([
      ["Ann", 5, `/tax-return-delivery/${f.taxReturnId}?companyId=${f.companyId}`],
      ["Ben", 5, `/tax-return-delivery/${f.taxReturnId}?companyId=${f.companyId}`],
    ]);
    expect(told.emailed).toHaveLength(2);
  });

  it("tells the entity's assigned advisor and the partners when the draft is approved, changes are requested, all signed", async () => {
    const f = await fixture(ACME);
    const { rows: advisor } = await su.query(`SELECT id FROM users WHERE email = 'advisor@acme.test'`);
    const { rows: partner } = await su.query(`SELECT id FROM users WHERE email = 'partner@acme.test'`);
    const { rows: full } = await su.query(
      `SELECT id FROM users WHERE firm_id = $1 AND kind = 'staff' AND firm_access = 'full' AND email <> 'advisor@acme.test'`,
      [ACME],
    );
    await su.query(`UPDATE users SET assigned_advisor_id = $1 WHERE id = $2`, [advisor[0].id, f.annId]);
    const firm = { id: ACME, name: "Acme", slug: "acme" };
    const approved = await db.withFirm(ACME, (tx) => notifyMod.notifyTaxReturnDraftApproved(tx, firm, { taxReturnId: f.taxReturnId, actorName: "Ann" }));
    expect(approved.notified).toContain(advisor[0].id);
    expect(approved.notified).toContain(partner[0].id);
    for (const other of full) expect(approved.notified).not.toContain(other.id);
    const changes = await db.withFirm(ACME, (tx) => notifyMod.notifyTaxReturnChangesRequested(tx, firm, { taxReturnId: f.taxReturnId, actorName: "Ann" }));
    const signed = await db.withFirm(ACME, (tx) => notifyMod.notifyTaxReturnAllSigned(tx, firm, { taxReturnId: f.taxReturnId }));
    expect(changes.notified).toContain(advisor[0].id);
    expect(signed.notified).toContain(partner[0].id);
    const { rows } = await su.query(`SELECT text, link FROM notifications WHERE company_id = $1 AND user_id = $2 ORDER BY created_at, text`, [
      f.companyId,
      advisor[0].id,
    ]);
    expect(rows.map((r) => r.link)).toEqual(["/tax-returns", `/tax-return-delivery-admin-view/${f.taxReturnId}?companyId=${f.companyId}`, "/tax-returns"]);
    expect(rows[0].text).toContain("Ann approved the draft");
    expect(rows[2].text).toContain("All signatures are done");
  });
});
