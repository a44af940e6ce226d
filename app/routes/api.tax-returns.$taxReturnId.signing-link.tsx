/** POST /api/tax-returns/{taxReturnId}/signing-link { companyId }: the taxpayer emails the spouse a single-use sign-in link to this return's page. */
import { signingLinkSchema } from "~/deliver/client/schemas";
import { sendSpouseSigningLink } from "~/deliver/client/spouse-link.server";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(signingLinkSchema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return sendSpouseSigningLink(portal, user, params.taxReturnId ?? "", input.companyId ?? null);
});
