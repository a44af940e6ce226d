/**
 * POST /api/tax-returns/{taxReturnId}/checkout { companyId }: the client starts paying the return's
 * tax service invoice; answers `{ url }` of the Stripe Checkout page. The amount is the return's.
 * 404 for a return the client can't reach; 409 when there is nothing to pay or the firm takes no
 * card payments; 503 when Stripe can't be reached.
 */
import * as z from "zod";
import { findTaxReturn } from "~/deliver/access.server";
import { PortalError } from "~/errors";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { startInvoiceCheckout } from "~/payments/card-payments.server";

export const loader = notFoundLoader;

export const action = jsonAction(z.object({ companyId: z.string().trim().min(1).max(64).nullish() }), async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "client") throw new PortalError(404, "This tax return was not found");
  const found = await findTaxReturn(portal.db, user, params.taxReturnId ?? "", input.companyId ?? null);
  const taxReturn = await portal.db.taxReturn.findUnique({
    where: { id: found.id },
    select: { id: true, companyId: true, status: true, taxYear: true, invoiceAmountCents: true, invoicePaid: true },
  });
  return startInvoiceCheckout(portal, user, taxReturn!);
});
