/**
 * POST /api/tax-returns/{taxReturnId}/sign { companyId, signature: { method: "drawn", image } |
 * { method: "typed", text }, fieldIds }: the signed-in signer finishes signing. 422 for a bad
 * signature or missing fields, 409 for another signer's field or signing twice.
 */
import { signTaxReturn } from "~/deliver/client/sign.server";
import { signSchema } from "~/deliver/client/schemas";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(signSchema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return signTaxReturn(portal, user, request, {
    id: params.taxReturnId ?? "",
    companyId: input.companyId ?? null,
    signature: input.signature,
    fieldIds: input.fieldIds,
  });
});
