/**
 * /api/staff/tax-returns/{id}/vouchers: the 'Mark payment vouchers paid' dialog. POST
 * `{ companyId, voucherId, isPaid }` toggles one voucher; `{ companyId, all: true }` marks every
 * voucher paid. Foreign ids are 404 with nothing written; a return whose vouchers can't change now,
 * or all already paid, is a 409.
 */
import * as z from "zod";
import { requireDeliverStaff } from "~/deliver/table/guard.server";
import { markAllVouchersPaid, setVoucherPaid } from "~/deliver/table/mark-vouchers.server";
import { TAX_RETURN_MESSAGES } from "~/deliver/rules";
import { jsonAction, notFoundLoader } from "~/http.server";

const id = z.string().min(1).max(64);

const schema = z.union([z.object({ companyId: id, voucherId: id, isPaid: z.boolean() }).strict(), z.object({ companyId: id, all: z.literal(true) }).strict()]);

export const loader = notFoundLoader;

export const action = jsonAction(schema, async (input, { request, params, portal }) => {
  const { user } = await requireDeliverStaff(request, portal);
  const taxReturnId = params.taxReturnId ?? "";
  if ("all" in input) {
    await markAllVouchersPaid(portal, user, taxReturnId, input.companyId);
    return { ok: true as const, message: TAX_RETURN_MESSAGES.vouchersPaid };
  }
  await setVoucherPaid(portal, user, taxReturnId, input.companyId, input.voucherId, input.isPaid);
  return { ok: true as const, message: TAX_RETURN_MESSAGES.voucherUpdated };
});
