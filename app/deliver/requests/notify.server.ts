/**
 * Who hears of a signature request, through `notify` (the only sender; it honours each person's
 * notification settings). Call in the step's transaction; hand `messages` to
 * `deliverNotificationEmails` after it commits.
 *
 * - Sent: its signers (type 5, signature), with the staff member's message; the item leads to
 *   /review-signature-request/{id}?companyId=.
 * - All signed: the staff who uploaded it and the entity's assigned advisors (always), and staff
 *   subscribed to the entity's information notifications; the item leads to the same page, where
 *   the signed copy opens.
 */
import type { FirmTx } from "~/db.server";
import { notify, type NotifyResult } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { reviewRequestPath } from "./rules";

export interface NotifyFirm {
  id: string;
  name: string;
  origin?: string;
}

async function facts(tx: FirmTx, id: string) {
  const row = await tx.signatureRequest.findFirst({
    where: { id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      formName: true,
      uploadedById: true,
      company: { select: { name: true, owners: { select: { user: { select: { assignedAdvisorId: true } } } } } },
    },
  });
  if (!row) return null;
  const signers = await tx.taxReturnSigner.findMany({ where: { signatureRequestId: id }, select: { userId: true } });
  return { ...row, signerUserIds: signers.map((s) => s.userId).filter((u): u is string => Boolean(u)) };
}

const empty = (): NotifyResult => ({ notified: [], emailed: [], messages: [] });

export async function notifySignatureRequestSent(
  tx: FirmTx,
  firm: NotifyFirm,
  input: { signatureRequestId: string; message: string | null },
): Promise<NotifyResult> {
  const r = await facts(tx, input.signatureRequestId);
  if (!r) return empty();
  const text = `${r.formName} (${r.taxYear}) is ready for your signature (${r.company.name})`;
  const link = reviewRequestPath(r.id, r.companyId);
  const note = input.message?.trim() ? `\n\n${input.message.trim()}` : "";
  return notify(
    { firm: { id: firm.id, name: firm.name }, db: tx },
    {
      typeId: NOTIFICATION_TYPE.questionnaireSignature,
      userIds: r.signerUserIds,
      text: input.message?.trim() ? `${text}: ${input.message.trim()}` : text,
      link,
      clientName: r.company.name,
      companyId: r.companyId,
      email: { subject: text, text: `${text}.${note}\n\nOpen it: ${firm.origin ?? ""}${link}\n\n${firm.name}` },
    },
  );
}

export async function notifySignatureRequestSigned(tx: FirmTx, firm: NotifyFirm, input: { signatureRequestId: string }): Promise<NotifyResult> {
  const r = await facts(tx, input.signatureRequestId);
  if (!r) return empty();
  const subscribers = await tx.entityNotificationSubscription.findMany({
    where: { companyId: r.companyId, notificationTypeId: NOTIFICATION_TYPE.information },
    select: { userId: true },
  });
  const userIds = [r.uploadedById, ...r.company.owners.map((o) => o.user.assignedAdvisorId), ...subscribers.map((s) => s.userId)].filter((id): id is string =>
    Boolean(id),
  );
  const text = `All signatures are done on ${r.formName} (${r.taxYear}, ${r.company.name})`;
  const link = reviewRequestPath(r.id, r.companyId);
  return notify(
    { firm: { id: firm.id, name: firm.name }, db: tx },
    {
      typeId: NOTIFICATION_TYPE.information,
      userIds: [...new Set(userIds)],
      text,
      link,
      clientName: r.company.name,
      companyId: r.companyId,
      email: { subject: text.slice(0, 190), text: `${text}.\n\nOpen it: ${firm.origin ?? ""}${link}` },
    },
  );
}
