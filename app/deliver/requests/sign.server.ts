/**
 * A signer signs a signature request (client side): the signing core (../signing/sign.server.ts)
 * fills exactly their own boxes; the last signature makes the request `signed`, produces the
 * signed copy with its audit page (in the request for ordinary sizes, else by the job after the
 * commit) and tells the firm. Each step is in the request's activity log.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict, forbidden, PortalError } from "~/errors";
import { enqueue } from "~/jobs.server";
import { deliverNotificationEmails } from "~/notifications/notify.server";
import { deleteObject } from "~/storage.server";
import { findSignatureRequest } from "../access.server";
import { checkSignature, SIGNING_MESSAGES, type SignatureInput } from "../signing/rules";
import { applySignature } from "../signing/sign.server";
import { makeSignatureRequestSignedCopy, REQUEST_SIGNED_COPY_JOB } from "../signing/signature-request-copy.server";
import { recordSignatureRequestEvent } from "./events.server";
import { notifySignatureRequestSigned } from "./notify.server";
import { REQUEST_MESSAGES, requestStatusesFor } from "./rules";

export async function signSignatureRequest(
  portal: FirmSiteContext,
  user: SessionUser,
  request: Request,
  input: { id: string; companyId: string | null; signature: SignatureInput; fieldIds: string[] },
): Promise<{ ok: true; status: "sent" | "signed"; message: string }> {
  const checked = checkSignature(input.signature);
  if (!checked.ok) throw new PortalError(422, checked.message, { fields: { signature: checked.message } });
  const firmId = portal.firm.id;
  const written: string[] = [];
  try {
    const result = await portal.db.$transaction(
      async (tx) => {
        const found = await findSignatureRequest(tx, user, input.id, input.companyId);
        const entity = await tx.company.findFirst({ where: { id: found.companyId }, select: { readonlyAccess: true } });
        if (user.kind !== "client" || user.readonlyAccess || entity?.readonlyAccess) throw forbidden(SIGNING_MESSAGES.readOnly);
        if (found.status !== "sent") throw conflict(REQUEST_MESSAGES.notWaiting);
        const now = new Date();
        const applied = await applySignature(
          tx,
          firmId,
          { kind: "signature_request", id: found.id, companyId: found.companyId },
          user.id,
          { signature: checked.signature, fieldIds: input.fieldIds },
          { ipAddress: portal.clientAddress, userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null, now },
          written,
        );
        const event = { signatureRequestId: found.id, companyId: found.companyId, actorId: user.id, ipAddress: portal.clientAddress };
        await recordSignatureRequestEvent(tx, firmId, { ...event, title: `Signed by ${`${applied.signer.fname} ${applied.signer.lname}`.trim()}` });
        if (!applied.allSigned) return { status: "sent" as const, queueCopy: false, told: null };
        const changed = await tx.signatureRequest.updateMany({
          where: { id: found.id, status: { in: requestStatusesFor("all_signed") } },
          data: { status: "signed" },
        });
        if (changed.count === 0) throw conflict(REQUEST_MESSAGES.notWaiting);
        await recordSignatureRequestEvent(tx, firmId, { ...event, actorId: null, title: "All signatures completed" });
        const made = await makeSignatureRequestSignedCopy(tx, firmId, found.id, written);
        const told = await notifySignatureRequestSigned(tx, { id: firmId, name: portal.firm.name, origin: portal.origin }, { signatureRequestId: found.id });
        return { status: "signed" as const, queueCopy: made === "too_large", told };
      },
      { timeout: 60_000 },
    );
    if (result.told)
      await deliverNotificationEmails({ firm: { id: firmId, name: portal.firm.name }, db: portal.db }, result.told.messages).catch((error: unknown) =>
        console.error("Signature request emails not handed over:", error),
      );
    if (result.queueCopy)
      await enqueue(REQUEST_SIGNED_COPY_JOB, { firmId, signatureRequestId: input.id }, { singletonKey: input.id }).catch((error: unknown) =>
        console.error(`Signed copy of signature request ${input.id} not queued:`, error),
      );
    return { ok: true, status: result.status, message: REQUEST_MESSAGES.signed };
  } catch (error) {
    for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  }
}
