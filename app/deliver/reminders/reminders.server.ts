/**
 * Tax return reminders: sent now by staff for selected returns (`sendTaxReturnReminders`, toast
 * 'Reminders sent successfully.') and sent automatically when `next_reminder_at` comes
 * (`runDueTaxReturnReminders`, from the periodic job in ./jobs.server.ts).
 *
 * Who: the return's signers who still have a form to sign, and, while a payment is owed, every
 * signer (the entity's owners when the return has no signer with an account). How: an in-app
 * notification through `notify` (the entity's owner notification settings decide, type 5,
 * signature), then email, and a text message for clients whose contact method is 'Email & Text',
 * like questionnaire reminders.
 *
 * One reminder of one return = one transaction holding the return's row lock: the notifications,
 * the outbox rows, the activity entry and the move of last_reminder_sent_at / next_reminder_at.
 * The automatic run claims rows with FOR UPDATE SKIP LOCKED and re-reads the due time under the
 * lock, so two runs at once never remind a return twice for the same due time.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { firmDb, withFirm, type FirmDb, type FirmTx } from "~/db.server";
import { siteUrl } from "~/env.server";
import { badRequest } from "~/errors";
import type { OutboundMessage } from "~/generated/prisma/client";
import { notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { claimDueRows } from "~/jobs/claim-due-rows.server";
import { dispatchCommitted } from "~/outbox/dispatch.server";
import { queueEmailAndText } from "~/outbox/queue-email-and-text.server";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { TAX_RETURN_MESSAGES } from "../rules";
import { clientTaxReturnPath, nextTaxReturnReminderAt, owed, taxReturnReminderTexts, REMINDABLE_STATUSES } from "./rules";

type Db = FirmDb | FirmTx;

export const MAX_TAX_RETURN_REMINDERS_PER_REQUEST = 200;

interface FirmFacts {
  id: string;
  name: string;
  frequencyDays: number;
  origin: string;
}

async function firmFacts(db: Db, firmId: string, origin?: string): Promise<FirmFacts> {
  const firm = await (db as FirmTx).firm.findUnique({
    where: { id: firmId },
    select: { id: true, name: true, slug: true, taxReturnReminderFrequencyDays: true },
  });
  if (!firm) throw new Error(`Firm ${firmId} not found`);
  return { id: firm.id, name: firm.name, frequencyDays: firm.taxReturnReminderFrequencyDays, origin: origin ?? siteUrl(firm.slug) };
}

// ───────────────────────────── Schedule ─────────────────────────────

/**
 * Sets the return's next automatic reminder from the firm's frequency (call it in the transaction
 * that sends the return, after its status and sent_at are written). Returns the time, or null
 * when none is scheduled.
 */
export async function scheduleTaxReturnReminders(
  tx: FirmTx,
  taxReturn: { id: string },
  firm: { id: string; taxReturnReminderFrequencyDays?: number },
  now: Date = new Date(),
): Promise<Date | null> {
  const frequency = firm.taxReturnReminderFrequencyDays ?? (await firmFacts(tx, firm.id)).frequencyDays;
  const row = await tx.taxReturn.findFirst({
    where: { id: taxReturn.id },
    select: { status: true, deletedAt: true, reminderDisabled: true, sentAt: true, lastReminderSentAt: true },
  });
  if (!row) return null;
  const next = nextTaxReturnReminderAt(row, frequency, now);
  await tx.taxReturn.update({ where: { id: taxReturn.id }, data: { nextReminderAt: next } });
  return next;
}

/** Recomputes next_reminder_at of the firm's open returns (after the firm's frequency changed). */
export async function refreshTaxReturnReminders(tx: FirmTx, firmId: string, now: Date = new Date()): Promise<number> {
  const { frequencyDays } = await firmFacts(tx, firmId);
  const rows = await tx.taxReturn.findMany({
    where: { status: { in: [...REMINDABLE_STATUSES] }, deletedAt: null },
    select: { id: true, status: true, deletedAt: true, reminderDisabled: true, sentAt: true, lastReminderSentAt: true, nextReminderAt: true },
  });
  let changed = 0;
  for (const row of rows) {
    const next = nextTaxReturnReminderAt(row, frequencyDays, now);
    if ((next?.getTime() ?? null) === (row.nextReminderAt?.getTime() ?? null)) continue;
    await tx.taxReturn.update({ where: { id: row.id }, data: { nextReminderAt: next } });
    changed += 1;
  }
  return changed;
}

