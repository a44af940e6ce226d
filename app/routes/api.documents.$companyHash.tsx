/**
 * POST /api/documents/{companyHash}: the document browser's actions (client and staff), as JSON
 * `{ intent, … }` (see documentActionSchema): upload grants and confirms, folders, rename, move,
 * delete, restore, descriptions and tags, download URLs; bulk delete_many, restore_many and
 * move_many on up to 500 selected files (all or nothing; a mix of deleted and live documents is
 * 422; the zip of selected files is the /files route); and the split actions (split, split_status,
 * split_restore, mark_other: splits/split.server.ts). Answers `{ error }` with 4xx on refusal;
 * another firm's or entity's document is 404 and nothing changes. Answers are `no-store`: download
 * and view links are presigned URLs.
 */
import * as z from "zod";
import { performDocumentAction } from "~/documents/actions/perform.server";
import { documentActionSchema, type DocumentAction } from "~/documents/actions/schema";
import { EXTRACTED_INTENTS, extractedActionSchema, performExtractedAction, type ExtractedAction } from "~/documents/splits/split.server";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

const schema = z.discriminatedUnion("intent", [...documentActionSchema.options, ...extractedActionSchema.options]);

export const loader = notFoundLoader;

export const action = jsonAction(schema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  const entityHash = params.companyHash ?? "";
  // Split, split status, restore a split, mark as other: advisors of firms with the bulk upload processor.
  if (EXTRACTED_INTENTS.has(input.intent)) return performExtractedAction({ portal, user }, entityHash, input as ExtractedAction);
  return performDocumentAction({ portal, user }, entityHash, input as DocumentAction);
});
