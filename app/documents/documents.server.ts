/**
 * Reads and writes of an entity's documents (the document browser, client and staff) and the one
 * upload pipeline every place that takes files uses: `createDocumentUploadGrant` (a presigned POST
 * for a server-generated key under the firm's and entity's prefix) → the browser posts to S3 →
 * `recordDocumentUpload` (verifyUpload: size and real type; then the Document row; an object whose
 * row cannot be written is deleted). The entity is always found from the company hash through the
 * asking user (client: an owner of an active entity; staff: their firm's entity), so another firm's
 * or entity's document is simply "not found": 404, nothing changed, no URL issued.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { ZipArchive } from "archiver";
import { z } from "zod";

import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { createDownloadUrl, createInlineUrl, createUploadGrant, deleteObject, verifyUpload } from "~/storage.server";
import { entityDocumentKey, keyBelongsToEntity, safeFileName } from "~/storage/keys";
import { CONTENT_TYPES, declaredKind, kindFromFileName, MAX_UPLOAD_BYTES, type UploadGrant } from "~/storage/uploads";
import {
  convertedNames,
  convertibleImage,
  DOCUMENT_MESSAGES,
  extensionOf,
  fillYear,
  folderPermissions,
  folderTree,
  isStaffOnlyPath,
  isWithin,
  joinPath,
  MAX_FOLDER_DOWNLOAD_BYTES,
  MAX_IMAGES_TO_CONVERT_BYTES,
  nameError,
  normalizePath,
  parentPath,
  renamedFileName,
  restoredName,
  type FolderNode,
  type FolderPermissions,
} from "./rules";
import { checkStoredPdf, imageToPdf, PDF_MESSAGES } from "./pdf.server";
import { staffSeesGroup } from "~/staff/viewer.server";
import { MAX_BULK_DOCUMENTS, SELECTION_MESSAGES, selectionKind, zipEntryNames } from "./selection";

const notFound = () => new PortalError(404, DOCUMENT_MESSAGES.notFound);

/** Most items one folder listing or search returns (the page says when there are more). */
/** A folder lists this many items per page (folders first, then files, by name). */
export const DOCUMENT_PAGE_SIZE = 100;
export const SEARCH_LIMIT = 100;

export interface DocumentEntity {
  id: string;
  hashId: string;
  name: string;
  readonlyAccess: boolean;
}

export interface DocumentContext {
  portal: FirmSiteContext;
  user: SessionUser;
}

type Db = FirmDb | FirmTx;

/** The entity behind `companyHash` as this user may see it, or 404. */
export async function findDocumentEntity(db: Db, user: SessionUser, companyHash: string): Promise<DocumentEntity> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(companyHash)) throw notFound();
  const row = await db.company.findFirst({
    where:
      user.kind === "staff"
        ? { hashId: companyHash, deletedAt: null }
        : { hashId: companyHash, deletedAt: null, inactive: false, owners: { some: { userId: user.id } } },
    select: { id: true, hashId: true, name: true, readonlyAccess: true, primaryOwner: { select: { firmGroupId: true } } },
  });
  if (!row) throw notFound();
  // Group-access staff reach only entities of their own group or of no group (permissions.ts).
  if (user.kind === "staff" && !(await staffSeesGroup(db, user, row.primaryOwner?.firmGroupId ?? null))) throw notFound();
  const { primaryOwner: _owner, ...entity } = row;
  return entity;
}

function permissionsFor(ctx: DocumentContext, entity: DocumentEntity, path: string): FolderPermissions {
  return folderPermissions(
    ctx.portal.firm.preferences,
    { kind: ctx.user.kind, isAdvisor: ctx.user.isAdvisor, userReadonly: ctx.user.readonlyAccess, entityReadonly: entity.readonlyAccess },
    path,
  );
}

/** The permissions in `path`, or 404 when the viewer may not see it (hidden from clients, STAFF ONLY). */
function requireView(ctx: DocumentContext, entity: DocumentEntity, path: string): FolderPermissions {
  const permissions = permissionsFor(ctx, entity, path);
  if (!permissions.canView) throw notFound();
  return permissions;
}

