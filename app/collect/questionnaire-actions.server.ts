/**
 * Staff actions on questionnaires from Collect and the advisor preview dialog: lock/unlock,
 * completed/not completed, track changes, deposit, due dates, reminder settings, additional
 * items, attaching unattached documents, delete/restore, the shareable link, and the bulk
 * versions for selected rows. Every action: validated input, a permission check, the viewer's
 * visibility (group access), one activity-log entry per questionnaire changed, and a
 * PortalError (404/403/409/422) instead of a 500. Another firm's ids are never found (RLS).
 */
import { refreshNextReminderDates } from "~/reminders/reminders.server";
import type { SessionUser } from "~/auth/session.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { sendEmail } from "~/email.server";
import { conflict, isPortalError, PortalError } from "~/errors";
import { DEPOSIT_STATE_REFUSED, setDepositPaid } from "~/questionnaires/questionnaire.server";
import { SECTION_TYPE } from "~/questionnaires/rules";
import { canDoAdvisorAction, type AdvisorOnlyAction } from "~/staff/permissions";
import { todayIn } from "~/time-zones";
import { orderQuestionnaires } from "./overview/table";
import {
  additionalItemError,
  additionalItemText,
  COLLECT_MESSAGES,
  dueDateError,
  UNATTACHED_MONTHS,
  type BulkIntent,
  type QuestionnaireIntent,
} from "./preview/rules";

const notFound = () => new PortalError(404, "Not Found");

export interface ActionOutcome {
  message: string;
  /** Rows changed (bulk), or 1. */
  count: number;
  link?: string;
  /** The new questionnaire (additional items). */
  questionnaireId?: string;
}

/** Which of the spec's advisor-only actions (§6, app/staff/permissions.ts) each intent is; the others are open to all staff. */
const ADVISOR_ACTION: Partial<Record<string, AdvisorOnlyAction>> = {
  lock: "lockQuestionnaire",
  complete: "markCompleted",
  deposit: "markPaid",
  additional_items: "requestItems",
  restore: "restoreQuestionnaires",
  send_drafts: "sendTemplates",
};

export function requireAllowed(staff: SessionUser, intent: string): void {
  if (staff.kind !== "staff") throw notFound();
  const action = ADVISOR_ACTION[intent];
  if (!action) return;
  const decision = canDoAdvisorAction(staff, action);
  if (!decision.allowed) throw new PortalError(decision.status, decision.message);
}

interface VisibleRow {
  id: string;
  company_id: string;
  hash_id: string;
  name: string;
  tax_year: number;
  is_draft: boolean;
  locked: boolean;
  completed: boolean;
  deleted_at: Date | null;
  owner_id: string | null;
  owner_email: string | null;
  owner_fname: string | null;
  owner_temp_email: boolean | null;
}

/**
 * The questionnaires among `ids` this viewer may act on, locked FOR UPDATE: same firm (RLS), a
 * live entity, and for group access an owner in the viewer's group or in none.
 */
async function visibleQuestionnaires(tx: FirmTx, staff: SessionUser, ids: string[], deleted: "live" | "deleted" | "any"): Promise<VisibleRow[]> {
  const values: unknown[] = [ids];
  let group = "";
  if (staff.firmAccess === "group") {
    values.push(staff.id);
    group = "AND (o.id IS NULL OR o.firm_group_id IS NULL OR o.firm_group_id = (SELECT v.firm_group_id FROM users v WHERE v.id = $2))";
  }
  const del = deleted === "live" ? "AND q.deleted_at IS NULL" : deleted === "deleted" ? "AND q.deleted_at IS NOT NULL" : "";
  return tx.$queryRawUnsafe<VisibleRow[]>(
    `SELECT q.id, q.company_id, c.hash_id, q.name, q.tax_year, q.is_draft, q.locked, q.completed, q.deleted_at,
            o.id AS owner_id, o.email AS owner_email, o.fname AS owner_fname, o.has_temp_email AS owner_temp_email
       FROM questionnaires q JOIN companies c ON c.id = q.company_id LEFT JOIN users o ON o.id = c.primary_owner_id
      WHERE q.id = ANY($1::text[]) AND c.deleted_at IS NULL ${del} ${group}
      ORDER BY q.id FOR UPDATE OF q`,
    ...values,
  );
}

