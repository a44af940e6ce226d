/** Staff: a document's tags (the firm's tag list grows with new names; clients: not found). */
import { documentNotFound as notFound } from "../access.server";
import { itemSelect, toItem, type ItemRow } from "../items.server";
import { joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function setDocumentTags(scope: ActionScope, input: DocumentActionOf<"set_tags">): Promise<DocumentActionResult> {
  const { portal, firmId, staff, log, findItem } = scope;
  if (!staff) throw notFound();
  return portal.db.$transaction(async (tx) => {
    const { row } = await findItem(tx, input.id);
    const names = [...new Set(input.tags.map((t) => t.trim()))];
    await tx.documentTag.createMany({ data: names.map((name) => ({ firmId, name })), skipDuplicates: true });
    const tags = await tx.documentTag.findMany({ where: { name: { in: names } }, select: { id: true } });
    await tx.documentTagAssignment.deleteMany({ where: { documentId: row.id } });
    await tx.documentTagAssignment.createMany({ data: tags.map((t) => ({ firmId, documentId: row.id, tagId: t.id })) });
    await log(tx, "Updated document tags", joinPath(row.path, row.name));
    const updated = await tx.document.findFirstOrThrow({ where: { id: row.id }, select: itemSelect });
    return { ok: true as const, item: toItem(updated as ItemRow, staff) };
  });
}
