/**
 * Questionnaire reminders, the rules (pure, unit-tested): default texts, which questionnaires may
 * be reminded, who receives a reminder on which channel, and when the automatic reminder is next
 * due (staff spec §9: "a 10 UTC hour rule, using the firm reminder frequency in days, with a lower
 * bound of 3 days before due").
 */
import * as z from "zod";

/** The four texts of a reminder (staff spec §3 Questionnaire: reminder_email_subject, …). */
export interface ReminderTexts {
  emailSubject: string;
  emailMessage: string;
  inAppMessage: string;
  smsMessage: string;
}

export const DEFAULT_REMINDER_TEXTS: ReminderTexts = {
  emailSubject: "Reminder: your {questionnaire_year} {questionnaire_name} {for_wording}",
  emailMessage:
    "Hi {client_fname},\n\nThis is a friendly reminder to complete your {questionnaire_year} {questionnaire_name} {for_wording} {by_due_date}. Items left to complete: {number_of_items_left}.\n\nYour progress is saved automatically, so you can pick up where you left off.\n\nThank you,\n{firm_name}",
  inAppMessage: "Reminder: please complete your {questionnaire_year} {questionnaire_name} {for_wording} {by_due_date}.",
  smsMessage: "{firm_name}: Hi {client_fname}, a reminder to complete your {questionnaire_year} {questionnaire_name} {for_wording} {by_due_date}.",
};

export const REMINDER_TEXT_LIMITS: Record<keyof ReminderTexts, number> = {
  emailSubject: 200,
  emailMessage: 5000,
  inAppMessage: 500,
  // Leaves room for the link appended to the SMS within Twilio's 1600 characters.
  smsMessage: 1000,
};

/** Staff spec §8. */
export const REMINDER_MESSAGES = {
  emptyText: "Reminder texts cannot be empty",
  sent: "Reminders sent successfully.",
  saved: "Reminder updated",
  failed: "Reminder update failed",
  noneSelected: "Please select at least one questionnaire",
  notFound: "Questionnaire not found",
  forbidden: "Only advisors can send reminders.",
} as const;

export const reminderTextTooLong = (max: number) => `Reminder text is too long (at most ${max} characters)`;

/** The texts as the dialog's form and POST /api/reminders name them (the questionnaire's columns). */
export const REMINDER_TEXT_FIELDS = {
  emailSubject: "reminder_email_subject",
  emailMessage: "reminder_email_message",
  inAppMessage: "reminder_in_app_message",
  smsMessage: "reminder_sms_message",
} as const satisfies Record<keyof ReminderTexts, string>;

const reminderText = (max: number) =>
  z.string({ error: REMINDER_MESSAGES.emptyText }).trim().min(1, REMINDER_MESSAGES.emptyText).max(max, reminderTextTooLong(max));

/** Customised texts: not empty, within their limits. The dialog (conform) and the API check them with this. */
export const reminderTextsSchema = z.object({
  reminder_email_subject: reminderText(REMINDER_TEXT_LIMITS.emailSubject),
  reminder_email_message: reminderText(REMINDER_TEXT_LIMITS.emailMessage),
  reminder_in_app_message: reminderText(REMINDER_TEXT_LIMITS.inAppMessage),
  reminder_sms_message: reminderText(REMINDER_TEXT_LIMITS.smsMessage),
});

/**
 * The Send Reminders dialog's form: 'send' or 'save', and the texts when they are customised
 * (sending without customising uses each questionnaire's saved texts, so they are not checked).
 */
export function reminderFormSchema(customize: boolean) {
  const intent = z.object({ intent: z.enum(["send", "save"]) });
  return customize ? intent.extend(reminderTextsSchema.shape) : intent;
}

/** Saved texts of a questionnaire, or the defaults for the ones it has none of. */
export function effectiveTexts(saved: Partial<Record<keyof ReminderTexts, string | null>>): ReminderTexts {
  const pick = (k: keyof ReminderTexts) => (saved[k]?.trim() ? saved[k]! : DEFAULT_REMINDER_TEXTS[k]);
  return { emailSubject: pick("emailSubject"), emailMessage: pick("emailMessage"), inAppMessage: pick("inAppMessage"), smsMessage: pick("smsMessage") };
}

// ───────────────────────────── Eligibility ─────────────────────────────

export interface ReminderEligibilityFacts {
  deletedAt: Date | string | null;
  isDraft: boolean;
  locked: boolean;
  completed: boolean;
  /** Not sent yet (scheduled, or a draft): nothing to remind of. */
  sentAt: Date | string | null;
  company: { inactive: boolean; deletedAt: Date | string | null };
}

export type IneligibleReason = "deleted" | "draft" | "not_sent" | "locked" | "completed" | "inactive_entity";

