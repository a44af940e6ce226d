/** The files of a bulk action (delete, move, restore, download), found all or nothing. */
import { PortalError } from "~/errors";
import { documentNotFound as notFound, permissionsFor, type Db, type DocumentContext, type DocumentEntity } from "./access.server";
import { joinPath, type FolderPermissions } from "./rules";
import { SELECTION_MESSAGES, selectionKind } from "./selection";

export interface SelectedFile {
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
export async function findSelection(ctx: DocumentContext, entity: DocumentEntity, db: Db, ids: string[], expect: "live" | "deleted") {
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
