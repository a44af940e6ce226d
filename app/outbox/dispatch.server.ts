/**
 * What happens to a message once it is recorded in the outbox (sendEmail, sendSms):
 *
 * - No provider configured for its channel: recorded as sent to the outbox right here (nothing
 *   leaves the machine, so a development sign-in code is readable at once; no job needed).
 * - The job queue runs in this process: the `deliver-outbound-message` job delivers it (and
 *   retries it), and the caller gets the row as `queued`.
 * - No queue (a script, a unit test, or the queue could not start), or the enqueue failed:
 *   delivered right here, so nothing waits for a worker that may not exist. A failure worth
 *   retrying leaves it queued, and a worker's sweep sends it when it is due.
 */
import { enqueue, jobsRunning } from "~/jobs.server";
import type { OutboundMessage } from "~/generated/prisma/client";
import { DELIVER_OUTBOUND_MESSAGE, deliveryJobOptions } from "./jobs.server";
import { deliverNow, outcomeOf, providerConfigured, type MessagingScope, type OutboundMessageOutcome } from "./outbox.server";
import { errorText } from "./rules";

export async function dispatchOutboundMessage(scope: MessagingScope, message: OutboundMessage): Promise<OutboundMessageOutcome> {
  if (!providerConfigured(message.channel) || !jobsRunning()) return deliverNow(scope, message);
  try {
    // A message held back (a chat message's unsend window) waits for its time.
    const later = message.nextAttemptAt.getTime() > Date.now() ? message.nextAttemptAt : undefined;
    await enqueue(DELIVER_OUTBOUND_MESSAGE, { firmId: message.firmId, id: message.id }, deliveryJobOptions(message.id, later));
    return outcomeOf(message);
  } catch (error) {
    console.warn(`[outbox] ${message.channel} ${message.id} firm ${message.firmId}: could not be queued for delivery (${errorText(error)}); delivering it now`);
    return deliverNow(scope, message);
  }
}

/**
 * Hands messages recorded by a transaction that has committed to delivery, one by one. One that
 * can't be handed over now stays queued (the outbox sweep delivers it): a warning names it, under
 * `label`, and the others go on.
 */
export async function dispatchCommitted(scope: MessagingScope, messages: OutboundMessage[], label: string): Promise<void> {
  for (const message of messages) {
    try {
      await dispatchOutboundMessage({ firm: { id: scope.firm.id, name: scope.firm.name }, db: scope.db }, message);
    } catch (error) {
      // The row is committed and queued: the outbox sweep delivers it.
      console.warn(`[${label}] message ${message.id} left for the outbox sweep: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
