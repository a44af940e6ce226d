/** POST /api/tax-returns/{taxReturnId}/approve { companyId, reason? }: the client approves a draft (409 when it is not one). */
import { approveTaxReturn } from "~/deliver/client/review.server";
import { approveSchema } from "~/deliver/client/schemas";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(approveSchema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return approveTaxReturn(portal, user, params.taxReturnId ?? "", input.companyId ?? null);
});
