/**
 * /api/staff/signature-requests/upload (staff), the Upload signature request dialog's calls:
 * - GET ?q=: the entities the staff member may see whose name matches (`{ entities }`, 10 at most).
 * - POST JSON `{ intent: "grant", companyId, fileName, size }`: a presigned POST for one PDF.
 * - POST JSON `{ intent: "confirm", companyId, taxYear, formName, files: [{ key, fileName }] }`: the
 *   objects are verified and the request recorded in `processing` (`{ signatureRequest: { id, companyId } }`).
 * Exactly one entity and a non-empty PDF (422 otherwise); another group's or firm's entity is 404.
 */
import { requireRequestStaff } from "~/deliver/requests/guard.server";
import { confirmSignatureRequestUpload, createSignatureRequestUploadGrant } from "~/deliver/requests/requests.server";
import { requestUploadSchema } from "~/deliver/requests/schemas";
import { searchUploadEntities } from "~/deliver/upload/upload.server";
import { jsonAction, jsonLoader, readQuery } from "~/http.server";
import * as z from "zod";

export const loader = jsonLoader(async ({ request, portal }) => {
  const { user } = await requireRequestStaff(request, portal, false);
  const { q } = readQuery(request, z.object({ q: z.string().max(200).optional() }));
  return { entities: await searchUploadEntities(portal, user, q ?? "") };
});

export const action = jsonAction(requestUploadSchema, async (input, { request, portal }) => {
  const { user } = await requireRequestStaff(request, portal, true);
  if (input.intent === "grant") return { grant: await createSignatureRequestUploadGrant(portal, user, input) };
  return { signatureRequest: await confirmSignatureRequestUpload(portal, user, input) };
});