function refuse(permissions: FolderPermissions, allowed: boolean): void {
  if (!allowed) throw new PortalError(403, permissions.reason ?? DOCUMENT_MESSAGES.disabledByFirm);
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface DocumentItem {
  id: string;
  itemType: "file" | "folder";
  name: string;
  path: string;
  sizeBytes: number | null;
  contentType: string | null;
  description: string | null;
  tags: string[];
  questionnaireId: string | null;
  /** A PDF that is password-protected or cannot be opened (flagged at upload). */
  passwordProtected: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** Shown to the client by a questionnaire section: clients may not rename, move or delete it. */
  firmProvided: boolean;
}

const itemSelect = {
  id: true,
  itemType: true,
  name: true,
  path: true,
  sizeBytes: true,
  contentType: true,
  description: true,
  passwordProtected: true,
  questionnaireId: true,
  createdAt: true,
  updatedAt: true,
  deletedAt: true,
  tags: { select: { tag: { select: { name: true } } } },
  _count: { select: { sections: true, signedSections: true } },
} as const;

type ItemRow = {
  id: string;
  itemType: "file" | "folder";
  name: string;
  path: string;
  sizeBytes: bigint | null;
  contentType: string | null;
  description: string | null;
  passwordProtected: boolean;
  questionnaireId: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  tags: { tag: { name: string } }[];
  _count?: { sections: number; signedSections: number };
};

function toItem(row: ItemRow, staff: boolean): DocumentItem {
  return {
    id: row.id,
    itemType: row.itemType,
    name: row.name,
    path: row.path,
    sizeBytes: row.sizeBytes == null ? null : Number(row.sizeBytes),
    contentType: row.contentType,
    description: staff ? row.description : null,
    tags: staff ? row.tags.map((t) => t.tag.name).sort() : [],
    questionnaireId: row.questionnaireId,
    passwordProtected: row.passwordProtected,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    firmProvided: isFirmProvided(row),
  };
}

/** A file a questionnaire section shows the client (a draft to review, a form to sign, its signed copy): the firm's. */
function isFirmProvided(row: { _count?: { sections: number; signedSections: number } }): boolean {
  return (row._count?.sections ?? 0) + (row._count?.signedSections ?? 0) > 0;
}

/** Every folder path of the entity (folder rows and paths that hold files), in two bounded queries. */
async function folderPaths(db: Db, companyId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ p: string }[]>`
    SELECT DISTINCT path AS p FROM documents WHERE company_id = ${companyId} AND deleted_at IS NULL
    UNION
    SELECT CASE WHEN path = '/' THEN '/' || name ELSE path || '/' || name END FROM documents
     WHERE company_id = ${companyId} AND deleted_at IS NULL AND item_type = 'folder'`;
  return rows.map((r) => r.p);
}

/** Most deleted items the browser lists (newest first). */
export const DELETED_LIMIT = 50;

/**
 * What can be restored, newest first: deleted folders, and deleted files that were not deleted
 * together with a deleted folder (those come back with their folder). Two bounded queries.
 * Clients (`staff` false) never see what lies in a 'STAFF ONLY' folder or is one, deleted or not:
 * left out in the query (so the limit counts only what they may see) and checked again by path.
 */
