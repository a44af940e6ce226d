/**
 * The local Stripe-protocol fake for `npm start` (app/payments/fake/): started when there is no
 * STRIPE_SECRET_KEY on a local APP_DOMAIN. Its address goes to STRIPE_FAKE_URL and a webhook
 * signing secret (new each start) to STRIPE_WEBHOOK_SECRET, which the app's servers inherit; its
 * webhooks go to the app's /webhooks/stripe on the root domain.
 */
import { randomBytes } from "node:crypto";
import type { Env } from "~/env.server";
import { startStripeFake, type StripeFake } from "~/payments/fake/server";

export async function startLocalStripe(options: { config: Env; port: number; appPort: number; log: (message: string) => void }): Promise<StripeFake> {
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || `whsec_local_${randomBytes(24).toString("hex")}`;
  const fake = await startStripeFake({
    port: options.port,
    webhookSecret,
    webhook: { url: `http://127.0.0.1:${options.appPort}/webhooks/stripe`, host: options.config.APP_DOMAIN },
    log: options.log,
  });
  Object.assign(process.env, { STRIPE_FAKE_URL: fake.url, STRIPE_WEBHOOK_SECRET: webhookSecret });
  return fake;
}
