/** Staff: a document's description (clients never see it; for them the document is not found). */
import { documentNotFound as notFound } from "../access.server";
import { itemSelect, toItem, type ItemRow } from "../items.server";
import { joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function describeDocument(scope: ActionScope, input: DocumentActionOf<"describe">): Promise<DocumentActionResult> {
  const { portal, staff, log, findItem } = scope;
  if (!staff) throw notFound();
  return portal.db.$transaction(async (tx) => {
    const { row } = await findItem(tx, input.id);
    await tx.document.update({ where: { id: row.id }, data: { description: input.description.trim() || null } });
    await log(tx, "Updated a document description", joinPath(row.path, row.name));
    const updated = await tx.document.findFirstOrThrow({ where: { id: row.id }, select: itemSelect });
    return { ok: true as const, item: toItem(updated as ItemRow, staff) };
  });
}
