/** Downloads as one zip: a folder (optionally with its images as PDFs), or selected files. */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { ZipArchive } from "archiver";

import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { createDownloadUrl } from "~/storage.server";
import { keyBelongsToEntity } from "~/storage/keys";
import { documentNotFound as notFound, findDocumentEntity, requireView, type Db, type DocumentContext } from "./access.server";
import { imageToPdf } from "./pdf.server";
import {
  convertedNames,
  convertibleImage,
  DOCUMENT_MESSAGES,
  isStaffOnlyPath,
  joinPath,
  MAX_FOLDER_DOWNLOAD_BYTES,
  MAX_IMAGES_TO_CONVERT_BYTES,
  normalizePath,
  parentPath,
} from "./rules";
import { findSelection } from "./selection.server";
import { zipEntryNames } from "./selection";

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
