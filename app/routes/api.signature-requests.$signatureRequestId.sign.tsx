/**
 * POST /api/signature-requests/{id}/sign { companyId, signature: { method: "drawn", image } |
 * { method: "typed", text }, fieldIds }: the signed-in signer fills exactly their own boxes. 422 for
 * a bad signature or missing boxes, 409 for another signer's box or signing twice, 404 for a
 * request the client cannot reach.
 */
import { requireSignatureRequestsOn } from "~/deliver/requests/guard.server";
import { requestSignSchema } from "~/deliver/requests/schemas";
import { signSignatureRequest } from "~/deliver/requests/sign.server";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(requestSignSchema, async (input, { request, params, portal }) => {
  requireSignatureRequestsOn(portal);
  const user = await requireApiUser(request, portal);
  return signSignatureRequest(portal, user, request, {
    id: params.signatureRequestId ?? "",
    companyId: input.companyId ?? null,
    signature: input.signature,
    fieldIds: input.fieldIds,
  });
});
