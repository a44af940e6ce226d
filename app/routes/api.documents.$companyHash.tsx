/**
 * POST /api/documents/{companyHash}: the document browser's actions (client and staff), as JSON
 * `{ intent, … }` (see documentActionSchema): upload grants and confirms, folders, rename, move,
 * delete, restore, descriptions and tags, download URLs; bulk delete_many, restore_many and
 * move_many on up to 500 selected files (all or nothing; a mix of deleted and live documents is
 * 422; the zip of selected files is the /files route); and the split actions (split, split_status,
 * split_restore, mark_other: extracted/split.server.ts). Answers `{ error }` with 4xx on refusal;
 * another firm's or entity's document is 404 and nothing changes.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { DocumentError, documentActionSchema, performDocumentAction } from "~/documents/documents.server";
import { EXTRACTED_INTENTS, extractedActionSchema, performExtractedAction } from "~/documents/extracted/split.server";
import { NO_STORE_HEADERS } from "~/security-headers.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  // JSON only: a cross-site form cannot send it without a CORS preflight, which we never grant.
  if (!request.headers.get("content-type")?.startsWith("application/json")) return json({ error: "Expected JSON" }, { status: 415 });
  const user = await requireApiUser(request, portal).catch(() => null);
  if (!user) return json({ error: "Please sign in again." }, { status: 401 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  // Split, split status, restore a split, mark as other: advisors of firms with the bulk upload processor.
  const intent = (body as { intent?: unknown } | null)?.intent;
  if (typeof intent === "string" && EXTRACTED_INTENTS.has(intent)) {
    const extracted = extractedActionSchema.safeParse(body);
    if (!extracted.success) return json({ error: extracted.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
    try {
      return json(await performExtractedAction({ portal, user }, params.companyHash ?? "", extracted.data), { headers: NO_STORE_HEADERS });
    } catch (error) {
      if (error instanceof DocumentError) return json({ error: error.message }, { status: error.status });
      throw error;
    }
  }
  const parsed = documentActionSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  try {
    // Download and view links are presigned URLs: never kept by a cache.
    return json(await performDocumentAction({ portal, user }, params.companyHash ?? "", parsed.data), { headers: NO_STORE_HEADERS });
  } catch (error) {
    if (error instanceof DocumentError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
