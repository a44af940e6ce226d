/**
 * POST /api/staff/conversations/{conversationId}/export with JSON `{ format: "pdf" | "csv",
 * timeframe }`: the conversation's messages as a file (attachment). Staff only; a conversation the
 * staff member may not see is 404; bad input 400 with a message (JSON `{ error }`, like the other APIs).
 */
import { exportConversation } from "~/conversations/export.server";
import { exportRequestSchema } from "~/conversations/export-rules";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { contentDisposition } from "~/storage/keys";

export const loader = notFoundLoader;

export const action = jsonAction(exportRequestSchema, async (input, { request, params, portal }) => {
  await requireApiUser(request, portal);
  const viewer = await loadStaffViewer(request, portal);
  const file = await exportConversation(portal, viewer, params.conversationId ?? "", input);
  return new Response(Buffer.from(file.body), {
    headers: { "content-type": file.contentType, "content-disposition": contentDisposition(file.fileName, "attachment"), "cache-control": "no-store" },
  });
});
