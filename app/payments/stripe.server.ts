/**
 * The product's one way to Stripe: the official `stripe` SDK. With STRIPE_SECRET_KEY it talks to
 * Stripe; without it, on a local APP_DOMAIN, to the local Stripe-protocol fake (app/payments/fake/,
 * started by `npm start` and the tests, its address in STRIPE_FAKE_URL). A portal on a real domain
 * with no key takes no payments (`paymentsMode()` is "off").
 *
 * Firms take payments on their own connected account (Stripe Connect, direct charges): every call
 * about a firm's money passes `{ stripeAccount }` as a request option.
 */
import Stripe from "stripe";
import { env, isLocalDomain, type Env } from "~/env.server";

export type PaymentsMode = "stripe" | "fake" | "off";

/** Without a fake address, the fake's default one (`npm start` sets STRIPE_FAKE_URL). */
export const DEFAULT_FAKE_URL = "http://127.0.0.1:4570";

/** A key the fake accepts (it checks none). Never sent to Stripe: with a real key, that key is used. */
const FAKE_SECRET_KEY = "sk_test_local_fake";

export function paymentsMode(config: Pick<Env, "STRIPE_SECRET_KEY" | "APP_DOMAIN"> = env()): PaymentsMode {
  if (config.STRIPE_SECRET_KEY) return "stripe";
  return isLocalDomain(config.APP_DOMAIN) ? "fake" : "off";
}

let cached: { key: string; client: Stripe } | undefined;

/**
 * The SDK client (one per configuration). Requests fail fast (10 s, one retry) so a payment page
 * says Stripe is unreachable instead of hanging.
 */
export function stripe(): Stripe {
  const config = env();
  const mode = paymentsMode(config);
  const fakeUrl = new URL(config.STRIPE_FAKE_URL ?? DEFAULT_FAKE_URL);
  const key = mode === "stripe" ? `stripe:${config.STRIPE_SECRET_KEY}` : `fake:${fakeUrl.href}`;
  if (cached?.key === key) return cached.client;
  const common = { maxNetworkRetries: 1, timeout: 10_000, appInfo: { name: "client-portal" } } as const;
  const client =
    mode === "stripe"
      ? new Stripe(config.STRIPE_SECRET_KEY!, common)
      : new Stripe(FAKE_SECRET_KEY, {
          ...common,
          host: fakeUrl.hostname,
          port: Number(fakeUrl.port || (fakeUrl.protocol === "https:" ? 443 : 80)),
          protocol: fakeUrl.protocol === "https:" ? "https" : "http",
        });
  cached = { key, client };
  return client;
}

/** The secret webhooks are signed with (STRIPE_WEBHOOK_SECRET; `npm start` makes one for the fake), or null: none is accepted. */
export function webhookSecret(): string | null {
  return env().STRIPE_WEBHOOK_SECRET || null;
}
