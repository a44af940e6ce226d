/**
 * Signature requests, staff side (staff spec §2 'Signature requests', §5 'Signature request
 * upload', §7): upload through the presigned pipeline (exactly one entity and a non-empty PDF), the
 * processing job (page count, SHA-256 of the unsigned file; several PDFs merged in order), placing
 * signature and date boxes per signer, sending, 'Mark as completed' and delete. Every call finds the
 * request through the door (../access.server.ts): another firm's, client's or group's request is 404
 * with nothing written.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { firmDb, type FirmTx } from "~/db.server";
import { checkStoredPdf } from "~/documents/pdf.server";
import { PortalError } from "~/errors";
import { enqueue, jobsRunning, type JobDefinition } from "~/jobs.server";
import { deliverNotificationEmails } from "~/notifications/notify.server";
import { staffVisibility } from "~/staff/visibility.server";
import { createInlineUrl, createUploadGrant, deleteObjects, headObject, readObjectRange, verifyUpload } from "~/storage.server";
import { entityAreaPrefix, entityFileKey, keyBelongsToEntity, safeFileName } from "~/storage/keys";
import { MAX_UPLOAD_BYTES, type UploadGrant } from "~/storage/uploads";
import { findSignatureRequest } from "../access.server";
import { REQUEST_SIGNED_COPY_JOB, runRequestSignedCopyJob } from "../signing/signature-request-copy.server";
import { mergeParts, readPdfFacts, storedSha256, UnreadablePdf } from "../upload/processing.server";
import { recordSignatureRequestEvent } from "./events.server";
import { notifySignatureRequestSent } from "./notify.server";
import { placementError, REQUEST_MESSAGES, requestStatusesFor, type RequestPlacement, type SignatureRequestStatus } from "./rules";

export const PROCESS_SIGNATURE_REQUEST_JOB = "process-signature-request";

async function visibleEntity(portal: FirmSiteContext, user: SessionUser, companyId: string | null | undefined): Promise<string> {
  if (!companyId) throw new PortalError(422, REQUEST_MESSAGES.entityRequired, { fields: { companyId: REQUEST_MESSAGES.entityRequired } });
  const entity = await (await staffVisibility(portal.db, user)).findEntity({ id: companyId });
  if (!entity) throw new PortalError(404, "This entity was not found");
  return entity.id;
}

export async function createSignatureRequestUploadGrant(
  portal: FirmSiteContext,
  user: SessionUser,
  input: { companyId?: string | null; fileName: string; size: number },
): Promise<UploadGrant> {
  const companyId = await visibleEntity(portal, user, input.companyId);
  if (!/\.pdf$/i.test(input.fileName.trim())) throw new PortalError(415, REQUEST_MESSAGES.pdfOnly, { fields: { files: REQUEST_MESSAGES.pdfOnly } });
  if (input.size < 1) throw new PortalError(422, REQUEST_MESSAGES.emptyFile, { fields: { files: REQUEST_MESSAGES.emptyFile } });
  if (input.size > MAX_UPLOAD_BYTES) throw new PortalError(413, "Max size 150 MB");
  const key = entityFileKey(portal.firm.id, companyId, "tax-returns", input.fileName);
  return createUploadGrant({ firmId: portal.firm.id, key, contentType: "application/pdf", maxBytes: MAX_UPLOAD_BYTES, allowedKinds: ["pdf"] });
}

export interface ConfirmRequestInput {
  companyId?: string | null;
  taxYear: number;
  formName: string;
  files: { key: string; fileName: string }[];
}

/** Verifies the uploaded objects and records the request in `processing`; the job reads it. */
export async function confirmSignatureRequestUpload(
  portal: FirmSiteContext,
  user: SessionUser,
  input: ConfirmRequestInput,
): Promise<{ id: string; companyId: string }> {
  const firmId = portal.firm.id;
  const companyId = await visibleEntity(portal, user, input.companyId);
  const keys = input.files.map((f) => f.key);
  if (!keys.length) throw new PortalError(422, REQUEST_MESSAGES.fileRequired, { fields: { files: REQUEST_MESSAGES.fileRequired } });
  const prefix = entityAreaPrefix(firmId, companyId, "tax-returns");
  if (new Set(keys).size !== keys.length || keys.some((k) => !keyBelongsToEntity(k, firmId, companyId) || !k.startsWith(prefix)))
    throw new PortalError(404, "This file was not found");
  if (await portal.db.signatureRequest.count({ where: { storageKey: { in: keys } } })) throw new PortalError(409, "This file was already uploaded.");
  if (!jobsRunning()) throw new PortalError(503, "Uploads are not available right now. Please try again in a few minutes.");
  let size = 0;
  try {
    for (const key of keys) {
      const verified = await verifyUpload({ firmId, key, contentType: "application/pdf", maxBytes: MAX_UPLOAD_BYTES, allowedKinds: ["pdf"] });
      size += verified.size;
      const check = await checkStoredPdf({ firmId, key, size: verified.size });
      if (!check.ok || check.pageCount === 0) throw new PortalError(422, REQUEST_MESSAGES.protectedPdf, { fields: { files: REQUEST_MESSAGES.protectedPdf } });
    }
  } catch (error) {
    await deleteObjects({ firmId, keys }).catch(() => {});
    throw error;
  }
  const first = safeFileName(input.files[0]!.fileName);
  const fileName = keys.length === 1 ? first : `${first.replace(/\.pdf$/i, "")} (merged).pdf`;
  const storageKey = keys.length === 1 ? keys[0]! : entityFileKey(firmId, companyId, "tax-returns", fileName);
  const created = await portal.db.$transaction(async (tx) => {
    const row = await tx.signatureRequest.create({
      data: {
        firmId,
        companyId,
        taxYear: input.taxYear,
        formName: input.formName.trim(),
        source: "upload",
        status: "processing",
        storageKey,
        fileName,
        sizeBytes: Math.min(size, 2_147_483_647),
        uploadedById: user.id,
      },
      select: { id: true },
    });
    await recordSignatureRequestEvent(tx, firmId, {
      signatureRequestId: row.id,
      companyId,
      title: "Signature request uploaded",
      description: `${input.formName.trim()}: ${input.files.map((f) => safeFileName(f.fileName)).join(", ")}`,
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
    return row;
  });
  await enqueue(PROCESS_SIGNATURE_REQUEST_JOB, { firmId, signatureRequestId: created.id, partKeys: keys.length > 1 ? keys : [] }, { singletonKey: created.id });
  return { id: created.id, companyId };
}

/** The processing job: page count and hash → `action_required`, or `error` with the spec's text. Idempotent. */
export async function runProcessSignatureRequest(data: unknown): Promise<{ status: string }> {
  const job = data as { firmId: string; signatureRequestId: string; partKeys: string[] };
  if (!job || typeof job.firmId !== "string" || typeof job.signatureRequestId !== "string") return { status: "ignored" };
  const db = firmDb(job.firmId);
  const row = await db.signatureRequest.findFirst({
    where: { id: job.signatureRequestId },
    select: { id: true, companyId: true, status: true, storageKey: true },
  });
  if (!row) throw new Error(`Signature request ${job.signatureRequestId} is not visible yet`);
  if (row.status !== "processing" || !row.storageKey) return { status: "skipped" };
  const key = row.storageKey;
  let facts: { pageCount: number; sha256: string; size: number } | null = null;
  try {
    if (job.partKeys?.length > 1) await mergeParts(job.firmId, key, job.partKeys);
    const head = await headObject({ firmId: job.firmId, key });
    if (!head || head.size < 1) throw new UnreadablePdf("missing");
    const read = await readPdfFacts(head.size, (begin, end) => readObjectRange({ firmId: job.firmId, key, start: begin, end: end - 1 }));
    if (read.pageCount < 1) throw new UnreadablePdf("no pages");
    facts = { pageCount: read.pageCount, sha256: await storedSha256(job.firmId, key, head.size), size: head.size };
  } catch (error) {
    if (!(error instanceof UnreadablePdf)) throw error;
  }
  await db.$transaction(async (tx) => {
    const event = facts ? "processed" : "processing_failed";
    const { count } = await tx.signatureRequest.updateMany({
      where: { id: row.id, status: { in: requestStatusesFor(event) } },
      data: facts
        ? {
            status: "action_required",
            pageCount: facts.pageCount,
            unsignedSha256: facts.sha256,
            sizeBytes: Math.min(facts.size, 2_147_483_647),
            processingError: null,
          }
        : { status: "error", processingError: REQUEST_MESSAGES.protectedPdf },
    });
    if (count)
      await recordSignatureRequestEvent(tx, job.firmId, {
        signatureRequestId: row.id,
        companyId: row.companyId,
        title: facts ? "Signature request processed" : "Signature request processing failed",
        description: facts ? `${facts.pageCount} page(s)` : REQUEST_MESSAGES.protectedPdf,
      });
  });
  return { status: facts ? "action_required" : "error" };
}

export interface RequestSignerView {
  id: string;
  userId: string | null;
  name: string;
  email: string | null;
  signedAt: string | null;
  method: string | null;
}

export interface RequestFieldView {
  id: string;
  signerId: string;
  kind: "signature" | "date";
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  filledAt: string | null;
}

export interface StaffRequestView {
  request: {
    id: string;
    companyId: string;
    companyName: string;
    companyHash: string;
    taxYear: number;
    formName: string;
    status: SignatureRequestStatus;
    fileName: string | null;
    pageCount: number | null;
    processingError: string | null;
    editable: boolean;
    signedAvailable: boolean;
  };
  candidates: { userId: string; name: string; email: string | null }[];
  signers: RequestSignerView[];
  fields: RequestFieldView[];
}

export async function loadRequestSigning(db: FirmTx | FirmSiteContext["db"], id: string) {
  const [signers, fields] = await Promise.all([
    (db as FirmTx).taxReturnSigner.findMany({
      where: { signatureRequestId: id },
      orderBy: [{ role: "asc" }, { fname: "asc" }],
      select: { id: true, userId: true, fname: true, lname: true, email: true, signedAt: true, method: true },
    }),
    (db as FirmTx).signatureField.findMany({ where: { signatureRequestId: id }, orderBy: [{ page: "asc" }, { y: "asc" }] }),
  ]);
  return {
    signers: signers.map((s) => ({
      id: s.id,
      userId: s.userId,
      name: `${s.fname} ${s.lname}`.trim(),
      email: s.email,
      signedAt: s.signedAt?.toISOString() ?? null,
      method: s.method,
    })),
    fields: fields.map((f) => ({
      id: f.id,
      signerId: f.signerId,
      kind: f.kind,
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      filledAt: f.filledAt?.toISOString() ?? null,
    })),
  };
}

export async function loadStaffRequest(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null): Promise<StaffRequestView> {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  const row = await portal.db.signatureRequest.findFirstOrThrow({
    where: { id: found.id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      formName: true,
      status: true,
      fileName: true,
      pageCount: true,
      processingError: true,
      signedDocumentKey: true,
      company: {
        select: {
          name: true,
          hashId: true,
          owners: { select: { userId: true, user: { select: { fname: true, lname: true, email: true, deletedAt: true } } } },
        },
      },
    },
  });
  const signing = await loadRequestSigning(portal.db, row.id);
  return {
    request: {
      id: row.id,
      companyId: row.companyId,
      companyName: row.company.name,
      companyHash: row.company.hashId,
      taxYear: row.taxYear,
      formName: row.formName,
      status: row.status,
      fileName: row.fileName,
      pageCount: row.pageCount,
      processingError: row.processingError,
      editable: requestStatusesFor("place").includes(row.status),
      signedAvailable: Boolean(row.signedDocumentKey),
    },
    candidates: row.company.owners
      .filter((o) => !o.user.deletedAt)
      .map((o) => ({ userId: o.userId, name: `${o.user.fname} ${o.user.lname}`.trim(), email: o.user.email })),
    ...signing,
  };
}

/** Locks the row in a status `event` may happen in, else 409 with `message`. */
async function lockFor(tx: FirmTx, id: string, event: "place" | "send" | "complete", message: string): Promise<void> {
  const { count } = await tx.signatureRequest.updateMany({ where: { id, status: { in: requestStatusesFor(event) } }, data: { updatedAt: new Date() } });
  if (count === 0) throw new PortalError(409, message);
}

/** Replaces the request's signers and boxes (before it is sent). */
export async function savePlacement(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null, input: RequestPlacement): Promise<void> {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    await lockFor(tx, found.id, "place", REQUEST_MESSAGES.notEditable);
    const row = await tx.signatureRequest.findFirstOrThrow({ where: { id: found.id }, select: { pageCount: true } });
    const error = placementError(input, row.pageCount ?? 0, false);
    if (error) throw new PortalError(422, error, { fields: { fields: error } });
    const userIds = [...new Set(input.signers)];
    const owners = await tx.companyOwner.findMany({
      where: { companyId: found.companyId, userId: { in: userIds }, user: { deletedAt: null } },
      select: { userId: true, specialRole: true, user: { select: { fname: true, lname: true, email: true } } },
    });
    if (owners.length !== userIds.length) throw new PortalError(422, REQUEST_MESSAGES.signerNotOwner, { fields: { signers: REQUEST_MESSAGES.signerNotOwner } });
    await tx.signatureField.deleteMany({ where: { signatureRequestId: found.id } });
    await tx.taxReturnSigner.deleteMany({ where: { signatureRequestId: found.id } });
    const signerId = new Map<string, string>();
    for (const o of owners) {
      const created = await tx.taxReturnSigner.create({
        data: {
          firmId,
          signatureRequestId: found.id,
          role: o.specialRole === "spouse" ? "spouse" : "taxpayer",
          userId: o.userId,
          fname: o.user.fname,
          lname: o.user.lname,
          email: o.user.email,
        },
        select: { id: true },
      });
      signerId.set(o.userId, created.id);
    }
    if (input.fields.length)
      await tx.signatureField.createMany({
        data: input.fields.map((f) => ({
          firmId,
          signatureRequestId: found.id,
          signerId: signerId.get(f.signerKey)!,
          kind: f.kind,
          page: f.page,
          x: f.x,
          y: f.y,
          width: f.width,
          height: f.height,
        })),
      });
    await recordSignatureRequestEvent(tx, firmId, {
      signatureRequestId: found.id,
      companyId: found.companyId,
      title: "Signature boxes placed",
      description: `${owners.length} signer(s), ${input.fields.length} box(es)`,
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
  });
}

/** Sends a placed request: action_required → sending → sent; the signers hear of it. 409 when incomplete or in another status. */
export async function sendSignatureRequest(
  portal: FirmSiteContext,
  user: SessionUser,
  id: string,
  companyId: string | null,
  message: string | null,
): Promise<{ status: "sent"; message: string }> {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    const row = await tx.signatureRequest.findFirstOrThrow({ where: { id: found.id }, select: { status: true, pageCount: true } });
    if (!requestStatusesFor("send").includes(row.status)) throw new PortalError(409, REQUEST_MESSAGES.notSendable);
    const { signers, fields } = await loadRequestSigning(tx, found.id);
    const error = placementError({ signers: signers.map((s) => s.id), fields: fields.map((f) => ({ ...f, signerKey: f.signerId })) }, row.pageCount ?? 0, true);
    if (error) throw new PortalError(409, error);
    const { count } = await tx.signatureRequest.updateMany({
      where: { id: found.id, status: { in: requestStatusesFor("send") } },
      data: { status: "sending" },
    });
    if (count === 0) throw new PortalError(409, REQUEST_MESSAGES.notSendable);
  });
  const deliver = () =>
    portal.db.$transaction(async (tx) => {
      const { count } = await tx.signatureRequest.updateMany({
        where: { id: found.id, status: { in: requestStatusesFor("delivered") } },
        data: { status: "sent", sentAt: new Date() },
      });
      if (count === 0) throw new PortalError(409, REQUEST_MESSAGES.notSendable);
      await recordSignatureRequestEvent(tx, firmId, {
        signatureRequestId: found.id,
        companyId: found.companyId,
        title: "Signature request sent for signature",
        description: message,
        actorId: user.id,
        ipAddress: portal.clientAddress,
      });
      return notifySignatureRequestSent(tx, { id: firmId, name: portal.firm.name, origin: portal.origin }, { signatureRequestId: found.id, message });
    });
  const told = await deliver().catch(async (error: unknown) => {
    // Not delivered: back to waiting for its boxes, so it can be sent again.
    await portal.db.signatureRequest.updateMany({ where: { id: found.id, status: "sending" }, data: { status: "action_required" } }).catch(() => {});
    throw error;
  });
  await deliverNotificationEmails({ firm: { id: firmId, name: portal.firm.name }, db: portal.db }, told.messages).catch((error: unknown) =>
    console.error(`Emails of signature request ${found.id} not handed over:`, error),
  );
  return { status: "sent", message: REQUEST_MESSAGES.sent };
}

