/** Deletes selected files at once (soft), all or nothing. */
import { documentNotFound as notFound, refuse } from "../access.server";
import { findSelection } from "../selection.server";
import { DOCUMENT_MESSAGES, joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function deleteDocuments(scope: ActionScope, input: DocumentActionOf<"delete_many">): Promise<DocumentActionResult> {
  const { portal, entity, logEach, keepFirmFiles } = scope;
  return portal.db.$transaction(async (tx) => {
    const rows = await findSelection(scope.ctx, entity, tx, input.ids, "live");
    for (const p of rows.permissions) refuse(p, p.canEditFiles);
    for (const file of rows.files) await keepFirmFiles(tx, { itemType: "file", _count: file._count }, file.path, true);
    const now = new Date();
    const { count } = await tx.document.updateMany({ where: { id: { in: input.ids }, companyId: entity.id, deletedAt: null }, data: { deletedAt: now } });
    if (count !== input.ids.length) throw notFound(); // deleted meanwhile: roll back
    await logEach(
      tx,
      "Deleted a document",
      rows.files.map((r) => joinPath(r.path, r.name)),
    );
    return { ok: true as const, message: DOCUMENT_MESSAGES.removed, count };
  });
}
