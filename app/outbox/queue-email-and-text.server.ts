/**
 * One person's email and text message of a reminder, recorded in the outbox inside the caller's
 * transaction (questionnaire reminders, tax return reminders). Who gets which is the caller's rule;
 * this records them the same way for both.
 */
import type { OutboundMessage } from "~/generated/prisma/client";
import { queueEmail, queueSms, type MessagingScope } from "./outbox.server";
import { isMessageRefusal } from "./rules";

export interface EmailAndText {
  /** The email, or null when the person gets none. */
  email: { to: string; subject: string; text: string } | null;
  /** The text message, or null when the person gets none. */
  sms: { to: string; body: string } | null;
}

/** What a reminder has recorded so far: the rows to dispatch after commit, the counts, and how this person was reached. */
export interface EmailAndTextTally {
  messages: OutboundMessage[];
  outcome: { emails: number; sms: number };
  how: string[];
}

/**
 * Records the email, then the text message, for `userId`, adding each one recorded to `tally`
 * ("email", "text" in `how`). An address or number the outbox refuses (`isMessageRefusal`) is
 * passed over; any other failure throws (the caller's transaction rolls back).
 */
export async function queueEmailAndText(scope: MessagingScope, userId: string, send: EmailAndText, tally: EmailAndTextTally): Promise<void> {
  if (send.email) {
    try {
      tally.messages.push(await queueEmail(scope, { ...send.email, userId }));
      tally.outcome.emails += 1;
      tally.how.push("email");
    } catch (error) {
      if (!isMessageRefusal(error)) throw error;
    }
  }
  if (send.sms) {
    try {
      tally.messages.push(await queueSms(scope, { ...send.sms, userId }));
      tally.outcome.sms += 1;
      tally.how.push("text");
    } catch (error) {
      if (!isMessageRefusal(error)) throw error;
    }
  }
}