/** Why a questionnaire cannot be reminded (manually or automatically), or null when it can. */
export function reminderIneligibility(q: ReminderEligibilityFacts): IneligibleReason | null {
  if (q.deletedAt || q.company.deletedAt) return "deleted";
  if (q.isDraft) return "draft";
  if (!q.sentAt) return "not_sent";
  if (q.locked) return "locked";
  if (q.completed) return "completed";
  if (q.company.inactive) return "inactive_entity";
  return null;
}

export const INELIGIBLE_LABELS: Record<IneligibleReason, string> = {
  deleted: "Deleted",
  draft: "Draft",
  not_sent: "Not sent yet",
  locked: "Locked",
  completed: "Completed",
  inactive_entity: "Entity is inactive",
};

/** Notification type id 3: questionnaire (staff spec §3). Owners subscribed to it are reminded. */
export const QUESTIONNAIRE_NOTIFICATION_TYPE = 3;

export interface RecipientFacts {
  id: string;
  kind: "client" | "staff";
  paying: boolean;
  deletedAt: Date | string | null;
  email: string | null;
  hasTempEmail: boolean;
  phoneNumber: string | null;
  preferredContactMethod: "email" | "sms";
  /** Subscribed to questionnaire notifications (type 3) for this entity. */
  subscribed: boolean;
}

export interface RecipientChannels {
  email: boolean;
  sms: boolean;
  inApp: boolean;
}

/**
 * Which channels reach an owner: active client users subscribed to questionnaire notifications get
 * the in-app notification; email when they have a real address; SMS too when their contact method
 * is 'Email & Text' (sms) and they have a phone number. Null when the owner is not reminded at all.
 */
export function recipientChannels(r: RecipientFacts): RecipientChannels | null {
  if (r.kind !== "client" || !r.paying || r.deletedAt || !r.subscribed) return null;
  const email = Boolean(r.email) && !r.hasTempEmail;
  const sms = r.preferredContactMethod === "sms" && Boolean(r.phoneNumber && r.phoneNumber.replace(/\D/g, "").length >= 10);
  return { email, sms, inApp: true };
}

// ───────────────────────────── Next reminder date ─────────────────────────────

/** Automatic reminders go out at 10:00 UTC of their day. */
export const REMINDER_HOUR_UTC = 10;
/** No automatic reminder before this many days ahead of the due date. */
export const DAYS_BEFORE_DUE = 3;

const DAY_MS = 86_400_000;

function utcDay(value: Date | string): number {
  const d = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export interface NextReminderFacts extends ReminderEligibilityFacts {
  remindersDisabled: boolean;
  /** YYYY-MM-DD or a Date at midnight UTC (a DATE column). */
  dueDate: Date | string | null;
  earliestRemindDate: Date | string | null;
  /** The last reminder sent (manually or automatically). */
  lastRemindedAt: Date | string | null;
}

/**
 * When the next automatic reminder is due, or null when none will be sent (reminders disabled for
 * the questionnaire, not eligible, or the firm's frequency is not positive):
 *
 *   day  = the UTC day of the last reminder (or of sending, before any) + the firm's frequency;
 *   day  = at least the due date − 3 days, and at least earliest_remind_date when one is set;
 *   time = 10:00 UTC of that day.
 *
 * A result in the past means a reminder is owed now (the job sends it at its next run).
 */
export function nextReminderDate(q: NextReminderFacts, frequencyDays: number): Date | null {
  if (q.remindersDisabled || reminderIneligibility(q) || !Number.isFinite(frequencyDays) || frequencyDays <= 0) return null;
  const base = q.lastRemindedAt ?? q.sentAt;
  if (!base) return null;
  let day = utcDay(base) + Math.round(frequencyDays) * DAY_MS;
  if (q.dueDate) day = Math.max(day, utcDay(q.dueDate) - DAYS_BEFORE_DUE * DAY_MS);
  if (q.earliestRemindDate) day = Math.max(day, utcDay(q.earliestRemindDate));
  return new Date(day + REMINDER_HOUR_UTC * 3_600_000);
}

/** Whether the automatic reminder is due at `now`. */
export function reminderDue(next: Date | null, now: Date): boolean {
  return next !== null && next.getTime() <= now.getTime();
}

/**
 * The next automatic reminder as Collect shows it: none for a questionnaire that cannot be reminded
 * (submitted or completed, locked, a draft, deleted) or whose reminders are off, whatever date is stored.
 */
export function scheduledReminderDate(q: {
  remindersDisabled: boolean;
  completed: boolean;
  locked: boolean;
  isDraft: boolean;
  deletedAt: Date | string | null;
  nextReminderDate: string | null;
}): string | null {
  if (q.remindersDisabled || q.completed || q.locked || q.isDraft || q.deletedAt) return null;
  return q.nextReminderDate;
}
