/**
 * A signer finishes signing a tax return: the signing core (../signing/sign.server.ts) fills their
 * fields; when it was the last signature, the return becomes `signed` (`all_signed`) and gets its
 * signed copy, in the request for ordinary sizes, else by the job after the commit.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict, PortalError } from "~/errors";
import { enqueue } from "~/jobs.server";
import { deleteObject } from "~/storage.server";
import { recordTaxReturnEvent } from "../events.server";
import { notifyTaxReturnAllSigned } from "../ops/notify.server";
import { statusesFor, TAX_RETURN_CONFLICTS } from "../rules";
import { checkSignature, type SignatureInput } from "../signing/rules";
import { applySignature } from "../signing/sign.server";
import { makeTaxReturnSignedCopy, SIGNED_COPY_JOB } from "../signing/tax-return-copy.server";
import { requireSignerVerified } from "~/payments/identity.server";
import { deliverTaxReturnEmails, findWritableTaxReturn } from "./review.server";

export async function signTaxReturn(
  portal: FirmSiteContext,
  user: SessionUser,
  request: Request,
  input: { id: string; companyId: string | null; signature: SignatureInput; fieldIds: string[] },
): Promise<{ ok: true; status: "sent" | "signed" }> {
  const checked = checkSignature(input.signature);
  if (!checked.ok) throw new PortalError(422, checked.message, { fields: { signature: checked.message } });
  const firmId = portal.firm.id;
  const written: string[] = [];
  try {
    const result = await portal.db.$transaction(
      async (tx) => {
        const found = await findWritableTaxReturn(tx, user, input.id, input.companyId);
        if (found.status !== "sent") throw conflict(TAX_RETURN_CONFLICTS.all_signed);
        // With the firm's identity verification on, only a verified signer signs.
        await requireSignerVerified(tx, portal, found.id, user.id);
        const now = new Date();
        const applied = await applySignature(
          tx,
          firmId,
          { kind: "tax_return", id: found.id, companyId: found.companyId },
          user.id,
          { signature: checked.signature, fieldIds: input.fieldIds },
          { ipAddress: portal.clientAddress, userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null, now },
          written,
        );
        const event = { taxReturnId: found.id, companyId: found.companyId, actorId: user.id, ipAddress: portal.clientAddress };
        await recordTaxReturnEvent(tx, firmId, { ...event, title: `Signed by ${`${applied.signer.fname} ${applied.signer.lname}`.trim()}` });
        if (!applied.allSigned) return { status: "sent" as const, queueCopy: false, told: null };
        const changed = await tx.taxReturn.updateMany({
          where: { id: found.id, status: { in: statusesFor("all_signed") } },
          data: { status: "signed", lastSignedAt: now },
        });
        if (changed.count === 0) throw conflict(TAX_RETURN_CONFLICTS.all_signed);
        // Its invoice was paid while it waited for signatures: signed and paid now.
        await tx.taxReturn.updateMany({
          where: { id: found.id, invoicePaid: true, status: { in: statusesFor("invoice_paid") } },
          data: { status: "invoice_paid" },
        });
        await recordTaxReturnEvent(tx, firmId, { ...event, actorId: null, title: "All signatures completed" });
        const made = await makeTaxReturnSignedCopy(tx, firmId, found.id, written);
        const told = await notifyTaxReturnAllSigned(tx, { id: firmId, name: portal.firm.name, origin: portal.origin }, { taxReturnId: found.id });
        return { status: "signed" as const, queueCopy: made === "too_large", told };
      },
      { timeout: 60_000 },
    );
    if (result.told) await deliverTaxReturnEmails(portal, result.told);
    if (result.queueCopy) {
      await enqueue(SIGNED_COPY_JOB, { firmId, taxReturnId: input.id }, { singletonKey: input.id }).catch((error: unknown) =>
        console.error(`Signed copy of tax return ${input.id} not queued:`, error),
      );
    }
    return { ok: true, status: result.status };
  } catch (error) {
    for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  }
}
