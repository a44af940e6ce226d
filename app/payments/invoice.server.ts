/**
 * A tax service invoice paid online (a verified checkout webhook): the return's invoicePaid, its
 * status `invoice_paid` when the status machine allows it (app/deliver/rules.ts), the activity
 * entry, and the firm's notification (staff spec §4: invoice_paid, 'client paid via a card payment
 * provider'). A second event for the same return changes nothing.
 */
import { firmDb, type FirmTx } from "~/db.server";
import { recordTaxReturnEvent } from "~/deliver/events.server";
import { notifyTaxReturnInvoicePaid } from "~/deliver/ops/notify.server";
import { statusesFor } from "~/deliver/rules";
import { deliverNotificationEmails } from "~/notifications/notify.server";
import { formatDollars } from "./rules";
import type { WebhookContext } from "./webhook-types";

export async function invoicePaidByCheckout(tx: FirmTx, firmId: string, taxReturnId: string, afterCommit?: WebhookContext["afterCommit"]): Promise<string> {
  const paid = await tx.taxReturn.updateMany({ where: { id: taxReturnId, invoicePaid: false, deletedAt: null }, data: { invoicePaid: true } });
  if (paid.count === 0) return "invoice unchanged (already paid)";
  await tx.taxReturn.updateMany({ where: { id: taxReturnId, status: { in: statusesFor("invoice_paid") } }, data: { status: "invoice_paid" } });
  const r = await tx.taxReturn.findUnique({ where: { id: taxReturnId }, select: { companyId: true, invoiceAmountCents: true } });
  await recordTaxReturnEvent(tx, firmId, {
    taxReturnId,
    companyId: r!.companyId,
    title: "Tax service invoice paid online",
    description: r?.invoiceAmountCents ? formatDollars(r.invoiceAmountCents) : null,
  });
  const firm = await tx.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true } });
  if (firm) {
    const told = await notifyTaxReturnInvoicePaid(tx, firm, { taxReturnId });
    afterCommit?.(() => deliverNotificationEmails({ firm, db: firmDb(firmId) }, told.messages));
  }
  return "invoice paid";
}
