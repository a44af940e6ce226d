/**
 * Sending SMS: `sendSms(portal, { to, body, userId? })`.
 *
 * Every SMS is recorded in the firm's outbox (OutboundMessage) before this returns, `to` in
 * E.164 (US numbers may be given as 10 digits), then delivered through the configured provider
 * (Twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER) by the
 * `deliver-outbound-message` background job, which retries provider failures with backoff; the
 * result is then the row as `queued`. Without a provider it is recorded as sent to the outbox at
 * once (readable at /dev/outbox on a local portal); without a job queue in this process it is
 * delivered before this returns. Throws a refusal (a 400 PortalError, `isMessageRefusal`) for invalid input; a provider
 * failure is recorded on the message, never thrown.
 * See app/outbox/dispatch.server.ts and app/outbox/jobs.server.ts.
 */
import { dispatchOutboundMessage } from "./outbox/dispatch.server";
import { queueSms, type MessagingScope, type OutboundMessageOutcome, type SmsInput } from "./outbox/outbox.server";

export { isMessageRefusal } from "./outbox/rules";
export type { MessagingScope, OutboundMessageOutcome, SmsInput };

export async function sendSms(portal: MessagingScope, input: SmsInput): Promise<OutboundMessageOutcome> {
  return dispatchOutboundMessage(portal, await queueSms(portal, input));
}
