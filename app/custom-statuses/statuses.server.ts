/**
 * Custom statuses: the firm's list (Settings → Custom Statuses, partners and admins), and setting
 * one on questionnaires from Collect or the preview dialog, optionally telling the clients
 * (send_custom_status_change). Another firm's statuses and questionnaires are never found (RLS);
 * a group-access staff member only changes questionnaires of entities they may see.
 */
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import { logMany, visibleQuestionnaires, type VisibleRow } from "~/collect/actions/frame.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { forbidden, invalid, notFound, PortalError } from "~/errors";
import type { OutboundMessage } from "~/generated/prisma/client";
import { dispatchCommitted } from "~/outbox/dispatch.server";
import { queueEmailAndText } from "~/outbox/queue-email-and-text.server";
import { QUESTIONNAIRE_NOTIFICATION_TYPE, recipientChannels } from "~/reminders/rules";
import { notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { replaceTags, tagValues } from "~/reminders/tags";
import { isFirmAdmin } from "~/staff/permissions";
import {
  CUSTOM_STATUS_MESSAGES,
  type CustomStatusChoice,
  moveInOrder,
  sameName,
  statusMessageTexts,
  type SetStatusInput,
  type StatusAction,
  type StatusFields,
} from "./rules";

export type { CustomStatusChoice } from "./rules";

export interface CustomStatusRow {
  id: string;
  firmUserDisplayStatus: string;
  clientDisplayStatus: string;
  clientInstruction: string | null;
  color: string;
  emailSubject: string | null;
  emailMessage: string | null;
  smsMessage: string | null;
  /** Live questionnaires carrying it (what deleting it clears). */
  questionnaireCount: number;
}

function requireFirmAdmin(staff: SessionUser) {
  if (staff.kind !== "staff") throw notFound();
  if (!isFirmAdmin(staff)) throw forbidden(CUSTOM_STATUS_MESSAGES.forbidden);
}

/** The firm's statuses in their order, as staff choose them (Collect, preview dialog): any staff member. */
export async function listCustomStatusChoices(portal: FirmSiteContext): Promise<CustomStatusChoice[]> {
  const rows = await portal.db.firmCustomStatus.findMany({
    select: { id: true, firmUserDisplayStatus: true, clientDisplayStatus: true, color: true },
    orderBy: [{ order: "asc" }, { firmUserDisplayStatus: "asc" }],
  });
  return rows.map((r) => ({ id: r.id, name: r.firmUserDisplayStatus, clientName: r.clientDisplayStatus, color: r.color }));
}

/** The settings page's list, with how many questionnaires carry each status. */
export async function listCustomStatuses(portal: FirmSiteContext, staff: SessionUser): Promise<CustomStatusRow[]> {
  requireFirmAdmin(staff);
  const rows = await portal.db.firmCustomStatus.findMany({
    orderBy: [{ order: "asc" }, { firmUserDisplayStatus: "asc" }],
    include: { _count: { select: { questionnaires: { where: { deletedAt: null } } } } },
  });
  return rows.map(({ _count, firmId: _firm, order: _order, ...r }) => ({ ...r, questionnaireCount: _count.questionnaires }));
}

async function requireUniqueName(tx: FirmTx, fields: StatusFields, exceptId: string | null) {
  const others = await tx.firmCustomStatus.findMany({ where: exceptId ? { id: { not: exceptId } } : {}, select: { firmUserDisplayStatus: true } });
  if (others.some((o) => sameName(o.firmUserDisplayStatus, fields.firmUserDisplayStatus))) {
    throw new PortalError(409, CUSTOM_STATUS_MESSAGES.duplicate, { fields: { firmUserDisplayStatus: CUSTOM_STATUS_MESSAGES.duplicate } });
  }
}

/** Create, edit, delete (clearing it from its questionnaires) or move one status. */
export async function performStatusAction(portal: FirmSiteContext, staff: SessionUser, action: StatusAction): Promise<{ message: string; cleared?: number }> {
  requireFirmAdmin(staff);
  return portal.db.$transaction(async (tx) => {
    // One firm's edits of its list are serialised, so two partners never create the same name.
    await tx.$queryRaw`SELECT id FROM firms WHERE id = ${portal.firm.id} FOR UPDATE`;
    switch (action.intent) {
      case "create": {
        const { intent: _intent, ...fields } = action;
        await requireUniqueName(tx, fields, null);
        const last = await tx.firmCustomStatus.aggregate({ _max: { order: true } });
        await tx.firmCustomStatus.create({ data: { ...fields, firmId: portal.firm.id, order: (last._max.order ?? -1) + 1 } });
        await log(tx, portal, staff, `Created the custom status ${fields.firmUserDisplayStatus}`);
        return { message: CUSTOM_STATUS_MESSAGES.saved };
      }
      case "update": {
        const { intent: _intent, id, ...fields } = action;
        await requireStatus(tx, id);
        await requireUniqueName(tx, fields, id);
        await tx.firmCustomStatus.update({ where: { id }, data: fields });
        await log(tx, portal, staff, `Edited the custom status ${fields.firmUserDisplayStatus}`);
        return { message: CUSTOM_STATUS_MESSAGES.saved };
      }
      case "delete": {
        const status = await requireStatus(tx, action.id);
        // The questionnaires carrying it show their computed status again (the page said so before).
        const cleared = await tx.questionnaire.updateMany({ where: { firmCustomStatusId: status.id }, data: { firmCustomStatusId: null } });
        await tx.firmCustomStatus.delete({ where: { id: status.id } });
        await log(tx, portal, staff, `Deleted the custom status ${status.firmUserDisplayStatus}`, `Cleared from ${cleared.count} questionnaire(s)`);
        return { message: CUSTOM_STATUS_MESSAGES.deleted, cleared: cleared.count };
      }
      case "move": {
        await requireStatus(tx, action.id);
        const ids = (await tx.firmCustomStatus.findMany({ select: { id: true }, orderBy: [{ order: "asc" }, { firmUserDisplayStatus: "asc" }] })).map(
          (r) => r.id,
        );
        const next = moveInOrder(ids, action.id, action.direction);
        for (const [order, id] of next.entries()) await tx.firmCustomStatus.update({ where: { id }, data: { order } });
        return { message: CUSTOM_STATUS_MESSAGES.reordered };
      }
    }
  });
}

async function requireStatus(tx: FirmTx, id: string) {
  const status = await tx.firmCustomStatus.findFirst({ where: { id } });
  if (!status) throw notFound(CUSTOM_STATUS_MESSAGES.notFound);
  return status;
}

function log(tx: FirmTx, portal: FirmSiteContext, staff: SessionUser, title: string, description?: string) {
  return tx.activityLog.create({
    data: {
      firmId: portal.firm.id,
      typeId: ACTIVITY_TYPES.detailChange,
      title,
      description: description ?? null,
      actorId: staff.id,
      ipAddress: portal.clientAddress,
    },
  });
}

// ───────────────────────────── Setting a questionnaire's status ─────────────────────────────

export interface SetStatusOutcome {
  message: string;
  count: number;
  /** Emails and texts queued for the clients (0 without notify). */
  emails: number;
  sms: number;
}

/**
 * Sets (or clears) the custom status of the questionnaires the staff member may see among
 * `questionnaireIds`; none visible is a 404. With `notify`, each subscribed, active owner of each
 * changed questionnaire gets the status's email (and text when they prefer texts), once, in the
 * firm's words.
 */
export async function setQuestionnaireCustomStatus(portal: FirmSiteContext, staff: SessionUser, input: SetStatusInput): Promise<SetStatusOutcome> {
  if (staff.kind !== "staff") throw notFound();
  if (input.notify && !input.statusId) throw invalid("notify", "Choose a status to notify the client about");
  const ids = [...new Set(input.questionnaireIds)];
  const { outcome, messages } = await portal.db.$transaction(async (tx) => {
    const status = input.statusId ? await tx.firmCustomStatus.findFirst({ where: { id: input.statusId } }) : null;
    if (input.statusId && !status) throw notFound(CUSTOM_STATUS_MESSAGES.notFound);
    const rows = await visibleQuestionnaires(tx, staff, ids, "live");
    if (rows.length === 0) throw notFound();
    const rowIds = rows.map((r) => r.id);
    const title = status ? `Set the status to ${status.firmUserDisplayStatus}` : "Cleared the custom status";
    await tx.questionnaire.updateMany({
      where: { id: { in: rowIds } },
      data: { firmCustomStatusId: status?.id ?? null, lastActivity: title, lastActivityAt: new Date() },
    });
    await logMany(tx, portal, staff, rows, title);
    const result: SetStatusOutcome = { message: status ? CUSTOM_STATUS_MESSAGES.set : CUSTOM_STATUS_MESSAGES.cleared, count: rows.length, emails: 0, sms: 0 };
    const queued: OutboundMessage[] = [];
    if (status && input.notify) {
      for (const row of rows) await notifyStatusChange(tx, portal, row, status, queued, result);
      result.message = CUSTOM_STATUS_MESSAGES.notified;
    }
    return { outcome: result, messages: queued };
  });
  await dispatchCommitted({ firm: { id: portal.firm.id, name: portal.firm.name }, db: portal.db }, messages, "custom-status");
  return outcome;
}

type StatusRecord = NonNullable<Awaited<ReturnType<FirmTx["firmCustomStatus"]["findFirst"]>>>;

/** send_custom_status_change for one questionnaire: the owners' email, text and in-app notice. */
async function notifyStatusChange(
  tx: FirmTx,
  portal: FirmSiteContext,
  row: VisibleRow,
  status: StatusRecord,
  queued: OutboundMessage[],
  result: SetStatusOutcome,
) {
  const q = await tx.questionnaire.findFirstOrThrow({
    where: { id: row.id },
    select: {
      name: true,
      taxYear: true,
      dueDate: true,
      company: {
        select: {
          id: true,
          name: true,
          hashId: true,
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
          },
        },
      },
    },
  });
  const texts = statusMessageTexts(status);
  const path = `/questionnaire/${q.company.hashId}?questionnaireId=${row.id}`;
  const link = `${portal.origin}${path}`;
  const scope = { firm: { id: portal.firm.id, name: portal.firm.name }, db: tx };
  for (const owner of q.company.owners) {
    const user = owner.user;
    const channels = recipientChannels({ ...user, subscribed: owner.notificationSubscriptions.length > 0 });
    if (!channels) continue;
    const values = tagValues({
      clientFname: user.fname,
      clientLname: user.lname,
      clientPreferredName: user.preferredName,
      taxYear: q.taxYear,
      questionnaireName: q.name,
      entityName: q.company.name,
      itemsLeft: 0,
      dueDate: q.dueDate?.toISOString().slice(0, 10) ?? null,
      firmName: portal.firm.name,
    });
    const tally = { messages: queued, outcome: { emails: 0, sms: 0 }, how: [] as string[] };
    await queueEmailAndText(
      scope,
      user.id,
      {
        email:
          channels.email && user.email
            ? { to: user.email, subject: replaceTags(texts.emailSubject, values), text: `${replaceTags(texts.emailMessage, values)}\n\n${link}` }
            : null,
        sms: channels.sms && user.phoneNumber ? { to: user.phoneNumber, body: `${replaceTags(texts.smsMessage, values)} ${link}` } : null,
      },
      tally,
    );
    result.emails += tally.outcome.emails;
    result.sms += tally.outcome.sms;
    await notifyClientOfStatusChange(tx, portal, {
      userId: user.id,
      clientName: `${user.fname} ${user.lname}`.trim(),
      companyId: q.company.id,
      path,
      text: replaceTags(texts.smsMessage, values),
    });
  }
}

/** The client's in-app notice of a status change: an item in their notification panel (notify honours their settings). */
export async function notifyClientOfStatusChange(
  tx: FirmTx,
  portal: FirmSiteContext,
  notice: { userId: string; clientName: string; companyId: string; path: string; text: string },
) {
  await notify(
    { firm: portal.firm, db: tx },
    {
      typeId: NOTIFICATION_TYPE.questionnaire,
      userIds: [notice.userId],
      text: notice.text,
      link: notice.path,
      clientName: notice.clientName,
      companyId: notice.companyId,
    },
  );
}