async function one(tx: FirmTx, staff: SessionUser, id: string, deleted: "live" | "deleted" | "any" = "live"): Promise<VisibleRow> {
  const row = (await visibleQuestionnaires(tx, staff, [id], deleted))[0];
  if (!row) throw notFound();
  return row;
}

async function touch(tx: FirmTx, ids: string[], title: string, data: Record<string, unknown> = {}) {
  await tx.questionnaire.updateMany({ where: { id: { in: ids } }, data: { ...data, lastActivity: title, lastActivityAt: new Date() } });
  await refreshNextReminderDates(tx, null, ids); // due date, lock, completion or reminders switch may move the next reminder
}

async function logMany(
  tx: FirmTx,
  portal: FirmSiteContext,
  staff: SessionUser,
  rows: VisibleRow[],
  title: string,
  typeId: number = ACTIVITY_TYPES.questionnaire,
  description?: string,
) {
  await tx.activityLog.createMany({
    data: rows.map((r) => ({
      firmId: portal.firm.id,
      typeId,
      title: title.slice(0, 200),
      description: description?.slice(0, 2000) ?? null,
      actorId: staff.id,
      companyId: r.company_id,
      questionnaireId: r.id,
      ipAddress: portal.clientAddress,
    })),
  });
}

function questionnaireLink(portal: FirmSiteContext, row: Pick<VisibleRow, "hash_id" | "id">): string {
  return `${portal.origin}/questionnaire/${encodeURIComponent(row.hash_id)}?${new URLSearchParams({ questionnaireId: row.id })}`;
}

