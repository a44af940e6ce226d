/**
 * What each verified Stripe webhook does, by event type: one table. A handler runs inside the
 * firm's row-level-security scope (the firm of the connected account that sent the event, never
 * anything in the payload), in the transaction that records the event, so a failing handler
 * records nothing and Stripe retries. It answers a short outcome kept with the event.
 *
 * To handle more events, write the handlers in their own file and add one line here.
 */
import type { WebhookHandler } from "./webhook-types";
import { CHECKOUT_WEBHOOK_HANDLERS } from "./checkout-webhooks.server";
import { CONNECT_WEBHOOK_HANDLERS } from "./connect-webhooks.server";
import { IDENTITY_WEBHOOK_HANDLERS } from "./identity-webhooks.server";

export type { WebhookContext, WebhookHandler } from "./webhook-types";

export const WEBHOOK_HANDLERS: Readonly<Record<string, WebhookHandler>> = {
  ...CONNECT_WEBHOOK_HANDLERS,
  ...CHECKOUT_WEBHOOK_HANDLERS,
  ...IDENTITY_WEBHOOK_HANDLERS,
};
