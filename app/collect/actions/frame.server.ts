/**
 * What every staff action on questionnaires shares: the advisor-only check, the rows the viewer
 * may act on (locked FOR UPDATE), the questionnaire touched (last activity, next reminder) and
 * its activity entries.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { QuestionnaireIntent } from "../preview/rules";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { refreshNextReminderDates } from "~/reminders/reminders.server";
import { type AdvisorOnlyAction, canDoAdvisorAction } from "~/staff/permissions";
import { entityVisibleSql } from "~/staff/visibility";
export const notFound = () => new PortalError(404, "Not Found");

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

export interface VisibleRow {
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
export async function visibleQuestionnaires(tx: FirmTx, staff: SessionUser, ids: string[], deleted: "live" | "deleted" | "any"): Promise<VisibleRow[]> {
  const values: unknown[] = [ids];
  const group = `AND ${entityVisibleSql(staff, "c", (v) => `$${values.push(v)}`)}`;
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

export async function one(tx: FirmTx, staff: SessionUser, id: string, deleted: "live" | "deleted" | "any" = "live"): Promise<VisibleRow> {
  const row = (await visibleQuestionnaires(tx, staff, [id], deleted))[0];
  if (!row) throw notFound();
  return row;
}

export async function touch(tx: FirmTx, ids: string[], title: string, data: Record<string, unknown> = {}) {
  await tx.questionnaire.updateMany({ where: { id: { in: ids } }, data: { ...data, lastActivity: title, lastActivityAt: new Date() } });
  await refreshNextReminderDates(tx, null, ids); // due date, lock, completion or reminders switch may move the next reminder
}

export async function logMany(
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

export function questionnaireLink(portal: FirmSiteContext, row: Pick<VisibleRow, "hash_id" | "id">): string {
  return `${portal.origin}/questionnaire/${encodeURIComponent(row.hash_id)}?${new URLSearchParams({ questionnaireId: row.id })}`;
}

/** What an intent's handler gets besides the transaction and the row. */
export interface IntentContext {
  portal: FirmSiteContext;
  staff: SessionUser;
  /** Emails sent once the transaction is committed. */
  emails: { to: string; subject: string; text: string; userId: string }[];
}

/** One intent's change to one questionnaire, inside the shared frame. */
export type IntentHandler<I extends QuestionnaireIntent["intent"]> = (
  ctx: IntentContext,
  tx: FirmTx,
  row: VisibleRow,
  intent: Extract<QuestionnaireIntent, { intent: I }>,
) => Promise<ActionOutcome>;

/** The questionnaire's one activity entry for this action. */
export function logOne(ctx: IntentContext, tx: FirmTx, row: VisibleRow, title: string, typeId: number = ACTIVITY_TYPES.questionnaire, description?: string) {
  return logActivity(tx, ctx.portal.firm.id, {
    typeId,
    title,
    description,
    actorId: ctx.staff.id,
    companyId: row.company_id,
    questionnaireId: row.id,
    ipAddress: ctx.portal.clientAddress,
  });
}
