/**
 * /api/staff/signature-requests/{id}?companyId= (staff), one request's calls (staff spec §7
 * update_signature_request, delete_signature_request):
 * - GET: a short-lived presigned GET of the PDF (`{ url }`; `?signed=1`: the signed copy).
 * - POST JSON `{ intent: "place", placement: { signers, fields } }`: replaces its signers and boxes
 *   (before it is sent; 409 after).
 * - POST JSON `{ intent: "send", message? }`: sends it for signature (409 unless every signer has a
 *   signature box and it is waiting to be sent).
 * - POST JSON `{ intent: "complete" }`: 'Mark as completed'; `{ intent: "delete" }`: deletes it.
 * Another firm's or group's request is 404 ('This signature request was not found'), nothing written.
 */
import * as z from "zod";
import { requireRequestStaff } from "~/deliver/requests/guard.server";
import {
  deleteSignatureRequest,
  markSignatureRequestCompleted,
  savePlacement,
  sendSignatureRequest,
  signatureRequestPdfUrl,
} from "~/deliver/requests/requests.server";
import { REQUEST_MESSAGES } from "~/deliver/requests/rules";
import { requestActionSchema } from "~/deliver/requests/schemas";
import { jsonAction, jsonLoader, readQuery } from "~/http.server";

export const loader = jsonLoader(async ({ request, params, portal }) => {
  const { user } = await requireRequestStaff(request, portal, false);
  const q = readQuery(request, z.object({ companyId: z.string().max(64).optional(), signed: z.string().max(1).optional() }));
  return { url: await signatureRequestPdfUrl(portal, user, params.signatureRequestId ?? "", q.companyId ?? null, q.signed === "1") };
});

export const action = jsonAction(requestActionSchema, async (input, { request, params, portal }) => {
  const { user } = await requireRequestStaff(request, portal, true);
  const id = params.signatureRequestId ?? "";
  const companyId = new URL(request.url).searchParams.get("companyId");
  switch (input.intent) {
    case "place":
      await savePlacement(portal, user, id, companyId, input.placement);
      return { ok: true, message: REQUEST_MESSAGES.saved };
    case "send":
      return { ok: true, ...(await sendSignatureRequest(portal, user, id, companyId, input.message ?? null)) };
    case "complete":
      return markSignatureRequestCompleted(portal, user, id, companyId);
    case "delete":
      return deleteSignatureRequest(portal, user, id, companyId);
  }
});
