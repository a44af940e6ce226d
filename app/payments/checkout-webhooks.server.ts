/**
 * Checkout events: a deposit or a tax service invoice paid, settling or failed. The payment is
 * found by its Checkout Session id among this firm's (the firm of the account that sent the event)
 * and must have come from that same account, for the amount recorded when it started; the
 * metadata is never read. Every change is conditional on the current state
 * (./rules.ts transitions), so a late, repeated or out-of-order event changes nothing wrong.
 */
import type Stripe from "stripe";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmTx } from "~/db.server";
import { CARD_PAYMENT_TRANSITIONS, checkoutEvent, DEPOSIT_TRANSITIONS, formatDollars, invoicePaidBy, type CheckoutEvent } from "./rules";
import { invoicePaidByCheckout } from "./invoice.server";
import type { WebhookContext, WebhookHandler } from "./webhook-types";

async function handleCheckout({ tx, firmId, accountId, event, afterCommit }: WebhookContext): Promise<string> {
  const session = event.data.object as Stripe.Checkout.Session;
  const meaning = checkoutEvent(event.type, session.payment_status);
  if (!meaning) return "ignored: not a checkout event";
  const payment = await tx.cardPayment.findUnique({ where: { checkoutSessionId: session.id } });
  if (!payment || payment.firmId !== firmId || payment.accountId !== accountId) return "ignored: unknown checkout session";
  if (meaning !== "expired" && (session.amount_total !== payment.amountCents || (session.currency ?? "usd") !== "usd")) {
    console.warn(`[payments] checkout ${session.id}: amount ${session.amount_total} ${session.currency} differs from ${payment.amountCents} usd`);
    return "ignored: amount differs from the payment started";
  }
  const move = CARD_PAYMENT_TRANSITIONS[meaning];
  if (move) {
    await tx.cardPayment.updateMany({
      where: { id: payment.id, status: { in: move.from } },
      data: { status: move.to, ...(move.to === "paid" ? { paidAt: new Date() } : {}) },
    });
  }
  if (payment.kind === "deposit" && payment.questionnaireId) return depositChanged(tx, firmId, payment.questionnaireId, meaning, payment.amountCents);
  if (payment.kind === "invoice" && payment.taxReturnId && invoicePaidBy(meaning)) return invoicePaidByCheckout(tx, firmId, payment.taxReturnId, afterCommit);
  return `checkout ${meaning}`;
}

const DEPOSIT_ACTIVITY: Record<string, string> = {
  paid: "Paid the deposit online",
  payment_pending: "Started paying the deposit online (payment pending)",
  unpaid: "The online deposit payment failed",
};

async function depositChanged(tx: FirmTx, firmId: string, questionnaireId: string, meaning: CheckoutEvent, amountCents: number): Promise<string> {
  const move = DEPOSIT_TRANSITIONS[meaning];
  if (!move) return `deposit unchanged (${meaning})`;
  const title = DEPOSIT_ACTIVITY[move.to]!;
  const now = new Date();
  const changed = await tx.questionnaire.updateMany({
    where: { id: questionnaireId, depositStatus: { in: move.from } },
    data: { depositStatus: move.to, lastActivity: title, lastActivityAt: now },
  });
  if (changed.count === 0) return `deposit unchanged (${meaning})`;
  const q = await tx.questionnaire.findUnique({ where: { id: questionnaireId }, select: { companyId: true } });
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.questionnaire,
    title,
    description: formatDollars(amountCents),
    companyId: q?.companyId ?? null,
    questionnaireId,
  });
  return `deposit ${move.to}`;
}

export const CHECKOUT_WEBHOOK_HANDLERS: Record<string, WebhookHandler> = {
  "checkout.session.completed": handleCheckout,
  "checkout.session.async_payment_succeeded": handleCheckout,
  "checkout.session.async_payment_failed": handleCheckout,
  "checkout.session.expired": handleCheckout,
};