/** One questionnaire's action (the preview dialog). */
export async function performQuestionnaireIntent(
  portal: FirmSiteContext,
  staff: SessionUser,
  questionnaireId: string,
  intent: QuestionnaireIntent,
): Promise<ActionOutcome> {
  requireAllowed(staff, intent.intent);
  const today = todayIn(portal.firm.timeZone);

  if (intent.intent === "deposit") {
    // The deposit rule lives with the questionnaire (also used by the preview route).
    const row = await portal.db.$transaction((tx) => one(tx, staff, questionnaireId));
    try {
      const { message } = await setDepositPaid(portal, staff, row.company_id, row.id, intent.paid);
      return { message, count: 1 };
    } catch (error) {
      // Here a deposit in the wrong state is a conflict with the row shown, not bad input.
      if (isPortalError(error) && error.code === DEPOSIT_STATE_REFUSED) throw conflict(error.message);
      throw error;
    }
  }

  if (intent.intent === "due_date") {
    const problem = dueDateError(intent.dueDate, today);
    if (problem) throw new PortalError(422, problem);
  }
  if (intent.intent === "additional_items") {
    const problem = dueDateError(intent.dueDate, today) ?? intent.items.map(additionalItemError).find((e) => e !== null) ?? null;
    if (problem) throw new PortalError(422, problem);
  }

  const emails: { to: string; subject: string; text: string; userId: string }[] = [];
  const outcome = await portal.db.$transaction(async (tx): Promise<ActionOutcome> => {
    const deletedScope = intent.intent === "restore" ? "deleted" : "live";
    const row = await one(tx, staff, questionnaireId, deletedScope);
    const log = (title: string, typeId: number = ACTIVITY_TYPES.questionnaire, description?: string) =>
      logActivity(tx, portal.firm.id, {
        typeId,
        title,
        description,
        actorId: staff.id,
        companyId: row.company_id,
        questionnaireId: row.id,
        ipAddress: portal.clientAddress,
      });

    switch (intent.intent) {
      case "lock": {
        const title = intent.locked ? "Locked the questionnaire" : "Unlocked the questionnaire";
        await touch(tx, [row.id], title, { locked: intent.locked });
        await log(title);
        return { message: intent.locked ? COLLECT_MESSAGES.locked : COLLECT_MESSAGES.unlocked, count: 1 };
      }
      case "complete": {
        const title = intent.completed ? "Marked the questionnaire completed" : "Marked the questionnaire not completed";
        await touch(tx, [row.id], title, intent.completed ? { completed: true, submittedAt: new Date() } : { completed: false });
        await log(title);
        return { message: intent.completed ? COLLECT_MESSAGES.completed : COLLECT_MESSAGES.notCompleted, count: 1 };
      }
      case "track_changes": {
        const title = intent.trackChanges ? "Turned on tracking changes" : "Turned off tracking changes";
        await touch(tx, [row.id], title, { trackChanges: intent.trackChanges });
        await log(title);
        return { message: intent.trackChanges ? COLLECT_MESSAGES.trackOn : COLLECT_MESSAGES.trackOff, count: 1 };
      }
      case "due_date": {
        const title = "Changed the due date";
        await touch(tx, [row.id], title, {
          dueDate: new Date(`${intent.dueDate}T00:00:00Z`),
          ...(intent.remindersDisabled === undefined ? {} : { remindersDisabled: intent.remindersDisabled }),
        });
        await log(title, ACTIVITY_TYPES.questionnaire, `Due ${intent.dueDate}`);
        return { message: COLLECT_MESSAGES.updated, count: 1 };
      }
      case "reminders": {
        const title = intent.remindersDisabled ? "Turned reminders off" : "Updated the reminder settings";
        const texts = {
          reminderEmailSubject: intent.reminderEmailSubject?.trim() || null,
          reminderEmailMessage: intent.reminderEmailMessage?.trim() || null,
          reminderInAppMessage: intent.reminderInAppMessage?.trim() || null,
          reminderSmsMessage: intent.reminderSmsMessage?.trim() || null,
        };
        await touch(tx, [row.id], title, { remindersDisabled: intent.remindersDisabled, ...texts });
        await log(title);
        return { message: COLLECT_MESSAGES.reminderUpdated, count: 1 };
      }
      case "additional_items": {
        if (row.locked) throw new PortalError(409, COLLECT_MESSAGES.isLocked);
        const prefs = portal.firm.preferences;
        const name = intent.name?.trim() || `Additional items: ${row.name}`;
        const now = new Date();
        const created = await tx.questionnaire.create({
          data: {
            firmId: portal.firm.id,
            companyId: row.company_id,
            relevantQuestionnaireId: row.id,
            name,
            taxYear: row.tax_year,
            dueDate: new Date(`${intent.dueDate}T00:00:00Z`),
            isOpenItem: true,
            sentAt: now,
            createdById: staff.id,
            lastActivity: "Additional items requested",
            lastActivityAt: now,
          },
          select: { id: true },
        });
        const section = await tx.section.create({
          data: { firmId: portal.firm.id, questionnaireId: created.id, sectionType: SECTION_TYPE.questionnaire, name: "Additional Items", order: 0 },
          select: { id: true },
        });
        await tx.question.createMany({
          data: intent.items.map((item, i) => ({
            firmId: portal.firm.id,
            questionnaireId: created.id,
            sectionId: section.id,
            text: additionalItemText(item, prefs.removePleaseUploadForRolloverItems),
            questionType: item.questionType,
            options: item.questionType === "upload" ? item.options : [],
            order: i,
          })),
        });
        await log("Requested additional items", ACTIVITY_TYPES.questionnaire, `${intent.items.length} item(s) in '${name}'`);
        await logActivity(tx, portal.firm.id, {
          typeId: ACTIVITY_TYPES.questionnaire,
          title: "Additional items requested",
          actorId: staff.id,
          companyId: row.company_id,
          questionnaireId: created.id,
          ipAddress: portal.clientAddress,
        });
        if (row.owner_id && row.owner_email && !row.owner_temp_email) {
          emails.push({
            to: row.owner_email,
            userId: row.owner_id,
            subject: `${portal.firm.name} requested additional items`,
            text: `Hi ${row.owner_fname ?? ""},\n\n${portal.firm.name} needs a few more items for ${row.name} (${row.tax_year}), due ${intent.dueDate}.\n\n${questionnaireLink(portal, { hash_id: row.hash_id, id: created.id })}\n`,
          });
        }
        return { message: COLLECT_MESSAGES.itemsRequested, count: 1, questionnaireId: created.id };
      }
      case "attach": {
        if (row.locked) throw new PortalError(409, COLLECT_MESSAGES.isLocked);
        const since = new Date(Date.now() - UNATTACHED_MONTHS * 31 * 86_400_000);
        const docs = await tx.extractedDocument.findMany({
          where: { id: { in: intent.extractedDocumentIds }, companyId: row.company_id, questionnaireId: null, deletedAt: null, createdAt: { gte: since } },
          select: { id: true, name: true },
        });
        if (docs.length !== new Set(intent.extractedDocumentIds).size) throw new PortalError(404, COLLECT_MESSAGES.attachFailed);
        await tx.extractedDocument.updateMany({ where: { id: { in: docs.map((d) => d.id) } }, data: { questionnaireId: row.id } });
        await touch(tx, [row.id], "Attached documents");
        await log("Attached documents", ACTIVITY_TYPES.document, docs.map((d) => d.name ?? d.id).join(", "));
        return { message: COLLECT_MESSAGES.attached, count: docs.length };
      }
      case "delete": {
        await tx.questionnaire.update({ where: { id: row.id }, data: { deletedAt: new Date() } });
        await log("Deleted the questionnaire");
        return { message: COLLECT_MESSAGES.deleted, count: 1 };
      }
      case "restore": {
        await tx.questionnaire.update({ where: { id: row.id }, data: { deletedAt: null } });
        await log("Restored the questionnaire");
        return { message: COLLECT_MESSAGES.restored, count: 1 };
      }
      case "link": {
        if (row.is_draft) throw new PortalError(409, "Drafts have no link yet.");
        return { message: COLLECT_MESSAGES.linkCopied, count: 1, link: questionnaireLink(portal, row) };
      }
    }
  });
  for (const email of emails) await sendEmail(portal, email);
  return outcome;
}