async function deletedItems(db: Db, companyId: string, staff: boolean) {
  const hidden = "%STAFF ONLY%";
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM documents d
     WHERE d.company_id = ${companyId} AND d.deleted_at IS NOT NULL
       AND (${staff} OR NOT (d.path ILIKE ${hidden} OR (d.item_type = 'folder' AND d.name ILIKE ${hidden})))
       AND NOT EXISTS (
         SELECT 1 FROM documents f
          WHERE f.company_id = d.company_id AND f.item_type = 'folder' AND f.deleted_at = d.deleted_at AND f.id <> d.id
            AND (d.path = CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END
                 OR starts_with(d.path, CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END || '/')))
     ORDER BY d.deleted_at DESC, d.id
     LIMIT ${DELETED_LIMIT}`;
  if (!rows.length) return [];
  const found = await db.document.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: itemSelect });
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return found
    .filter((r) => staff || !isStaffOnlyPath(r.itemType === "folder" ? joinPath(r.path, r.name) : r.path))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export interface DocumentBrowserData {
  entity: DocumentEntity;
  path: string;
  permissions: FolderPermissions;
  tree: FolderNode;
  items: DocumentItem[];
  /** The folder's page: 1-based, its size, and how many items the folder holds. */
  page: { page: number; size: number; total: number; lastPage: number };
  search: string | null;
  results: DocumentItem[] | null;
  deleted: DocumentItem[];
  tags: string[];
}

/** One folder of the entity's documents: the folder tree, the items in `path`, search results, deleted items. */
export async function loadDocumentBrowser(
  ctx: DocumentContext,
  companyHash: string,
  options: { path?: string | null; search?: string | null; page?: string | number | null } = {},
): Promise<DocumentBrowserData> {
  const { db } = ctx.portal;
  const staff = ctx.user.kind === "staff";
  const entity = await findDocumentEntity(db, ctx.user, companyHash);
  const path = normalizePath(options.path);
  if (!path) throw new PortalError(400, DOCUMENT_MESSAGES.invalidName);
  const permissions = requireView(ctx, entity, path);
  const visible = (p: string) => staff || !isStaffOnlyPath(p);

  // Clients never see 'STAFF ONLY' folders: left out in the query, so pages and counts agree.
  const listed = {
    companyId: entity.id,
    path,
    deletedAt: null,
    ...(staff ? {} : { NOT: { itemType: "folder" as const, name: { contains: "STAFF ONLY", mode: "insensitive" as const } } }),
  };
  const requested = Math.max(1, Math.min(100_000, Math.floor(Number(options.page ?? 1)) || 1));
  const [paths, total, deletedRows, tags] = await Promise.all([
    folderPaths(db, entity.id),
    db.document.count({ where: listed }),
    permissions.canRestore ? deletedItems(db, entity.id, staff) : Promise.resolve([]),
    staff ? db.documentTag.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: 500 }) : Promise.resolve([]),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / DOCUMENT_PAGE_SIZE));
  const page = Math.min(requested, lastPage);
  const rows = await db.document.findMany({
    where: listed,
    select: itemSelect,
    orderBy: [{ itemType: "desc" }, { name: "asc" }, { id: "asc" }],
    skip: (page - 1) * DOCUMENT_PAGE_SIZE,
    take: DOCUMENT_PAGE_SIZE,
  });
  const search = options.search?.trim().slice(0, 100) || null;
  let results: DocumentItem[] | null = null;
  if (search) {
    const found = await db.document.findMany({
      where: { companyId: entity.id, deletedAt: null, name: { contains: search, mode: "insensitive" } },
      select: itemSelect,
      orderBy: [{ itemType: "desc" }, { name: "asc" }],
      take: SEARCH_LIMIT,
    });
    results = found.filter((r) => visible(r.path) && visible(joinPath(r.path, r.name))).map((r) => toItem(r as ItemRow, staff));
  }
  const items = rows.map((r) => toItem(r as ItemRow, staff));
  return {
    entity,
    path,
    permissions,
    tree: folderTree(paths.filter(visible)),
    items,
    page: { page, size: DOCUMENT_PAGE_SIZE, total, lastPage },
    search,
    results,
    deleted: deletedRows.map((r) => toItem(r as ItemRow, staff)),
    tags: tags.map((t) => t.name),
  };
}

// ---------------------------------------------------------------------------------------------
// The upload pipeline (shared by the document browser and questionnaire upload questions)

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
  /** The duplicate message: '{file} was already uploaded' unless a questionnaire says otherwise. */
  duplicateMessage?: (file: string) => string;
}

/**
 * The confirm step: the object must be this entity's, not recorded yet, not a duplicate name in
 * its folder, and pass `verifyUpload` (size 1..150 MB, real type from its first bytes). Then the
 * Document row is written; if that write fails the object is deleted, so there is never an
 * orphan row (and no object without a row from this path).
 */
export async function recordDocumentUpload(db: Db, options: RecordUploadOptions): Promise<DocumentItem> {
  const { firmId, companyId, key } = options;
  if (!keyBelongsToEntity(key, firmId, companyId) || !key.startsWith(entityDocumentKey(firmId, companyId, "x.pdf").replace(/[^/]+$/, ""))) throw notFound();
  const path = normalizePath(options.path);
  const nameProblem = nameError(options.fileName);
  if (!path || nameProblem) throw new PortalError(400, nameProblem ?? DOCUMENT_MESSAGES.invalidName);
  const fileName = safeFileName(options.fileName.trim());
  if (await db.document.count({ where: { storageKey: key } }))
    throw new PortalError(409, (options.duplicateMessage ?? DOCUMENT_MESSAGES.alreadyUploaded)(fileName));
  const duplicate = await db.document.count({
    where: options.questionnaireId
      ? { companyId, questionnaireId: options.questionnaireId, name: fileName, deletedAt: null, itemType: "file" }
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

// ---------------------------------------------------------------------------------------------
// Browser actions

const id = z.string().min(1).max(64);
const text = z.string().max(1000);
/** A selection of documents for a bulk action: 1 to 500 ids, each once. */
export const documentIdsSchema = z
  .array(id)
  .min(1, SELECTION_MESSAGES.empty)
  .max(MAX_BULK_DOCUMENTS, SELECTION_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, SELECTION_MESSAGES.duplicate);

export const documentActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload_grant"),
    path: text,
    fileName: z.string().min(1).max(1000),
    contentType: z.string().max(200),
    size: z.number().int().min(0),
  }),
  z.object({
    intent: z.literal("upload_confirm"),
    path: text,
    fileName: z.string().min(1).max(1000),
    contentType: z.string().max(200),
    key: z.string().min(1).max(1024),
  }),
  z.object({ intent: z.literal("create_folder"), path: text, name: z.string().max(1000) }),
  z.object({ intent: z.literal("rename"), id, name: z.string().max(1000) }),
  z.object({ intent: z.literal("move"), id, path: text }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("describe"), id, description: z.string().max(2000) }),
  z.object({ intent: z.literal("set_tags"), id, tags: z.array(z.string().trim().min(1).max(100)).max(50) }),
  z.object({ intent: z.literal("download_url"), id }),
  z.object({ intent: z.literal("view_url"), id }),
  z.object({ intent: z.literal("delete_many"), ids: documentIdsSchema }),
  z.object({ intent: z.literal("restore_many"), ids: documentIdsSchema }),
  z.object({ intent: z.literal("move_many"), ids: documentIdsSchema, path: text }),
]);
export type DocumentAction = z.infer<typeof documentActionSchema>;

export interface DocumentActionResult {
  ok: true;
  message?: string;
  /** Bulk actions: how many documents changed. */
  count?: number;
  item?: DocumentItem;
  grant?: UploadGrant;
  url?: string;
}

function validPath(path: string): string {
  const normalized = normalizePath(path);
  if (!normalized) throw new PortalError(400, DOCUMENT_MESSAGES.invalidName);
  return normalized;
}

function validName(name: string): string {
  const problem = nameError(name);
  if (problem) throw new PortalError(400, problem);
  return name.trim();
}

/** Runs one document-browser action for `companyHash` as the asking user. */
export async function performDocumentAction(ctx: DocumentContext, companyHash: string, action: DocumentAction): Promise<DocumentActionResult> {
  const { portal, user } = ctx;
  const firmId = portal.firm.id;
  const staff = user.kind === "staff";
  const entity = await findDocumentEntity(portal.db, user, companyHash);
  const log = (db: Db, title: string, description?: string) =>
    logActivity(db, firmId, {
      typeId: ACTIVITY_TYPES.document,
      title,
      description: description ?? null,
      actorId: user.id,
      companyId: entity.id,
      ipAddress: portal.clientAddress,
    });

  /** The item, if the viewer may see it; with the permissions of its folder. */
  const findItem = async (db: Db, itemId: string, deleted = false) => {
    const row = await db.document.findFirst({
      where: { id: itemId, companyId: entity.id, deletedAt: deleted ? { not: null } : null },
      select: { ...itemSelect, storageKey: true },
    });
    if (!row) throw notFound();
    const ownPath = row.itemType === "folder" ? joinPath(row.path, row.name) : row.path;
    const permissions = permissionsFor(ctx, entity, ownPath);
    if (!permissions.canView) throw notFound();
    return { row, ownPath, permissions };
  };
  const canChange = (p: FolderPermissions, itemType: "file" | "folder") => (itemType === "folder" ? p.canManageFolders : p.canEditFiles);
  /**
   * Clients keep their hands off what the firm shared through a questionnaire section: such a file
   * is not renamed, moved or deleted, nor a folder deleted that holds one (403, nothing changes).
   */
  const keepFirmFiles = async (
    db: Db,
    row: { itemType: "file" | "folder"; _count?: { sections: number; signedSections: number } },
    ownPath: string,
    deleting: boolean,
  ) => {
    if (staff) return;
    if (row.itemType === "file") {
      if (isFirmProvided(row)) throw new PortalError(403, DOCUMENT_MESSAGES.firmProvided);
      return;
    }
    if (!deleting) return;
    const held = await db.document.count({
      where: {
        companyId: entity.id,
        deletedAt: null,
        itemType: "file",
        AND: [{ OR: [{ path: ownPath }, { path: { startsWith: `${ownPath}/` } }] }, { OR: [{ sections: { some: {} } }, { signedSections: { some: {} } }] }],
      },
    });
    if (held) throw new PortalError(403, DOCUMENT_MESSAGES.firmProvidedFolder);
  };
  /** One activity entry per document of a bulk action, in one statement (as each single action writes one). */
  const logEach = (db: Db, title: string, descriptions: string[]) =>
    (db as FirmTx).activityLog.createMany({
      data: descriptions.map((description) => ({
        firmId,
        typeId: ACTIVITY_TYPES.document,
        title,
        description: description.slice(0, 2000),
        actorId: user.id,
        companyId: entity.id,
        ipAddress: portal.clientAddress,
      })),
    });

  switch (action.intent) {
    case "upload_grant": {
      const path = validPath(action.path);
      const permissions = requireView(ctx, entity, path);
      refuse(permissions, permissions.canUpload);
      const name = validName(action.fileName);
      if (await portal.db.document.count({ where: { companyId: entity.id, path, name: safeFileName(name), deletedAt: null, itemType: "file" } })) {
        throw new PortalError(409, DOCUMENT_MESSAGES.alreadyUploaded(name));
      }
      const grant = await createDocumentUploadGrant({ firmId, companyId: entity.id, fileName: name, contentType: action.contentType, size: action.size });
      return { ok: true, grant };
    }
    case "upload_confirm": {
      const path = validPath(action.path);
      const permissions = requireView(ctx, entity, path);
      refuse(permissions, permissions.canUpload);
      const item = await recordDocumentUpload(portal.db, {
        firmId,
        companyId: entity.id,
        key: action.key,
        contentType: action.contentType,
        fileName: action.fileName,
        path,
        uploadedById: user.id,
      });
      await log(portal.db, "Uploaded a document", item.name);
      return { ok: true, item, message: item.passwordProtected ? PDF_MESSAGES.protected : DOCUMENT_MESSAGES.uploaded };
    }
    case "create_folder": {
      const path = validPath(action.path);
      const name = validName(action.name);
      const permissions = requireView(ctx, entity, joinPath(path, name));
      refuse(permissions, permissions.canManageFolders && requireView(ctx, entity, path).canManageFolders);
      return portal.db.$transaction(async (tx) => {
        const exists = (await folderPaths(tx, entity.id)).some((p) => p.toLowerCase() === joinPath(path, name).toLowerCase());
        if (exists) throw new PortalError(409, DOCUMENT_MESSAGES.folderExists);
        const row = await tx.document.create({
          data: { firmId, companyId: entity.id, itemType: "folder", path, name, uploadedById: user.id },
          select: itemSelect,
        });
        await log(tx, "Added a folder", joinPath(path, name));
        return { ok: true as const, item: toItem(row as ItemRow, staff) };
      });
    }
    case "rename": {
      return portal.db.$transaction(async (tx) => {
        const { row, ownPath, permissions } = await findItem(tx, action.id);
        refuse(permissions, canChange(permissions, row.itemType));
        await keepFirmFiles(tx, row, ownPath, false);
        const requested = validName(action.name);
        if (row.itemType === "file") {
          const name = validName(renamedFileName(row.name, requested));
          if (name !== row.name && (await tx.document.count({ where: { companyId: entity.id, path: row.path, name, deletedAt: null, itemType: "file" } })))
            throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
          const updated = await tx.document.update({ where: { id: row.id }, data: { name }, select: itemSelect });
          await log(tx, "Renamed a document", `${row.name} → ${name}`);
          return { ok: true as const, item: toItem(updated as ItemRow, staff) };
        }
        const target = joinPath(row.path, requested);
        const targetPermissions = permissionsFor(ctx, entity, target);
        if (!targetPermissions.canView) throw notFound();
        refuse(targetPermissions, targetPermissions.canManageFolders);
        if (target.toLowerCase() !== ownPath.toLowerCase() && (await folderPaths(tx, entity.id)).some((p) => p.toLowerCase() === target.toLowerCase()))
          throw new PortalError(409, DOCUMENT_MESSAGES.folderExists);
        await moveFolderContents(tx, entity.id, ownPath, target);
        const updated = await tx.document.update({ where: { id: row.id }, data: { name: requested }, select: itemSelect });
        await log(tx, "Renamed a folder", `${ownPath} → ${target}`);
        return { ok: true as const, item: toItem(updated as ItemRow, staff) };
      });
    }
    case "move": {
      return portal.db.$transaction(async (tx) => {
        const { row, ownPath, permissions } = await findItem(tx, action.id);
        refuse(permissions, canChange(permissions, row.itemType));
        await keepFirmFiles(tx, row, ownPath, false);
        const destination = validPath(action.path);
        const destinationPermissions = permissionsFor(ctx, entity, destination);
        if (!destinationPermissions.canView) throw notFound();
        refuse(destinationPermissions, row.itemType === "folder" ? destinationPermissions.canManageFolders : destinationPermissions.canUpload);
        if (row.itemType === "folder") {
          if (isWithin(destination, ownPath)) throw new PortalError(400, "A folder cannot be moved into itself.");
          const target = joinPath(destination, row.name);
          if ((await folderPaths(tx, entity.id)).some((p) => p.toLowerCase() === target.toLowerCase()))
            throw new PortalError(409, DOCUMENT_MESSAGES.folderExists);
          await moveFolderContents(tx, entity.id, ownPath, target);
        } else if (
          await tx.document.count({
            where: { companyId: entity.id, path: destination, name: row.name, deletedAt: null, itemType: "file", id: { not: row.id } },
          })
        ) {
          throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
        }
        const updated = await tx.document.update({ where: { id: row.id }, data: { path: destination }, select: itemSelect });
        await log(
          tx,
          row.itemType === "folder" ? "Moved a folder" : "Moved a document",
          `${joinPath(row.path, row.name)} → ${joinPath(destination, row.name)}`,
        );
        return { ok: true as const, item: toItem(updated as ItemRow, staff) };
      });
    }
    case "delete": {
      return portal.db.$transaction(async (tx) => {
        const { row, ownPath, permissions } = await findItem(tx, action.id);
        refuse(permissions, canChange(permissions, row.itemType));
        await keepFirmFiles(tx, row, ownPath, true);
        const now = new Date();
        if (row.itemType === "folder") {
          await tx.$executeRaw`UPDATE documents SET deleted_at = ${now} WHERE company_id = ${entity.id} AND deleted_at IS NULL AND (path = ${ownPath} OR path LIKE ${likePrefix(ownPath)})`;
        }
        await tx.document.update({ where: { id: row.id }, data: { deletedAt: now } });
        await log(tx, row.itemType === "folder" ? "Deleted a folder" : "Deleted a document", joinPath(row.path, row.name));
        return { ok: true as const, message: DOCUMENT_MESSAGES.removed };
      });
    }
    case "restore": {
      return portal.db.$transaction(async (tx) => {
        const { row, ownPath, permissions } = await findItem(tx, action.id, true);
        refuse(permissions, permissions.canRestore);
        const deletedAt = row.deletedAt!;
        if (row.itemType === "file") {
          const taken = await tx.document.findMany({
            where: { companyId: entity.id, path: row.path, deletedAt: null, itemType: "file" },
            select: { name: true },
          });
          const name = restoredName(
            row.name,
            taken.map((t) => t.name),
            true,
          );
          const updated = await tx.document.update({ where: { id: row.id }, data: { deletedAt: null, name }, select: itemSelect });
          await log(tx, "Restored a document", joinPath(row.path, name));
          return { ok: true as const, item: toItem(updated as ItemRow, staff), message: DOCUMENT_MESSAGES.restored };
        }
        // A folder comes back with everything deleted together with it; under another name when
        // a folder of its name exists again.
        const siblings = (await folderPaths(tx, entity.id)).filter((p) => p !== "/" && parentPath(p) === row.path).map((p) => p.slice(p.lastIndexOf("/") + 1));
        const name = restoredName(row.name, siblings, false);
        const target = joinPath(row.path, name);
        const restoredRows = await tx.$executeRaw`
          UPDATE documents SET deleted_at = NULL, updated_at = now(), path = ${target} || substr(path, ${ownPath.length + 1})
           WHERE company_id = ${entity.id} AND deleted_at = ${deletedAt} AND (path = ${ownPath} OR path LIKE ${likePrefix(ownPath)})`;
        const updated = await tx.document.update({ where: { id: row.id }, data: { deletedAt: null, name }, select: itemSelect });
        await log(tx, "Restored a folder", `${target} (${restoredRows} item${restoredRows === 1 ? "" : "s"} inside)`);
        return { ok: true as const, item: toItem(updated as ItemRow, staff), message: DOCUMENT_MESSAGES.restored };
      });
    }
    case "describe":
    case "set_tags": {
      if (!staff) throw notFound();
      return portal.db.$transaction(async (tx) => {
        const { row } = await findItem(tx, action.id);
        if (action.intent === "describe") {
          await tx.document.update({ where: { id: row.id }, data: { description: action.description.trim() || null } });
        } else {
          const names = [...new Set(action.tags.map((t) => t.trim()))];
          await tx.documentTag.createMany({ data: names.map((name) => ({ firmId, name })), skipDuplicates: true });
          const tags = await tx.documentTag.findMany({ where: { name: { in: names } }, select: { id: true } });
          await tx.documentTagAssignment.deleteMany({ where: { documentId: row.id } });
          await tx.documentTagAssignment.createMany({ data: tags.map((t) => ({ firmId, documentId: row.id, tagId: t.id })) });
        }
        await log(tx, action.intent === "describe" ? "Updated a document description" : "Updated document tags", joinPath(row.path, row.name));
        const updated = await tx.document.findFirstOrThrow({ where: { id: row.id }, select: itemSelect });
        return { ok: true as const, item: toItem(updated as ItemRow, staff) };
      });
    }
    case "download_url": {
      const { row } = await findItem(portal.db, action.id);
      if (row.itemType !== "file" || !row.storageKey || !keyBelongsToEntity(row.storageKey, firmId, entity.id)) throw notFound();
      const url = await createDownloadUrl({ firmId, key: row.storageKey, fileName: row.name, expiresInSeconds: 60 });
      await log(portal.db, "Downloaded a document", joinPath(row.path, row.name));
      return { ok: true, url };
    }
    case "view_url": {
      // Preview (the PDF viewer, images): inline, served as the type the key's extension says, 5 minutes.
      const { row } = await findItem(portal.db, action.id);
      if (row.itemType !== "file" || !row.storageKey || !keyBelongsToEntity(row.storageKey, firmId, entity.id)) throw notFound();
      try {
        return { ok: true, url: await createInlineUrl({ firmId, key: row.storageKey, expiresInSeconds: 300 }) };
      } catch {
        throw new PortalError(415, DOCUMENT_MESSAGES.typeNotSupported);
      }
    }
    case "delete_many": {
      return portal.db.$transaction(async (tx) => {
        const rows = await findSelection(ctx, entity, tx, action.ids, "live");
        for (const p of rows.permissions) refuse(p, p.canEditFiles);
        for (const file of rows.files) await keepFirmFiles(tx, { itemType: "file", _count: file._count }, file.path, true);
        const now = new Date();
        const { count } = await tx.document.updateMany({ where: { id: { in: action.ids }, companyId: entity.id, deletedAt: null }, data: { deletedAt: now } });
        if (count !== action.ids.length) throw notFound(); // deleted meanwhile: roll back
        await logEach(
          tx,
          "Deleted a document",
          rows.files.map((r) => joinPath(r.path, r.name)),
        );
        return { ok: true as const, message: DOCUMENT_MESSAGES.removed, count };
      });
    }
    case "move_many": {
      return portal.db.$transaction(async (tx) => {
        const rows = await findSelection(ctx, entity, tx, action.ids, "live");
        for (const p of rows.permissions) refuse(p, p.canEditFiles);
        for (const file of rows.files) await keepFirmFiles(tx, { itemType: "file", _count: file._count }, file.path, false);
        const destination = validPath(action.path);
        const destinationPermissions = permissionsFor(ctx, entity, destination);
        if (!destinationPermissions.canView) throw notFound();
        refuse(destinationPermissions, destinationPermissions.canUpload);
        // Two selected files of one name cannot share a folder, nor take the name of a file there.
        const names = rows.files.map((r) => r.name);
        if (new Set(names).size !== names.length) throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
        const taken = await tx.document.count({
          where: { companyId: entity.id, path: destination, name: { in: names }, deletedAt: null, itemType: "file", id: { notIn: action.ids } },
        });
        if (taken) throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
        const { count } = await tx.document.updateMany({
          where: { id: { in: action.ids }, companyId: entity.id, deletedAt: null },
          data: { path: destination },
        });
        if (count !== action.ids.length) throw notFound();
        await logEach(
          tx,
          "Moved a document",
          rows.files.map((r) => `${joinPath(r.path, r.name)} → ${joinPath(destination, r.name)}`),
        );
        return { ok: true as const, message: "Successfully updated", count };
      });
    }
    case "restore_many": {
      return portal.db.$transaction(async (tx) => {
        const rows = await findSelection(ctx, entity, tx, action.ids, "deleted");
        for (const p of rows.permissions) refuse(p, p.canRestore);
        // Each file comes back in its folder, under "(restored)" names where one is taken, also
        // by another file of the same selection.
        const paths = [...new Set(rows.files.map((r) => r.path))];
        // Only the live names a restored name could meet: the same name, or its "(restored …)" forms.
        const exact = [...new Set(rows.files.map((r) => r.name.toLowerCase()))];
        const restoredForms = [
          ...new Set(rows.files.map((r) => `${escapeLike(r.name.slice(0, r.name.length - extensionOf(r.name).length).toLowerCase())} (restored%`)),
        ];
        const live = await tx.$queryRaw<{ path: string; name: string }[]>`
          SELECT path, name FROM documents
           WHERE company_id = ${entity.id} AND deleted_at IS NULL AND item_type = 'file' AND path = ANY(${paths}::text[])
             AND (lower(name) = ANY(${exact}::text[]) OR lower(name) LIKE ANY(${restoredForms}::text[]))`;
        const taken = new Map(paths.map((p) => [p, [] as string[]]));
        for (const r of live) taken.get(r.path)!.push(r.name);
        const names = rows.files.map((r) => {
          const name = restoredName(r.name, taken.get(r.path)!, true);
          taken.get(r.path)!.push(name);
          return name;
        });
        const count = await tx.$executeRaw`
          UPDATE documents d SET deleted_at = NULL, name = v.name, updated_at = now()
            FROM unnest(${rows.files.map((r) => r.id)}::text[], ${names}::text[]) AS v(id, name)
           WHERE d.id = v.id AND d.company_id = ${entity.id} AND d.deleted_at IS NOT NULL`;
        if (count !== action.ids.length) throw notFound();
        await logEach(
          tx,
          "Restored a document",
          rows.files.map((r, i) => joinPath(r.path, names[i]!)),
        );
        return { ok: true as const, message: DOCUMENT_MESSAGES.restored, count };
      });
    }
  }
}

interface SelectedFile {
  id: string;
  name: string;
  path: string;
  storageKey: string | null;
  sizeBytes: bigint | null;
  deletedAt: Date | null;
  _count: { sections: number; signedSections: number };
}

/**
 * The files of a bulk action, in one query, all or nothing: every id must be a file of this
 * entity (another firm's or entity's id is simply not found) that the viewer may see; otherwise
 * 404 and nothing changes. A selection of deleted and live documents together is refused (422);
 * `expect` says which kind the action takes (the other kind alone is "not found", as with the
 * single actions). Returns the files in the order asked, with the permissions of their folders.
 */
async function findSelection(ctx: DocumentContext, entity: DocumentEntity, db: Db, ids: string[], expect: "live" | "deleted") {
  const found = await db.document.findMany({
    where: { id: { in: ids }, companyId: entity.id },
    select: {
      id: true,
      itemType: true,
      name: true,
      path: true,
      storageKey: true,
      sizeBytes: true,
      deletedAt: true,
      _count: { select: { sections: true, signedSections: true } },
    },
  });
  if (found.length !== ids.length) throw notFound();
  const byPath = new Map<string, FolderPermissions>();
  for (const row of found) {
    const ownPath = row.itemType === "folder" ? joinPath(row.path, row.name) : row.path;
    if (!byPath.has(ownPath)) byPath.set(ownPath, permissionsFor(ctx, entity, ownPath));
    if (!byPath.get(ownPath)!.canView) throw notFound();
  }
  if (found.some((r) => r.itemType !== "file")) throw new PortalError(400, SELECTION_MESSAGES.filesOnly);
  const kind = selectionKind(found);
  if (kind === "mixed") throw new PortalError(422, SELECTION_MESSAGES.mixed);
  if (kind !== expect) throw notFound();
  const order = new Map(ids.map((rowId, i) => [rowId, i]));
  const files: SelectedFile[] = found.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { files, permissions: [...byPath.values()] };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

function likePrefix(folder: string): string {
  return `${escapeLike(folder)}/%`;
}

/** Re-roots everything inside `from` at `to` (paths only; the folder row itself is the caller's). */
async function moveFolderContents(tx: FirmTx, companyId: string, from: string, to: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE documents SET path = ${to} || substr(path, ${from.length + 1}), updated_at = now()
     WHERE company_id = ${companyId} AND deleted_at IS NULL AND (path = ${from} OR path LIKE ${likePrefix(from)})`;
}

// ---------------------------------------------------------------------------------------------
// Folder download

export interface FolderZip {
  fileName: string;
  stream: ReadableStream<Uint8Array>;
}

/**
 * A folder as a zip, streamed from the store through archiver (the app holds one file's chunk at a
 * time). Over 150 MB in total → 503 with the spec's message; no files → 404.
 */
export async function createFolderZip(
  ctx: DocumentContext,
  companyHash: string,
  rawPath: string | null,
  options: { convertImages?: boolean } = {},
): Promise<FolderZip> {
  const { portal, user } = ctx;
  const firmId = portal.firm.id;
  const entity = await findDocumentEntity(portal.db, user, companyHash);
  const folder = normalizePath(rawPath);
  if (!folder) throw new PortalError(400, DOCUMENT_MESSAGES.invalidName);
  requireView(ctx, entity, folder);
  // Converting images to PDFs is the firm's tool (staff: convert_to_pdfs_and_download_folder).
  if (options.convertImages && user.kind !== "staff") throw notFound();
  const rows = await portal.db.document.findMany({
    where: {
      companyId: entity.id,
      deletedAt: null,
      itemType: "file",
      storageKey: { not: null },
      ...(folder === "/" ? {} : { OR: [{ path: folder }, { path: { startsWith: `${folder}/` } }] }),
    },
    select: { name: true, path: true, storageKey: true, sizeBytes: true, contentType: true },
    orderBy: [{ path: "asc" }, { name: "asc" }],
    take: 5000,
  });
  const files = rows.filter((r) => user.kind === "staff" || !isStaffOnlyPath(r.path));
  const total = files.reduce((sum, f) => sum + Number(f.sizeBytes ?? 0), 0);
  if (total > MAX_FOLDER_DOWNLOAD_BYTES) throw new PortalError(503, DOCUMENT_MESSAGES.folderTooLarge);
  const convert = (f: { contentType: string | null }) => (options.convertImages ? convertibleImage(f.contentType) : null);
  const images = files.filter((f) => convert(f)).reduce((sum, f) => sum + Number(f.sizeBytes ?? 0), 0);
  if (images > MAX_IMAGES_TO_CONVERT_BYTES) throw new PortalError(503, DOCUMENT_MESSAGES.folderTooLarge);
  const prefix = folder === "/" ? "/" : `${folder}/`;
  const entries = files.map((f) => ({
    key: f.storageKey!,
    name: `${f.path === folder ? "" : `${f.path.slice(prefix.length)}/`}${f.name}`,
    convert: convert(f),
  }));
  const names = convertedNames(entries.map((e) => ({ name: e.name, convert: e.convert !== null })));
  const stream = await zipFromStore(
    firmId,
    entries.map((e, i) => ({ ...e, name: names[i]! })),
  );
  await log(portal.db);
  return {
    fileName: `${folder === "/" ? entity.name : parentPath(folder) === folder ? "documents" : folder.slice(folder.lastIndexOf("/") + 1)}.zip`,
    stream,
  };

  async function log(db: Db) {
    await logActivity(db, firmId, {
      typeId: ACTIVITY_TYPES.document,
      title: options.convertImages ? "Downloaded a folder as PDFs" : "Downloaded a folder",
      description: folder,
      actorId: user.id,
      companyId: entity.id,
      ipAddress: portal.clientAddress,
    });
  }
}

/**
 * Selected files (bulk download) as one zip, streamed from the store like a folder: every id must
 * be a live file of this entity the viewer may see (404 otherwise, and no zip); a selection with
 * deleted documents is refused (422); over 150 MB in total → 503 with the spec's message.
 */
export async function createSelectionZip(ctx: DocumentContext, companyHash: string, ids: string[]): Promise<FolderZip> {
  const { portal, user } = ctx;
  const firmId = portal.firm.id;
  const entity = await findDocumentEntity(portal.db, user, companyHash);
  const { files } = await findSelection(ctx, entity, portal.db, ids, "live");
  if (files.some((f) => !keyBelongsToEntity(f.storageKey, firmId, entity.id))) throw notFound();
  const total = files.reduce((sum, f) => sum + Number(f.sizeBytes ?? 0), 0);
  if (total > MAX_FOLDER_DOWNLOAD_BYTES) throw new PortalError(503, DOCUMENT_MESSAGES.folderTooLarge);
  const names = zipEntryNames(files);
  const stream = await zipFromStore(
    firmId,
    files.map((f, i) => ({ key: f.storageKey!, name: names[i]! })),
  );
  await portal.db.activityLog.createMany({
    data: files.map((f) => ({
      firmId,
      typeId: ACTIVITY_TYPES.document,
      title: "Downloaded a document",
      description: joinPath(f.path, f.name),
      actorId: user.id,
      companyId: entity.id,
      ipAddress: portal.clientAddress,
    })),
  });
  return { fileName: `${entity.name} documents.zip`, stream };
}

/**
 * A zip of stored objects, streamed through archiver: each object is read from the store through a
 * short presigned URL one after the other, so the app holds one chunk at a time. A read failure
 * ends the stream with an error (the browser's download fails rather than saving a partial zip).
 */
async function zipFromStore(firmId: string, entries: { key: string; name: string; convert?: "png" | "jpeg" | null }[]): Promise<ReadableStream<Uint8Array>> {
  const urls = await Promise.all(
    entries.map((e) => createDownloadUrl({ firmId, key: e.key, fileName: e.name.slice(e.name.lastIndexOf("/") + 1), expiresInSeconds: 300 })),
  );
  const archive = new ZipArchive({ zlib: { level: 6 } });
  (async () => {
    for (const [i, entry] of entries.entries()) {
      const response = await fetch(urls[i]!);
      if (!response.ok || !response.body) throw new Error(`Could not read ${entry.key}: ${response.status}`);
      const added = new Promise<void>((resolve, reject) => {
        archive.once("entry", () => resolve());
        archive.once("error", reject);
      });
      if (entry.convert) {
        // An image becomes a one-page PDF (the images' total is bounded by MAX_IMAGES_TO_CONVERT_BYTES).
        archive.append(Buffer.from(await imageToPdf(new Uint8Array(await response.arrayBuffer()), entry.convert)), { name: entry.name });
      } else {
        archive.append(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), { name: entry.name });
      }
      await added;
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>;
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

/** The client's active entities (for the entity switcher and /documents), the default one first. */
export async function clientDocumentEntities(db: Db, user: SessionUser): Promise<{ hashId: string; name: string }[]> {
  const owned = await db.companyOwner.findMany({
    where: { userId: user.id, company: { deletedAt: null, inactive: false } },
    select: { company: { select: { id: true, hashId: true, name: true } } },
    orderBy: { company: { name: "asc" } },
    take: 500,
  });
  const entities = owned.map((o) => o.company);
  entities.sort((a, b) => Number(b.id === user.defaultCompanyId) - Number(a.id === user.defaultCompanyId));
  return entities.map(({ hashId, name }) => ({ hashId, name }));
}
