/** A new folder (409 when one of its name exists, in any case). */
import { PortalError } from "~/errors";
import { refuse } from "../access.server";
import { itemSelect, toItem, type ItemRow, folderPaths } from "../items.server";
import { validPath, validName } from "./scope.server";
import { DOCUMENT_MESSAGES, joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function createFolder(scope: ActionScope, input: DocumentActionOf<"create_folder">): Promise<DocumentActionResult> {
  const { portal, user, firmId, staff, entity, log } = scope;
  const path = validPath(input.path);
  const name = validName(input.name);
  const permissions = scope.requireView(joinPath(path, name));
  refuse(permissions, permissions.canManageFolders && scope.requireView(path).canManageFolders);
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
