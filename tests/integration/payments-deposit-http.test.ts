/**
 * A questionnaire's deposit paid online, over HTTP with the built app and the local Stripe fake:
 * checkout → webhook → paid (also through the fake's own page, and by a bank payment that is
 * payment_pending first); duplicate and out-of-order webhooks; a webhook from another firm's
 * account never touches this firm; the amount always comes from the server; a paid or settling
 * deposit is refused with no second session; Stripe unreachable → a clear error, nothing paid; a
 * firm with no account → the connect message. Collect's preview reads the same status.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { startTestStripe, type TestStripe } from "../support/stripe";
import { PAYMENT_MESSAGES } from "~/payments/rules";

let app: TestApp;
let stripe: TestStripe;
let client: Browser;
let q: { id: string; hash: string; companyId: string };
const ACME = "acct_demo_acme";
const SUMMIT = "acct_demo_summit";
const AMOUNT = 35000;
let testStarted = new Date();

async function deposit(): Promise<string | null> {
  const { rows } = await app.su.query("SELECT deposit_status::text AS s FROM questionnaires WHERE id = $1", [q.id]);
  return rows[0].s;
}

async function payments(): Promise<{ checkout_session_id: string; status: string; amount_cents: number }[]> {
  const { rows } = await app.su.query(
    "SELECT checkout_session_id, status::text, amount_cents FROM card_payments WHERE questionnaire_id = $1 AND created_at >= $2 ORDER BY created_at",
    [q.id, testStarted],
  );
  return rows;
}

function checkout(body: Record<string, unknown> = { questionnaireId: q.id }) {
  return client.postJson("acme", `/api/questionnaires/${q.hash}/checkout`, body);
}

/** The session the fake holds, as Stripe would send it once the client paid. */
function completed(sessionId: string, patch: Record<string, unknown> = {}) {
  const session = stripe.fake.objects.get(sessionId)!;
  const { _items, account: _account, ...rest } = session as Record<string, unknown>;
  return { ...rest, status: "complete", payment_status: "paid", ...patch };
}

async function startSession(): Promise<string> {
  const response = await checkout();
  expect(response.status, response.text).toBe(200);
  expect(response.body.url).toMatch(new RegExp(`^${stripe.fake.url}/checkout/cs_test_`));
  return response.body.url.split("/").pop();
}

