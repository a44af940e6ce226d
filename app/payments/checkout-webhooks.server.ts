/** Checkout events: a deposit or an invoice paid, pending or failed (./card-payments.server.ts). */
import type { WebhookHandler } from "./webhook-types";

export const CHECKOUT_WEBHOOK_HANDLERS: Record<string, WebhookHandler> = {};
