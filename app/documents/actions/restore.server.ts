/** Restores a deleted file, or a folder with everything deleted together with it, under a free name. */
import { refuse } from "../access.server";
import { itemSelect, toItem, type ItemRow, folderPaths, likePrefix } from "../items.server";
import { DOCUMENT_MESSAGES, joinPath, parentPath, restoredName } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function restoreDocument(scope: ActionScope, input: DocumentActionOf<"restore">): Promise<DocumentActionResult> {
  const { portal, staff, entity, log, findItem } = scope;
  return portal.db.$transaction(async (tx) => {
    const { row, ownPath, permissions } = await findItem(tx, input.id, true);
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
