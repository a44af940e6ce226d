/**
 * POST /api/questionnaires/{companyHash}/checkout { questionnaireId }: the client starts paying the
 * questionnaire's deposit; answers `{ url }` of the Stripe Checkout page. The amount is the
 * questionnaire's (anything else in the body is ignored). 409 with the reason when there is nothing
 * to pay or the firm takes no card payments; 503 when Stripe can't be reached.
 */
import * as z from "zod";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { startDepositCheckout } from "~/payments/card-payments.server";

export const loader = notFoundLoader;

export const action = jsonAction(z.object({ questionnaireId: z.string().trim().min(1).max(64) }), async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return startDepositCheckout(portal, user, params.companyHash ?? "", input.questionnaireId);
});
