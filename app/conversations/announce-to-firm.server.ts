/**
 * How the firm hears of a client's message (a new one, a scheduled one when its time comes, or an
 * auto-remind): the conversation's firm users get a panel item as their entity notification
 * settings allow (type 1, information), and those told get an email after the commit. The emails
 * carry the message's id, so unsending it withdraws those not yet delivered.
 */
import type { MessagingScope } from "~/outbox/outbox.server";
import type { FirmTx } from "~/db.server";
import { sendEmail } from "~/email.server";
import { notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { firmVocabulary, type VocabularyEntry } from "~/vocabulary";
import { previewText } from "./rules";

export interface StaffRecipient {
  id: string;
  email: string | null;
}

export interface ClientMessageFacts {
  conversationId: string;
  entity: { id: string; name: string } | null;
  clientName: string;
  text: string;
  /** 'Reminder: ' before the panel line and the subject (auto-remind). */
  reminder?: boolean;
}

/** Panel items for the conversation's firm users (inside the transaction); returns who is to be emailed. */
export async function notifyFirmOfClientMessage(tx: FirmTx, firm: { id: string; name: string }, m: ClientMessageFacts): Promise<StaffRecipient[]> {
  const staff = await tx.conversationParticipant.findMany({
    where: { conversationId: m.conversationId, isFirmUser: true, user: { paying: true, deletedAt: null } },
    select: { user: { select: { id: true, email: true } } },
  });
  const told = await notify(
    { firm, db: tx },
    {
      typeId: NOTIFICATION_TYPE.information,
      userIds: staff.map((s) => s.user.id),
      text: `${m.reminder ? "Reminder: " : ""}New message from ${m.clientName}${m.entity ? ` (${m.entity.name})` : ""}: ${previewText(m.text)}`,
      link: `/messages/${m.conversationId}`,
      clientName: m.clientName,
      companyId: m.entity?.id ?? null,
    },
  );
  const toldIds = new Set(told.notified);
  return staff.map((s) => s.user).filter((u) => toldIds.has(u.id));
}

/** The emails to the firm users told (after the commit); a delivery failure is recorded, never thrown. */
export async function emailFirmOfClientMessage(
  scope: MessagingScope & { origin: string; firm: { vocabulary?: readonly VocabularyEntry[] | null } },
  recipients: readonly StaffRecipient[],
  m: ClientMessageFacts,
  announce: { chatMessageId: string; notBefore?: Date | null },
): Promise<void> {
  const t = firmVocabulary(scope.firm);
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    await sendEmail(scope, {
      to: recipient.email,
      userId: recipient.id,
      subject: `${m.reminder ? "Reminder: " : ""}${t("New message from")} ${m.clientName}`,
      text: `${m.clientName}${m.entity ? ` (${m.entity.name})` : ""} ${t("wrote:")}\n\n${m.text}\n\n${t("Sign in to reply:")} ${scope.origin}/messages/${m.conversationId}`,
      chatMessageId: announce.chatMessageId,
      notBefore: announce.notBefore ?? null,
    }).catch(() => undefined);
  }
}
