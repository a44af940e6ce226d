/**
 * The signed copy of a pdf_signature section's PDF: the original's pages with every signature
 * stamped and a certificate page (./sign-pdf.server.ts), stored as a new object and document in
 * the original's folder; the original stays as it is.
 *
 * Made in the signing request when the original is at most MAX_SIGNABLE_BYTES (32 MB: pdf-lib
 * holds the whole file); larger ones (up to the 150 MB upload limit) by the `sign-pdf-copy` job
 * { firmId, sectionId } after the signature is committed. The job does nothing when the section
 * is no longer fully signed or already has its copy, so a retry or a duplicate is harmless.
 */
import { withFirm, type FirmTx } from "~/db.server";
import type { JobDefinition } from "~/jobs.server";
import type { SectionDocumentData } from "~/questionnaires/types";
import { agreementComplete, SECTION_TYPE, signedFileName } from "~/questionnaires/rules";
import { deleteObject, putObject, readExistingObject } from "~/storage.server";
import { entityDocumentKey, keyBelongsToEntity } from "~/storage/keys";
import { MAX_PDF_BYTES } from "~/documents/pdf.server";
import { MAX_SIGNABLE_BYTES, signPdf } from "./sign-pdf.server";

export const SIGN_PDF_COPY_JOB = "sign-pdf-copy";

/**
 * Makes the copy inside `tx`. The object is written before the row and its key pushed on
 * `written`, which the caller deletes if the transaction fails (the daily orphan sweep catches
 * what a crash leaves). Returns "too_large" (nothing done) for originals over `maxBytes`, null
 * when the section has no document.
 */
export async function makeSignedCopy(
  tx: FirmTx,
  firmId: string,
  owner: { companyId: string; questionnaireId: string },
  sectionId: string,
  written: string[],
  maxBytes = MAX_SIGNABLE_BYTES,
): Promise<SectionDocumentData | "too_large" | null> {
  const section = await tx.section.findFirst({
    where: { id: sectionId },
    select: { document: { select: { name: true, path: true, storageKey: true, sizeBytes: true, deletedAt: true } } },
  });
  const doc = section?.document;
  if (!doc || doc.deletedAt || !doc.storageKey || !keyBelongsToEntity(doc.storageKey, firmId, owner.companyId)) return null;
  if (Number(doc.sizeBytes ?? 0) > maxBytes) return "too_large";
  const signers = await tx.engagementSignature.findMany({
    where: { sectionId, signedAt: { not: null } },
    select: { userName: true, signature: true, signedAt: true, ipAddress: true, clientTime: true },
    orderBy: { signedAt: "asc" },
  });
  const original = await readExistingObject({ firmId, key: doc.storageKey, maxBytes });
  const bytes = await signPdf(
    original,
    doc.name,
    signers.map((g) => ({ ...g, signature: g.signature ?? g.userName, signedAt: g.signedAt! })),
  );
  let name = signedFileName(doc.name);
  for (let n = 2; (await tx.document.count({ where: { companyId: owner.companyId, path: doc.path, name, deletedAt: null, itemType: "file" } })) > 0; n++) {
    name = signedFileName(doc.name).replace(/ \(signed\)\.pdf$/, ` (signed ${n}).pdf`);
  }
  const key = entityDocumentKey(firmId, owner.companyId, name);
  await putObject({ firmId, key, bytes, contentType: "application/pdf" });
  written.push(key);
  const row = await tx.document.create({
    data: {
      firmId,
      companyId: owner.companyId,
      itemType: "file",
      path: doc.path,
      name,
      storageKey: key,
      sizeBytes: BigInt(bytes.length),
      contentType: "application/pdf",
      questionnaireId: owner.questionnaireId,
    },
    select: { id: true, name: true, contentType: true, sizeBytes: true },
  });
  await tx.section.update({ where: { id: sectionId }, data: { signedDocumentId: row.id } });
  return { id: row.id, name: row.name, contentType: row.contentType, sizeBytes: Number(row.sizeBytes) };
}

/** The job: the copy of a fully signed section that has none yet, from an original of up to 150 MB. */
export async function runSignedCopyJob(data: unknown): Promise<{ made: boolean }> {
  const { firmId, sectionId } = data as { firmId: string; sectionId: string };
  const written: string[] = [];
  try {
    return await withFirm(
      firmId,
      async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM sections WHERE id = ${sectionId} FOR UPDATE`;
        if (!rows[0]) return { made: false };
        const section = await tx.section.findFirst({
          where: { id: sectionId },
          select: { sectionType: true, signedDocumentId: true, questionnaire: { select: { id: true, companyId: true } } },
        });
        if (!section || section.sectionType !== SECTION_TYPE.pdf_signature || section.signedDocumentId) return { made: false };
        const prefs = await tx.firmPreferences.findFirst({ select: { requireOneSignaturePerSection: true } });
        const signatures = await tx.engagementSignature.findMany({ where: { sectionId }, select: { signedAt: true, notNeeded: true } });
        if (!agreementComplete(signatures, prefs?.requireOneSignaturePerSection ?? false)) return { made: false };
        const made = await makeSignedCopy(
          tx,
          firmId,
          { companyId: section.questionnaire.companyId, questionnaireId: section.questionnaire.id },
          sectionId,
          written,
          MAX_PDF_BYTES,
        );
        return { made: made !== null && made !== "too_large" };
      },
      { timeout: 300_000 },
    );
  } catch (error) {
    for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  }
}

export function pdfJobs(): JobDefinition[] {
  return [
    {
      name: SIGN_PDF_COPY_JOB,
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 600 },
      run: (data) => runSignedCopyJob(data),
    },
  ];
}
