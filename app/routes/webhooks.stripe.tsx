import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveStripeWebhook } from "~/payments/webhook.server";

/**
 * /webhooks/stripe: Stripe's events about the firms' connected accounts (configure this URL on the
 * root domain as a Connect webhook endpoint). Verification, idempotency and the firm: see
 * app/payments/webhook.server.ts.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  const outcome = await receiveStripeWebhook(request);
  const body = outcome.status === 200 ? { received: outcome.received } : { error: outcome.reason };
  return new Response(JSON.stringify(body), { status: outcome.status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
