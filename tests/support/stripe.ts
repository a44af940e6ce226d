/**
 * The local Stripe fake (app/payments/fake/) for integration tests, wired to a booted app:
 *
 *   let stripe: TestStripe;
 *   beforeAll(async () => {
 *     stripe = await startTestStripe();
 *     app = await bootApp({ name: "payments", env: stripe.env });  // STRIPE_FAKE_URL, STRIPE_WEBHOOK_SECRET
 *     stripe.connect(app);                                           // webhooks go to the app's /webhooks/stripe
 *   });
 *   afterAll(async () => { await app?.stop(); await stripe?.stop(); });
 *
 *   await stripe.fake.send("acct_…", "checkout.session.completed", session);   // signed, from that account
 *   await stripe.post(app, payload, { signature: "t=1,v1=forged" });           // a raw webhook
 *   stripe.fake.failWith(503);                                                 // Stripe is down
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { startStripeFake, type StripeFake } from "../../app/payments/fake/server";
import { hostRequest } from "./http";

export interface TestStripe {
  fake: StripeFake;
  secret: string;
  /** For bootApp's `env`. */
  env: Record<string, string>;
  /** Points the fake's webhooks at this app's root domain. */
  connect(app: { port: number }): void;
  /** A signed header for `payload` (now, or at `timestamp` seconds), with this secret or another. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /** POSTs a raw webhook body to the app's /webhooks/stripe (signed with the secret unless `signature` is given). */
  post(app: { port: number }, payload: string, options?: { signature?: string; timestamp?: number }): Promise<{ status: number; text: string }>;
  /** A Stripe event from `account`, as the fake sends it. */
  event(account: string | null, type: string, object: Record<string, unknown>, id?: string): Stripe.Event;
  stop(): Promise<void>;
}

const signer = new Stripe("sk_test_local_fake");

export async function startTestStripe(): Promise<TestStripe> {
  const secret = `whsec_test_${randomBytes(16).toString("hex")}`;
  const fake = await startStripeFake({ webhookSecret: secret, webhookDelayMs: 50 });
  const sign: TestStripe["sign"] = (payload, options = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret, timestamp: options.timestamp });
  return {
    fake,
    secret,
    env: { STRIPE_FAKE_URL: fake.url, STRIPE_WEBHOOK_SECRET: secret },
    connect(app) {
      fake.setWebhookTarget({ url: `http://127.0.0.1:${app.port}/webhooks/stripe`, host: `localhost:${app.port}` });
    },
    sign,
    async post(app, payload, options = {}) {
      const signature = options.signature ?? sign(payload, { timestamp: options.timestamp });
      const response = await hostRequest(app.port, {
        host: `localhost:${app.port}`,
        path: "/webhooks/stripe",
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      return { status: response.status, text: response.text };
    },
    event(account, type, object, id = fake.newId("evt")) {
      return {
        id,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        ...(account ? { account } : {}),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      } as unknown as Stripe.Event;
    },
    stop: () => fake.stop(),
  };
}
