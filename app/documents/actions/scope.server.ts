/**
 * What every document-browser action shares: the asking user and the entity (found once, through
 * the viewer), the folder permissions, the activity log, and the checks on items and names.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { documentNotFound, permissionsFor, requireView, type Db, type DocumentContext, type DocumentEntity } from "../access.server";
import { isFirmProvided, itemSelect } from "../items.server";
import { DOCUMENT_MESSAGES, joinPath, nameError, normalizePath, type FolderPermissions } from "../rules";

export interface ActionScope {
  ctx: DocumentContext;
  portal: FirmSiteContext;
  user: SessionUser;
  firmId: string;
  staff: boolean;
  entity: DocumentEntity;
  /** The permissions in `path` for this viewer. */
  permissionsFor(path: string): FolderPermissions;
  /** The permissions in `path`, or 404 when the viewer may not see it. */
  requireView(path: string): FolderPermissions;
  /** One activity entry about this entity's documents. */
  log(db: Db, title: string, description?: string): Promise<unknown>;
  /** One activity entry per document of a bulk action, in one statement (as each single action writes one). */
  logEach(db: Db, title: string, descriptions: string[]): Promise<unknown>;
  /** The item, if the viewer may see it; with the permissions of its folder. */
  findItem(db: Db, itemId: string, deleted?: boolean): Promise<FoundItem>;
  /**
   * Clients keep their hands off what the firm shared through a questionnaire section: such a file
   * is not renamed, moved or deleted, nor a folder deleted that holds one (403, nothing changes).
   */
  keepFirmFiles(
    db: Db,
    row: { itemType: "file" | "folder"; _count?: { sections: number; signedSections: number } },
    ownPath: string,
    deleting: boolean,
  ): Promise<void>;
}

type ItemWithKey = Awaited<ReturnType<typeof findItemRow>>;
export interface FoundItem {
  row: NonNullable<ItemWithKey>;
  ownPath: string;
  permissions: FolderPermissions;
}

function findItemRow(db: Db, entityId: string, itemId: string, deleted: boolean) {
  return db.document.findFirst({
    where: { id: itemId, companyId: entityId, deletedAt: deleted ? { not: null } : null },
    select: { ...itemSelect, storageKey: true },
  });
}

export function actionScope(ctx: DocumentContext, entity: DocumentEntity): ActionScope {
  const { portal, user } = ctx;
  const firmId = portal.firm.id;
  const staff = user.kind === "staff";
  const scope: ActionScope = {
    ctx,
    portal,
    user,
    firmId,
    staff,
    entity,
    permissionsFor: (path) => permissionsFor(ctx, entity, path),
    requireView: (path) => requireView(ctx, entity, path),
    log: (db, title, description) =>
      logActivity(db, firmId, {
        typeId: ACTIVITY_TYPES.document,
        title,
        description: description ?? null,
        actorId: user.id,
        companyId: entity.id,
        ipAddress: portal.clientAddress,
      }),
    logEach: (db, title, descriptions) =>
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
      }),
    async findItem(db, itemId, deleted = false) {
      const row = await findItemRow(db, entity.id, itemId, deleted);
      if (!row) throw documentNotFound();
      const ownPath = row.itemType === "folder" ? joinPath(row.path, row.name) : row.path;
      const permissions = permissionsFor(ctx, entity, ownPath);
      if (!permissions.canView) throw documentNotFound();
      return { row, ownPath, permissions };
    },
    async keepFirmFiles(db, row, ownPath, deleting) {
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
    },
  };
  return scope;
}

/** Whether these permissions let the viewer change an item of this type. */
export const canChange = (p: FolderPermissions, itemType: "file" | "folder") => (itemType === "folder" ? p.canManageFolders : p.canEditFiles);

export function validPath(path: string): string {
  const normalized = normalizePath(path);
  if (!normalized) throw new PortalError(400, DOCUMENT_MESSAGES.invalidName);
  return normalized;
}

export function validName(name: string): string {
  const problem = nameError(name);
  if (problem) throw new PortalError(400, problem);
  return name.trim();
}
