/**
 * The 'Mark payment vouchers paid' dialog: one voucher paid or unpaid ('Payment voucher updated'),
 * or every voucher paid at once ('Mark all paid', disabled when all are paid: then a 409). Vouchers
 * exist once a return is classified and sent, so rows whose actions are hidden can't change them.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict, notFound } from "~/errors";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { rowActionsOpen, voucherName } from "../rules";

export const VOUCHERS_CONFLICT = "Payment vouchers can't be changed for this tax return now.";
export const ALL_PAID_CONFLICT = "All payment vouchers are already paid.";
export const VOUCHER_NOT_FOUND = "This payment voucher was not found";

export async function setVoucherPaid(
  portal: FirmSiteContext,
  user: SessionUser,
  id: string,
  companyId: string,
  voucherId: string,
  isPaid: boolean,
): Promise<void> {
  await portal.db.$transaction(async (tx) => {
    const found = await findTaxReturn(tx, user, id, companyId);
    if (!rowActionsOpen(found.status)) throw conflict(VOUCHERS_CONFLICT);
    const voucher = await tx.paymentVoucher.findFirst({
      where: { id: voucherId, taxReturnId: found.id },
      select: { id: true, voucherId: true, customPaymentName: true },
    });
    if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
    await tx.paymentVoucher.update({ where: { id: voucher.id }, data: { isPaid } });
    await recordTaxReturnEvent(tx, portal.firm.id, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: isPaid ? "Payment voucher marked as paid" : "Payment voucher marked as unpaid",
      description: voucherName(voucher.voucherId, voucher.customPaymentName),
      actorId: user.id,
    });
  });
}

export async function markAllVouchersPaid(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string): Promise<number> {
  return portal.db.$transaction(async (tx) => {
    const found = await findTaxReturn(tx, user, id, companyId);
    if (!rowActionsOpen(found.status)) throw conflict(VOUCHERS_CONFLICT);
    const { count } = await tx.paymentVoucher.updateMany({ where: { taxReturnId: found.id, isPaid: false }, data: { isPaid: true } });
    if (count === 0) throw conflict(ALL_PAID_CONFLICT);
    await recordTaxReturnEvent(tx, portal.firm.id, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: "Payment vouchers marked as paid",
      description: `${count} voucher(s)`,
      actorId: user.id,
    });
    return count;
  });
}
