/**
 * What happened to a signature request, recorded once in the transaction of each action (upload,
 * processing, boxes placed, sent, signed, all signed, completed, deleted): an activity-log entry of
 * type 7 (signature) on the request's entity, with the request's id.
 */
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { FirmTx } from "~/db.server";

export interface SignatureRequestEventInput {
  signatureRequestId: string;
  companyId: string;
  title: string;
  description?: string | null;
  actorId?: string | null;
  ipAddress?: string | null;
}

export async function recordSignatureRequestEvent(tx: FirmTx, firmId: string, event: SignatureRequestEventInput): Promise<void> {
  await tx.activityLog.create({
    data: {
      firmId,
      typeId: ACTIVITY_TYPES.signature,
      title: event.title.slice(0, 200),
      description: event.description?.slice(0, 2000) ?? null,
      actorId: event.actorId ?? null,
      companyId: event.companyId,
      signatureRequestId: event.signatureRequestId,
      ipAddress: event.ipAddress ?? null,
    },
  });
}
