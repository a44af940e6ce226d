/** Renames a file (keeping its extension) or a folder (moving what it holds). */
import { PortalError } from "~/errors";
import { documentNotFound as notFound, refuse } from "../access.server";
import { itemSelect, toItem, type ItemRow, folderPaths, moveFolderContents } from "../items.server";
import { canChange, validName } from "./scope.server";
import { DOCUMENT_MESSAGES, joinPath, renamedFileName } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function renameDocument(scope: ActionScope, input: DocumentActionOf<"rename">): Promise<DocumentActionResult> {
  const { portal, staff, entity, log, findItem, keepFirmFiles } = scope;
  return portal.db.$transaction(async (tx) => {
    const { row, ownPath, permissions } = await findItem(tx, input.id);
    refuse(permissions, canChange(permissions, row.itemType));
    await keepFirmFiles(tx, row, ownPath, false);
    const requested = validName(input.name);
    if (row.itemType === "file") {
      const name = validName(renamedFileName(row.name, requested));
      if (name !== row.name && (await tx.document.count({ where: { companyId: entity.id, path: row.path, name, deletedAt: null, itemType: "file" } })))
        throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
      const updated = await tx.document.update({ where: { id: row.id }, data: { name }, select: itemSelect });
      await log(tx, "Renamed a document", `${row.name} → ${name}`);
      return { ok: true as const, item: toItem(updated as ItemRow, staff) };
    }
    const target = joinPath(row.path, requested);
    const targetPermissions = scope.permissionsFor(target);
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
