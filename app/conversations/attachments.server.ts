/**
 * Files on messages (client and staff). They go through the one upload pipeline of
 * app/documents (`createDocumentUploadGrant` → the browser posts to the store →
 * `recordDocumentUpload`: size, real type, the spec's messages) and are filed as documents of the
 * conversation's entity in its "Messages" folder; a message then carries them by id
 * (`attachToMessage`). The entity is found as the viewer may see it (`findDocumentEntity`), so
 * another client's or firm's entity, document or attachment is a 404.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { documentNotFound, findDocumentEntity, type DocumentEntity } from "~/documents/access.server";
import { createDocumentUploadGrant, recordDocumentUpload } from "~/documents/upload.server";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { PortalError, forbidden } from "~/errors";
import { createInlineUrl } from "~/storage.server";
import { keyBelongsToEntity, safeFileName } from "~/storage/keys";
import type { UploadGrant } from "~/storage/uploads";
import { MESSAGES_FOLDER } from "./compose-rules";
import { sendBlockedReason } from "./rules";

type Db = FirmDb | FirmTx;

/** A file as a message shows it. */
export interface MessageAttachmentView {
  id: string;
  name: string;
  contentType: string | null;
  size: number;
}

/** The select that reads a message's files (live documents only). */
export const attachmentSelect = {
  where: { document: { deletedAt: null } },
  orderBy: { position: "asc" },
  select: { document: { select: { id: true, name: true, contentType: true, sizeBytes: true } } },
} as const;

export function toAttachmentViews(rows: readonly { document: { id: string; name: string; contentType: string | null; sizeBytes: bigint | null } }[]) {
  return rows.map(({ document: d }) => ({ id: d.id, name: d.name, contentType: d.contentType, size: Number(d.sizeBytes ?? 0) }));
}

/** The entity a viewer attaches files for: as they may see it (404 otherwise), and only while they may write. */
async function attachingEntity(portal: FirmSiteContext, user: SessionUser, entityHash: string): Promise<DocumentEntity> {
  const entity = await findDocumentEntity(portal.db, user, entityHash);
  const blocked = sendBlockedReason({
    communicationDisabled: portal.firm.preferences.communicationDisabled,
    readonlyUser: user.kind === "client" && user.readonlyAccess,
    readonlyEntity: user.kind === "client" && entity.readonlyAccess,
    archived: false,
  });
  if (blocked) throw forbidden(blocked);
  return entity;
}

/** A presigned POST for one file to attach (the pipeline's type and size rules; 409 when its name is taken in Messages). */
export async function grantAttachmentUpload(
  portal: FirmSiteContext,
  user: SessionUser,
  entityHash: string,
  input: { fileName: string; contentType: string; size: number },
): Promise<UploadGrant> {
  const entity = await attachingEntity(portal, user, entityHash);
  const name = input.fileName.trim();
  if (await portal.db.document.count({ where: { companyId: entity.id, path: MESSAGES_FOLDER, name: safeFileName(name), deletedAt: null, itemType: "file" } })) {
    throw new PortalError(409, DOCUMENT_MESSAGES.alreadyUploaded(name));
  }
  return createDocumentUploadGrant({ firmId: portal.firm.id, companyId: entity.id, fileName: name, contentType: input.contentType, size: input.size });
}

/** Records an uploaded file in the entity's Messages folder (verified by the pipeline); not yet on any message. */
export async function confirmAttachmentUpload(
  portal: FirmSiteContext,
  user: SessionUser,
  entityHash: string,
  input: { key: string; fileName: string; contentType: string },
): Promise<MessageAttachmentView> {
  const entity = await attachingEntity(portal, user, entityHash);
  const item = await recordDocumentUpload(portal.db, {
    firmId: portal.firm.id,
    companyId: entity.id,
    key: input.key,
    contentType: input.contentType,
    fileName: input.fileName,
    path: MESSAGES_FOLDER,
    uploadedById: user.id,
  });
  await logActivity(portal.db, portal.firm.id, {
    typeId: ACTIVITY_TYPES.document,
    title: "Uploaded a document",
    description: `${MESSAGES_FOLDER}/${item.name}`,
    actorId: user.id,
    companyId: entity.id,
    ipAddress: portal.clientAddress,
  });
  const row = await portal.db.document.findFirstOrThrow({ where: { id: item.id }, select: { id: true, name: true, contentType: true, sizeBytes: true } });
  return { id: row.id, name: row.name, contentType: row.contentType, size: Number(row.sizeBytes ?? 0) };
}

/**
 * Puts files on a new message: each must be a live file of the entity's Messages folder that
 * this sender uploaded and no message carries yet; otherwise 404 and the caller's transaction
 * rolls back. Returns the files' names.
 */
export async function attachToMessage(
  tx: FirmTx,
  o: { firmId: string; entityId: string | null; senderId: string; messageId: string; documentIds: readonly string[] },
): Promise<string[]> {
  if (!o.documentIds.length) return [];
  if (!o.entityId) throw documentNotFound();
  const rows = await tx.document.findMany({
    where: {
      id: { in: [...o.documentIds] },
      companyId: o.entityId,
      path: MESSAGES_FOLDER,
      itemType: "file",
      deletedAt: null,
      uploadedById: o.senderId,
      messageAttachments: { none: {} },
    },
    select: { id: true, name: true },
  });
  if (rows.length !== o.documentIds.length) throw documentNotFound();
  await tx.messageAttachment.createMany({
    data: o.documentIds.map((documentId, position) => ({ firmId: o.firmId, messageId: o.messageId, documentId, position })),
  });
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return o.documentIds.map((id) => names.get(id) ?? "");
}

/**
 * A five-minute preview link for a file on a message the viewer can read: a client must take
 * part in the message's conversation (and see the message: a firm's scheduled message waits for
 * its time); staff reach it through the entity (group access). Anything else is 404.
 */
export async function attachmentViewUrl(portal: FirmSiteContext, user: SessionUser, entityHash: string, documentId: string, now = new Date()): Promise<string> {
  const entity = await findDocumentEntity(portal.db, user, entityHash);
  const db: Db = portal.db;
  const row = await db.messageAttachment.findFirst({
    where: {
      documentId,
      document: { companyId: entity.id, deletedAt: null, itemType: "file" },
      message: {
        deletedAt: null,
        ...(user.kind === "client"
          ? {
              conversation: { participants: { some: { userId: user.id } } },
              OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }, { authorId: user.id }],
            }
          : { conversation: { companies: { some: { companyId: entity.id } } } }),
      },
    },
    select: { document: { select: { storageKey: true } } },
  });
  const key = row?.document.storageKey;
  if (!key || !keyBelongsToEntity(key, portal.firm.id, entity.id)) throw documentNotFound();
  try {
    return await createInlineUrl({ firmId: portal.firm.id, key, expiresInSeconds: 300 });
  } catch {
    throw new PortalError(415, DOCUMENT_MESSAGES.typeNotSupported);
  }
}
