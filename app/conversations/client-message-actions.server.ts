/**
 * What a client does to messages in their inbox beyond sending: edit their own message, change the
 * time of their own scheduled one, unsend or delete their own, and mark a message unread. The
 * rules are the staff inbox's (staff-rules.ts: who may change a message, the 30 s unsend window,
 * the schedule's messages); the entity and conversation are found as for sending, so another
 * client's or firm's message is a 404 and nothing changes.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { withFirm, type FirmTx } from "~/db.server";
import { conflict, forbidden, notFound } from "~/errors";
import { publishEvent } from "~/realtime/publish.server";
import { firstRemindAt } from "./compose-rules";
import { removeMessage } from "./remove-message.server";
import { conversationScope, ownedEntity } from "./inbox.server";
import { INBOX_TEXT, isArchived, previewText, sendBlockedReason } from "./rules";
import { STAFF_INBOX_TEXT, canChangeMessage } from "./staff-rules";

/** The client's entity and conversation, refusing writes where they may not write. */
async function reach(tx: FirmTx, portal: FirmSiteContext, user: SessionUser, hashId: string, conversationId: string, write: boolean) {
  const entity = await ownedEntity(tx, user, hashId);
  const conversation = await tx.conversation.findFirst({
    where: { id: conversationId, ...conversationScope(user.id, entity.id) },
    select: { id: true, companies: { select: { companyId: true } } },
  });
  if (!conversation) throw notFound(STAFF_INBOX_TEXT.notFound);
  if (write) {
    const archived = isArchived(conversation.companies.map((c) => c.companyId));
    const blocked = sendBlockedReason({
      communicationDisabled: portal.firm.preferences.communicationDisabled,
      readonlyUser: user.readonlyAccess,
      readonlyEntity: entity.readonlyAccess,
      archived: false,
    });
    if (blocked) throw forbidden(blocked);
    if (archived) throw conflict(INBOX_TEXT.archived);
  }
  return { entity, conversation };
}

/** The client's own message in the conversation, while it may be changed; 404 otherwise. */
async function ownMessage(tx: FirmTx, user: SessionUser, conversationId: string, messageId: string) {
  const message = await tx.message.findFirst({
    where: { id: messageId, conversationId },
    select: {
      id: true,
      authorId: true,
      deletedAt: true,
      isLog: true,
      createdAt: true,
      text: true,
      scheduledAt: true,
      scheduledPending: true,
      isFirmUser: true,
      autoRemind: true,
    },
  });
  if (!message || message.isFirmUser || !canChangeMessage(message, user.id)) throw notFound(STAFF_INBOX_TEXT.messageNotFound);
  return message;
}

function log(tx: FirmTx, portal: FirmSiteContext, user: SessionUser, entityId: string, title: string, text: string) {
  return logActivity(tx, portal.firm.id, {
    typeId: ACTIVITY_TYPES.chat,
    title,
    description: previewText(text),
    actorId: user.id,
    companyId: entityId,
    ipAddress: portal.clientAddress,
  });
}

/** Edits the client's own message ('Message updated successfully'). */
export async function editClientMessage(portal: FirmSiteContext, user: SessionUser, hashId: string, conversationId: string, messageId: string, text: string) {
  await withFirm(portal.firm.id, async (tx) => {
    const { entity, conversation } = await reach(tx, portal, user, hashId, conversationId, true);
    const message = await ownMessage(tx, user, conversation.id, messageId);
    if (message.text === text) return;
    await tx.message.update({ where: { id: message.id }, data: { text, isEdited: true } });
    await publishEvent(tx, { t: "message", c: conversation.id, k: "edit" });
    await log(tx, portal, user, entity.id, "Edited a message", text);
  });
}

/** Moves the client's own scheduled message (not yet sent) to another time in the future. */
export async function rescheduleClientMessage(portal: FirmSiteContext, user: SessionUser, hashId: string, conversationId: string, messageId: string, at: Date) {
  await withFirm(portal.firm.id, async (tx) => {
    const { entity, conversation } = await reach(tx, portal, user, hashId, conversationId, true);
    const message = await ownMessage(tx, user, conversation.id, messageId);
    // Only a message still waiting for its time can be moved.
    if (!message.scheduledPending) throw conflict(STAFF_INBOX_TEXT.scheduleFailed);
    await tx.message.update({ where: { id: message.id }, data: { scheduledAt: at, remindNextAt: message.autoRemind ? firstRemindAt(at) : null } });
    await log(tx, portal, user, entity.id, "Rescheduled a message", message.text);
  });
}

/** Unsends (within 30 s) or deletes the client's own message; its waiting emails and texts are withdrawn. */
export async function removeClientMessage(
  portal: FirmSiteContext,
  user: SessionUser,
  hashId: string,
  conversationId: string,
  messageId: string,
  now = new Date(),
) {
  return withFirm(portal.firm.id, async (tx) => {
    const { entity, conversation } = await reach(tx, portal, user, hashId, conversationId, true);
    const message = await ownMessage(tx, user, conversation.id, messageId);
    const kind = await removeMessage(tx, message, now);
    await publishEvent(tx, { t: "message", c: conversation.id, k: "remove" });
    await log(tx, portal, user, entity.id, kind === "unsend" ? "Unsent a message" : "Deleted a message", message.text);
    return kind;
  });
}

/** 'Mark unread': this message and every later one by someone else become unread for the client. */
export async function markClientMessageUnseen(
  portal: FirmSiteContext,
  user: SessionUser,
  hashId: string,
  conversationId: string,
  messageId: string,
  now = new Date(),
) {
  return withFirm(portal.firm.id, async (tx) => {
    const { conversation } = await reach(tx, portal, user, hashId, conversationId, false);
    const message = await tx.message.findFirst({
      where: { id: messageId, conversationId: conversation.id, deletedAt: null, OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }] },
      select: { createdAt: true },
    });
    if (!message) throw notFound(STAFF_INBOX_TEXT.messageNotFound);
    const { count } = await tx.messageSeen.deleteMany({
      where: {
        userId: user.id,
        message: { conversationId: conversation.id, createdAt: { gte: message.createdAt }, OR: [{ authorId: null }, { authorId: { not: user.id } }] },
      },
    });
    // Only this client's own view changes: no live event (their open page would mark it seen again).
    return count;
  });
}
