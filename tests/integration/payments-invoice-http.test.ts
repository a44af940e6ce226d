/**
 * A delivered return's tax service invoice paid online, over HTTP with the built app and the local
 * Stripe fake: the client's page shows the invoice and whether it can be paid; checkout → verified
 * webhook → the return's invoice paid and its status invoice_paid; the redirect alone and a second
 * event change nothing; another firm's account never touches it; an already paid invoice is
 * refused with no second session; another client's return is 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { startTestStripe, type TestStripe } from "../support/stripe";
import { PAYMENT_MESSAGES } from "~/payments/rules";

let app: TestApp;
let stripe: TestStripe;
let client: Browser;
let ret: { id: string; companyId: string; status: string; email: string };
const ACME = "acct_demo_acme";
const SUMMIT = "acct_demo_summit";
const AMOUNT = 45_000;

async function invoice(): Promise<{ invoice_paid: boolean; status: string }> {
  const { rows } = await app.su.query("SELECT invoice_paid, status::text FROM tax_returns WHERE id = $1", [ret.id]);
  return rows[0];
}

function checkout(body: Record<string, unknown> = { companyId: ret.companyId }) {
  return client.postJson("acme", `/api/tax-returns/${ret.id}/checkout`, body);
}

function completed(sessionId: string, patch: Record<string, unknown> = {}) {
  const session = stripe.fake.objects.get(sessionId)!;
  const { _items, account: _account, ...rest } = session as Record<string, unknown>;
  return { ...rest, status: "complete", payment_status: "paid", ...patch };
}

function page() {
  return client.data("acme", `/tax-return-delivery/${ret.id}?companyId=${ret.companyId}`, "routes/tax-return-delivery.$taxReturnId");
}

beforeAll(async () => {
  stripe = await startTestStripe();
  app = await bootApp({ name: "payments-invoice", env: stripe.env });
  stripe.connect(app);
  const { rows } = await app.su.query(
    `SELECT t.id, t.company_id AS "companyId", t.status::text AS status, u.email
       FROM tax_returns t JOIN tax_return_signers s ON s.tax_return_id = t.id JOIN users u ON u.id = s.user_id
      WHERE t.firm_id = 'firm_acme' AND t.invoice_amount_cents IS NOT NULL AND t.status IN ('sent', 'signed') AND t.deleted_at IS NULL AND u.email IS NOT NULL
      ORDER BY t.id LIMIT 1`,
  );
  ret = rows[0];
  expect(ret, "a demo return with an invoice").toBeTruthy();
  client = await app.signIn("acme", ret.email);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

beforeEach(async () => {
  stripe.fake.failWith(null);
  // Signed: paying the invoice then makes it invoice_paid (a return still waiting for signatures stays sent: deliver-client-http).
  await app.su.query("UPDATE tax_returns SET invoice_paid = false, invoice_amount_cents = $2, status = 'signed' WHERE id = $1", [ret.id, AMOUNT]);
  await app.su.query("UPDATE card_payments SET status = 'expired' WHERE tax_return_id = $1", [ret.id]);
  await app.su.query("UPDATE firms SET stripe_account_id = 'acct_demo_' || slug");
});

describe("paying a tax service invoice online", () => {
  it("the page shows the invoice as payable; checkout → webhook → paid and invoice_paid; the redirect and a second event change nothing", async () => {
    const before = await page();
    expect(before.invoice).toEqual({ amount: "$450.00", paid: false, payable: true, connected: true });

    const response = await checkout({ companyId: ret.companyId, amountCents: 1, amount: 1 });
    expect(response.status, response.text).toBe(200);
    const sessionId = String(response.body.url).split("/").pop()!;
    const session = stripe.fake.objects.get(sessionId)!;
    expect(session.amount_total).toBe(AMOUNT);
    expect(session.account).toBe(ACME);
    expect(String(session.success_url)).toContain(`/tax-return-delivery/${ret.id}?companyId=${ret.companyId}&payment=returned`);

    expect((await client.get("acme", `/tax-return-delivery/${ret.id}?companyId=${ret.companyId}&payment=returned`)).status).toBe(200);
    expect((await invoice()).invoice_paid).toBe(false);

    const event = stripe.event(ACME, "checkout.session.completed", completed(sessionId));
    const first = await stripe.post(app, JSON.stringify(event));
    expect(first.status, first.text).toBe(200);
    expect(await invoice()).toEqual({ invoice_paid: true, status: "invoice_paid" });
    const again = await stripe.post(app, JSON.stringify(event));
    expect(JSON.parse(again.text)).toEqual({ received: "duplicate" });

    const after = await page();
    expect(after.invoice).toMatchObject({ paid: true, payable: false });
    const refused = await checkout();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(PAYMENT_MESSAGES.invoiceAlreadyPaid);
  });

  it("a webhook from another firm's account never pays this firm's invoice", async () => {
    const response = await checkout();
    const sessionId = String(response.body.url).split("/").pop()!;
    const answer = await stripe.post(app, JSON.stringify(stripe.event(SUMMIT, "checkout.session.completed", completed(sessionId))));
    expect(answer.status).toBe(200);
    expect((await invoice()).invoice_paid).toBe(false);
  });

  it("a firm with no connected account: the page says so and checkout answers the connect message", async () => {
    await app.su.query("UPDATE firms SET stripe_account_id = NULL WHERE id = 'firm_acme'");
    expect((await page()).invoice).toMatchObject({ payable: true, connected: false });
    const response = await checkout();
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(PAYMENT_MESSAGES.notConnected);
  });

  it("another firm's client gets 404 and no session", async () => {
    const sessions = stripe.fake.objects.size;
    const other = await app.signIn("summit", "client@summit.test");
    const response = await other.postJson("summit", `/api/tax-returns/${ret.id}/checkout`, { companyId: ret.companyId });
    expect(response.status).toBe(404);
    expect(stripe.fake.objects.size).toBe(sessions);
  });
});
