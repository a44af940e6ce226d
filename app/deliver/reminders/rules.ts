/**
 * Tax return reminders, the rules (pure, unit-tested): which returns are reminded, when the next
 * automatic reminder is due, and what it says. A return sent for signature (or signed and not yet
 * paid) is reminded every `taxReturnReminderFrequencyDays` days (a firm preference, default 7; 0
 * turns automatic reminders off), at 10:00 UTC of its day, until everything is signed and paid
 * (`reminderToggle`), its reminders are turned off, or it is finished or deleted.
 */
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { REMINDER_HOUR_UTC } from "~/reminders/rules";
import { paymentsCell, reminderToggle, signatureCell, type FormSignatureFacts, type VoucherFacts } from "../rules";

export const DEFAULT_TAX_RETURN_REMINDER_FREQUENCY_DAYS = 7;

/** Statuses in which something may still be owed by the client (signatures or payments). */
export const REMINDABLE_STATUSES: readonly TaxReturnStatus[] = ["sent", "signed", "invoice_paid"];

const DAY_MS = 86_400_000;

function utcDay(value: Date): number {
  return Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate());
}

export interface OwedFacts {
  forms: readonly FormSignatureFacts[];
  vouchers: readonly VoucherFacts[];
  invoiceAmountCents: number | null;
  invoicePaid: boolean;
}

/** What is still owed: signatures and/or payments (the Signature and Payments cells' own counts). */
export function owed(facts: OwedFacts): { signatures: boolean; payments: boolean; anything: boolean } {
  const signatures = signatureCell(facts.forms);
  const payments = paymentsCell(facts.vouchers, { amountCents: facts.invoiceAmountCents, paid: facts.invoicePaid });
  const toggle = reminderToggle({ reminderDisabled: false, allSigned: signatures.allSigned, allPaid: payments.allPaid, signaturesTotal: signatures.total });
  const sign = signatures.total > 0 && !signatures.allSigned;
  const pay = !payments.allPaid;
  return { signatures: sign, payments: pay, anything: toggle.on };
}

export interface ScheduleFacts {
  status: TaxReturnStatus;
  deletedAt: Date | null;
  reminderDisabled: boolean;
  sentAt: Date | null;
  lastReminderSentAt: Date | null;
}

/**
 * When the next automatic reminder of a return is due, or null when none will be: the UTC day of
 * the last reminder (or of sending; `now` when neither is known) + the firm's frequency, at 10:00
 * UTC. Null when reminders are off for the return, the firm's frequency is not positive, or the
 * return is not waiting for the client (not sent yet, finished, completed, paid, deleted).
 */
export function nextTaxReturnReminderAt(facts: ScheduleFacts, frequencyDays: number, now: Date): Date | null {
  if (facts.deletedAt || facts.reminderDisabled || !REMINDABLE_STATUSES.includes(facts.status)) return null;
  if (!Number.isFinite(frequencyDays) || frequencyDays <= 0) return null;
  const base = facts.lastReminderSentAt ?? facts.sentAt ?? now;
  return new Date(utcDay(base) + Math.round(frequencyDays) * DAY_MS + REMINDER_HOUR_UTC * 3_600_000);
}

export interface ReminderTextFacts {
  firmName: string;
  clientFname: string;
  taxYear: number;
  entityName: string;
  signatures: boolean;
  payments: boolean;
}

/** The reminder's subject, email body (the link is appended), in-app line and SMS. */
export function taxReturnReminderTexts(f: ReminderTextFacts): { subject: string; email: string; inApp: string; sms: string } {
  const what = f.signatures && f.payments ? "sign and pay" : f.signatures ? "sign" : "pay";
  const subject = `Reminder: your ${f.taxYear} tax return is waiting for you to ${what}`;
  const inApp = `Reminder: your ${f.taxYear} tax return (${f.entityName}) is waiting for you to ${what}.`;
  const email = `Hi ${f.clientFname},\n\nThis is a friendly reminder that your ${f.taxYear} tax return for ${f.entityName} is waiting for you to ${what}.\n\nThank you,\n${f.firmName}`;
  const sms = `${f.firmName}: Hi ${f.clientFname}, a reminder that your ${f.taxYear} tax return is waiting for you to ${what}.`;
  return { subject, email, inApp, sms };
}

/** The client's page of a return (client spec §2). */
export const clientTaxReturnPath = (taxReturnId: string, companyId: string) =>
  `/tax-return-delivery/${encodeURIComponent(taxReturnId)}?companyId=${encodeURIComponent(companyId)}`;
/** The staff classification page of a return. */
export const staffTaxReturnPath = (taxReturnId: string, companyId: string) =>
  `/tax-return-delivery-admin-view/${encodeURIComponent(taxReturnId)}?companyId=${encodeURIComponent(companyId)}`;
