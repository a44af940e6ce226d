/**
 * Card payments (deposits on questionnaires, tax service invoices on returns): the texts, the
 * deposit's state as everyone sees it, and what each Stripe Checkout event does to it. Pure: the
 * server (./card-payments.server.ts, the webhook handlers) and the screens use these.
 */
import { depositOutstanding, type DepositFacts } from "~/questionnaires/rules";

export type DepositStatus = NonNullable<DepositFacts["depositStatus"]>;

export const PAYMENT_MESSAGES = {
  /** Staff spec §8: where a payment is requested but the firm has no card payment provider. */
  notConnected:
    "Online payment isn't available yet: your firm hasn't connected a card payment provider. Please contact your firm to pay; they will mark it paid.",
  staffNotConnected: "Connect a card payment provider in Firm Settings → Payments so clients can pay online.",
  alreadyPaid: "This deposit is already paid.",
  invoiceAlreadyPaid: "This invoice is already paid.",
  pendingAlready: "Your payment is being confirmed. There is nothing more to pay.",
  noDeposit: "This questionnaire has no deposit to pay.",
  noInvoice: "This tax return has no invoice to pay.",
  unreachable: "We couldn't reach the payment provider. Nothing was charged. Please try again in a few minutes.",
  cancelled: "Payment cancelled. Nothing was charged.",
  confirming: "Thank you! We're waiting for the payment provider to confirm your payment. This page updates by itself.",
  paid: "Thank you, your payment was received.",
  readOnly: "You have view-only access, so you can't make payments.",
} as const;

export interface DepositView {
  /** What is shown: the stored status, or payment_pending while a returned checkout waits for its webhook. */
  status: DepositStatus | null;
  label: string;
  tone: "success" | "warning" | "info" | "neutral";
  /** The amount in dollars, e.g. "$250.00"; null without a deposit. */
  amount: string | null;
  /** Whether the client can (still) pay it online. */
  payable: boolean;
}

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const LABELS: Record<DepositStatus, { label: string; tone: DepositView["tone"] }> = {
  paid: { label: "Paid", tone: "success" },
  marked_paid: { label: "Marked paid", tone: "success" },
  payment_pending: { label: "Payment pending", tone: "info" },
  pending: { label: "Unpaid", tone: "warning" },
  unpaid: { label: "Unpaid", tone: "warning" },
};

/**
 * The deposit as the client's questionnaire and Collect show it (one function for both).
 * `returnedFromCheckout`: the client is back from Stripe Checkout and the webhook has not come yet
 * (shown as payment pending; the stored state, and what blocks Submit, does not change).
 */
export function depositView(facts: DepositFacts, options: { returnedFromCheckout?: boolean } = {}): DepositView {
  const cents = facts.depositAmountCents ?? 0;
  if (cents <= 0 || !facts.depositStatus) return { status: null, label: "No deposit", tone: "neutral", amount: null, payable: false };
  const outstanding = depositOutstanding(facts);
  const status: DepositStatus = outstanding && options.returnedFromCheckout ? "payment_pending" : facts.depositStatus;
  return { status, ...LABELS[status], amount: formatDollars(cents), payable: outstanding && !options.returnedFromCheckout };
}

/** A Checkout event's meaning for the payment it is about. */
export type CheckoutEvent = "completed_paid" | "completed_unpaid" | "async_succeeded" | "async_failed" | "expired";

export function checkoutEvent(type: string, paymentStatus: string | null | undefined): CheckoutEvent | null {
  switch (type) {
    case "checkout.session.completed":
      return paymentStatus === "paid" || paymentStatus === "no_payment_required" ? "completed_paid" : "completed_unpaid";
    case "checkout.session.async_payment_succeeded":
      return "async_succeeded";
    case "checkout.session.async_payment_failed":
      return "async_failed";
    case "checkout.session.expired":
      return "expired";
    default:
      return null;
  }
}

/**
 * The deposit statuses an event moves from, and where to (used as `updateMany where status in from`,
 * so a late or repeated event finds nothing to change): paid is final; a deposit staff marked paid
 * stays marked paid; a bank payment still settling is payment_pending; a failed one is unpaid again.
 */
export const DEPOSIT_TRANSITIONS: Record<CheckoutEvent, { from: DepositStatus[]; to: DepositStatus } | null> = {
  completed_paid: { from: ["pending", "unpaid", "payment_pending"], to: "paid" },
  async_succeeded: { from: ["pending", "unpaid", "payment_pending"], to: "paid" },
  completed_unpaid: { from: ["pending", "unpaid"], to: "payment_pending" },
  async_failed: { from: ["payment_pending"], to: "unpaid" },
  expired: null,
};

export function nextDepositStatus(current: DepositStatus | null, event: CheckoutEvent): DepositStatus | null {
  const move = DEPOSIT_TRANSITIONS[event];
  return current && move && move.from.includes(current) ? move.to : current;
}

export type CardPaymentStatus = "open" | "paid" | "expired";

/** The Checkout Session's own record: open → paid (final) or expired; a failed bank payment is expired. */
export const CARD_PAYMENT_TRANSITIONS: Record<CheckoutEvent, { from: CardPaymentStatus[]; to: CardPaymentStatus } | null> = {
  completed_paid: { from: ["open", "expired"], to: "paid" },
  async_succeeded: { from: ["open", "expired"], to: "paid" },
  completed_unpaid: null,
  async_failed: { from: ["open"], to: "expired" },
  expired: { from: ["open"], to: "expired" },
};

/** An invoice is paid by a paid Checkout; nothing else changes it here. */
export function invoicePaidBy(event: CheckoutEvent): boolean {
  return event === "completed_paid" || event === "async_succeeded";
}