/** The selected rows' action (Collect's bulk bar). Rows the viewer cannot see are left out; none at all is a 404. */
export async function performBulkIntent(portal: FirmSiteContext, staff: SessionUser, intent: BulkIntent): Promise<ActionOutcome> {
  requireAllowed(staff, intent.intent);
  const today = todayIn(portal.firm.timeZone);
  if (intent.intent === "due_dates") {
    const problem = dueDateError(intent.dueDate, today);
    if (problem) throw new PortalError(422, problem);
  }
  const ids = [...new Set(intent.questionnaireIds)];
  const emails: { to: string; subject: string; text: string; userId: string }[] = [];
  const outcome = await portal.db.$transaction(async (tx): Promise<ActionOutcome> => {
    const rows = await visibleQuestionnaires(tx, staff, ids, intent.intent === "restore" ? "deleted" : "live");
    if (rows.length === 0) throw notFound();
    const rowIds = rows.map((r) => r.id);
    switch (intent.intent) {
      case "lock": {
        await touch(tx, rowIds, "Locked the questionnaire", { locked: true });
        await logMany(tx, portal, staff, rows, "Locked the questionnaire");
        return { message: COLLECT_MESSAGES.locked, count: rows.length };
      }
      case "due_dates": {
        await touch(tx, rowIds, "Changed the due date", {
          dueDate: new Date(`${intent.dueDate}T00:00:00Z`),
          ...(intent.remindersDisabled === undefined ? {} : { remindersDisabled: intent.remindersDisabled }),
        });
        await logMany(tx, portal, staff, rows, "Changed the due date", ACTIVITY_TYPES.questionnaire, `Due ${intent.dueDate}`);
        return { message: COLLECT_MESSAGES.updated, count: rows.length };
      }
      case "reminders": {
        const title = intent.remindersDisabled ? "Turned reminders off" : "Turned reminders on";
        await touch(tx, rowIds, title, { remindersDisabled: intent.remindersDisabled });
        await logMany(tx, portal, staff, rows, title);
        return { message: COLLECT_MESSAGES.reminderUpdated, count: rows.length };
      }
      case "send_drafts": {
        const drafts = rows.filter((r) => r.is_draft && !r.locked);
        if (drafts.length === 0) throw new PortalError(409, COLLECT_MESSAGES.notDraft);
        const now = new Date();
        await touch(
          tx,
          drafts.map((r) => r.id),
          "Sent the questionnaire",
          { isDraft: false, sentAt: now },
        );
        await logMany(tx, portal, staff, drafts, "Sent the questionnaire");
        for (const r of drafts) {
          if (!r.owner_id || !r.owner_email || r.owner_temp_email) continue;
          emails.push({
            to: r.owner_email,
            userId: r.owner_id,
            subject: `${portal.firm.name}: your ${r.tax_year} ${r.name} is ready`,
            text: `Hi ${r.owner_fname ?? ""},\n\n${portal.firm.name} sent you ${r.name} (${r.tax_year}).\n\n${questionnaireLink(portal, r)}\n`,
          });
        }
        return { message: COLLECT_MESSAGES.draftsSent, count: drafts.length };
      }
      case "restore": {
        await tx.questionnaire.updateMany({ where: { id: { in: rowIds } }, data: { deletedAt: null } });
        await logMany(tx, portal, staff, rows, "Restored the questionnaire");
        return { message: COLLECT_MESSAGES.restored, count: rows.length };
      }
    }
  });
  for (const email of emails) await sendEmail(portal, email);
  return outcome;
}

