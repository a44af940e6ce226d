/**
 * Send a tax return to the entity's documents: the return's PDF (the signed copy once there is
 * one) is copied inside the store (CopyObject; the bytes never pass through the app) to a new key
 * of the entity's documents, and a document row is written at the chosen path and name. Optionally
 * the entity's owners are told (notify, type 2 documents) with the subject and message; either may
 * be saved as the firm's default, which then prefills the dialog.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { normalizePath } from "~/documents/rules";
import { PortalError } from "~/errors";
import { deliverNotificationEmails, notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { copyObject, deleteObject } from "~/storage.server";
import { entityDocumentKey, safeFileName } from "~/storage/keys";
import { firmChanged } from "~/tenancy/firm-events.server";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { SEND_TO_DOCUMENTS_MESSAGES, sendToDocumentsDefaults, type SendToDocumentsDefaults, type SendToDocumentsInput } from "./send-to-documents";

export async function sendToDocumentsDefaultsFor(
  portal: FirmSiteContext,
  user: SessionUser,
  taxReturnId: string,
  companyId: string | null,
): Promise<SendToDocumentsDefaults> {
  const found = await findTaxReturn(portal.db, user, taxReturnId, companyId);
  const [r, prefs] = await Promise.all([
    portal.db.taxReturn.findFirstOrThrow({ where: { id: found.id }, select: { taxYear: true, taxReturnName: true } }),
    portal.db.firmPreferences.findUnique({ where: { firmId: portal.firm.id }, select: { sendToDocumentsSubject: true, sendToDocumentsMessage: true } }),
  ]);
  return sendToDocumentsDefaults(r, { subject: prefs?.sendToDocumentsSubject ?? null, message: prefs?.sendToDocumentsMessage ?? null });
}

export async function sendTaxReturnToDocuments(
  portal: FirmSiteContext,
  staff: SessionUser,
  taxReturnId: string,
  input: SendToDocumentsInput,
): Promise<{ message: string; documentId: string }> {
  const firmId = portal.firm.id;
  const found = await findTaxReturn(portal.db, staff, taxReturnId, input.companyId ?? null);
  const r = await portal.db.taxReturn.findFirstOrThrow({
    where: { id: found.id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      storageKey: true,
      signedFileKey: true,
      sizeBytes: true,
      company: { select: { hashId: true, name: true } },
    },
  });
  const sourceKey = r.signedFileKey ?? r.storageKey;
  if (!sourceKey) throw new PortalError(409, SEND_TO_DOCUMENTS_MESSAGES.noFile);
  const path = normalizePath(input.path)!;
  const name = safeFileName(/\.pdf$/i.test(input.document_name) ? input.document_name : `${input.document_name}.pdf`);
  const key = entityDocumentKey(firmId, r.companyId, name);
  await copyObject({ firmId, fromKey: sourceKey, toKey: key, contentType: "application/pdf" });
  try {
    const { documentId, messages } = await portal.db.$transaction(async (tx) => {
      const doc = await tx.document.create({
        data: {
          firmId,
          companyId: r.companyId,
          itemType: "file",
          path,
          name,
          storageKey: key,
          sizeBytes: r.signedFileKey ? null : r.sizeBytes != null ? BigInt(r.sizeBytes) : null,
          contentType: "application/pdf",
          uploadedById: staff.id,
        },
        select: { id: true },
      });
      const prefs: { sendToDocumentsSubject?: string; sendToDocumentsMessage?: string } = {};
      if (input.save_subject_for_future_use && input.subject) prefs.sendToDocumentsSubject = input.subject;
      if (input.save_message_for_future_use && input.message) prefs.sendToDocumentsMessage = input.message;
      if (Object.keys(prefs).length) await tx.firmPreferences.upsert({ where: { firmId }, create: { firmId, ...prefs }, update: prefs });
      let told: Awaited<ReturnType<typeof notify>> | null = null;
      if (input.notify_client && input.subject && input.message) {
        const owners = await tx.companyOwner.findMany({ where: { companyId: r.companyId }, select: { userId: true } });
        const link = `/documents/${encodeURIComponent(r.company.hashId)}`;
        told = await notify(
          { firm: { id: firmId, name: portal.firm.name }, db: tx },
          {
            typeId: NOTIFICATION_TYPE.document,
            userIds: owners.map((o) => o.userId),
            text: input.subject,
            link,
            clientName: r.company.name,
            companyId: r.companyId,
            email: { subject: input.subject, text: `${input.message}\n\nOpen your documents: ${portal.origin}${link}\n\n${portal.firm.name}` },
          },
        );
      }
      await recordTaxReturnEvent(tx, firmId, {
        taxReturnId: r.id,
        companyId: r.companyId,
        title: "Sent to documents",
        description: `${path === "/" ? "" : path}/${name}${told?.notified.length ? ` (client notified)` : ""}`,
        actorId: staff.id,
        ipAddress: portal.clientAddress,
      });
      return { documentId: doc.id, messages: told?.messages ?? [] };
    });
    if (input.save_subject_for_future_use || input.save_message_for_future_use) firmChanged(firmId);
    await deliverNotificationEmails({ firm: { id: firmId, name: portal.firm.name }, db: portal.db }, messages).catch(() => {});
    return { message: SEND_TO_DOCUMENTS_MESSAGES.sent, documentId };
  } catch (error) {
    await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  }
}
