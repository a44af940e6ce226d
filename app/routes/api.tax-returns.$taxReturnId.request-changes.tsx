/** POST /api/tax-returns/{taxReturnId}/request-changes { companyId, reason }: the client asks for changes to a draft (reason required). */
import { requestTaxReturnChanges } from "~/deliver/client/review.server";
import { requestChangesSchema } from "~/deliver/client/schemas";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(requestChangesSchema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return requestTaxReturnChanges(portal, user, params.taxReturnId ?? "", input.companyId ?? null, input.reason);
});
