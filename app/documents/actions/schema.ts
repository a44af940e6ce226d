/** The document browser's actions as JSON (`{ intent, … }`), and what they answer. */
import * as z from "zod";
import type { UploadGrant } from "~/storage/uploads";
import type { DocumentItem } from "../items.server";
import { MAX_BULK_DOCUMENTS, SELECTION_MESSAGES } from "../selection";

const id = z.string().min(1).max(64);
const text = z.string().max(1000);
/** A selection of documents for a bulk action: 1 to 500 ids, each once. */
export const documentIdsSchema = z
  .array(id)
  .min(1, SELECTION_MESSAGES.empty)
  .max(MAX_BULK_DOCUMENTS, SELECTION_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, SELECTION_MESSAGES.duplicate);

export const documentActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload_grant"),
    path: text,
    fileName: z.string().min(1).max(1000),
    contentType: z.string().max(200),
    size: z.number().int().min(0),
  }),
  z.object({
    intent: z.literal("upload_confirm"),
    path: text,
    fileName: z.string().min(1).max(1000),
    contentType: z.string().max(200),
    key: z.string().min(1).max(1024),
  }),
  z.object({ intent: z.literal("create_folder"), path: text, name: z.string().max(1000) }),
  z.object({ intent: z.literal("rename"), id, name: z.string().max(1000) }),
  z.object({ intent: z.literal("move"), id, path: text }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("describe"), id, description: z.string().max(2000) }),
  z.object({ intent: z.literal("set_tags"), id, tags: z.array(z.string().trim().min(1).max(100)).max(50) }),
  z.object({ intent: z.literal("download_url"), id }),
  z.object({ intent: z.literal("view_url"), id }),
  z.object({ intent: z.literal("delete_many"), ids: documentIdsSchema }),
  z.object({ intent: z.literal("restore_many"), ids: documentIdsSchema }),
  z.object({ intent: z.literal("move_many"), ids: documentIdsSchema, path: text }),
]);
export type DocumentAction = z.infer<typeof documentActionSchema>;

export interface DocumentActionResult {
  ok: true;
  message?: string;
  /** Bulk actions: how many documents changed. */
  count?: number;
  item?: DocumentItem;
  grant?: UploadGrant;
  url?: string;
}

/** The input of one intent. */
export type DocumentActionOf<I extends DocumentAction["intent"]> = Extract<DocumentAction, { intent: I }>;
