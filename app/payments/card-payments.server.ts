/**
 * Paying online through Stripe Checkout on the firm's connected account: a questionnaire's deposit
 * and a tax return's tax service invoice.
 *
 * Starting a payment: the amount always comes from the database (nothing the browser sends is
 * used for it); a paid or settling item is refused with a clear message and no session; an open
 * session of the same item is handed out again instead of a second one (Stripe's idempotency key
 * covers two clicks at once); Stripe unreachable → 503 and nothing changes. The client comes back
 * to the page it left; the state changes only when the verified webhook comes
 * (./checkout-webhooks.server.ts), never from the redirect.
 */
import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { INVOICE_PAYABLE_STATUSES, TAX_RETURN_CONFLICTS } from "~/deliver/rules";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { PortalError } from "~/errors";
import { findTarget } from "~/questionnaires/actions/frame.server";
import { depositOutstanding, SECTION_TYPE } from "~/questionnaires/rules";
import { PAYMENT_MESSAGES } from "./rules";
import { paymentsMode, stripe } from "./stripe.server";

/** The firm's connected account, or null (not connected, or payments are off on this portal). */
export async function connectedAccount(db: FirmSiteContext["db"] | FirmTx, firmId: string): Promise<string | null> {
  if (paymentsMode() === "off") return null;
  const firm = await (db as FirmTx).firm.findUnique({ where: { id: firmId }, select: { stripeAccountId: true } });
  return firm?.stripeAccountId ?? null;
}

/** A Stripe failure in words a client can act on (never a 500). */
export function stripeFailure(error: unknown): PortalError {
  if (error instanceof PortalError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    if (error.type === "StripeConnectionError" || error.type === "StripeAPIError" || error.type === "StripeRateLimitError" || status >= 500 || status === 0) {
      return new PortalError(502, PAYMENT_MESSAGES.unreachable);
    }
    console.warn(`[payments] Stripe refused a request: ${error.type} ${error.message}`);
    return new PortalError(409, "Your firm's payment provider can't take this payment right now. Please contact your firm.");
  }
  console.warn(`[payments] ${String(error)}`);
  return new PortalError(502, PAYMENT_MESSAGES.unreachable);
}

interface CheckoutItem {
  kind: "deposit" | "invoice";
  questionnaireId?: string;
  taxReturnId?: string;
  amountCents: number;
  name: string;
  successUrl: string;
  cancelUrl: string;
  email: string | null;
}

/**
 * A Checkout Session for `item` on `account`: the open one of the same item and amount if there is
 * one, else a new one (recorded as a CardPayment). Refuses when one of them is already complete
 * (the webhook has not arrived yet).
 */
