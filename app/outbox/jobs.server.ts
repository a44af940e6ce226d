/**
 * The outbox's background jobs (run by app/jobs.server.ts). The message row stays the source of
 * truth: status, attempts, error and when it is next due; a job only carries `{ firmId, id }`.
 *
 * `deliver-outbound-message` { firmId, id }
 *   Delivers one message in its firm's scope (`deliverOutboundMessage`), which claims the row
 *   first: a message already sent, failed, not yet due or being delivered by someone else is not
 *   sent again, so duplicate jobs and several workers are harmless. After a provider failure worth
 *   retrying, the row is `queued` with a later `nextAttemptAt` (rules.ts: 1 min, 2, 4, 8, …) and
 *   the job sends itself again for that time, until MAX_DELIVERY_ATTEMPTS; a permanent failure
 *   (4xx) is `failed` at once and not retried. So the row's backoff is the only retry schedule:
 *   pg-boss's own retries (randomised backoff, a count of their own) would be a second one that
 *   could disagree with the row. They are kept for a handler that throws: the row could not be
 *   read (a transaction that recorded it has not committed yet, or the database is down), or the
 *   worker died mid-job. A job that finds the message not due does nothing more (another worker
 *   has it, and schedules its retry), unless it is due within seconds: then the job came early
 *   (the server's clock behind the database's) and comes back at that time.
 *   Queue policy `short`, singleton key = message id: at most one waiting job per message, so a
 *   request and the sweep enqueueing the same message send one job.
 *
 * `sweep-outbound-messages`
 *   Every minute (once across all servers), enqueues delivery of every queued message of any firm
 *   that has been due for over 30 s (its own job would have taken it within seconds): after a
 *   crash, a lost job, or a message recorded while no queue was running. It lists them with
 *   `portal_due_outbound_messages(due_before, limit)`, a SECURITY DEFINER function returning only
 *   (firm_id, id) (see migration outbox_sweep), so it needs no view of any firm's content.
 */
import { firmDb } from "~/db.server";
import type { EnqueueOptions, JobContext, JobDefinition } from "~/jobs.server";
import { deliverOutboundMessage, outboundMessageOutcome, type OutboundMessageOutcome } from "./outbox.server";

export const DELIVER_OUTBOUND_MESSAGE = "deliver-outbound-message";
export const SWEEP_OUTBOUND_MESSAGES = "sweep-outbound-messages";

/** Due messages enqueued per sweep; more wait for the next minute. */
const SWEEP_LIMIT = 500;
/**
 * A job that finds its message due within this long came early (clock skew) and comes back then;
 * further off, the message is being delivered by another worker (its claim lasts 2 minutes).
 */
const EARLY_JOB_MS = 5_000;
/** How long a message must have been due before the sweep takes it: its own job runs within seconds. */
export const SWEEP_GRACE_MS = 30_000;

export interface DeliverOutboundMessageJob {
  firmId: string;
  id: string;
}

export interface OutboxJobSettings {
  /** Wait before a failed delivery's first retry (default 1 min, doubling); tests shorten it. */
  firstRetryMs?: number;
  /** Messages delivered at once by one worker process (default 10). */
  concurrency?: number;
}

/** The delivery job of a message: at most one waiting per message. */
export function deliveryJobOptions(id: string, startAfter?: Date): EnqueueOptions {
  return startAfter ? { singletonKey: id, startAfter } : { singletonKey: id };
}

export function outboxJobs(settings: OutboxJobSettings = {}): JobDefinition[] {
  return [
    {
      name: DELIVER_OUTBOUND_MESSAGE,
      // Provider calls time out after 15 s; a job running for 2 minutes belongs to a dead worker
      // (and the row's claim has lapsed by then too).
      // pg-boss's retries are for a handler that throws (see above): 2-4 s, then about twice as
      // long each time, for about two minutes in all.
      queue: { policy: "short", retryLimit: 5, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 120 },
      batchSize: settings.concurrency ?? 10,
      run: (data, context) => deliverJob(data, context, settings),
    },
    {
      name: SWEEP_OUTBOUND_MESSAGES,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60 },
      everySeconds: 60,
      run: (_data, context) => sweepOutboundMessages(context),
    },
  ];
}

async function deliverJob(data: unknown, context: JobContext, settings: OutboxJobSettings): Promise<object> {
  const job = deliveryJobData(data);
  if (!job) return { skipped: "invalid job data" };
  const db = firmDb(job.firmId);
  const delivered = await deliverOutboundMessage(db, job.id, { firstRetryMs: settings.firstRetryMs });
  const state: OutboundMessageOutcome | null = delivered ?? (await outboundMessageOutcome(db, job.id));
  // Not visible: recorded in a transaction that hasn't committed yet (or rolled back). pg-boss
  // tries again in a few seconds; the sweep catches anything later.
  if (!state) throw new Error(`Outbound message ${job.id} not found in firm ${job.firmId}`);
  const ours = delivered !== null;
  if (state.status === "queued" && (ours || state.nextAttemptAt.getTime() - Date.now() <= EARLY_JOB_MS)) {
    await context.send(DELIVER_OUTBOUND_MESSAGE, job, deliveryJobOptions(job.id, state.nextAttemptAt));
  }
  return { status: state.status, attempts: state.attempts, delivered: ours };
}

function deliveryJobData(data: unknown): DeliverOutboundMessageJob | null {
  const { firmId, id } = (data ?? {}) as Record<string, unknown>;
  return typeof firmId === "string" && firmId && typeof id === "string" && id ? { firmId, id } : null;
}

/**
 * Enqueues delivery of the queued messages of every firm due for over SWEEP_GRACE_MS; returns how
 * many it found and how many of those had no waiting job.
 */
export async function sweepOutboundMessages(context: JobContext, limit = SWEEP_LIMIT): Promise<{ due: number; enqueued: number }> {
  const dueBefore = new Date(Date.now() - SWEEP_GRACE_MS);
  const due = await context.sql<DeliverOutboundMessageJob>(`SELECT firm_id AS "firmId", id FROM portal_due_outbound_messages($1, $2)`, [dueBefore, limit]);
  let enqueued = 0;
  for (const message of due) {
    const jobId = await context.send(DELIVER_OUTBOUND_MESSAGE, { firmId: message.firmId, id: message.id }, deliveryJobOptions(message.id));
    if (jobId) enqueued += 1;
  }
  if (enqueued > 0) console.info(`[outbox] sweep: enqueued delivery of ${enqueued} due message(s) that had no waiting job`);
  return { due: due.length, enqueued };
}
