/** Moves a file or a folder (with what it holds) into another folder. */
import { PortalError } from "~/errors";
import { documentNotFound as notFound, refuse } from "../access.server";
import { itemSelect, toItem, type ItemRow, folderPaths, moveFolderContents } from "../items.server";
import { canChange, validPath } from "./scope.server";
import { DOCUMENT_MESSAGES, joinPath, isWithin } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function moveDocument(scope: ActionScope, input: DocumentActionOf<"move">): Promise<DocumentActionResult> {
  const { portal, staff, entity, log, findItem, keepFirmFiles } = scope;
  return portal.db.$transaction(async (tx) => {
    const { row, ownPath, permissions } = await findItem(tx, input.id);
    refuse(permissions, canChange(permissions, row.itemType));
    await keepFirmFiles(tx, row, ownPath, false);
    const destination = validPath(input.path);
    const destinationPermissions = scope.permissionsFor(destination);
    if (!destinationPermissions.canView) throw notFound();
    refuse(destinationPermissions, row.itemType === "folder" ? destinationPermissions.canManageFolders : destinationPermissions.canUpload);
    if (row.itemType === "folder") {
      if (isWithin(destination, ownPath)) throw new PortalError(400, "A folder cannot be moved into itself.");
      const target = joinPath(destination, row.name);
      if ((await folderPaths(tx, entity.id)).some((p) => p.toLowerCase() === target.toLowerCase())) throw new PortalError(409, DOCUMENT_MESSAGES.folderExists);
      await moveFolderContents(tx, entity.id, ownPath, target);
    } else if (
      await tx.document.count({
        where: { companyId: entity.id, path: destination, name: row.name, deletedAt: null, itemType: "file", id: { not: row.id } },
      })
    ) {
      throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
    }
    const updated = await tx.document.update({ where: { id: row.id }, data: { path: destination }, select: itemSelect });
    await log(tx, row.itemType === "folder" ? "Moved a folder" : "Moved a document", `${joinPath(row.path, row.name)} → ${joinPath(destination, row.name)}`);
    return { ok: true as const, item: toItem(updated as ItemRow, staff) };
  });
}
