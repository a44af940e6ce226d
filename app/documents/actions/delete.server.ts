/** Deletes a file, or a folder with everything in it (soft: restorable). */
import { refuse } from "../access.server";
import { likePrefix } from "../items.server";
import { canChange } from "./scope.server";
import { DOCUMENT_MESSAGES, joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function deleteDocument(scope: ActionScope, input: DocumentActionOf<"delete">): Promise<DocumentActionResult> {
  const { portal, entity, log, findItem, keepFirmFiles } = scope;
  return portal.db.$transaction(async (tx) => {
    const { row, ownPath, permissions } = await findItem(tx, input.id);
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
