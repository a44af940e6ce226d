/**
 * Stripe Checkout in the fake: sessions on a connected account (created, retrieved, expired) and
 * the page a person clicks to pay. "Pay by card" completes the session as paid; "Pay by bank
 * transfer" completes it unpaid (checkout.session.completed with payment_status unpaid) and
 * settles it a moment later (checkout.session.async_payment_succeeded), as bank debits do.
 * Webhooks leave after the page has redirected back, as Stripe's do.
 */
import { fakePage, html } from "./page";
import { param, type StripeParams } from "./form";
import type { StripeFake } from "./types";

type Session = Record<string, unknown> & { id: string; account: string | undefined; url: string; status: string };

function lineItems(body: StripeParams) {
  const items = Array.isArray(body.line_items) ? body.line_items : [];
  return items.map((_item, i) => ({
    name: param(body, "line_items", i, "price_data", "product_data", "name") ?? "Item",
    amount: Number(param(body, "line_items", i, "price_data", "unit_amount") ?? 0) * Number(param(body, "line_items", i, "quantity") ?? 1),
    currency: param(body, "line_items", i, "price_data", "currency") ?? "usd",
  }));
}

const error = (status: number, message: string) => ({ status, json: { error: { type: "invalid_request_error", message } } });

export function registerCheckout(fake: StripeFake) {
  const session = (id: string) => fake.objects.get(id) as Session | undefined;

  fake.route("POST", "/v1/checkout/sessions", ({ body, account }) => {
    const items = lineItems(body);
    if (!items.length) return error(400, "Missing required param: line_items.");
    if (!param(body, "success_url")) return error(400, "Missing required param: success_url.");
    const id = fake.newId("cs_test");
    const created: Session = {
      id,
      object: "checkout.session",
      account,
      mode: param(body, "mode") ?? "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: items.reduce((sum, item) => sum + item.amount, 0),
      amount_subtotal: items.reduce((sum, item) => sum + item.amount, 0),
      currency: items[0]!.currency,
      client_reference_id: param(body, "client_reference_id") ?? null,
      customer_email: param(body, "customer_email") ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      success_url: param(body, "success_url"),
      cancel_url: param(body, "cancel_url") ?? null,
      payment_intent: null,
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
      livemode: false,
      url: `${fake.url}/checkout/${id}`,
      _items: items,
    };
    fake.objects.set(id, created);
    return { json: publicSession(created) };
  });

  fake.route("GET", "/v1/checkout/sessions/:id", ({ params, account }) => {
    const s = session(params.id!);
    if (!s || s.account !== account) return error(404, `No such checkout.session: '${params.id}'`);
    return { json: publicSession(s) };
  });

  fake.route("POST", "/v1/checkout/sessions/:id/expire", ({ params, account }) => {
    const s = session(params.id!);
    if (!s || s.account !== account) return error(404, `No such checkout.session: '${params.id}'`);
    if (s.status !== "open") return error(400, `Only Checkout Sessions with a status of 'open' can be expired.`);
    Object.assign(s, { status: "expired", url: null });
    if (s.account) fake.sendLater(s.account, "checkout.session.expired", publicSession(s), 0);
    return { json: publicSession(s) };
  });

  fake.page("/checkout/:id", ({ params }) => {
    const s = session(params.id!);
    if (!s) return { status: 404, html: fakePage("Checkout", "<h1>This checkout page was not found.</h1>") };
    const items = s._items as { name: string; amount: number }[];
    const total = `$${((s.amount_total as number) / 100).toFixed(2)}`;
    if (s.status !== "open") {
      return {
        html: fakePage(
          "Checkout",
          `<h1>This checkout is ${html(s.status)}.</h1><a class="button secondary" href="${html(String(s.success_url ?? "/"))}">Back</a>`,
        ),
      };
    }
    return {
      html: fakePage(
        `Pay ${total}`,
        `<h1>${html(items.map((i) => i.name).join(", "))}</h1><p class="amount">${total}</p>
<form method="post" action="/checkout/${html(s.id)}/pay"><input type="hidden" name="method" value="card"><button type="submit">Pay by card</button></form>
<form method="post" action="/checkout/${html(s.id)}/pay"><input type="hidden" name="method" value="bank"><button type="submit" class="secondary">Pay by bank transfer (confirms in a few seconds)</button></form>
${s.cancel_url ? `<a class="button secondary" href="${html(String(s.cancel_url))}">Cancel</a>` : ""}`,
      ),
    };
  });

  fake.route("POST", "/checkout/:id/pay", ({ params, body }) => {
    const s = session(params.id!);
    if (!s || s.status !== "open") return { status: 409, html: fakePage("Checkout", "<h1>This checkout can no longer be paid.</h1>") };
    const bank = param(body, "method") === "bank";
    Object.assign(s, { status: "complete", payment_status: bank ? "unpaid" : "paid", payment_intent: fake.newId("pi"), url: null });
    if (s.account) {
      fake.sendLater(s.account, "checkout.session.completed", publicSession(s));
      if (bank) {
        const settled = { ...publicSession(s), payment_status: "paid" };
        fake.sendLater(s.account, "checkout.session.async_payment_succeeded", settled, 4000);
        s.payment_status = "paid";
      }
    }
    return { redirect: String(s.success_url).replace("{CHECKOUT_SESSION_ID}", s.id) };
  });
}

function publicSession(s: Session): Record<string, unknown> {
  const { _items, account: _account, ...rest } = s;
  return rest;
}
