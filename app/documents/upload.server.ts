/**
 * The one upload pipeline every place that takes files uses (the document browser, questionnaire
 * upload questions, document drop-off, secure upload and drop links): `createDocumentUploadGrant`
 * (a presigned POST for a server-generated key under the firm's and entity's prefix) → the browser
 * posts to the store → `recordDocumentUpload` (verifyUpload: size and real type; then the Document
 * row; an object whose row cannot be written is deleted).
 */
import { PortalError } from "~/errors";
import { createUploadGrant, deleteObject, verifyUpload } from "~/storage.server";
import { entityDocumentKey, entityDocumentPrefix, keyBelongsToEntity, safeFileName } from "~/storage/keys";
import { CONTENT_TYPES, declaredKind, kindFromFileName, MAX_UPLOAD_BYTES, type UploadGrant } from "~/storage/uploads";
import { documentNotFound as notFound, type Db } from "./access.server";
import { itemSelect, toItem, type DocumentItem, type ItemRow } from "./items.server";
import { checkStoredPdf } from "./pdf.server";
import { DOCUMENT_MESSAGES, extensionOf, fillYear, nameError, normalizePath } from "./rules";

/**
 * A presigned POST for one document of an entity, under a key the server makes from the file
 * name. Refuses names with '/' or '..', unsupported types and sizes over the limit (400).
 */
export async function createDocumentUploadGrant(options: {
  firmId: string;
  companyId: string;
  fileName: string;
  contentType: string;
  size?: number;
}): Promise<UploadGrant> {
  const error = nameError(options.fileName);
  if (error) throw new PortalError(400, error);
  if (options.size !== undefined && options.size < 1) throw new PortalError(400, "The file is empty.");
  if (options.size !== undefined && options.size > MAX_UPLOAD_BYTES) throw new PortalError(413, "Max size 150 MB");
  // The name's extension, when it has one, must be an accepted kind too ("x.exe" sent as a PDF is refused).
  const kind = extensionOf(options.fileName) && !kindFromFileName(options.fileName) ? null : declaredKind(options.fileName, options.contentType);
  if (!kind) throw new PortalError(415, DOCUMENT_MESSAGES.typeNotSupported);
  const key = entityDocumentKey(options.firmId, options.companyId, options.fileName);
  return createUploadGrant({ firmId: options.firmId, key, contentType: CONTENT_TYPES[kind], maxBytes: MAX_UPLOAD_BYTES });
}

export interface RecordUploadOptions {
  firmId: string;
  companyId: string;
  /** A key from `createDocumentUploadGrant`; anything outside the entity's prefix is 404. */
  key: string;
  contentType: string;
  fileName: string;
  path: string;
  uploadedById: string | null;
  questionnaireId?: string | null;
  questionId?: string | null;
  /** The duplicate message (default '{file} was already uploaded'). */
  duplicateMessage?: (file: string) => string;
}

/**
 * The confirm step: the object must be this entity's, not recorded yet, not a duplicate name for
 * its question (or in its folder when it answers none), and pass `verifyUpload` (size 1..150 MB, real type from its first bytes). Then the
 * Document row is written; if that write fails the object is deleted, so there is never an
 * orphan row (and no object without a row from this path).
 */
export async function recordDocumentUpload(db: Db, options: RecordUploadOptions): Promise<DocumentItem> {
  const { firmId, companyId, key } = options;
  if (!keyBelongsToEntity(key, firmId, companyId) || !key.startsWith(entityDocumentPrefix(firmId, companyId))) throw notFound();
  const path = normalizePath(options.path);
  const nameProblem = nameError(options.fileName);
  if (!path || nameProblem) throw new PortalError(400, nameProblem ?? DOCUMENT_MESSAGES.invalidName);
  const fileName = safeFileName(options.fileName.trim());
  if (await db.document.count({ where: { storageKey: key } }))
    throw new PortalError(409, (options.duplicateMessage ?? DOCUMENT_MESSAGES.alreadyUploaded)(fileName));
  // A name is taken per question (two W2.pdf from two employers, for two questions, both go in),
  // else per folder.
  const duplicate = await db.document.count({
    where: options.questionId
      ? { companyId, questionId: options.questionId, name: fileName, deletedAt: null, itemType: "file" }
      : { companyId, path, name: fileName, deletedAt: null, itemType: "file" },
  });
  if (duplicate) {
    await deleteObject({ firmId, key }).catch(() => {});
    throw new PortalError(409, (options.duplicateMessage ?? DOCUMENT_MESSAGES.alreadyUploaded)(fileName));
  }
  const verified = await verifyUpload({ firmId, key, contentType: options.contentType, maxBytes: MAX_UPLOAD_BYTES });
  // A PDF that is password-protected or cannot be opened is kept but flagged (pdf.server.ts reads
  // at most 32 MB of it). A store error while checking leaves it unflagged rather than refusing it.
  const pdfCheck = verified.kind === "pdf" ? await checkStoredPdf({ firmId, key, size: verified.size }).catch(() => null) : null;
  try {
    const row = await db.document.create({
      data: {
        firmId,
        companyId,
        itemType: "file",
        path,
        name: fileName,
        storageKey: key,
        sizeBytes: BigInt(verified.size),
        contentType: verified.contentType,
        passwordProtected: pdfCheck?.ok === false,
        questionnaireId: options.questionnaireId ?? null,
        questionId: options.questionId ?? null,
        uploadedById: options.uploadedById,
      },
      select: itemSelect,
    });
    return toItem(row as ItemRow, true);
  } catch (e) {
    await deleteObject({ firmId, key }).catch(() => {});
    throw e;
  }
}

/**
 * Drops the Document rows of objects a questionnaire deleted (removed uploads, cleared answers).
 * A file the firm split (or tried to) is the source of its extracted documents: it only goes to
 * the deleted list, restorable by staff, and its key is returned so the caller keeps the object.
 */
export async function forgetDocumentsByKeys(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const sources = await db.document.findMany({ where: { storageKey: { in: keys }, sourceOfExtracted: { some: {} } }, select: { id: true, storageKey: true } });
  if (sources.length) await db.document.updateMany({ where: { id: { in: sources.map((d) => d.id) }, deletedAt: null }, data: { deletedAt: new Date() } });
  const kept = sources.map((d) => d.storageKey!);
  const rest = keys.filter((k) => !kept.includes(k));
  if (rest.length) await db.document.deleteMany({ where: { storageKey: { in: rest } } });
  return kept;
}

/** The display name a generated key carries ("{random}-{safe-name}" → "safe-name"). */
export function documentNameFromKey(key: string): string {
  const last = key.slice(key.lastIndexOf("/") + 1);
  return last.replace(/^[0-9a-f]{32}-/, "") || "file";
}

/** Where a questionnaire's uploads are filed: its document_path ({year} = its tax year), else "/{tax year}". */
export async function questionnaireDocumentPath(db: Db, questionnaireId: string): Promise<string> {
  const q = await db.questionnaire.findFirst({ where: { id: questionnaireId }, select: { documentPath: true, taxYear: true } });
  if (!q) throw notFound();
  const path = normalizePath(q.documentPath ? fillYear(q.documentPath, q.taxYear) : `/${q.taxYear}`);
  return path ?? `/${q.taxYear}`;
}
