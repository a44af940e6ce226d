/**
 * The one way the product tells someone of something: an item in their notification panel (the
 * bell) and, where the sender has one, an email, each only if the person's notification settings
 * allow it (rules.ts).
 *
 *   const told = await notify(scope, {
 *     typeId: NOTIFICATION_TYPE.questionnaire,      // spec §3 type id (1, 2, 3, 4, 5 or 7)
 *     userIds: [advisorId, …],                      // who the sender addresses (staff or clients)
 *     text: "Ann Client submitted 2025 Individual", // the panel's line
 *     link: "/admin/abc123",                        // a path of this site: where the item leads
 *     companyId,                                    // the entity it is about (settings are per entity), or null
 *     clientName: "Ann Client",                     // shown under the text, optional
 *     email: { subject, text },                     // optional: also an email (outbox) to each one told
 *   });
 *   // told = { notified: userIds told in the panel, emailed: userIds emailed, messages: outbox rows }
 *   await deliverNotificationEmails(scope, told.messages);  // after the transaction commits
 *
 * `scope` is `{ firm: { id, name }, db }` with the request's `db` or a transaction (`tx`): the
 * panel items and the outbox rows are written with it, so they commit or roll back with the
 * change they announce; `deliverNotificationEmails` hands the emails to the provider afterwards.
 * `notifyNow` does both, for a caller outside a transaction.
 *
 * Who is told (rules.ts): active, not deleted users of this firm among `userIds`. With a
 * `companyId`: staff who may see the entity (group access), and of those its assigned advisors
 * always, anyone else by their entity notification settings (staffReceives); clients by the
 * entity's owner notification settings (clientReceives). Emails need a real address.
 */
import type { FirmDb, FirmTx } from "~/db.server";
import { dispatchOutboundMessage } from "~/outbox/dispatch.server";
import { queueEmail, type MessagingScope } from "~/outbox/outbox.server";
import { isMessageRefusal } from "~/outbox/rules";
import type { OutboundMessage } from "~/generated/prisma/client";
import { entityVisibleWhere } from "~/staff/visibility";
import { publishEvent } from "~/realtime/publish.server";
import { SETTINGS_SAVED_MARKER, clientReceives, safeLink, staffReceives, type NotificationTypeId } from "./rules";

export interface NotifyInput {
  typeId: NotificationTypeId;
  userIds: readonly string[];
  text: string;
  link?: string | null;
  companyId?: string | null;
  clientName?: string | null;
  email?: { subject: string; text: string } | null;
}

export interface NotifyResult {
  notified: string[];
  emailed: string[];
  messages: OutboundMessage[];
}

export interface NotifyScope {
  firm: { id: string; name: string };
  db: FirmDb | FirmTx;
}

const TEXT_MAX = 1000;

/** Tells the allowed ones among `userIds` (see the top of this file). */
export async function notify(scope: NotifyScope, input: NotifyInput): Promise<NotifyResult> {
  const recipients = await allowedRecipients(scope.db, input.typeId, [...new Set(input.userIds)], input.companyId ?? null);
  const result: NotifyResult = { notified: [], emailed: [], messages: [] };
  if (!recipients.length) return result;
  await scope.db.notification.createMany({
    data: recipients.map((r) => ({
      firmId: scope.firm.id,
      userId: r.id,
      typeId: input.typeId,
      text: input.text.slice(0, TEXT_MAX),
      link: safeLink(input.link),
      clientName: input.clientName ?? null,
      companyId: input.companyId ?? null,
    })),
  });
  result.notified = recipients.map((r) => r.id);
  await publishEvent(scope.db, { t: "notification", u: result.notified });
  if (input.email) {
    for (const r of recipients) {
      if (!r.email || r.hasTempEmail) continue;
      try {
        result.messages.push(await queueEmail(scope as MessagingScope, { to: r.email, userId: r.id, subject: input.email.subject, text: input.email.text }));
        result.emailed.push(r.id);
      } catch (error) {
        // One refused address must not keep the others from hearing of it.
        if (!isMessageRefusal(error)) throw error;
      }
    }
  }
  return result;
}

/** Hands the queued emails of `notify` to the provider (after the transaction that queued them). */
export async function deliverNotificationEmails(scope: MessagingScope, messages: readonly OutboundMessage[]): Promise<void> {
  for (const message of messages) await dispatchOutboundMessage(scope, message);
}

/** `notify`, then the emails at once: for a caller outside a transaction. */
export async function notifyNow(scope: MessagingScope, input: NotifyInput): Promise<NotifyResult> {
  const result = await notify(scope, input);
  await deliverNotificationEmails(scope, result.messages);
  return result;
}

interface Recipient {
  id: string;
  email: string | null;
  hasTempEmail: boolean;
}

/** The users among `ids` who get a notification of `typeId` about the entity (or about nothing in particular). */
export async function allowedRecipients(db: FirmDb | FirmTx, typeId: number, ids: string[], companyId: string | null): Promise<Recipient[]> {
  if (!ids.length) return [];
  const users = await db.user.findMany({
    where: { id: { in: ids }, paying: true, deletedAt: null },
    select: { id: true, kind: true, email: true, hasTempEmail: true, firmAccess: true, firmGroupId: true },
    orderBy: { id: "asc" },
  });
  if (!companyId) return users;
  const [entity, staffSettings, ownerSettings] = await Promise.all([
    db.company.findFirst({ where: { id: companyId }, select: { owners: { select: { userId: true, user: { select: { assignedAdvisorId: true } } } } } }),
    db.entityNotificationSubscription.findMany({ where: { companyId, userId: { in: ids } }, select: { userId: true, notificationTypeId: true } }),
    db.ownerNotificationSubscription.findMany({ where: { companyId }, select: { userId: true, notificationTypeId: true } }),
  ]);
  if (!entity) return [];
  const advisors = new Set(entity.owners.map((o) => o.user.assignedAdvisorId).filter(Boolean));
  const owners = new Set(entity.owners.map((o) => o.userId));
  const typesOf = (rows: { userId: string; notificationTypeId: number }[], userId: string) =>
    rows.filter((r) => r.userId === userId).map((r) => r.notificationTypeId);
  const out: Recipient[] = [];
  for (const u of users) {
    if (u.kind === "staff") {
      if (!u.firmAccess) continue;
      const saved = typesOf(staffSettings, u.id);
      const receives = staffReceives(typeId, {
        assignedAdvisor: advisors.has(u.id),
        savedTypes: saved.length ? saved.filter((t) => t !== SETTINGS_SAVED_MARKER) : null,
      });
      if (!receives) continue;
      const sees = await db.company.count({
        where: { id: companyId, ...entityVisibleWhere({ id: u.id, firmAccess: u.firmAccess, firmGroupId: u.firmGroupId }) },
      });
      if (sees) out.push(u);
    } else if (owners.has(u.id) && clientReceives(typeId, { subscribedTypes: typesOf(ownerSettings, u.id), entityHasSettings: ownerSettings.length > 0 })) {
      out.push(u);
    }
  }
  return out;
}
