/** A five-minute preview link for a file (the PDF viewer, images). */
import { PortalError } from "~/errors";
import { documentNotFound as notFound } from "../access.server";
import { createInlineUrl } from "~/storage.server";
import { keyBelongsToEntity } from "~/storage/keys";
import { DOCUMENT_MESSAGES } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function documentViewUrl(scope: ActionScope, input: DocumentActionOf<"view_url">): Promise<DocumentActionResult> {
  const { portal, firmId, entity, findItem } = scope;
  // Preview (the PDF viewer, images): inline, served as the type the key's extension says, 5 minutes.
  const { row } = await findItem(portal.db, input.id);
  if (row.itemType !== "file" || !row.storageKey || !keyBelongsToEntity(row.storageKey, firmId, entity.id)) throw notFound();
  try {
    return { ok: true, url: await createInlineUrl({ firmId, key: row.storageKey, expiresInSeconds: 300 }) };
  } catch {
    throw new PortalError(415, DOCUMENT_MESSAGES.typeNotSupported);
  }
}