// ───────────────────────────── One reminder ─────────────────────────────

const RETURN_SELECT = {
  id: true,
  companyId: true,
  taxYear: true,
  status: true,
  deletedAt: true,
  reminderDisabled: true,
  sentAt: true,
  lastReminderSentAt: true,
  nextReminderAt: true,
  invoiceAmountCents: true,
  invoicePaid: true,
  company: {
    select: {
      name: true,
      inactive: true,
      deletedAt: true,
      owners: { select: { userId: true }, orderBy: { createdAt: "asc" as const } },
    },
  },
  eSignForms: {
    select: {
      formId: true,
      customFormName: true,
      wetSignaturesRequired: true,
      signatures: { select: { signerId: true, signedAt: true, signatureData: true, wetSignatureKey: true } },
    },
  },
  paymentVouchers: { select: { voucherId: true, customPaymentName: true, amountCents: true, isPaid: true, isDueAsap: true, dueDate: true } },
  signers: { select: { id: true, userId: true, fname: true, lname: true } },
} as const;

export interface TaxReturnReminderOutcome {
  taxReturnId: string;
  notifications: number;
  emails: number;
  sms: number;
}

interface RemindOptions {
  actor: SessionUser | null;
  ipAddress: string | null;
  automatic: boolean;
  now: Date;
}

/**
 * Reminds one return inside the caller's transaction (which holds its row lock), or says why not.
 * Moves last_reminder_sent_at and next_reminder_at either way (a return with nothing owed gets no
 * reminder; it is looked at again one period later).
 */
