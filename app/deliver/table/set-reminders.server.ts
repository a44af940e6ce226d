/**
 * The row's reminder toggle (reminder_disabled). Only a return that went out and still waits for
 * a signature or a payment has reminders to turn on or off ('The reminder toggle is off and
 * disabled when all signed and all paid'); anything else is a 409.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict } from "~/errors";
import type { Prisma } from "~/generated/prisma/client";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { paymentsCell, reminderToggle, rowActionsOpen, signatureCell } from "../rules";

export const REMINDER_CONFLICT = "Reminders can't be changed for this tax return now.";

/** What the reminder toggle depends on: the status, the signatures and the payments. */
export const REMINDER_FACTS = {
  status: true,
  invoiceAmountCents: true,
  invoicePaid: true,
  paymentVouchers: { select: { voucherId: true, amountCents: true, isPaid: true, isDueAsap: true } },
  eSignForms: {
    select: { formId: true, wetSignaturesRequired: true, signatures: { select: { signatureData: true, wetSignatureKey: true } } },
  },
} satisfies Prisma.TaxReturnSelect;

/** Whether the return's reminders may be set to `disabled` now (the row's toggle is not disabled). */
export function remindersChangeable(facts: Prisma.TaxReturnGetPayload<{ select: typeof REMINDER_FACTS }>, disabled: boolean): boolean {
  if (!rowActionsOpen(facts.status)) return false;
  const signatures = signatureCell(
    facts.eSignForms.map((f) => ({
      formId: f.formId,
      wetSignaturesRequired: f.wetSignaturesRequired,
      signatures: f.signatures.map((s) => ({ signerName: "", signed: s.signatureData !== null, wetSignature: s.wetSignatureKey !== null })),
    })),
  );
  const payments = paymentsCell(
    facts.paymentVouchers.map((v) => ({ ...v, dueDate: null })),
    { amountCents: facts.invoiceAmountCents, paid: facts.invoicePaid },
  );
  return !reminderToggle({ reminderDisabled: disabled, allSigned: signatures.allSigned, allPaid: payments.allPaid, signaturesTotal: signatures.total })
    .disabled;
}

export async function setTaxReturnReminders(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string, disabled: boolean): Promise<void> {
  await portal.db.$transaction(async (tx) => {
    const found = await findTaxReturn(tx, user, id, companyId);
    const facts = await tx.taxReturn.findFirst({ where: { id: found.id }, select: REMINDER_FACTS });
    if (!facts || !remindersChangeable(facts, disabled)) throw conflict(REMINDER_CONFLICT);
    await tx.taxReturn.update({ where: { id: found.id }, data: { reminderDisabled: disabled } });
    await recordTaxReturnEvent(tx, portal.firm.id, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: disabled ? "Reminders turned off" : "Reminders turned on",
      actorId: user.id,
    });
  });
}
