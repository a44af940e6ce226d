/**
 * POST /api/staff/conversations/{conversationId}/export with JSON `{ format: "pdf" | "csv",
 * timeframe }`: the conversation's messages as a file (attachment). Staff only; a conversation the
 * staff member may not see is 404; bad input 400 with a message. JSON only, like the other APIs.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { exportConversation } from "~/inbox/export.server";
import { exportRequestSchema } from "~/inbox/export-rules";
import { InboxError } from "~/inbox/inbox.server";
import { loadStaffViewer } from "~/staff/viewer.server";
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
  const viewer = await loadStaffViewer(request, portal);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return text("Malformed request", 400);
  }
  const parsed = exportRequestSchema.safeParse(body);
  if (!parsed.success) return text(parsed.error.issues[0]?.message ?? "Malformed request", 400);
  try {
    const file = await exportConversation(portal, viewer, params.conversationId ?? "", parsed.data);
    return new Response(Buffer.from(file.body), {
      headers: { "content-type": file.contentType, "content-disposition": contentDisposition(file.fileName, "attachment"), "cache-control": "no-store" },
    });
  } catch (error) {
    if (error instanceof InboxError) return text(error.message, error.status);
    throw error;
  }
}