async function remindTaxReturn(
  tx: FirmTx,
  firm: FirmFacts,
  id: string,
  options: RemindOptions,
): Promise<{ outcome: TaxReturnReminderOutcome | null; messages: OutboundMessage[]; skippedReason?: string }> {
  const r = await tx.taxReturn.findFirst({ where: { id }, select: RETURN_SELECT });
  if (!r) return { outcome: null, messages: [], skippedReason: TAX_RETURN_MESSAGES.notFound };
  const schedule = (lastReminderSentAt: Date | null) => nextTaxReturnReminderAt({ ...r, lastReminderSentAt }, firm.frequencyDays, options.now);
  if (!REMINDABLE_STATUSES.includes(r.status) || r.deletedAt || r.company.deletedAt || r.company.inactive) {
    await tx.taxReturn.update({ where: { id }, data: { nextReminderAt: null } });
    return { outcome: null, messages: [], skippedReason: "Not waiting for the client" };
  }
  const due = owed({
    forms: r.eSignForms.map((f) => ({
      ...f,
      signatures: f.signatures.map((s) => ({
        signerName: s.signerId,
        signed: Boolean(s.signedAt || s.signatureData),
        wetSignature: Boolean(s.wetSignatureKey),
      })),
    })),
    vouchers: r.paymentVouchers.map((v) => ({ ...v, dueDate: v.dueDate ? v.dueDate.toISOString().slice(0, 10) : null })),
    invoiceAmountCents: r.invoiceAmountCents,
    invoicePaid: r.invoicePaid,
  });
  if (!due.anything) {
    // Everything signed and paid: no reminder (the toggle is off), looked at again a period later.
    await tx.taxReturn.update({ where: { id }, data: { nextReminderAt: options.automatic ? schedule(options.now) : r.nextReminderAt } });
    return { outcome: null, messages: [], skippedReason: "Everything is signed and paid" };
  }

  const unsignedSignerIds = new Set<string>();
  for (const form of r.eSignForms) {
    for (const s of form.signatures) {
      const done = form.wetSignaturesRequired ? Boolean(s.wetSignatureKey) : Boolean(s.signedAt || s.signatureData);
      if (!done) unsignedSignerIds.add(s.signerId);
    }
  }
  const userIds = new Set<string>();
  for (const signer of r.signers) {
    if (!signer.userId) continue;
    if ((due.signatures && unsignedSignerIds.has(signer.id)) || due.payments) userIds.add(signer.userId);
  }
  if (due.payments && !r.signers.some((s) => s.userId)) for (const o of r.company.owners) userIds.add(o.userId);

  const users = await tx.user.findMany({
    where: { id: { in: [...userIds] }, kind: "client", paying: true, deletedAt: null },
    select: { id: true, fname: true, lname: true, email: true, hasTempEmail: true, phoneNumber: true, preferredContactMethod: true },
    orderBy: { id: "asc" },
  });
  const path = clientTaxReturnPath(r.id, r.companyId);
  const link = `${firm.origin}${path}`;
  const scope = { firm: { id: firm.id, name: firm.name }, db: tx };
  const outcome: TaxReturnReminderOutcome = { taxReturnId: r.id, notifications: 0, emails: 0, sms: 0 };
  const messages: OutboundMessage[] = [];
  const reached: string[] = [];
  for (const user of users) {
    const texts = taxReturnReminderTexts({
      firmName: firm.name,
      clientFname: user.fname,
      taxYear: r.taxYear,
      entityName: r.company.name,
      signatures: due.signatures && [...unsignedSignerIds].some((sid) => r.signers.find((s) => s.id === sid)?.userId === user.id),
      payments: due.payments,
    });
    // The owner notification settings decide (notify); only those told in the product get the email or text too.
    const told = await notify(scope, {
      typeId: NOTIFICATION_TYPE.questionnaireSignature,
      userIds: [user.id],
      text: texts.inApp,
      link: path,
      clientName: `${user.fname} ${user.lname}`.trim(),
      companyId: r.companyId,
    });
    if (!told.notified.length) continue;
    outcome.notifications += 1;
    const how = ["in-app"];
    await queueEmailAndText(
      scope,
      user.id,
      {
        email: user.email && !user.hasTempEmail ? { to: user.email, subject: texts.subject, text: `${texts.email}\n\nOpen your tax return: ${link}` } : null,
        sms:
          user.preferredContactMethod === "sms" && user.phoneNumber && user.phoneNumber.replace(/\D/g, "").length >= 10
            ? { to: user.phoneNumber, body: `${texts.sms} ${link}` }
            : null,
      },
      { messages, outcome, how },
    );
    reached.push(`${user.fname} ${user.lname}`.trim() + ` (${how.join(", ")})`);
  }

  await tx.taxReturn.update({ where: { id }, data: { lastReminderSentAt: options.now, nextReminderAt: schedule(options.now) } });
  await recordTaxReturnEvent(tx, firm.id, {
    taxReturnId: r.id,
    companyId: r.companyId,
    title: options.automatic ? "Automatic reminder sent" : "Reminder sent",
    description: reached.length ? `To ${reached.join("; ")}` : "No signer receives tax return notifications",
    actorId: options.actor?.id ?? null,
    ipAddress: options.ipAddress,
  });
  return { outcome, messages };
}

// ───────────────────────────── Sent now by staff ─────────────────────────────

export interface SendTaxReturnRemindersResult {
  message: string;
  sent: TaxReturnReminderOutcome[];
  skipped: { taxReturnId: string; reason: string }[];
}

/**
 * Staff send reminders now for selected returns (staff spec §7 send_reminders). Every id goes
 * through the door first: one the user may not reach is 404 and nothing is sent.
 */
