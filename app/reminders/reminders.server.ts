/**
 * Questionnaire reminders: sent now by staff (`sendReminders`), texts saved without sending
 * (`saveReminderTexts`), and sent automatically when `next_reminder_date` comes (`runDueReminders`,
 * from the periodic job in ./jobs.server.ts).
 *
 * One reminder of one questionnaire = one transaction that holds the questionnaire's row lock: the
 * email and SMS rows in the outbox, the in-app notifications, the activity entry, and the move of
 * last_reminded_at / next_reminder_date. Either all of it commits or none of it does, so a crash
 * mid-run neither sends twice nor skips (the outbox sweep delivers messages committed before a
 * crash), and two workers never remind the same questionnaire for the same date: the automatic run
 * claims rows with FOR UPDATE SKIP LOCKED and re-reads next_reminder_date under the lock.
 * Messages are handed to delivery (dispatch) only after their transaction commits.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { firmDb, withFirm, type FirmDb, type FirmTx } from "~/db.server";
import { siteUrl } from "~/env.server";
import type { OutboundMessage } from "~/generated/prisma/client";
import { notify } from "~/notifications/notify.server";
import { claimDueRows, type ClaimDueRowsResult } from "~/jobs/claim-due-rows.server";
import { dispatchCommitted } from "~/outbox/dispatch.server";
import { queueEmailAndText } from "~/outbox/queue-email-and-text.server";
import { missingSections, sectionViews, type QuestionFacts, type QuestionType, type SpecialAnswer } from "~/questionnaires/rules";
import { badRequest, forbidden, invalid, notFound } from "~/errors";
import { createVocabulary, type Translate } from "~/vocabulary";
import {
  DEFAULT_REMINDER_TEXTS,
  INELIGIBLE_LABELS,
  QUESTIONNAIRE_NOTIFICATION_TYPE,
  REMINDER_MESSAGES,
  REMINDER_TEXT_FIELDS,
  REMINDER_TEXT_LIMITS,
  effectiveTexts,
  nextReminderDate,
  recipientChannels,
  reminderIneligibility,
  reminderTextTooLong,
  type ReminderTexts,
} from "./rules";
import { replaceTags, tagValues } from "./tags";
import { staffFactsOf, visibilityOf } from "~/staff/visibility.server";

export const MAX_REMINDERS_PER_REQUEST = 500;

export interface ReminderOutcome {
  questionnaireId: string;
  /** Messages recorded (email + SMS) and in-app notifications created. */
  emails: number;
  sms: number;
  notifications: number;
}

export interface SendRemindersResult {
  message: string;
  sent: ReminderOutcome[];
  skipped: { questionnaireId: string; reason: string }[];
}

/** The firm as reminders need it: for the sender line, the texts and the links. */
interface FirmFacts {
  id: string;
  name: string;
  slug: string;
  customDomain: string | null;
  frequencyDays: number;
  /** Where the links in messages point (the request's origin, or the firm's site). */
  origin: string;
  /** The firm's vocabulary, for the product's words in the messages and the log. */
  t: Translate;
}

type Db = FirmDb | FirmTx;

// ───────────────────────────── Who may see what ─────────────────────────────

function requireAdvisor(staff: SessionUser) {
  if (staff.kind !== "staff") throw notFound(REMINDER_MESSAGES.notFound);
  if (!staff.isAdvisor) throw forbidden(REMINDER_MESSAGES.forbidden);
}

/**
 * The questionnaires among `ids` this staff member may act on: of the firm (row-level security),
 * not deleted, and for group-access staff only entities whose primary owner is in their group or
 * in none. Throws 404 when any id is not among them (nothing is done then).
 */
async function requireVisibleQuestionnaires(db: Db, staff: SessionUser, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest(REMINDER_MESSAGES.noneSelected);
  if (unique.length > MAX_REMINDERS_PER_REQUEST) throw badRequest(`At most ${MAX_REMINDERS_PER_REQUEST} questionnaires at once`);
  const visibility = visibilityOf(db, await staffFactsOf(db, staff));
  const rows = await (db as FirmTx).questionnaire.findMany({
    where: {
      id: { in: unique },
      deletedAt: null,
      company: { AND: [{ deletedAt: null }, visibility.entityWhere()] },
    },
    select: { id: true },
  });
  if (rows.length !== unique.length) throw notFound(REMINDER_MESSAGES.notFound);
  return unique;
}

