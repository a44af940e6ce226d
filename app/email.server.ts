/**
 * Sending email: `sendEmail(portal, { to, subject, text, html?, userId? })`.
 *
 * Every email is recorded in the firm's outbox (OutboundMessage) before this returns, then
 * delivered through the configured provider (Resend with RESEND_API_KEY), from
 * `"<Firm name>" <EMAIL_FROM>`, by the `deliver-outbound-message` background job, which retries
 * provider failures with backoff; the result is then the row as `queued`. Without a provider it is
 * recorded as sent to the outbox at once (readable at /dev/outbox on a local portal); without a
 * job queue in this process it is delivered before this returns. Throws a refusal (a 400 PortalError, `isMessageRefusal`) for
 * invalid input; a provider failure is recorded on the message, never thrown.
 * See app/outbox/dispatch.server.ts and app/outbox/jobs.server.ts.
 */
import { dispatchOutboundMessage } from "./outbox/dispatch.server";
import { queueEmail, type EmailInput, type MessagingScope, type OutboundMessageOutcome } from "./outbox/outbox.server";

export { isMessageRefusal } from "./outbox/rules";
export type { EmailInput, MessagingScope, OutboundMessageOutcome };

export async function sendEmail(portal: MessagingScope, input: EmailInput): Promise<OutboundMessageOutcome> {
  return dispatchOutboundMessage(portal, await queueEmail(portal, input));
}