beforeAll(async () => {
  stripe = await startTestStripe();
  app = await bootApp({ name: "payments-deposit", env: stripe.env });
  stripe.connect(app);
  const { rows } = await app.su.query(
    `SELECT q.id, c.hash_id AS hash, c.id AS "companyId" FROM questionnaires q JOIN companies c ON c.firm_id = q.firm_id AND c.id = q.company_id
      WHERE q.firm_id = 'firm_acme' AND q.name = '2025 S-Corporation Questionnaire' AND c.name = 'Rivera Design Studio LLC'`,
  );
  q = rows[0];
  client = await app.signIn("acme", "client@acme.test");
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

beforeEach(async () => {
  stripe.fake.failWith(null);
  await app.su.query("UPDATE questionnaires SET deposit_status = 'unpaid', deposit_amount_cents = $2 WHERE id = $1", [q.id, AMOUNT]);
  // Earlier tests' sessions are over (expired), as they would be a day later.
  await app.su.query("UPDATE card_payments SET status = 'expired' WHERE questionnaire_id = $1", [q.id]);
  testStarted = new Date();
  await app.su.query("UPDATE firms SET stripe_account_id = 'acct_demo_' || slug");
});

describe("paying a deposit online", () => {
  it("the demo firms are connected to the local fake", async () => {
    const { rows } = await app.su.query("SELECT slug, stripe_account_id FROM firms WHERE id IN ('firm_acme', 'firm_summit') ORDER BY slug");
    expect(rows).toEqual([
      { slug: "acme", stripe_account_id: ACME },
      { slug: "summit", stripe_account_id: SUMMIT },
    ]);
  });

  it("checkout → webhook → paid; the redirect alone changes nothing; the same event again changes nothing", async () => {
    const sessionId = await startSession();
    const session = stripe.fake.objects.get(sessionId)!;
    expect(session.amount_total).toBe(AMOUNT);
    expect(session.account).toBe(ACME);
    expect(String(session.success_url)).toContain(`/questionnaire/${q.hash}?questionnaireId=${q.id}`);
    // Coming back to the page (the redirect) changes nothing: only the webhook does.
    expect((await client.get("acme", `/questionnaire/${q.hash}?questionnaireId=${q.id}&payment=returned`)).status).toBe(200);
    expect(await deposit()).toBe("unpaid");

    const event = stripe.event(ACME, "checkout.session.completed", completed(sessionId));
    const first = await stripe.post(app, JSON.stringify(event));
    expect(first.status, first.text).toBe(200);
    expect(await deposit()).toBe("paid");
    expect((await payments())[0]!.status).toBe("paid");
    const again = await stripe.post(app, JSON.stringify(event));
    expect(JSON.parse(again.text)).toEqual({ received: "duplicate" });
    const activity = await app.su.query("SELECT title FROM activity_logs WHERE questionnaire_id = $1 AND title = 'Paid the deposit online'", [q.id]);
    expect(activity.rows).toHaveLength(1);
    // Collect's preview of the questionnaire shows it paid.
  });

  it("through the fake's own page: Pay by card → redirected back → the webhook marks it paid", async () => {
    const sessionId = await startSession();
    const paid = await fetch(`${stripe.fake.url}/checkout/${sessionId}/pay`, {
      method: "POST",
      body: new URLSearchParams({ method: "card" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain("payment=returned");
    await until(async () => (await deposit()) === "paid");
  });

  it("a bank payment is payment_pending, then paid when it settles; a failed one is unpaid again", async () => {
    const sessionId = await startSession();
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.completed", completed(sessionId, { payment_status: "unpaid" }))));
    expect(await deposit()).toBe("payment_pending");
    // While it settles, paying again is refused: no second session.
    const refused = await checkout();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(PAYMENT_MESSAGES.pendingAlready);
    expect(await payments()).toHaveLength(1);
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.async_payment_failed", completed(sessionId, { payment_status: "unpaid" }))));
    expect(await deposit()).toBe("unpaid");

    const second = await startSession();
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.completed", completed(second, { payment_status: "unpaid" }))));
    expect(await deposit()).toBe("payment_pending");
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.async_payment_succeeded", completed(second))));
    expect(await deposit()).toBe("paid");
  });

  it("out of order: settled before completed, or expired after paid, leaves it paid", async () => {
    const sessionId = await startSession();
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.async_payment_succeeded", completed(sessionId))));
    expect(await deposit()).toBe("paid");
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.completed", completed(sessionId, { payment_status: "unpaid" }))));
    await stripe.post(
      app,
      JSON.stringify(stripe.event(ACME, "checkout.session.expired", completed(sessionId, { status: "expired", payment_status: "unpaid" }))),
    );
    expect(await deposit()).toBe("paid");
    expect((await payments())[0]!.status).toBe("paid");
  });

  it("a webhook from another firm's account never touches this firm, whatever its payload says", async () => {
    const sessionId = await startSession();
    const forSummit = stripe.event(SUMMIT, "checkout.session.completed", completed(sessionId, { metadata: { firm_id: "firm_acme", questionnaire_id: q.id } }));
    const answer = await stripe.post(app, JSON.stringify(forSummit));
    expect(answer.status).toBe(200);
    expect(await deposit()).toBe("unpaid");
    const { rows } = await app.su.query("SELECT firm_id, outcome FROM stripe_events WHERE stripe_event_id = $1", [forSummit.id]);
    expect(rows).toEqual([{ firm_id: "firm_summit", outcome: "ignored: unknown checkout session" }]);
  });

  it("the amount comes from the server: an amount in the request is ignored, an event with another amount pays nothing", async () => {
    const response = await checkout({ questionnaireId: q.id, amount: 1, amountCents: 1, depositAmountCents: 1, unit_amount: 1 });
    expect(response.status).toBe(200);
    const sessionId = response.body.url.split("/").pop();
    expect(stripe.fake.objects.get(sessionId)!.amount_total).toBe(AMOUNT);
    expect((await payments())[0]!.amount_cents).toBe(AMOUNT);
    await stripe.post(app, JSON.stringify(stripe.event(ACME, "checkout.session.completed", completed(sessionId, { amount_total: 100 }))));
    expect(await deposit()).toBe("unpaid");
  });

  it("clicking Pay twice hands out the same open session", async () => {
    const [a, b] = await Promise.all([checkout(), checkout()]);
    expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([200, 200]);
    expect(a.body.url).toBe(b.body.url);
    expect(await payments()).toHaveLength(1);
    expect((await checkout()).body.url).toBe(a.body.url);

    // That session expires at Stripe before its webhook comes: the next Pay gets a new one (not the
    // expired session back from the idempotency key), and two clicks at once still share it.
    (stripe.fake.objects.get(String(a.body.url).split("/").pop()!) as { status: string }).status = "expired";
    const [c, d] = await Promise.all([checkout(), checkout()]);
    expect([c.status, d.status], `${c.text} ${d.text}`).toEqual([200, 200]);
    expect(c.body.url).not.toBe(a.body.url);
    expect(d.body.url).toBe(c.body.url);
    expect(await payments()).toHaveLength(2);
  });

  it("an already paid deposit is refused with a clear message and no session", async () => {
    const sessions = stripe.fake.objects.size;
    for (const status of ["paid", "marked_paid"]) {
      await app.su.query("UPDATE questionnaires SET deposit_status = $2 WHERE id = $1", [q.id, status]);
      const response = await checkout();
      expect(response.status).toBe(409);
      expect(response.body.error).toBe(PAYMENT_MESSAGES.alreadyPaid);
    }
    expect(await payments()).toHaveLength(0);
    expect(stripe.fake.objects.size).toBe(sessions);
  });

  it("Stripe unreachable: a clear error (not an outage), nothing recorded, nothing paid", async () => {
    stripe.fake.failWith(500);
    const response = await checkout();
    expect(response.status).toBe(502);
    expect(response.body.error).toBe(PAYMENT_MESSAGES.unreachable);
    expect(await payments()).toHaveLength(0);
    expect(await deposit()).toBe("unpaid");
  });

  it("a firm with no connected account answers the connect message", async () => {
    await app.su.query("UPDATE firms SET stripe_account_id = NULL WHERE id = 'firm_acme'");
    const response = await checkout();
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(PAYMENT_MESSAGES.notConnected);
    const page = await client.data("acme", `/questionnaire/${q.hash}?questionnaireId=${q.id}`, "routes/questionnaire.$companyHash");
    expect(page.cardPayments).toBe(false);
  });

  it("another client's questionnaire is 404 with nothing created", async () => {
    const other = await app.signIn("acme", "marcus.johnson@example.com").catch(() => null);
    const browser = other ?? (await app.signIn("summit", "client@summit.test"));
    const response = await browser.postJson(other ? "acme" : "summit", `/api/questionnaires/${q.hash}/checkout`, { questionnaireId: q.id });
    expect(response.status).toBe(404);
    expect(await payments()).toHaveLength(0);
  });
});

/** Waits for the fake's webhook (sent after its page redirects), checking every 50 ms for up to 10 s. */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the webhook did not arrive");
}
