/**
 * The signed copy of a fully signed tax return (./stamp-pdf.server.ts), stored beside the
 * original under the entity's prefix as `signedFileKey`, with both SHA-256 hashes on the row, and
 * filed in the entity's documents in '/_soraban/Tax Return Delivery/{year}' (staff spec §9) as a
 * document of its own (its own object: deleting the document never takes the return's copy).
 *
 * Made in the signing request when the original is at most SIGNED_COPY_INLINE_BYTES; larger
 * returns by the `deliver-signed-copy` job { firmId, taxReturnId } after the last signature is
 * committed. The job does nothing when the return already has its copy or is not signed, so a retry
 * or a duplicate is harmless.
 */
import { withFirm, type FirmTx } from "~/db.server";
import type { JobDefinition } from "~/jobs.server";
import { MAX_PDF_BYTES } from "~/documents/pdf.server";
import { deleteObject, putObject, readExistingObject } from "~/storage.server";
import { entityDocumentKey, entityFileKey, keyBelongsToEntity, safeFileName } from "~/storage/keys";
import { signedCopyDocumentName, taxReturnDeliveryFolder } from "../rules";
import { identityAuditText } from "~/payments/identity-rules";
import { IDENTITY_NOT_REQUIRED } from "./rules";
import { stampSignedCopy } from "./stamp-pdf.server";

export const SIGNED_COPY_JOB = "deliver-signed-copy";
/** Up to this size the copy is made in the signing request (pdf-lib holds the whole file). */
export const SIGNED_COPY_INLINE_BYTES = 16 * 1024 * 1024;

/** Makes the copy in `tx`; "too_large" (nothing done) over `maxBytes`; false when there is nothing to make. */
export async function makeTaxReturnSignedCopy(
  tx: FirmTx,
  firmId: string,
  taxReturnId: string,
  written: string[],
  maxBytes = SIGNED_COPY_INLINE_BYTES,
): Promise<boolean | "too_large"> {
  const row = await tx.taxReturn.findFirst({
    where: { id: taxReturnId, deletedAt: null },
    select: { companyId: true, taxYear: true, taxReturnName: true, fileName: true, storageKey: true, sizeBytes: true, signedFileKey: true, lastSignedAt: true },
  });
  if (!row?.storageKey || row.signedFileKey || !keyBelongsToEntity(row.storageKey, firmId, row.companyId)) return false;
  if ((row.sizeBytes ?? 0) > maxBytes) return "too_large";
  const [firm, signers, fields, identities] = await Promise.all([
    tx.firm.findFirst({ select: { timeZone: true } }),
    tx.taxReturnSigner.findMany({
      where: { taxReturnId, signedAt: { not: null } },
      select: {
        id: true,
        userId: true,
        fname: true,
        lname: true,
        email: true,
        ipAddress: true,
        signedAt: true,
        method: true,
        signatureText: true,
        signatureImageKey: true,
      },
      orderBy: { signedAt: "asc" },
    }),
    tx.signatureField.findMany({ where: { taxReturnId }, select: { signerId: true, kind: true, page: true, x: true, y: true, width: true, height: true } }),
    // A signer who verified their identity before signing (the firm asked for it) is named so.
    tx.identityVerification.findMany({
      where: { taxReturnId, status: "verified", errorCode: null, providerSessionId: { not: null }, verifiedAt: { not: null } },
      select: { userId: true, providerSessionId: true, verifiedAt: true },
    }),
  ]);
  const identityOf = (userId: string | null) => {
    const v = identities.find((i) => i.userId === userId);
    return v ? identityAuditText({ providerSessionId: v.providerSessionId!, verifiedAt: v.verifiedAt! }) : IDENTITY_NOT_REQUIRED;
  };
  const original = await readExistingObject({ firmId, key: row.storageKey, maxBytes: MAX_PDF_BYTES });
  const stampSigners = await Promise.all(
    signers.map(async (s) => ({
      id: s.id,
      name: `${s.fname} ${s.lname}`.trim(),
      email: s.email,
      ipAddress: s.ipAddress,
      signedAt: s.signedAt!,
      method: s.method ?? "typed",
      identity: identityOf(s.userId),
      text: s.signatureText,
      png: s.signatureImageKey ? await readExistingObject({ firmId, key: s.signatureImageKey, maxBytes: 2 * 1024 * 1024 }) : null,
    })),
  );
  const copy = await stampSignedCopy({
    original,
    documentName: row.taxReturnName,
    fields,
    signers: stampSigners,
    firmTimeZone: firm?.timeZone,
    completedAt: row.lastSignedAt ?? new Date(),
  });
  const base = (row.fileName ?? `${row.taxReturnName}.pdf`).replace(/\.pdf$/i, "");
  const key = entityFileKey(firmId, row.companyId, "tax-returns", `${base} (signed).pdf`);
  await putObject({ firmId, key, bytes: copy.bytes, contentType: "application/pdf" });
  written.push(key);
  const name = safeFileName(signedCopyDocumentName(row.taxReturnName));
  const documentKey = entityDocumentKey(firmId, row.companyId, name);
  await putObject({ firmId, key: documentKey, bytes: copy.bytes, contentType: "application/pdf" });
  written.push(documentKey);
  await tx.taxReturn.update({
    where: { id: taxReturnId },
    data: { signedFileKey: key, unsignedSha256: copy.unsignedSha256, signedSha256: copy.finalSha256 },
  });
  await tx.document.create({
    data: {
      firmId,
      companyId: row.companyId,
      itemType: "file",
      path: taxReturnDeliveryFolder(row.taxYear),
      name,
      storageKey: documentKey,
      sizeBytes: BigInt(copy.bytes.length),
      contentType: "application/pdf",
    },
  });
  return true;
}

export async function runSignedCopyJob(data: unknown): Promise<{ made: boolean }> {
  const { firmId, taxReturnId } = data as { firmId: string; taxReturnId: string };
  const written: string[] = [];
  try {
    return await withFirm(
      firmId,
      async (tx) => {
        const rows = await tx.$queryRaw<{ status: string }[]>`SELECT status::text FROM tax_returns WHERE id = ${taxReturnId} FOR UPDATE`;
        if (!rows[0] || rows[0].status === "sent") return { made: false };
        return { made: (await makeTaxReturnSignedCopy(tx, firmId, taxReturnId, written, MAX_PDF_BYTES)) === true };
      },
      { timeout: 300_000 },
    );
  } catch (error) {
    for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  }
}

export function signingJobs(): JobDefinition[] {
  return [
    {
      name: SIGNED_COPY_JOB,
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 600 },
      run: (data) => runSignedCopyJob(data),
    },
  ];
}
