/**
 * Tax return reminders sent now by staff (staff spec §7 send_reminders), JSON:
 *
 *   POST /api/staff/tax-return-reminders { tax_return_ids: [...] }
 *        → { message: 'Reminders sent successfully.', sent, skipped }
 *
 * 401 without a session, 404 for a client, for a firm without Deliver, or when any return is not
 * one the user may reach (another firm's, another group's): then nothing is sent.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { MAX_TAX_RETURN_REMINDERS_PER_REQUEST, sendTaxReturnReminders } from "~/deliver/reminders/reminders.server";
import { jsonAction, notFoundLoader } from "~/http.server";

const bodySchema = z.object({
  tax_return_ids: z.array(z.string().min(1).max(64)).min(1, "Please select at least one tax return").max(MAX_TAX_RETURN_REMINDERS_PER_REQUEST),
});

export const loader = notFoundLoader;

export const action = jsonAction(bodySchema, async (input, { request, portal }) => {
  requireSameOrigin(request, portal.origin);
  const staff = await requireStaffForDeliver(request, portal);
  return sendTaxReturnReminders(portal, staff, input.tax_return_ids);
});
