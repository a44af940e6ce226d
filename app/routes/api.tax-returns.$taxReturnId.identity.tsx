/**
 * POST /api/tax-returns/{taxReturnId}/identity { companyId }: the signed-in signer starts (or
 * resumes) their identity verification → { url } of the provider's page, which returns them to
 * the tax return page. 409 when verification is not asked, already verified or the firm has no
 * connected account; 503 when the provider is unreachable.
 */
import * as z from "zod";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { startIdentityVerification } from "~/payments/identity.server";

export const loader = notFoundLoader;

const schema = z.object({
  companyId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .nullish(),
});

export const action = jsonAction(schema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return startIdentityVerification(portal, user, params.taxReturnId ?? "", input.companyId ?? null);
});
