/** Moves selected files into one folder, all or nothing. */
import { PortalError } from "~/errors";
import { documentNotFound as notFound, refuse } from "../access.server";
import { findSelection } from "../selection.server";
import { validPath } from "./scope.server";
import { DOCUMENT_MESSAGES, joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function moveDocuments(scope: ActionScope, input: DocumentActionOf<"move_many">): Promise<DocumentActionResult> {
  const { portal, entity, logEach, keepFirmFiles } = scope;
  return portal.db.$transaction(async (tx) => {
    const rows = await findSelection(scope.ctx, entity, tx, input.ids, "live");
    for (const p of rows.permissions) refuse(p, p.canEditFiles);
    for (const file of rows.files) await keepFirmFiles(tx, { itemType: "file", _count: file._count }, file.path, false);
    const destination = validPath(input.path);
    const destinationPermissions = scope.permissionsFor(destination);
    if (!destinationPermissions.canView) throw notFound();
    refuse(destinationPermissions, destinationPermissions.canUpload);
    // Two selected files of one name cannot share a folder, nor take the name of a file there.
    const names = rows.files.map((r) => r.name);
    if (new Set(names).size !== names.length) throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
    const taken = await tx.document.count({
      where: { companyId: entity.id, path: destination, name: { in: names }, deletedAt: null, itemType: "file", id: { notIn: input.ids } },
    });
    if (taken) throw new PortalError(409, DOCUMENT_MESSAGES.nameTaken);
    const { count } = await tx.document.updateMany({
      where: { id: { in: input.ids }, companyId: entity.id, deletedAt: null },
      data: { path: destination },
    });
    if (count !== input.ids.length) throw notFound();
    await logEach(
      tx,
      "Moved a document",
      rows.files.map((r) => `${joinPath(r.path, r.name)} → ${joinPath(destination, r.name)}`),
    );
    return { ok: true as const, message: "Successfully updated", count };
  });
}
