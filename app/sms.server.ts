/**
 * Sending SMS: `sendSms(portal, { to, body, userId? })`.
 *
 * Every SMS is recorded in the firm's outbox (OutboundMessage), `to` in E.164 (US numbers may be
 * given as 10 digits), and then delivered through the configured provider (Twilio with
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER). Without a provider it stays in
 * the outbox, readable at /dev/outbox outside production. Throws OutboundMessageError for invalid
 * input; a provider failure is recorded on the message (and retried later), never thrown.
 * See app/messaging/outbox.server.ts.
 */
import { deliverNow, queueSms, type MessagingScope, type OutboundMessageOutcome, type SmsInput } from "./messaging/outbox.server";

export { OutboundMessageError } from "./messaging/rules";
export type { MessagingScope, OutboundMessageOutcome, SmsInput };

export async function sendSms(portal: MessagingScope, input: SmsInput): Promise<OutboundMessageOutcome> {
  return deliverNow(portal, await queueSms(portal, input));
}
