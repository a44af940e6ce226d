/**
 * Staff imports (staff spec §5 'Import', §7 'Import file upload', §9): the file goes from the
 * browser straight to S3 (a presigned POST under `firms/{firmId}/imports/`), the app confirms it
 * (`verifyUpload`: size and real type) and records an ImportJob for the firm. Client lists are
 * then read by a background job (jobs.server.ts → client-list.server.ts), staff lists too (one
 * invitation per valid row, staff-list.server.ts); the other types are recorded for the firm's
 * team with the spec's fields.
 *
 * Only partner, admin and full-access staff import (IMPORT_ACCESS). Every read and write runs in
 * the firm's scope: another firm's import id or key is 404.
 */
import { randomBytes } from "node:crypto";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { forbidden, notFound, PortalError } from "~/errors";
import { requireApiUser } from "~/http.server";
import { enqueue, jobsRunning } from "~/jobs.server";
import type { FirmAccess } from "~/navigation";
import { createUploadGrant, verifyUpload } from "~/storage.server";
import { firmPrefix, keyBelongsToFirm, keySafeName, safeFileName } from "~/storage/keys";
import { CONTENT_TYPES, type UploadGrant } from "~/storage/uploads";
import { IMPORT_CLIENT_LIST_JOB, runClientListImport } from "./client-list.server";
import { canOpenTeam } from "~/team/team-rules";
import { IMPORT_STAFF_LIST_JOB, runStaffListImport } from "./staff-list.server";
import {
  detailsForType,
  IMPORT_FILE_KINDS,
  IMPORT_FILE_TYPES,
  IMPORT_MESSAGES,
  importKind,
  MAX_IMPORT_BYTES,
  VARIOUS_ASSIGNEE,
  type ImportDetails,
  type ImportFileType,
  type ImportProgress,
  type RejectedRow,
} from "./import-rules";

/** Who may import (spec §6 with the product's staff levels). */
export const IMPORT_ACCESS: FirmAccess[] = ["partner", "admin", "full"];

export function canImport(user: Pick<SessionUser, "kind" | "firmAccess">): boolean {
  return user.kind === "staff" && IMPORT_ACCESS.includes(user.firmAccess);
}

/** The signed-in staff member of an import call: 401 signed out, 404 for a client, 403 without import access. */
export async function requireImportingStaff(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw notFound("Not Found");
  if (!canImport(user)) throw forbidden("You don't have permission to import.");
  return user;
}

/** `firms/{firmId}/imports/` */
export function importPrefix(firmId: string): string {
  return `${firmPrefix(firmId)}imports/`;
}

function importKey(firmId: string, fileName: string): string {
  return `${importPrefix(firmId)}${randomBytes(16).toString("hex")}-${keySafeName(fileName)}`;
}

function typeLabel(fileType: ImportFileType): string {
  return IMPORT_FILE_TYPES.find((t) => t.value === fileType)?.label ?? fileType;
}

function kindsText(fileType: ImportFileType): string {
  return IMPORT_FILE_KINDS[fileType].map((k) => k.toUpperCase()).join(", ");
}

/** A presigned POST for one import file; the name's extension must fit the import type. */
export async function createImportGrant(portal: FirmSiteContext, input: { fileType: ImportFileType; fileName: string; size: number }): Promise<UploadGrant> {
  if (input.size < 1) throw new PortalError(400, IMPORT_MESSAGES.empty(safeFileName(input.fileName)));
  if (input.size > MAX_IMPORT_BYTES) throw new PortalError(413, "Max size 150 MB");
  const kind = importKind(input.fileType, input.fileName);
  if (!kind) throw new PortalError(415, IMPORT_MESSAGES.wrongType(kindsText(input.fileType)));
  return await createUploadGrant({
    firmId: portal.firm.id,
    key: importKey(portal.firm.id, input.fileName),
    contentType: CONTENT_TYPES[kind],
    maxBytes: MAX_IMPORT_BYTES,
    allowedKinds: IMPORT_FILE_KINDS[input.fileType],
  });
}

const PROGRESS_SELECT = {
  id: true,
  fileName: true,
  fileType: true,
  status: true,
  totalRows: true,
  processedRows: true,
  createdUsers: true,
  createdEntities: true,
  rejectedCount: true,
  error: true,
} as const;

/**
 * The confirm step: the key must be one this firm was granted for imports and the object must
 * pass `verifyUpload` (size, real type). Then the ImportJob is recorded (one per stored file:
 * a second confirm is 409) and, for a client list, the background job is sent.
 */