// ───────────────────────────── Texts ─────────────────────────────

/** Trims and checks custom texts; throws 400 for an empty or too long one (on its field, as the form names it). */
export function validateTexts(texts: Partial<ReminderTexts>): ReminderTexts {
  const out = { ...DEFAULT_REMINDER_TEXTS };
  for (const key of Object.keys(REMINDER_TEXT_LIMITS) as (keyof ReminderTexts)[]) {
    const value = texts[key];
    if (value === undefined) continue;
    const trimmed = value.trim();
    if (!trimmed) throw invalid(REMINDER_TEXT_FIELDS[key], REMINDER_MESSAGES.emptyText);
    if (trimmed.length > REMINDER_TEXT_LIMITS[key]) throw invalid(REMINDER_TEXT_FIELDS[key], reminderTextTooLong(REMINDER_TEXT_LIMITS[key]));
    out[key] = key === "emailSubject" ? trimmed.replace(/[\r\n]+/g, " ") : trimmed;
  }
  return out;
}

const textColumns = (t: ReminderTexts) => ({
  reminderEmailSubject: t.emailSubject,
  reminderEmailMessage: t.emailMessage,
  reminderInAppMessage: t.inAppMessage,
  reminderSmsMessage: t.smsMessage,
});

/** The texts the dialog starts from: the questionnaire's saved texts when one is chosen, else the defaults. */
export async function reminderTextsFor(portal: FirmSiteContext, staff: SessionUser, questionnaireIds: string[]): Promise<ReminderTexts> {
  requireAdvisor(staff);
  const ids = await requireVisibleQuestionnaires(portal.db, staff, questionnaireIds);
  if (ids.length !== 1) return { ...DEFAULT_REMINDER_TEXTS };
  const q = await portal.db.questionnaire.findFirst({
    where: { id: ids[0] },
    select: { reminderEmailSubject: true, reminderEmailMessage: true, reminderInAppMessage: true, reminderSmsMessage: true },
  });
  return effectiveTexts({
    emailSubject: q?.reminderEmailSubject,
    emailMessage: q?.reminderEmailMessage,
    inAppMessage: q?.reminderInAppMessage,
    smsMessage: q?.reminderSmsMessage,
  });
}

/** Staff spec §7: "A separate call saves reminder texts without sending." Stored on each questionnaire. */
export async function saveReminderTexts(
  portal: FirmSiteContext,
  staff: SessionUser,
  questionnaireIds: string[],
  texts: Partial<ReminderTexts>,
): Promise<{ message: string }> {
  requireAdvisor(staff);
  const valid = validateTexts(texts);
  await portal.db.$transaction(async (tx) => {
    const ids = await requireVisibleQuestionnaires(tx, staff, questionnaireIds);
    await tx.questionnaire.updateMany({ where: { id: { in: ids } }, data: textColumns(valid) });
    for (const id of ids) {
      const q = await tx.questionnaire.findFirst({ where: { id }, select: { companyId: true } });
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.questionnaire,
        title: "Updated the reminder texts",
        actorId: staff.id,
        companyId: q?.companyId,
        questionnaireId: id,
        ipAddress: portal.clientAddress,
      });
    }
  });
  return { message: REMINDER_MESSAGES.saved };
}

// ───────────────────────────── Sending ─────────────────────────────

async function firmFacts(db: Db, firmId: string, origin?: string): Promise<FirmFacts> {
  const firm = await (db as FirmTx).firm.findUnique({
    where: { id: firmId },
    select: {
      id: true,
      name: true,
      slug: true,
      customDomain: true,
      questionnaireReminderFrequencyDays: true,
      vocabs: { select: { keyWord: true, replacement: true }, orderBy: { keyWord: "asc" } },
    },
  });
  if (!firm) throw new Error(`Firm ${firmId} not found`);
  const { vocabs, ...facts } = firm;
  return { ...facts, frequencyDays: firm.questionnaireReminderFrequencyDays, origin: origin ?? siteUrl(firm.slug), t: createVocabulary(vocabs) };
}

/**
 * Staff send reminders now (staff spec §7 send_questionnaire_reminders; advisors only, §6): email,
 * and SMS for clients whose contact method is Email & Text, plus an in-app notification, to every
 * active owner subscribed to questionnaire notifications. With `texts` (the dialog's "customize"),
 * those texts are used and saved on the questionnaires, so later automatic reminders use them too.
 * Locked, completed, draft or unsent questionnaires and inactive entities are skipped (reported);
 * a questionnaire of another firm (or, for group-access staff, of another group) is 404 and
 * nothing is sent. Sending moves the next automatic reminder one frequency period on.
 */