/** 'Mark as completed' (any status but completed). */
export async function markSignatureRequestCompleted(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  await portal.db.$transaction(async (tx) => {
    const { count } = await tx.signatureRequest.updateMany({
      where: { id: found.id, status: { in: requestStatusesFor("complete") } },
      data: { status: "completed" },
    });
    if (count === 0) throw new PortalError(409, REQUEST_MESSAGES.alreadyCompleted);
    await recordSignatureRequestEvent(tx, portal.firm.id, {
      signatureRequestId: found.id,
      companyId: found.companyId,
      title: "Marked as completed",
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
  });
  return { ok: true, message: REQUEST_MESSAGES.markedCompleted };
}

/** Delete (soft): the request leaves the table and the client's view. */
export async function deleteSignatureRequest(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  await portal.db.$transaction(async (tx) => {
    const { count } = await tx.signatureRequest.updateMany({ where: { id: found.id, deletedAt: null }, data: { deletedAt: new Date() } });
    if (count === 0) throw new PortalError(404, REQUEST_MESSAGES.notFound);
    await recordSignatureRequestEvent(tx, portal.firm.id, {
      signatureRequestId: found.id,
      companyId: found.companyId,
      title: "Signature request deleted",
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
  });
  return { ok: true, message: REQUEST_MESSAGES.deleted };
}

/**
 * A short-lived presigned GET of the request's PDF for pdf.js: the original, or with `signed` the
 * signed copy (with its audit page) once it exists. Staff and clients alike (through the door).
 */
export async function signatureRequestPdfUrl(
  portal: FirmSiteContext,
  user: SessionUser,
  id: string,
  companyId: string | null,
  signed = false,
): Promise<string> {
  const found = await findSignatureRequest(portal.db, user, id, companyId);
  const row = await portal.db.signatureRequest.findFirstOrThrow({
    where: { id: found.id },
    select: { storageKey: true, signedDocumentKey: true, status: true },
  });
  const key = signed ? row.signedDocumentKey : row.storageKey;
  if (!key || !keyBelongsToEntity(key, portal.firm.id, found.companyId) || row.status === "processing") throw new PortalError(409, REQUEST_MESSAGES.notReady);
  return createInlineUrl({ firmId: portal.firm.id, key, expiresInSeconds: 600 });
}

export function signatureRequestJobs(): JobDefinition[] {
  return [
    {
      name: PROCESS_SIGNATURE_REQUEST_JOB,
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 600 },
      batchSize: 1,
      run: (data) => runProcessSignatureRequest(data),
    },
    {
      name: REQUEST_SIGNED_COPY_JOB,
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 600 },
      run: (data) => runRequestSignedCopyJob(data),
    },
  ];
}
