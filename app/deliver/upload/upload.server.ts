/**
 * Tax return upload (staff spec §5 'Tax return upload'), through the presigned pipeline: files
 * never pass through the app.
 *
 *   grant (one per PDF: a presigned POST under the entity's `tax-returns/` prefix)
 *   → the browser POSTs each file to the store
 *   → confirm: every object is verified (size 1..150 MB, a real PDF from its first bytes, not
 *     password-protected or unopenable), the TaxReturn is recorded in `processing` ('Tax return
 *     uploaded' in its activity log), a replaced return is soft-deleted in the same transaction, and
 *     the processing job is enqueued (it merges several PDFs into one, in the order given, and reads
 *     the page count and bookmarks).
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { checkStoredPdf } from "~/documents/pdf.server";
import { PortalError } from "~/errors";
import { enqueue, jobsRunning } from "~/jobs.server";
import { staffVisibility } from "~/staff/visibility.server";
import { createUploadGrant, deleteObjects, verifyUpload } from "~/storage.server";
import { entityAreaPrefix, entityFileKey, keyBelongsToEntity, safeFileName } from "~/storage/keys";
import { MAX_UPLOAD_BYTES, type UploadGrant } from "~/storage/uploads";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { TAX_RETURN_MESSAGES } from "../rules";
import { PROCESS_TAX_RETURN_JOB, type ProcessTaxReturnJob } from "./processing.server";
import { UPLOAD_MESSAGES } from "./upload-rules";

/** The entity an upload goes to: a visible entity, or the replaced return's (its entity and year locked). */
async function uploadTarget(
  portal: FirmSiteContext,
  user: SessionUser,
  target: { companyId?: string | null; previousTaxReturnId?: string | null },
): Promise<{ companyId: string; previous: { id: string; taxYear: number } | null }> {
  if (target.previousTaxReturnId) {
    const found = await findTaxReturn(portal.db, user, target.previousTaxReturnId);
    const row = await portal.db.taxReturn.findFirstOrThrow({ where: { id: found.id }, select: { taxYear: true } });
    return { companyId: found.companyId, previous: { id: found.id, taxYear: row.taxYear } };
  }
  if (!target.companyId) throw new PortalError(422, UPLOAD_MESSAGES.entityRequired, { fields: { companyId: UPLOAD_MESSAGES.entityRequired } });
  const entity = await (await staffVisibility(portal.db, user)).findEntity({ id: target.companyId });
  if (!entity) throw new PortalError(404, "This entity was not found");
  return { companyId: entity.id, previous: null };
}

/** Entities the staff member may see whose name matches `term` (10 at most), for the dialog's combobox. */
export async function searchUploadEntities(portal: FirmSiteContext, user: SessionUser, term: string): Promise<{ id: string; name: string }[]> {
  const visibility = await staffVisibility(portal.db, user);
  const q = term.trim().slice(0, 100);
  return portal.db.company.findMany({
    where: { AND: [visibility.entityWhere(), { deletedAt: null }, q ? { name: { contains: q, mode: "insensitive" } } : {}] },
    orderBy: { name: "asc" },
    take: 10,
    select: { id: true, name: true },
  });
}

export async function createTaxReturnUploadGrant(
  portal: FirmSiteContext,
  user: SessionUser,
  input: { companyId?: string | null; previousTaxReturnId?: string | null; fileName: string; size: number },
): Promise<UploadGrant> {
  const { companyId } = await uploadTarget(portal, user, input);
  if (!/\.pdf$/i.test(input.fileName.trim())) throw new PortalError(415, UPLOAD_MESSAGES.pdfOnly);
  if (input.size < 1) throw new PortalError(400, "The file is empty.");
  if (input.size > MAX_UPLOAD_BYTES) throw new PortalError(413, "Max size 150 MB");
  const key = entityFileKey(portal.firm.id, companyId, "tax-returns", input.fileName);
  return createUploadGrant({ firmId: portal.firm.id, key, contentType: "application/pdf", maxBytes: MAX_UPLOAD_BYTES, allowedKinds: ["pdf"] });
}

