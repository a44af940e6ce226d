/**
 * Sending email: `sendEmail(portal, { to, subject, text, html?, userId? })`.
 *
 * Every email is recorded in the firm's outbox (OutboundMessage) and then delivered through the
 * configured provider (Resend with RESEND_API_KEY), from `"<Firm name>" <EMAIL_FROM>`. Without a
 * provider it stays in the outbox, readable at /dev/outbox outside production. Throws
 * OutboundMessageError for invalid input; a provider failure is recorded on the message (and
 * retried later), never thrown. See app/messaging/outbox.server.ts.
 */
import { deliverNow, queueEmail, type EmailInput, type MessagingScope, type OutboundMessageOutcome } from "./messaging/outbox.server";

export { OutboundMessageError } from "./messaging/rules";
export type { EmailInput, MessagingScope, OutboundMessageOutcome };

export async function sendEmail(portal: MessagingScope, input: EmailInput): Promise<OutboundMessageOutcome> {
  return deliverNow(portal, await queueEmail(portal, input));
}
