/**
 * Staff actions on questionnaires from Collect and the advisor preview dialog: lock/unlock,
 * completed/not completed, track changes, deposit, due dates, reminder settings, additional
 * items, attaching unattached documents, delete/restore, the shareable link, and the bulk
 * versions for selected rows. Every action: validated input, a permission check, the viewer's
 * visibility (group access), one activity-log entry per questionnaire changed, and a
 * PortalError (404/403/409/422) instead of a 500. Another firm's ids are never found (RLS).
 */
import type { SessionUser } from "~/auth/session.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { readSql, type FirmTx } from "~/db.server";
import { sendEmail } from "~/email.server";
import { conflict, isPortalError, PortalError } from "~/errors";
import { questionnaireProgress, type ProgressCounts } from "~/questionnaires/progress";
import { DEPOSIT_STATE_REFUSED, setDepositPaid } from "~/questionnaires/questionnaire.server";
import type { SectionStatus } from "~/questionnaires/rules";
import { todayIn } from "~/time-zones";
import type { UploadedFileState } from "~/documents/splits/split-rules";
import { readQuestions, readSections, readUploads } from "~/questionnaires/reads.server";
import type { QuestionData, SectionData } from "~/questionnaires/types";
import { additionalItems } from "./actions/additional-items.server";
import { attach } from "./actions/attach.server";
import {
  logMany,
  notFound,
  one,
  questionnaireLink,
  requireAllowed,
  touch,
  visibleQuestionnaires,
  type ActionOutcome,
  type IntentContext,
  type IntentHandler,
  type VisibleRow,
} from "./actions/frame.server";
import { deleteQuestionnaire, link, restore } from "./actions/lifecycle.server";
import { replyNote } from "./actions/note-reply.server";
import { complete, dueDate, lock, reminders, trackChanges } from "./actions/settings.server";
import { orderQuestionnaires } from "./overview/table";
import { additionalItemError, COLLECT_MESSAGES, dueDateError, UNATTACHED_MONTHS, type BulkIntent, type QuestionnaireIntent } from "./preview/rules";

type TableIntent = Exclude<QuestionnaireIntent["intent"], "deposit">;

/** Each intent's handler (./actions); the deposit goes through the questionnaire's own rule. */
const HANDLERS: {
  [I in TableIntent]: (ctx: IntentContext, tx: FirmTx, row: VisibleRow, intent: Extract<QuestionnaireIntent, { intent: I }>) => Promise<ActionOutcome>;
} = {
  lock,
  complete,
  track_changes: trackChanges,
  due_date: dueDate,
  reminders,
  additional_items: additionalItems,
  attach,
  delete: deleteQuestionnaire,
  restore,
  link,
  reply_note: replyNote,
};

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

  const ctx: IntentContext = { portal, staff, emails: [] };
  const handler = HANDLERS[intent.intent] as IntentHandler<Exclude<QuestionnaireIntent["intent"], "deposit">>;
  const outcome = await portal.db.$transaction(async (tx): Promise<ActionOutcome> => {
    const deletedScope = intent.intent === "restore" ? "deleted" : "live";
    const row = await one(tx, staff, questionnaireId, deletedScope);
    return handler(ctx, tx, row, intent as never);
  });
  for (const email of ctx.emails) await sendEmail(portal, email);
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
    /** The custom status set on it (app/custom-statuses). */
    firmCustomStatusId: string | null;
  };
  /** The questionnaire as the client's page reads it (answers, entries, notes with replies, files). */
  sections: SectionData[];
  questions: QuestionData[];
  uploads: Record<string, UploadedFileState>;
  /** The sections the client was asked, their status and the progress, as every screen shows them (questionnaires/progress.ts). */
  progress: ProgressCounts & { sections: { id: string; status: SectionStatus }[] };
  documents: { id: string; name: string; path: string; createdAt: string }[];
  activities: { id: string; typeId: number; title: string; description: string | null; createdAt: string }[];
  unattached: { id: string; name: string; documentType: string | null; createdAt: string }[];
  /** Where unattached documents can go: the entity's unlocked questionnaires, by the ordering rule. */
  attachTargets: { id: string; name: string; taxYear: number; dueDate: string | null; completed: boolean }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** Everything the dialog shows, in a bounded number of statements (10) whatever the size. */
export async function loadPreview(portal: FirmSiteContext, staff: SessionUser, questionnaireId: string): Promise<PreviewData> {
  if (staff.kind !== "staff") throw notFound();
  const row = await portal.db.$transaction((tx) => one(tx, staff, questionnaireId, "any"));
  const db = portal.db;
  const since = new Date(Date.now() - UNATTACHED_MONTHS * 31 * 86_400_000);
  const [q, view, documents, activities, unattached, targets] = await Promise.all([
    db.questionnaire.findFirstOrThrow({ where: { id: row.id }, include: { company: { select: { name: true, hashId: true } } } }),
    db.$transaction(async (tx) => {
      const [sections, questions] = [await readSections(readSql(tx), row.id), await readQuestions(readSql(tx), row.id, portal.firm.name)];
      return { sections, questions, uploads: await readUploads(readSql(tx), { id: row.id, company: { id: row.company_id } }, questions) };
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
      // An upload whose file was deleted is no longer unattached.
      where: {
        companyId: row.company_id,
        questionnaireId: null,
        deletedAt: null,
        createdAt: { gte: since },
        NOT: { documents: { some: { deletedAt: { not: null } } } },
      },
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
  // From the sections and questions read above: the same function as every other screen, no second read.
  const progress = questionnaireProgress({
    sections: view.sections,
    questions: view.questions,
    questionnaire: q,
    onePerSection: portal.firm.preferences.requireOneSignaturePerSection,
  });
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
      firmCustomStatusId: q.firmCustomStatusId,
    },
    ...view,
    progress: {
      done: progress.done,
      total: progress.total,
      percent: progress.percent,
      sections: progress.sections.map((v) => ({ id: v.section.id, status: v.status })),
    },
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
