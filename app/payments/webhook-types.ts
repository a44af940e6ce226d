/** The shape of a webhook handler (./webhook-handlers.server.ts). */
import type Stripe from "stripe";
import type { FirmTx } from "~/db.server";

export interface WebhookContext {
  tx: FirmTx;
  firmId: string;
  /** The connected account the event came from (the firm's). */
  accountId: string;
  event: Stripe.Event;
  /** Runs `fn` once the transaction has committed (e.g. deliverNotificationEmails). */
  afterCommit(fn: () => Promise<void>): void;
}

/** Answers an outcome for the event's record ("paid deposit …", "ignored: …"). */
export type WebhookHandler = (context: WebhookContext) => Promise<string>;
