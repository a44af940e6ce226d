/**
 * POST /api/messages/{companyHash}/attachments: files for a message about this entity, as JSON
 * `{ intent, … }`: `upload_grant` (fileName, contentType, size → a presigned POST), then the
 * browser posts the file to the store, then `upload_confirm` (key, fileName, contentType → the
 * file, filed in the entity's Messages folder, to send with the message as `attachmentIds`);
 * `view_url` (id → a five-minute preview link for a file on a message the viewer can read).
 * Another client's or firm's entity or file is 404.
 */
import * as z from "zod";
import { attachmentViewUrl, confirmAttachmentUpload, grantAttachmentUpload } from "~/conversations/attachments.server";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload_grant"),
    fileName: z.string().trim().min(1).max(1000),
    contentType: z.string().max(200),
    size: z.number().int().min(0),
  }),
  z.object({
    intent: z.literal("upload_confirm"),
    key: z.string().min(1).max(1000),
    fileName: z.string().trim().min(1).max(1000),
    contentType: z.string().max(200),
  }),
  z.object({ intent: z.literal("view_url"), id: z.string().trim().min(1).max(64) }),
]);

export const loader = notFoundLoader;

export const action = jsonAction(schema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  const hash = params.companyHash ?? "";
  switch (input.intent) {
    case "upload_grant":
      return { ok: true, grant: await grantAttachmentUpload(portal, user, hash, input) };
    case "upload_confirm":
      return { ok: true, attachment: await confirmAttachmentUpload(portal, user, hash, input) };
    case "view_url":
      return { ok: true, url: await attachmentViewUrl(portal, user, hash, input.id) };
  }
});