export async function sendTaxReturnReminders(portal: FirmSiteContext, staff: SessionUser, taxReturnIds: string[]): Promise<SendTaxReturnRemindersResult> {
  const ids = [...new Set(taxReturnIds)];
  if (!ids.length) throw badRequest("Please select at least one tax return");
  if (ids.length > MAX_TAX_RETURN_REMINDERS_PER_REQUEST) throw badRequest(`At most ${MAX_TAX_RETURN_REMINDERS_PER_REQUEST} tax returns at once`);
  for (const id of ids) await findTaxReturn(portal.db, staff, id);
  const firm = await firmFacts(portal.db, portal.firm.id, portal.origin);
  const result: SendTaxReturnRemindersResult = { message: TAX_RETURN_MESSAGES.remindersSent, sent: [], skipped: [] };
  for (const id of ids) {
    const step = await withFirm(firm.id, async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM tax_returns WHERE id = ${id} FOR UPDATE`;
      if (!locked[0]) return { outcome: null, messages: [], skippedReason: TAX_RETURN_MESSAGES.notFound };
      return remindTaxReturn(tx, firm, id, { actor: staff, ipAddress: portal.clientAddress, automatic: false, now: new Date() });
    });
    await dispatchCommitted({ firm, db: portal.db }, step.messages, "tax-return-reminders");
    if (step.outcome) result.sent.push(step.outcome);
    else result.skipped.push({ taxReturnId: id, reason: step.skippedReason ?? "Not sent" });
  }
  return result;
}

// ───────────────────────────── Automatic reminders ─────────────────────────────

export interface RunDueTaxReturnRemindersOptions {
  now?: Date;
  limit?: number;
  /** Tests: runs inside each reminder's transaction just before it commits. */
  beforeCommit?: (taxReturnId: string) => void | Promise<void>;
}

export interface RunDueTaxReturnRemindersResult {
  reminded: number;
  skipped: number;
  scheduled: number;
  messages: number;
}

/**
 * First schedules the firm's returns waiting for the client that have no next reminder yet (sent
 * by code that did not call `scheduleTaxReturnReminders`), then sends the due reminders, each
 * once: a row is claimed with FOR UPDATE SKIP LOCKED, its due time re-checked under the lock, and
 * reminded and moved on in the same transaction.
 */
export async function runDueTaxReturnReminders(firmId: string, options: RunDueTaxReturnRemindersOptions = {}): Promise<RunDueTaxReturnRemindersResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 500;
  const firm = await withFirm(firmId, (tx) => firmFacts(tx, firmId));
  const newlyScheduled = await withFirm(firmId, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM tax_returns
       WHERE next_reminder_at IS NULL AND status IN ('sent', 'signed') AND deleted_at IS NULL AND NOT reminder_disabled
       LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    let scheduled = 0;
    for (const row of rows) {
      const next = await scheduleTaxReturnReminders(tx, row, { id: firmId, taxReturnReminderFrequencyDays: firm.frequencyDays }, now);
      // With the firm's reminders off there is no time to keep: such rows stay unscheduled.
      if (next) scheduled += 1;
    }
    return scheduled;
  });
  const reminders = await claimDueRows(firmId, {
    limit,
    claim: async (tx) =>
      (
        await tx.$queryRaw<{ id: string; reminder_disabled: boolean }[]>`
          SELECT id, reminder_disabled FROM tax_returns
           WHERE next_reminder_at IS NOT NULL AND next_reminder_at <= ${now}
           ORDER BY next_reminder_at, id
           LIMIT 1 FOR UPDATE SKIP LOCKED`
      )[0],
    off: (row) => row.reminder_disabled || firm.frequencyDays <= 0,
    unschedule: (tx, row) => tx.taxReturn.update({ where: { id: row.id }, data: { nextReminderAt: null } }),
    remind: (tx, row) => remindTaxReturn(tx, firm, row.id, { actor: null, ipAddress: null, automatic: true, now }),
    beforeCommit: options.beforeCommit,
    afterCommit: (messages) => dispatchCommitted({ firm, db: firmDb(firmId) }, messages, "tax-return-reminders"),
  });
  return { reminded: reminders.reminded, skipped: reminders.skipped, scheduled: newlyScheduled, messages: reminders.messages };
}
