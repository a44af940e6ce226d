/**
 * /webhooks/stripe over HTTP, with the built app and the local Stripe fake: a forged, re-signed or
 * stale event is 400 with nothing recorded; a verified event is recorded once in the firm of the
 * connected account that sent it (the same event again changes nothing); an event from an unknown
 * account or none is answered 200 and touches no firm.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { startTestStripe, type TestStripe } from "../support/stripe";

let app: TestApp;
let stripe: TestStripe;
const ACME_ACCOUNT = "acct_webhooks_acme";
const SUMMIT_ACCOUNT = "acct_webhooks_summit";

async function events(): Promise<{ firm_id: string; stripe_event_id: string; type: string; outcome: string | null }[]> {
  const { rows } = await app.su.query("SELECT firm_id, stripe_event_id, type, outcome FROM stripe_events ORDER BY received_at, id");
  return rows;
}

beforeAll(async () => {
  stripe = await startTestStripe();
  app = await bootApp({ name: "stripe-webhooks", env: stripe.env });
  stripe.connect(app);
  await app.su.query("UPDATE firms SET stripe_account_id = $1 WHERE id = 'firm_acme'", [ACME_ACCOUNT]);
  await app.su.query("UPDATE firms SET stripe_account_id = $1 WHERE id = 'firm_summit'", [SUMMIT_ACCOUNT]);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

describe("/webhooks/stripe", () => {
  it("refuses a forged, altered, re-signed or stale event (400) and records nothing", async () => {
    const payload = JSON.stringify(stripe.event(ACME_ACCOUNT, "account.updated", { id: ACME_ACCOUNT, object: "account", charges_enabled: true }));
    expect((await stripe.post(app, payload, { signature: "t=1700000000,v1=deadbeef" })).status).toBe(400);
    expect((await stripe.post(app, payload, { signature: stripe.sign(payload, { secret: "whsec_someone_else" }) })).status).toBe(400);
    const altered = payload.replace(ACME_ACCOUNT, SUMMIT_ACCOUNT);
    expect((await stripe.post(app, altered, { signature: stripe.sign(payload) })).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await stripe.post(app, payload, { timestamp: stale })).status).toBe(400);
    expect((await stripe.post(app, payload, { signature: "" })).status).toBe(400);
    expect(await events()).toEqual([]);
  });

  it("records a verified event once, in the firm of the account that sent it", async () => {
    const event = stripe.event(ACME_ACCOUNT, "account.updated", { id: ACME_ACCOUNT, object: "account", charges_enabled: true });
    const payload = JSON.stringify(event);
    const first = await stripe.post(app, payload);
    expect(first.status, first.text).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ received: "recorded" });
    // Stripe redelivers the same event (a new signature): nothing changes.
    const again = await stripe.post(app, payload);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text)).toEqual({ received: "duplicate" });
    expect(await events()).toEqual([{ firm_id: "firm_acme", stripe_event_id: event.id, type: "account.updated", outcome: "account can take payments" }]);
    // In the firm's own scope, the other firm sees none of it.
    expect(await app.tx("acme", (tx) => tx.stripeEvent.count())).toBe(1);
    expect(await app.tx("summit", (tx) => tx.stripeEvent.count())).toBe(0);
  });

  it("takes the firm from the connected account only: metadata naming another firm changes nothing", async () => {
    const event = stripe.event(SUMMIT_ACCOUNT, "account.updated", {
      id: SUMMIT_ACCOUNT,
      object: "account",
      charges_enabled: false,
      metadata: { firmId: "firm_acme", firm_id: "firm_acme" },
    });
    expect((await stripe.post(app, JSON.stringify(event))).status).toBe(200);
    const rows = (await events()).filter((e) => e.stripe_event_id === event.id);
    expect(rows).toEqual([{ firm_id: "firm_summit", stripe_event_id: event.id, type: "account.updated", outcome: "account cannot take payments yet" }]);
  });

  it("answers an event from an unknown account, or from none, without touching any firm", async () => {
    const before = (await events()).length;
    const unknown = await stripe.post(app, JSON.stringify(stripe.event("acct_nobody", "account.updated", { id: "acct_nobody", object: "account" })));
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.text)).toEqual({ received: "no-firm" });
    const platform = await stripe.post(app, JSON.stringify(stripe.event(null, "balance.available", { object: "balance" })));
    expect(platform.status).toBe(200);
    expect((await events()).length).toBe(before);
  });

  it("accepts the fake's own signed webhooks (the way npm start delivers them)", async () => {
    const sent = await stripe.fake.send(ACME_ACCOUNT, "account.updated", { id: ACME_ACCOUNT, object: "account", charges_enabled: true });
    expect(sent.status).toBe(200);
    expect((await events()).some((e) => e.stripe_event_id === sent.event.id && e.firm_id === "firm_acme")).toBe(true);
  });

  it("answers a GET with 405", async () => {
    expect((await app.get("acme", "/webhooks/stripe")).status).toBe(405);
  });
});
