/**
 * The signed copy of a fully signed signature request (./stamp-pdf.server.ts, the same stamping
 * and audit page as a tax return's), stored beside the original as `signedDocumentKey`, with both
 * SHA-256 hashes on the row, and filed in the entity's documents in the folder
 * '/_soraban/Signature Requests/{year}' (staff spec §9) as a document of its own (its own object:
 * deleting the document never takes the request's copy). Made in the signing request up to SIGNED_COPY_INLINE_BYTES; larger
 * documents by the `signature-request-signed-copy` job after the commit (a retry or a duplicate
 * does nothing once the copy exists).
 */
import { withFirm, type FirmTx } from "~/db.server";
import { MAX_PDF_BYTES } from "~/documents/pdf.server";
import { deleteObject, putObject, readExistingObject } from "~/storage.server";
import { entityDocumentKey, entityFileKey, keyBelongsToEntity, safeFileName } from "~/storage/keys";
import { signatureRequestFolder, signedCopyDocumentName } from "../rules";
import { IDENTITY_NOT_REQUIRED } from "./rules";
import { stampSignedCopy } from "./stamp-pdf.server";
import { SIGNED_COPY_INLINE_BYTES } from "./tax-return-copy.server";

export const REQUEST_SIGNED_COPY_JOB = "signature-request-signed-copy";

export async function makeSignatureRequestSignedCopy(
  tx: FirmTx,
  firmId: string,
  id: string,
  written: string[],
  maxBytes = SIGNED_COPY_INLINE_BYTES,
): Promise<boolean | "too_large"> {
  const row = await tx.signatureRequest.findFirst({
    where: { id, deletedAt: null },
    select: { companyId: true, taxYear: true, formName: true, fileName: true, storageKey: true, sizeBytes: true, signedDocumentKey: true, updatedAt: true },
  });
  if (!row?.storageKey || row.signedDocumentKey || !keyBelongsToEntity(row.storageKey, firmId, row.companyId)) return false;
  if ((row.sizeBytes ?? 0) > maxBytes) return "too_large";
  const [firm, signers, fields] = await Promise.all([
    tx.firm.findFirst({ select: { timeZone: true } }),
    tx.taxReturnSigner.findMany({
      where: { signatureRequestId: id, signedAt: { not: null } },
      select: { id: true, fname: true, lname: true, email: true, ipAddress: true, signedAt: true, method: true, signatureText: true, signatureImageKey: true },
      orderBy: { signedAt: "asc" },
    }),
    tx.signatureField.findMany({
      where: { signatureRequestId: id },
      select: { signerId: true, kind: true, page: true, x: true, y: true, width: true, height: true },
    }),
  ]);
  const original = await readExistingObject({ firmId, key: row.storageKey, maxBytes: MAX_PDF_BYTES });
  const stampSigners = await Promise.all(
    signers.map(async (s) => ({
      id: s.id,
      name: `${s.fname} ${s.lname}`.trim(),
      email: s.email,
      ipAddress: s.ipAddress,
      signedAt: s.signedAt!,
      method: s.method ?? "typed",
      identity: IDENTITY_NOT_REQUIRED,
      text: s.signatureText,
      png: s.signatureImageKey ? await readExistingObject({ firmId, key: s.signatureImageKey, maxBytes: 2 * 1024 * 1024 }) : null,
    })),
  );
  const last = signers.at(-1)?.signedAt ?? new Date();
  const copy = await stampSignedCopy({ original, documentName: row.formName, fields, signers: stampSigners, firmTimeZone: firm?.timeZone, completedAt: last });
  const base = (row.fileName ?? `${row.formName}.pdf`).replace(/\.pdf$/i, "");
  const key = entityFileKey(firmId, row.companyId, "tax-returns", `${base} (signed).pdf`);
  await putObject({ firmId, key, bytes: copy.bytes, contentType: "application/pdf" });
  written.push(key);
  const name = safeFileName(signedCopyDocumentName(row.formName));
  const documentKey = entityDocumentKey(firmId, row.companyId, name);
  await putObject({ firmId, key: documentKey, bytes: copy.bytes, contentType: "application/pdf" });
  written.push(documentKey);
  await tx.signatureRequest.update({
    where: { id },
    data: { signedDocumentKey: key, unsignedSha256: copy.unsignedSha256, signedSha256: copy.finalSha256 },
  });
  await tx.document.create({
    data: {
      firmId,
      companyId: row.companyId,
      itemType: "file",
      path: signatureRequestFolder(row.taxYear),
      name,
      storageKey: documentKey,
      sizeBytes: BigInt(copy.bytes.length),
      contentType: "application/pdf",
    },
  });
  return true;
}

export async function runRequestSignedCopyJob(data: unknown): Promise<{ made: boolean }> {
  const { firmId, signatureRequestId } = data as { firmId: string; signatureRequestId: string };
  const written: string[] = [];
  try {
    return await withFirm(
      firmId,
      async (tx) => {
        const rows = await tx.$queryRaw<{ status: string }[]>`SELECT status::text FROM signature_requests WHERE id = ${signatureRequestId} FOR UPDATE`;
        if (!rows[0] || rows[0].status === "sent") return { made: false };
        return { made: (await makeSignatureRequestSignedCopy(tx, firmId, signatureRequestId, written, MAX_PDF_BYTES)) === true };
      },
      { timeout: 300_000 },
    );
  } catch (error) {
    for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  }
}
