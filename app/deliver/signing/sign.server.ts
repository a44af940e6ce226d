/**
 * Applies one signer's signature to a document waiting for signatures, generic over what is
 * signed: a tax return or a signature request (`SigningTarget`). The caller found the target
 * through the access door (app/deliver/access.server.ts) and runs this in its transaction; what the
 * target's status becomes is the caller's rule.
 *
 * The target's row is locked first, so two signers finishing at once cannot both miss that the
 * other one completed it. The drawn image is written to the store before the rows; its key is
 * pushed on `written`, which the caller deletes if the transaction fails.
 */
import type { FirmTx } from "~/db.server";
import { PortalError, conflict } from "~/errors";
import { putObject } from "~/storage.server";
import { entityFileKey } from "~/storage/keys";
import { checkFieldsComplete, SIGNING_MESSAGES, type AdoptedSignature } from "./rules";

export type SigningTarget = { kind: "tax_return" | "signature_request"; id: string; companyId: string };

export interface SigningMeta {
  ipAddress: string | null;
  userAgent: string | null;
  now: Date;
}

export interface AppliedSignature {
  signer: { id: string; fname: string; lname: string; role: string };
  /** True when this signature was the last one the document waited for. */
  allSigned: boolean;
}

export const fieldsOf = (target: Pick<SigningTarget, "kind" | "id">) =>
  target.kind === "tax_return" ? { taxReturnId: target.id } : { signatureRequestId: target.id };

async function lockTarget(tx: FirmTx, target: SigningTarget): Promise<void> {
  if (target.kind === "tax_return") await tx.$queryRaw`SELECT id FROM tax_returns WHERE id = ${target.id} FOR UPDATE`;
  else await tx.$queryRaw`SELECT id FROM signature_requests WHERE id = ${target.id} FOR UPDATE`;
}

/** The signer of `target` who is this user, or null. */
export function findSigner(tx: FirmTx, target: Pick<SigningTarget, "kind" | "id">, userId: string) {
  return tx.taxReturnSigner.findFirst({
    where: { ...fieldsOf(target), userId },
    select: { id: true, fname: true, lname: true, role: true, signedAt: true },
  });
}

export async function applySignature(
  tx: FirmTx,
  firmId: string,
  target: SigningTarget,
  userId: string,
  input: { signature: AdoptedSignature; fieldIds: string[] },
  meta: SigningMeta,
  written: string[],
): Promise<AppliedSignature> {
  await lockTarget(tx, target);
  const signer = await findSigner(tx, target, userId);
  if (!signer) throw new PortalError(403, SIGNING_MESSAGES.notASigner);
  if (signer.signedAt) throw conflict(SIGNING_MESSAGES.alreadySigned);

  const fields = await tx.signatureField.findMany({ where: fieldsOf(target), select: { id: true, signerId: true, filledAt: true, eSignFormId: true } });
  const check = checkFieldsComplete(signer.id, fields, input.fieldIds);
  if (!check.ok) {
    if (check.reason === "incomplete") throw new PortalError(422, SIGNING_MESSAGES.incomplete);
    throw conflict(check.reason === "not_yours" ? SIGNING_MESSAGES.notYourField : SIGNING_MESSAGES.alreadySigned);
  }

  let signatureImageKey: string | null = null;
  if (input.signature.method === "drawn") {
    signatureImageKey = entityFileKey(firmId, target.companyId, "tax-returns", `signature-${signer.id}.png`);
    await putObject({ firmId, key: signatureImageKey, bytes: input.signature.png, contentType: "image/png" });
    written.push(signatureImageKey);
  }
  const signed = await tx.taxReturnSigner.updateMany({
    where: { id: signer.id, signedAt: null },
    data: {
      method: input.signature.method,
      signatureText: input.signature.method === "typed" ? input.signature.text : null,
      signatureImageKey,
      signedAt: meta.now,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    },
  });
  if (signed.count === 0) throw conflict(SIGNING_MESSAGES.alreadySigned);
  await tx.signatureField.updateMany({ where: { id: { in: check.fieldIds }, filledAt: null }, data: { filledAt: meta.now } });

  // One signature per e-sign form this signer had fields on: the classification's unsigned row is
  // filled in (it counts in the Signature cell), or made when there was none; a signed one means signing twice.
  const formIds = [...new Set(fields.filter((f) => f.signerId === signer.id && f.eSignFormId).map((f) => f.eSignFormId!))];
  if (formIds.length > 0) {
    const signature = {
      signedAt: meta.now,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
      // A short reference to the adopted signature (the signer row holds it).
      signatureData: `${input.signature.method}:${signer.id}`,
    };
    const existing = await tx.eSignFormSignature.findMany({
      where: { eSignFormId: { in: formIds }, signerId: signer.id },
      select: { eSignFormId: true, signedAt: true },
    });
    if (existing.some((e) => e.signedAt)) throw conflict(SIGNING_MESSAGES.alreadySigned);
    if (existing.length > 0)
      await tx.eSignFormSignature.updateMany({ where: { eSignFormId: { in: existing.map((e) => e.eSignFormId) }, signerId: signer.id }, data: signature });
    const missing = formIds.filter((id) => !existing.some((e) => e.eSignFormId === id));
    if (missing.length > 0)
      await tx.eSignFormSignature.createMany({ data: missing.map((eSignFormId) => ({ firmId, eSignFormId, signerId: signer.id, ...signature })) });
  }
  const open = await tx.signatureField.count({ where: { ...fieldsOf(target), filledAt: null } });
  return { signer, allSigned: open === 0 };
}