async function checkoutFor(portal: FirmSiteContext, user: SessionUser, account: string, item: CheckoutItem): Promise<{ url: string }> {
  const where = item.kind === "deposit" ? { kind: item.kind, questionnaireId: item.questionnaireId } : { kind: item.kind, taxReturnId: item.taxReturnId };
  const earlier = await portal.db.cardPayment.findMany({ where: { ...where, status: "open" }, orderBy: { createdAt: "desc" }, take: 3 });
  const client = stripe();
  try {
    // Sessions still recorded open that can no longer be paid (expired before its webhook came, gone, another amount).
    let unusable = 0;
    for (const payment of earlier) {
      const session = await client.checkout.sessions.retrieve(payment.checkoutSessionId, {}, { stripeAccount: account }).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null; // gone (another account, purged): not reusable
        throw error;
      });
      if (session?.status === "complete") throw new PortalError(409, PAYMENT_MESSAGES.pendingAlready);
      if (session?.status === "open" && session.url && payment.amountCents === item.amountCents) return { url: session.url };
      unusable += 1;
    }
    // Two clicks at once send the same key, so Stripe answers both with one session: the key counts
    // only the item's sessions that can't be paid any more (closed, or found unusable above), never
    // an open one the other click may have just recorded. Each unusable session changes the key, so
    // a new payment never gets an old session back.
    const earlierSessions = unusable + (await portal.db.cardPayment.count({ where: { ...where, status: { not: "open" } } }));
    const id = item.questionnaireId ?? item.taxReturnId!;
    const shape = createHash("sha256").update(`${item.successUrl}\n${item.cancelUrl}\n${item.name}`).digest("hex").slice(0, 16);
    const session = await client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: item.amountCents, product_data: { name: item.name } } }],
        success_url: item.successUrl,
        cancel_url: item.cancelUrl,
        client_reference_id: id,
        ...(item.email ? { customer_email: item.email } : {}),
        metadata: { kind: item.kind, [item.kind === "deposit" ? "questionnaire_id" : "tax_return_id"]: id },
      },
      { stripeAccount: account, idempotencyKey: `${item.kind}-${id}-${item.amountCents}-${earlierSessions}-${shape}` },
    );
    if (!session.url) throw new PortalError(502, PAYMENT_MESSAGES.unreachable);
    await portal.db.cardPayment.createMany({
      data: [
        {
          firmId: portal.firm.id,
          kind: item.kind,
          questionnaireId: item.questionnaireId ?? null,
          taxReturnId: item.taxReturnId ?? null,
          checkoutSessionId: session.id,
          accountId: account,
          amountCents: item.amountCents,
          createdById: user.id,
        },
      ],
      skipDuplicates: true,
    });
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** POST /api/questionnaires/{companyHash}/checkout: the client pays the questionnaire's deposit. */
export async function startDepositCheckout(portal: FirmSiteContext, user: SessionUser, companyHash: string, questionnaireId: string): Promise<{ url: string }> {
  if (user.kind !== "client") throw new PortalError(404, "Not Found");
  const target = await portal.db.$transaction((tx) => findTarget(tx, user, companyHash, questionnaireId, false));
  if (user.readonlyAccess || target.readonly_access) throw new PortalError(403, PAYMENT_MESSAGES.readOnly);
  const facts = { depositStatus: target.deposit_status, depositAmountCents: target.deposit_amount_cents };
  if (!facts.depositStatus || !facts.depositAmountCents) throw new PortalError(409, PAYMENT_MESSAGES.noDeposit);
  if (facts.depositStatus === "payment_pending") throw new PortalError(409, PAYMENT_MESSAGES.pendingAlready);
  if (!depositOutstanding(facts)) throw new PortalError(409, PAYMENT_MESSAGES.alreadyPaid);
  const account = await connectedAccount(portal.db, portal.firm.id);
  if (!account) throw new PortalError(409, PAYMENT_MESSAGES.notConnected);
  const q = await portal.db.questionnaire.findUnique({
    where: { id: target.id },
    select: { name: true, taxYear: true, sections: { where: { sectionType: SECTION_TYPE.payment_request }, select: { id: true }, take: 1 } },
  });
  const back = new URL(`/questionnaire/${encodeURIComponent(companyHash)}`, portal.origin);
  back.searchParams.set("questionnaireId", target.id);
  if (q?.sections[0]) back.searchParams.set("sectionId", q.sections[0].id);
  const success = new URL(back);
  success.searchParams.set("payment", "returned");
  const cancel = new URL(back);
  cancel.searchParams.set("payment", "cancelled");
  return checkoutFor(portal, user, account, {
    kind: "deposit",
    questionnaireId: target.id,
    amountCents: facts.depositAmountCents,
    name: `Deposit: ${q?.name ?? "Questionnaire"} (${q?.taxYear ?? ""})`.replace(" ()", ""),
    successUrl: success.href,
    cancelUrl: cancel.href,
    email: user.email ?? null,
  });
}

/** POST /api/tax-returns/{id}/checkout: the client pays the tax service invoice of a return. */
export async function startInvoiceCheckout(
  portal: FirmSiteContext,
  user: SessionUser,
  taxReturn: { id: string; companyId: string; status: TaxReturnStatus; taxYear: number | null; invoiceAmountCents: number | null; invoicePaid: boolean },
): Promise<{ url: string }> {
  if (user.readonlyAccess) throw new PortalError(403, PAYMENT_MESSAGES.readOnly);
  if (!taxReturn.invoiceAmountCents || taxReturn.invoiceAmountCents <= 0) throw new PortalError(409, PAYMENT_MESSAGES.noInvoice);
  if (taxReturn.invoicePaid) throw new PortalError(409, PAYMENT_MESSAGES.invoiceAlreadyPaid);
  if (!INVOICE_PAYABLE_STATUSES.includes(taxReturn.status)) throw new PortalError(409, TAX_RETURN_CONFLICTS.invoice_paid);
  const account = await connectedAccount(portal.db, portal.firm.id);
  if (!account) throw new PortalError(409, PAYMENT_MESSAGES.notConnected);
  const back = new URL(`/tax-return-delivery/${encodeURIComponent(taxReturn.id)}`, portal.origin);
  back.searchParams.set("companyId", taxReturn.companyId);
  const success = new URL(back);
  success.searchParams.set("payment", "returned");
  const cancel = new URL(back);
  cancel.searchParams.set("payment", "cancelled");
  return checkoutFor(portal, user, account, {
    kind: "invoice",
    taxReturnId: taxReturn.id,
    amountCents: taxReturn.invoiceAmountCents,
    name: `Tax Service Invoice${taxReturn.taxYear ? ` (${taxReturn.taxYear})` : ""}`,
    successUrl: success.href,
    cancelUrl: cancel.href,
    email: user.email ?? null,
  });
}
