/**
 * Announcing a message that is already written, from a background job: a scheduled message when
 * its time comes, or an auto-remind. A firm message is announced to the conversation's clients
 * (notifyClients / emailClients), a client's to its firm users (announce-to-firm.server.ts); in
 * the panel inside the caller's transaction, by email after it commits (the returned `afterCommit`).
 */
import { firmDb, type FirmTx } from "~/db.server";
import { siteUrl } from "~/env.server";
import { emailFirmOfClientMessage, notifyFirmOfClientMessage } from "./announce-to-firm.server";
import { announcementText } from "./compose-rules";
import { emailClients, notifyClients } from "./staff-inbox.server";

export interface AnnouncingFirm {
  id: string;
  name: string;
  slug: string;
}

/** Tells the other side of the message; null when there is nobody to tell (no such conversation). */
export async function announceMessage(
  tx: FirmTx,
  firm: AnnouncingFirm,
  messageId: string,
  options: { reminder: boolean },
): Promise<null | { afterCommit: () => Promise<void> }> {
  const m = await tx.message.findFirst({
    where: { id: messageId },
    select: {
      id: true,
      text: true,
      isFirmUser: true,
      author: { select: { fname: true, lname: true } },
      attachments: { orderBy: { position: "asc" }, select: { document: { select: { name: true } } } },
      conversation: { select: { id: true, companies: { select: { company: { select: { id: true, hashId: true, name: true } } } } } },
    },
  });
  if (!m) return null;
  const text = announcementText(
    m.text,
    m.attachments.map((a) => a.document.name),
  );
  const entity = m.conversation.companies[0]?.company ?? null;
  const scope = { firm: { id: firm.id, name: firm.name }, db: firmDb(firm.id), origin: siteUrl(firm.slug) };
  const announce = { chatMessageId: m.id, reminder: options.reminder };
  if (m.isFirmUser) {
    const target = { id: m.conversation.id, entity };
    const deliveries = await notifyClients(tx, firm.id, target, text, firm.name, { reminder: options.reminder });
    return { afterCommit: () => emailClients(scope, deliveries, target, text, announce) };
  }
  const clientName = m.author ? `${m.author.fname} ${m.author.lname}`.trim() : "Client";
  const facts = { conversationId: m.conversation.id, entity, clientName, text, reminder: options.reminder };
  const recipients = await notifyFirmOfClientMessage(tx, { id: firm.id, name: firm.name }, facts);
  return { afterCommit: () => emailFirmOfClientMessage(scope, recipients, facts, announce) };
}
