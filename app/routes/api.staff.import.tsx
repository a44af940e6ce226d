/**
 * /api/staff/import (partner, admin and full-access staff):
 * - GET: the dialog's data `{ advisors, recent }` (advisors to assign, the firm's latest imports).
 * - POST JSON `{ intent: "grant", fileType, fileName, size }`: a presigned POST to upload the file
 *   straight to the store; then `{ intent: "confirm", key, fileName, …details }`: the upload is
 *   checked and the import recorded (`{ import }`); a client list starts processing in the
 *   background (poll GET /api/staff/import/{id}).
 * Refusals are `{ error, errors? }` with 4xx (422 with the details' field errors).
 */
import * as z from "zod";
import { fromZod } from "~/errors";
import { jsonAction, jsonLoader, type JsonRouteArgs } from "~/http.server";
import { importDetailsSchema, IMPORT_FILE_TYPES, IMPORT_MESSAGES, type ImportFileType } from "~/staff/import/import-rules";
import { confirmImport, createImportGrant, importDialogData, requireImportingStaff } from "~/staff/import/import.server";

const grantSchema = z.object({
  intent: z.literal("grant"),
  fileType: z.enum(IMPORT_FILE_TYPES.map((t) => t.value) as [ImportFileType, ...ImportFileType[]], { error: IMPORT_MESSAGES.fileType }),
  fileName: z.string().trim().min(1, IMPORT_MESSAGES.file).max(1000),
  size: z.number().int().min(0),
});
// The details (file type, list type, assignee…) are checked after, as field errors (422).
const confirmSchema = z.looseObject({
  intent: z.literal("confirm"),
  key: z.string().min(1).max(1024),
  fileName: z.string().trim().min(1, IMPORT_MESSAGES.file).max(1000),
});
const importActionSchema = z.discriminatedUnion("intent", [grantSchema, confirmSchema], { error: "Malformed request" });

export const loader = jsonLoader(async ({ request, portal }: JsonRouteArgs) => {
  await requireImportingStaff(request, portal);
  return importDialogData(portal);
});

export const action = jsonAction(importActionSchema, async (input, { request, portal }) => {
  const user = await requireImportingStaff(request, portal);
  if (input.intent === "grant") return { grant: await createImportGrant(portal, input) };
  const details = importDetailsSchema.safeParse(input);
  if (!details.success) throw fromZod(details.error, 422);
  return { import: await confirmImport(portal, user, { key: input.key, fileName: input.fileName, details: details.data }) };
});
