/**
 * POST /webhooks/stripe (app/routes/webhooks.stripe.tsx): Stripe's events about the firms'
 * connected accounts.
 *
 * 1. The raw body is verified against the Stripe-Signature header (STRIPE_WEBHOOK_SECRET, five
 *    minutes' tolerance): forged, altered, replayed later or unsigned → 400, nothing changed.
 * 2. The firm is the one whose connected account sent the event (`event.account`); nothing else in
 *    the payload names a firm. No account or an unknown one → 200 and nothing changed.
 * 3. In that firm's scope and one transaction: the event is recorded once (unique Stripe event id:
 *    the same event again → 200, nothing changed), then handled by its type
 *    (./webhook-handlers.server.ts). A handler that fails rolls the record back: 500, Stripe retries.
 */
import type Stripe from "stripe";
import type { Prisma } from "~/generated/prisma/client";
import { resolveFirmIdByStripeAccount, withFirm } from "~/db.server";
import { paymentsMode, stripe, webhookSecret } from "./stripe.server";
import { WEBHOOK_HANDLERS } from "./webhook-handlers.server";

/** How old a signed event may be (seconds): Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookOutcome =
  | { status: 400; reason: string }
  | { status: 404; reason: string }
  | { status: 200; received: "recorded" | "duplicate" | "no-firm" | "no-account"; outcome?: string; firmId?: string; eventId?: string };

export async function receiveStripeWebhook(request: Request): Promise<WebhookOutcome> {
  if (paymentsMode() === "off") return { status: 404, reason: "Payments are not configured." };
  const secret = webhookSecret();
  const signature = request.headers.get("stripe-signature");
  if (!secret || !signature) return { status: 400, reason: "Missing signature." };
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return { status: 400, reason: "Invalid signature." };
  }
  const accountId = event.account;
  if (!accountId) return { status: 200, received: "no-account", eventId: event.id };
  const firmId = await resolveFirmIdByStripeAccount(accountId);
  if (!firmId) return { status: 200, received: "no-firm", eventId: event.id };

  const afterCommit: (() => Promise<void>)[] = [];
  const result = await withFirm(firmId, async (tx) => {
    const object = event.data.object as { id?: unknown };
    const inserted = await tx.stripeEvent.createMany({
      data: [
        {
          firmId,
          stripeEventId: event.id,
          type: event.type,
          accountId,
          objectId: typeof object.id === "string" ? object.id : null,
          payload: JSON.parse(payload) as Prisma.InputJsonValue,
        },
      ],
      skipDuplicates: true,
    });
    if (inserted.count === 0) return { status: 200, received: "duplicate", firmId, eventId: event.id } as const;
    const handler = WEBHOOK_HANDLERS[event.type];
    const outcome = handler ? await handler({ tx, firmId, accountId, event, afterCommit: (fn) => afterCommit.push(fn) }) : "ignored: no handler";
    await tx.stripeEvent.update({ where: { stripeEventId: event.id }, data: { outcome } });
    return { status: 200, received: "recorded", outcome, firmId, eventId: event.id } as const;
  });
  for (const fn of afterCommit) await fn().catch((error: unknown) => console.warn(`[payments] after ${event.type}: ${String(error)}`));
  return result;
}
