/** A one-minute download link for a file. */
import { documentNotFound as notFound } from "../access.server";
import { createDownloadUrl } from "~/storage.server";
import { keyBelongsToEntity } from "~/storage/keys";
import { joinPath } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function documentDownloadUrl(scope: ActionScope, input: DocumentActionOf<"download_url">): Promise<DocumentActionResult> {
  const { portal, firmId, entity, log, findItem } = scope;
  const { row } = await findItem(portal.db, input.id);
  if (row.itemType !== "file" || !row.storageKey || !keyBelongsToEntity(row.storageKey, firmId, entity.id)) throw notFound();
  const url = await createDownloadUrl({ firmId, key: row.storageKey, fileName: row.name, expiresInSeconds: 60 });
  await log(portal.db, "Downloaded a document", joinPath(row.path, row.name));
  return { ok: true, url };
}