export async function confirmImport(
  portal: FirmSiteContext,
  user: SessionUser,
  input: { key: string; fileName: string; details: ImportDetails },
): Promise<ImportProgress> {
  const firmId = portal.firm.id;
  const details = detailsForType(input.details);
  if (!keyBelongsToFirm(input.key, firmId) || !input.key.startsWith(importPrefix(firmId))) throw new PortalError(404, IMPORT_MESSAGES.uploadFailed);
  const kind = importKind(details.fileType, input.fileName);
  if (!kind) throw new PortalError(415, IMPORT_MESSAGES.wrongType(kindsText(details.fileType)));

  // A staff list invites staff: only those who manage the team (partners and admins) send one.
  if (details.fileType === "staff_list" && !canOpenTeam(user)) throw forbidden("Only partners and admins can import a staff list.");
  let assignee: string | null = null;
  if (details.fileType === "client_list") {
    assignee = details.assignedFirmUserId ?? null;
    if (assignee !== VARIOUS_ASSIGNEE) {
      const advisor = await portal.db.user.findFirst({ where: { id: assignee ?? "", kind: "staff", isAdvisor: true, deletedAt: null }, select: { id: true } });
      if (!advisor) throw new PortalError(422, IMPORT_MESSAGES.assignee);
    }
  }
  if (await portal.db.importJob.count({ where: { storageKey: input.key } }))
    throw new PortalError(409, IMPORT_MESSAGES.duplicate(safeFileName(input.fileName)));

  await verifyUpload({
    firmId,
    key: input.key,
    contentType: CONTENT_TYPES[kind],
    maxBytes: MAX_IMPORT_BYTES,
    allowedKinds: IMPORT_FILE_KINDS[details.fileType],
  });

  const fileName = safeFileName(input.fileName.trim());
  let job: ImportProgress;
  try {
    job = await portal.db.$transaction(async (tx) => {
      const created = await tx.importJob.create({
        data: {
          firmId,
          fileType: details.fileType,
          clientListType: details.clientListType ?? null,
          assignedFirmUserId: assignee,
          taxSoftware: details.taxSoftware ?? null,
          year: details.year ?? null,
          documentName: details.documentName ?? null,
          documentType: details.documentType ?? null,
          comment: details.comment ?? null,
          fileName,
          storageKey: input.key,
          createdById: user.id,
        },
        select: PROGRESS_SELECT,
      });
      await logActivity(tx, firmId, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: `${typeLabel(details.fileType)} uploaded for import`,
        description: fileName,
        actorId: user.id,
        ipAddress: portal.clientAddress,
      });
      return created as ImportProgress;
    });
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string }; message?: string };
    if (err?.code === "P2002" || err?.cause?.code === "23505" || /unique constraint/i.test(err?.message ?? "")) {
      throw new PortalError(409, IMPORT_MESSAGES.duplicate(fileName));
    }
    throw e;
  }

  if (details.fileType === "client_list") await startImportJob(IMPORT_CLIENT_LIST_JOB, runClientListImport, firmId, job.id);
  if (details.fileType === "staff_list") await startImportJob(IMPORT_STAFF_LIST_JOB, runStaffListImport, firmId, job.id);
  return job;
}

/**
 * Sends the client or staff list job; with no job queue in this process (JOBS_WORKER off and
 * pg-boss down) the import runs here in the background instead, so it is never left waiting.
 */
async function startImportJob(name: string, run: (data: unknown) => Promise<unknown>, firmId: string, importId: string): Promise<void> {
  const data = { firmId, importId };
  if (jobsRunning()) {
    await enqueue(name, data, { singletonKey: importId });
    return;
  }
  void run(data).catch((error) => console.error(`[import] ${importId}: ${error instanceof Error ? error.message : String(error)}`));
}

/** An import of this firm, or 404. */
export async function getImportProgress(portal: FirmSiteContext, importId: string): Promise<ImportProgress> {
  const job = await portal.db.importJob.findFirst({ where: { id: importId }, select: PROGRESS_SELECT });
  if (!job) throw new PortalError(404, IMPORT_MESSAGES.notFound);
  return job as ImportProgress;
}

/** The rejected rows of an import of this firm (404 otherwise), and the report's file name. */
export async function getImportReport(portal: FirmSiteContext, importId: string): Promise<{ fileName: string; rows: RejectedRow[] }> {
  const job = await portal.db.importJob.findFirst({ where: { id: importId }, select: { fileName: true, rejectedRows: true } });
  if (!job) throw new PortalError(404, IMPORT_MESSAGES.notFound);
  const base = job.fileName.replace(/\.[^.]+$/, "");
  return { fileName: `${base} - rejected rows.csv`, rows: (job.rejectedRows ?? []) as unknown as RejectedRow[] };
}

/** What the dialog needs: the advisors to assign, and the firm's latest imports. */
export async function importDialogData(portal: FirmSiteContext) {
  const [advisors, recent] = await Promise.all([
    portal.db.user.findMany({
      where: { kind: "staff", isAdvisor: true, deletedAt: null },
      select: { id: true, fname: true, lname: true },
      orderBy: [{ lname: "asc" }, { fname: "asc" }],
    }),
    portal.db.importJob.findMany({ select: { ...PROGRESS_SELECT, createdAt: true }, orderBy: { createdAt: "desc" }, take: 5 }),
  ]);
  return {
    advisors: advisors.map((a) => ({ value: a.id, label: `${a.fname} ${a.lname}`.trim() })),
    recent: recent.map(({ createdAt, ...r }) => ({ ...(r as ImportProgress), createdAt: createdAt.toISOString() })),
  };
}
