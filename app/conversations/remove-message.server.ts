/**
 * Removing a message, for both inboxes: within 30 s of sending it is unsent (gone, unless it
 * already has replies), afterwards deleted ('This message was deleted' stays in its place). Either
 * way its auto-reminders stop, and the emails and texts announcing it that are still waiting in the
 * outbox (held for the unsend window, or retrying) are withdrawn and never delivered. One already
 * handed to the provider cannot be called back: its reader follows the link to a message that is
 * gone or reads 'This message was deleted'.
 */
import type { FirmTx } from "~/db.server";
import { withdrawChatMessageAnnouncements } from "~/outbox/outbox.server";
import { removalKind } from "./staff-rules";

export async function removeMessage(tx: FirmTx, message: { id: string; createdAt: Date }, now: Date): Promise<"unsend" | "delete"> {
  const kind = removalKind(message.createdAt, now);
  await withdrawChatMessageAnnouncements(tx, message.id);
  const replies = await tx.message.count({ where: { threadId: message.id } });
  if (kind === "unsend" && replies === 0) {
    await tx.message.delete({ where: { id: message.id } });
  } else {
    await tx.message.update({ where: { id: message.id }, data: { deletedAt: now, remindNextAt: null } });
  }
  return kind;
}