export async function sendReminders(
  portal: FirmSiteContext,
  staff: SessionUser,
  questionnaireIds: string[],
  texts?: Partial<ReminderTexts> | null,
): Promise<SendRemindersResult> {
  requireAdvisor(staff);
  const custom = texts && Object.keys(texts).length ? validateTexts(texts) : null;
  const ids = await requireVisibleQuestionnaires(portal.db, staff, questionnaireIds);
  const firm = await firmFacts(portal.db, portal.firm.id, portal.origin);
  const sent: ReminderOutcome[] = [];
  const skipped: SendRemindersResult["skipped"] = [];
  for (const id of ids) {
    const { outcome, messages, skippedReason } = await withFirm(firm.id, async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM questionnaires WHERE id = ${id} FOR UPDATE`;
      if (!locked[0]) return { outcome: null, messages: [], skippedReason: REMINDER_MESSAGES.notFound };
      if (custom) await tx.questionnaire.update({ where: { id }, data: textColumns(custom) });
      return remindQuestionnaire(tx, firm, id, { actor: staff, ipAddress: portal.clientAddress, automatic: false, now: new Date() });
    });
    await dispatchCommitted(portal, messages, "reminders");
    if (outcome) sent.push(outcome);
    else skipped.push({ questionnaireId: id, reason: skippedReason ?? "Not sent" });
  }
  return { message: REMINDER_MESSAGES.sent, sent, skipped };
}

const QUESTIONNAIRE_SELECT = {
  id: true,
  name: true,
  taxYear: true,
  dueDate: true,
  isDraft: true,
  locked: true,
  completed: true,
  sentAt: true,
  deletedAt: true,
  remindersDisabled: true,
  earliestRemindDate: true,
  lastRemindedAt: true,
  depositStatus: true,
  depositAmountCents: true,
  reminderEmailSubject: true,
  reminderEmailMessage: true,
  reminderInAppMessage: true,
  reminderSmsMessage: true,
  company: {
    select: {
      id: true,
      hashId: true,
      name: true,
      entityType: true,
      inactive: true,
      deletedAt: true,
      owners: {
        select: {
          user: {
            select: {
              id: true,
              kind: true,
              fname: true,
              lname: true,
              preferredName: true,
              email: true,
              hasTempEmail: true,
              phoneNumber: true,
              preferredContactMethod: true,
              paying: true,
              deletedAt: true,
            },
          },
          notificationSubscriptions: { where: { notificationTypeId: QUESTIONNAIRE_NOTIFICATION_TYPE }, select: { notificationTypeId: true } },
        },
        orderBy: { createdAt: "asc" as const },
      },
    },
  },
  sections: { select: { id: true, sectionType: true, markedCompleted: true, triggerQuestionId: true, triggerAnswer: true, order: true } },
  questions: {
    where: { deletedAt: null },
    select: {
      id: true,
      sectionId: true,
      questionType: true,
      answer: true,
      answerBy: true,
      specialAnswer: true,
      optional: true,
      followUpQuestionId: true,
      triggerForFollowUpQuestion: true,
      order: true,
    },
  },
} as const;

const isoDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

interface RemindOptions {
  actor: SessionUser | null;
  ipAddress: string | null;
  automatic: boolean;
  now: Date;
}

/**
 * Reminds one questionnaire inside the caller's transaction (which holds its row lock). Returns
 * the outbox rows to dispatch after commit, or why nothing was sent.
 */
async function remindQuestionnaire(
  tx: FirmTx,
  firm: FirmFacts,
  id: string,
  options: RemindOptions,
): Promise<{ outcome: ReminderOutcome | null; messages: OutboundMessage[]; skippedReason?: string }> {
  const q = await tx.questionnaire.findFirst({ where: { id }, select: QUESTIONNAIRE_SELECT });
  if (!q) return { outcome: null, messages: [], skippedReason: REMINDER_MESSAGES.notFound };
  const facts = { ...q, company: q.company };
  const ineligible = reminderIneligibility(facts);
  if (ineligible) {
    await tx.questionnaire.update({ where: { id }, data: { nextReminderDate: null } });
    return { outcome: null, messages: [], skippedReason: INELIGIBLE_LABELS[ineligible] };
  }

  const questions: QuestionFacts[] = q.questions.map((x) => ({
    ...x,
    questionType: x.questionType as QuestionType,
    specialAnswer: x.specialAnswer as SpecialAnswer | null,
    answerBy: isoDay(x.answerBy),
  }));
  const itemsLeft = missingSections(
    sectionViews(q.sections, questions, { deposit: { depositStatus: q.depositStatus, depositAmountCents: q.depositAmountCents } }),
  ).length;
  const texts = effectiveTexts({
    emailSubject: q.reminderEmailSubject,
    emailMessage: q.reminderEmailMessage,
    inAppMessage: q.reminderInAppMessage,
    smsMessage: q.reminderSmsMessage,
  });
  const path = `/questionnaire/${q.company.hashId}?questionnaireId=${q.id}`;
  const link = `${firm.origin}${path}`;
  const scope = { firm: { id: firm.id, name: firm.name }, db: tx };

  const messages: OutboundMessage[] = [];
  const outcome: ReminderOutcome = { questionnaireId: q.id, emails: 0, sms: 0, notifications: 0 };
  const reached: string[] = [];
  for (const owner of q.company.owners) {
    const user = owner.user;
    const channels = recipientChannels({ ...user, kind: user.kind, subscribed: owner.notificationSubscriptions.length > 0 });
    if (!channels) continue;
    const values = tagValues({
      clientFname: user.fname,
      clientLname: user.lname,
      clientPreferredName: user.preferredName,
      taxYear: q.taxYear,
      questionnaireName: q.name,
      entityName: q.company.name,
      itemsLeft,
      dueDate: isoDay(q.dueDate),
      firmName: firm.name,
    });
    const how: string[] = [];
    await queueEmailAndText(
      scope,
      user.id,
      {
        email:
          channels.email && user.email
            ? {
                to: user.email,
                subject: replaceTags(texts.emailSubject, values),
                text: `${replaceTags(texts.emailMessage, values)}\n\n${firm.t("Open your questionnaire")}: ${link}`,
              }
            : null,
        sms: channels.sms && user.phoneNumber ? { to: user.phoneNumber, body: `${replaceTags(texts.smsMessage, values)} ${link}` } : null,
      },
      { messages, outcome, how },
    );
    if (channels.inApp) {
      // The panel item goes through notify, so the entity's owner notification settings decide it.
      const told = await notify(scope, {
        typeId: QUESTIONNAIRE_NOTIFICATION_TYPE,
        userIds: [user.id],
        text: replaceTags(texts.inAppMessage, values),
        link: path,
        clientName: `${user.fname} ${user.lname}`.trim(),
        companyId: q.company.id,
      });
      if (told.notified.length) {
        outcome.notifications += 1;
        how.push("in-app");
      }
    }
    reached.push(`${user.fname} ${user.lname}`.trim() + ` (${how.join(", ")})`);
  }

  const now = options.now;
  const next = nextReminderDate({ ...facts, lastRemindedAt: now }, firm.frequencyDays);
  await tx.questionnaire.update({ where: { id }, data: { lastRemindedAt: now, lastFollowedUpAt: now, nextReminderDate: next } });
  await logActivity(tx, firm.id, {
    typeId: ACTIVITY_TYPES.questionnaire,
    title: options.automatic ? "Automatic reminder sent" : "Sent a reminder",
    description: reached.length ? `To ${reached.join("; ")}` : firm.t("No owner is subscribed to questionnaire notifications"),
    actorId: options.actor?.id ?? null,
    companyId: q.company.id,
    questionnaireId: q.id,
    ipAddress: options.ipAddress,
  });
  return { outcome, messages };
}

// ───────────────────────────── Automatic reminders ─────────────────────────────

export interface RunDueRemindersOptions {
  now?: Date;
  /** At most this many questionnaires per run (the next run takes the rest). */
  limit?: number;
  /** Tests: runs inside each reminder's transaction just before it commits (throw to simulate a crash). */
  beforeCommit?: (questionnaireId: string) => void | Promise<void>;
}

export type RunDueRemindersResult = ClaimDueRowsResult;

/**
 * Sends the firm's due automatic reminders (next_reminder_date at or before now), each once: a row
 * is claimed with FOR UPDATE SKIP LOCKED (another worker's rows are skipped, not waited for),
 * its date re-checked under the lock, and reminded and moved on in the same transaction.
 * Questionnaires with reminders disabled or no longer eligible get no reminder and no next date.
 */
export async function runDueReminders(firmId: string, options: RunDueRemindersOptions = {}): Promise<RunDueRemindersResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 500;
  const firm = await withFirm(firmId, (tx) => firmFacts(tx, firmId));
  return claimDueRows(firmId, {
    limit,
    claim: async (tx) =>
      (
        await tx.$queryRaw<{ id: string; reminders_disabled: boolean }[]>`
          SELECT id, reminders_disabled FROM questionnaires
           WHERE next_reminder_date IS NOT NULL AND next_reminder_date <= ${now}
           ORDER BY next_reminder_date, id
           LIMIT 1 FOR UPDATE SKIP LOCKED`
      )[0],
    off: (row) => row.reminders_disabled || firm.frequencyDays <= 0,
    unschedule: (tx, row) => tx.questionnaire.update({ where: { id: row.id }, data: { nextReminderDate: null } }),
    remind: (tx, row) => remindQuestionnaire(tx, firm, row.id, { actor: null, ipAddress: null, automatic: true, now }),
    beforeCommit: options.beforeCommit,
    afterCommit: (messages) => dispatchCommitted({ firm, db: firmDb(firmId) }, messages, "reminders"),
  });
}

// ───────────────────────────── Keeping next_reminder_date right ─────────────────────────────

/**
 * Recomputes next_reminder_date of the given questionnaires (or of all the firm's, e.g. after the
 * firm's frequency changed), from their current due date, reminder switch, state and last
 * reminder. Call it after changing any of those; safe inside a transaction (`db` may be one).
 * `firmId` null: the firm the client is scoped to. `companyId`: only that entity's (after it was
 * deactivated or activated).
 * Returns how many rows changed.
 */
export async function refreshNextReminderDates(
  db: Db,
  firmId: string | null,
  questionnaireIds?: string[],
  options: { companyId?: string } = {},
): Promise<number> {
  const t = db as FirmTx;
  // Without an id: the scope's firm (row-level security shows only the firm the client is scoped to).
  const firm = firmId
    ? await t.firm.findUnique({ where: { id: firmId }, select: { questionnaireReminderFrequencyDays: true } })
    : await t.firm.findFirst({ select: { questionnaireReminderFrequencyDays: true } });
  if (!firm) return 0;
  const rows = await t.questionnaire.findMany({
    where: { ...(questionnaireIds ? { id: { in: questionnaireIds } } : { deletedAt: null }), ...(options.companyId ? { companyId: options.companyId } : {}) },
    select: {
      id: true,
      deletedAt: true,
      isDraft: true,
      locked: true,
      completed: true,
      sentAt: true,
      remindersDisabled: true,
      dueDate: true,
      earliestRemindDate: true,
      lastRemindedAt: true,
      nextReminderDate: true,
      company: { select: { inactive: true, deletedAt: true } },
    },
  });
  let changed = 0;
  for (const row of rows) {
    const next = nextReminderDate(row, firm.questionnaireReminderFrequencyDays);
    if ((next?.getTime() ?? null) === (row.nextReminderDate?.getTime() ?? null)) continue;
    await t.questionnaire.update({ where: { id: row.id }, data: { nextReminderDate: next } });
    changed += 1;
  }
  return changed;
}

/** Turns automatic reminders off or on for questionnaires (staff spec §7 toggle reminders), keeping next_reminder_date right. */
export async function setRemindersDisabled(
  portal: FirmSiteContext,
  staff: SessionUser,
  questionnaireIds: string[],
  disabled: boolean,
): Promise<{ message: string }> {
  requireAdvisor(staff);
  await portal.db.$transaction(async (tx) => {
    const ids = await requireVisibleQuestionnaires(tx, staff, questionnaireIds);
    await tx.questionnaire.updateMany({ where: { id: { in: ids } }, data: { remindersDisabled: disabled } });
    await refreshNextReminderDates(tx, portal.firm.id, ids);
    for (const id of ids) {
      const q = await tx.questionnaire.findFirst({ where: { id }, select: { companyId: true } });
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.questionnaire,
        title: disabled ? "Turned automatic reminders off" : "Turned automatic reminders on",
        actorId: staff.id,
        companyId: q?.companyId,
        questionnaireId: id,
        ipAddress: portal.clientAddress,
      });
    }
  });
  return { message: REMINDER_MESSAGES.saved };
}