// ───────────────────────────── The preview dialog's data ─────────────────────────────

export interface PreviewData {
  questionnaire: {
    id: string;
    companyId: string;
    companyHash: string;
    companyName: string;
    name: string;
    taxYear: number;
    dueDate: string | null;
    isDraft: boolean;
    locked: boolean;
    completed: boolean;
    inProgress: boolean;
    openedAt: string | null;
    trackChanges: boolean;
    remindersDisabled: boolean;
    depositStatus: string | null;
    depositAmountCents: number | null;
    deleted: boolean;
    reminderEmailSubject: string | null;
    reminderEmailMessage: string | null;
    reminderInAppMessage: string | null;
    reminderSmsMessage: string | null;
  };
  sections: {
    id: string;
    name: string;
    sectionType: number;
    markedCompleted: boolean;
    questions: {
      id: string;
      text: string;
      questionType: string;
      answer: string | null;
      answerBy: string | null;
      specialAnswer: string | null;
      optional: boolean;
      notes: { id: string; body: string; author: string; createdAt: string }[];
    }[];
  }[];
  documents: { id: string; name: string; path: string; createdAt: string }[];
  activities: { id: string; typeId: number; title: string; description: string | null; createdAt: string }[];
  unattached: { id: string; name: string; documentType: string | null; createdAt: string }[];
  /** Where unattached documents can go: the entity's unlocked questionnaires, by the ordering rule. */
  attachTargets: { id: string; name: string; taxYear: number; dueDate: string | null; completed: boolean }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** Everything the dialog shows, in a bounded number of statements (8) whatever the size. */
export async function loadPreview(portal: FirmSiteContext, staff: SessionUser, questionnaireId: string): Promise<PreviewData> {
  if (staff.kind !== "staff") throw notFound();
  const row = await portal.db.$transaction((tx) => one(tx, staff, questionnaireId, "any"));
  const db = portal.db;
  const since = new Date(Date.now() - UNATTACHED_MONTHS * 31 * 86_400_000);
  const [q, sections, questions, documents, activities, unattached, targets] = await Promise.all([
    db.questionnaire.findFirstOrThrow({ where: { id: row.id }, include: { company: { select: { name: true, hashId: true } } } }),
    db.section.findMany({
      where: { questionnaireId: row.id },
      orderBy: [{ order: "asc" }, { createdAt: "asc" }],
      select: { id: true, name: true, sectionType: true, markedCompleted: true },
    }),
    db.question.findMany({
      where: { questionnaireId: row.id, deletedAt: null },
      orderBy: [{ order: "asc" }, { createdAt: "asc" }],
      select: {
        id: true,
        sectionId: true,
        text: true,
        questionType: true,
        answer: true,
        answerBy: true,
        specialAnswer: true,
        optional: true,
        comments: {
          where: { deletedAt: null, removed: false, fromFirmUser: true },
          orderBy: { createdAt: "asc" },
          take: 20,
          select: { id: true, body: true, createdAt: true, author: { select: { fname: true, lname: true } } },
        },
      },
    }),
    db.document.findMany({
      where: { questionnaireId: row.id, deletedAt: null, itemType: "file" },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: { id: true, name: true, path: true, createdAt: true },
    }),
    db.activityLog.findMany({
      where: { questionnaireId: row.id },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: { id: true, typeId: true, title: true, description: true, createdAt: true },
    }),
    db.extractedDocument.findMany({
      where: { companyId: row.company_id, questionnaireId: null, deletedAt: null, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: { id: true, name: true, detailedName: true, documentType: true, createdAt: true },
    }),
    db.questionnaire.findMany({
      where: { companyId: row.company_id, deletedAt: null, locked: false, isDraft: false },
      select: { id: true, name: true, taxYear: true, dueDate: true, completed: true, locked: true },
      take: 200,
    }),
  ]);
  const bySection = new Map<string, PreviewData["sections"][number]["questions"]>();
  for (const qu of questions) {
    const list = bySection.get(qu.sectionId) ?? [];
    list.push({
      id: qu.id,
      text: qu.text,
      questionType: qu.questionType,
      answer: qu.answer,
      answerBy: day(qu.answerBy),
      specialAnswer: qu.specialAnswer,
      optional: qu.optional,
      notes: qu.comments.map((c) => ({ id: c.id, body: c.body, author: `${c.author.fname} ${c.author.lname}`.trim(), createdAt: c.createdAt.toISOString() })),
    });
    bySection.set(qu.sectionId, list);
  }
  return {
    questionnaire: {
      id: q.id,
      companyId: q.companyId,
      companyHash: q.company.hashId,
      companyName: q.company.name,
      name: q.name,
      taxYear: q.taxYear,
      dueDate: day(q.dueDate),
      isDraft: q.isDraft,
      locked: q.locked,
      completed: q.completed,
      inProgress: q.inProgress,
      openedAt: iso(q.openedAt),
      trackChanges: q.trackChanges,
      remindersDisabled: q.remindersDisabled,
      depositStatus: q.depositStatus,
      depositAmountCents: q.depositAmountCents,
      deleted: q.deletedAt !== null,
      reminderEmailSubject: q.reminderEmailSubject,
      reminderEmailMessage: q.reminderEmailMessage,
      reminderInAppMessage: q.reminderInAppMessage,
      reminderSmsMessage: q.reminderSmsMessage,
    },
    sections: sections.map((s) => ({ ...s, questions: bySection.get(s.id) ?? [] })),
    documents: documents.map((d) => ({ id: d.id, name: d.name, path: d.path, createdAt: d.createdAt.toISOString() })),
    activities: activities.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    unattached: unattached.map((d) => ({
      id: d.id,
      name: d.detailedName ?? d.name ?? "Untitled document",
      documentType: d.documentType,
      createdAt: d.createdAt.toISOString(),
    })),
    attachTargets: orderQuestionnaires(targets.map((t) => ({ ...t, dueDate: day(t.dueDate) }))).map(({ locked: _l, ...t }) => t),
  };
}
