/**
 * POST /api/documents/{companyHash}/files with JSON `{ ids: [...] }` (1 to 500 file ids): the
 * selected files as one zip, streamed from the store. All or nothing: an id that is not a live
 * file of this entity the user may see → 404 and no zip; deleted and live documents together →
 * 422 with the spec's message; over 150 MB → 503 with the spec's message; any other failure → the
 * spec's folder download message. JSON only, like the documents API (no cross-site form can send it).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { createSelectionZip, DocumentError, documentIdsSchema } from "~/documents/documents.server";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { contentDisposition } from "~/storage/keys";

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return text("Method not allowed", 405);
  if (!request.headers.get("content-type")?.startsWith("application/json")) return text("Expected JSON", 415);
  const user = await requireApiUser(request, portal).catch(() => null);
  if (!user) return text("Please sign in again.", 401);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return text("Malformed request", 400);
  }
  const parsed = z.object({ ids: documentIdsSchema }).safeParse(body);
  if (!parsed.success) return text(parsed.error.issues[0]?.message ?? "Malformed request", 400);
  try {
    const zip = await createSelectionZip({ portal, user }, params.companyHash ?? "", parsed.data.ids);
    return new Response(zip.stream, {
      headers: { "content-type": "application/zip", "content-disposition": contentDisposition(zip.fileName, "attachment"), "cache-control": "no-store" },
    });
  } catch (error) {
    if (error instanceof DocumentError)
      return text(error.status >= 500 && error.status !== 503 ? DOCUMENT_MESSAGES.folderDownloadFailed : error.message, error.status);
    console.error("Selected files download failed", error);
    return text(DOCUMENT_MESSAGES.folderDownloadFailed, 500);
  }
}