export interface ConfirmInput {
  companyId?: string | null;
  previousTaxReturnId?: string | null;
  taxYear: number;
  sendDraftForApproval: boolean;
  /** In the order they are merged. */
  files: { key: string; fileName: string }[];
}

export async function confirmTaxReturnUpload(portal: FirmSiteContext, user: SessionUser, input: ConfirmInput): Promise<{ id: string; companyId: string }> {
  const firmId = portal.firm.id;
  const { companyId, previous } = await uploadTarget(portal, user, input);
  const taxYear = previous?.taxYear ?? input.taxYear;
  const prefix = entityAreaPrefix(firmId, companyId, "tax-returns");
  const keys = input.files.map((f) => f.key);
  if (!input.files.length) throw new PortalError(422, UPLOAD_MESSAGES.fileRequired, { fields: { files: UPLOAD_MESSAGES.fileRequired } });
  if (new Set(keys).size !== keys.length || keys.some((k) => !keyBelongsToEntity(k, firmId, companyId) || !k.startsWith(prefix)))
    throw new PortalError(404, "This file was not found");
  if (await portal.db.taxReturn.count({ where: { storageKey: { in: keys } } })) throw new PortalError(409, UPLOAD_MESSAGES.alreadyRecorded);
  if (!jobsRunning()) throw new PortalError(503, UPLOAD_MESSAGES.unavailable);

  // Each object: size and real type (what fails is deleted by verifyUpload), then protected/unopenable.
  let size = 0;
  try {
    for (const key of keys) {
      const verified = await verifyUpload({ firmId, key, contentType: "application/pdf", maxBytes: MAX_UPLOAD_BYTES, allowedKinds: ["pdf"] });
      size += verified.size;
      const check = await checkStoredPdf({ firmId, key, size: verified.size });
      if (!check.ok || check.pageCount === 0)
        throw new PortalError(422, TAX_RETURN_MESSAGES.protectedPdf, { fields: { files: TAX_RETURN_MESSAGES.protectedPdf } });
    }
  } catch (error) {
    await deleteObjects({ firmId, keys }).catch(() => {});
    throw error;
  }
  const first = safeFileName(input.files[0]!.fileName);
  const fileName = input.files.length === 1 ? first : `${first.replace(/\.pdf$/i, "")} (merged).pdf`;
  // Several PDFs become one object (written by the job); one PDF is the return's object as uploaded.
  const storageKey = keys.length === 1 ? keys[0]! : entityFileKey(firmId, companyId, "tax-returns", fileName);
  const created = await portal.db.$transaction(async (tx) => {
    const row = await tx.taxReturn.create({
      data: {
        firmId,
        companyId,
        taxYear,
        taxReturnName: fileName.replace(/\.pdf$/i, ""),
        status: "processing",
        storageKey,
        fileName,
        sizeBytes: Math.min(size, 2_147_483_647),
        sendDraftForApproval: input.sendDraftForApproval,
        previousTaxReturnId: previous?.id ?? null,
        uploadedById: user.id,
      },
      select: { id: true },
    });
    const event = { companyId, actorId: user.id, ipAddress: portal.clientAddress };
    await recordTaxReturnEvent(tx, firmId, {
      ...event,
      taxReturnId: row.id,
      title: "Tax return uploaded",
      description: input.files.map((f) => safeFileName(f.fileName)).join(", "),
    });
    if (previous) {
      // The replaced return leaves the table when its replacement is recorded.
      await tx.taxReturn.updateMany({ where: { id: previous.id, deletedAt: null }, data: { deletedAt: new Date() } });
      await recordTaxReturnEvent(tx, firmId, { ...event, taxReturnId: previous.id, title: "Tax return replaced", description: fileName });
    }
    return row;
  });
  await enqueue(PROCESS_TAX_RETURN_JOB, { firmId, taxReturnId: created.id, partKeys: keys.length > 1 ? keys : [] } satisfies ProcessTaxReturnJob, {
    singletonKey: created.id,
  });
  return { id: created.id, companyId };
}
