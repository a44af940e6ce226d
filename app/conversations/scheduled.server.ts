/**
 * Scheduled messages: a message sent for later (by staff or a client) is hidden from the other side
 * until its time (`scheduled_at`); then the other side is told as if it had just been sent (in-app
 * notification, and email where their notification settings allow), and as a reply it stops that
 * side's auto-reminders. Pending messages carry `scheduled_pending`.
 *
 * `deliver-scheduled-messages`
 *   Every minute (once across all servers), lists the firms with a scheduled message due through
 *   `portal_due_scheduled_message_firms(limit)`, a SECURITY DEFINER function returning only firm
 *   ids (migration scheduled_message_delivery), then announces each firm's due messages in its own
 *   scope: a message is claimed with FOR UPDATE SKIP LOCKED and marked announced in the same
 *   transaction as its notifications, so overlapping runs never announce one twice. A message
 *   deleted (unsent) before its time is only marked, never announced. Emails go after the commit.
 */
import { withFirm } from "~/db.server";
import { publishEvent } from "~/realtime/publish.server";
import type { JobContext, JobDefinition } from "~/jobs.server";
import { announceMessage } from "./announce.server";
import { stopAutoRemindersOf } from "./inbox.server";

export const DELIVER_SCHEDULED_MESSAGES = "deliver-scheduled-messages";
const FIRMS_PER_RUN = 200;
const MESSAGES_PER_FIRM = 500;

export function scheduledMessageJobs(): JobDefinition[] {
  return [
    {
      name: DELIVER_SCHEDULED_MESSAGES,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 300 },
      everySeconds: 60,
      run: (_data, context) => deliverScheduledMessages(context),
    },
  ];
}

/** Announces the due scheduled messages of every firm that has any; returns the totals. */
export async function deliverScheduledMessages(context: Pick<JobContext, "sql">): Promise<{ firms: number; announced: number; dropped: number }> {
  const firms = await context.sql<{ firmId: string }>(`SELECT firm_id AS "firmId" FROM portal_due_scheduled_message_firms($1)`, [FIRMS_PER_RUN]);
  const total = { firms: firms.length, announced: 0, dropped: 0 };
  for (const { firmId } of firms) {
    try {
      const result = await deliverFirmScheduledMessages(firmId);
      total.announced += result.announced;
      total.dropped += result.dropped;
    } catch (error) {
      // One firm's failure must not hold back the others; its messages stay pending for the next run.
      console.error(`[messages] firm ${firmId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return total;
}

/** One firm's due scheduled messages, one claimed at a time, in the firm's scope. */
export async function deliverFirmScheduledMessages(firmId: string, now = new Date()): Promise<{ announced: number; dropped: number }> {
  const firm = await withFirm(firmId, (tx) => tx.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true } }));
  if (!firm) return { announced: 0, dropped: 0 };
  const result = { announced: 0, dropped: 0 };
  for (let i = 0; i < MESSAGES_PER_FIRM; i++) {
    const step = await withFirm(firmId, async (tx) => {
      const claimed = await tx.$queryRaw<{ id: string; conversation_id: string; is_firm_user: boolean; deleted_at: Date | null }[]>`
        SELECT id, conversation_id, is_firm_user, deleted_at FROM messages
         WHERE scheduled_pending AND scheduled_at <= ${now}
         ORDER BY scheduled_at, id
         LIMIT 1 FOR UPDATE SKIP LOCKED`;
      const row = claimed[0];
      if (!row) return null;
      await tx.message.update({ where: { id: row.id }, data: { scheduledPending: false } });
      if (row.deleted_at) return { announced: null };
      // Now that it is sent, it is a reply: the other side's auto-reminders stop.
      await stopAutoRemindersOf(tx, row.conversation_id, row.is_firm_user ? "client" : "firm");
      await publishEvent(tx, { t: "message", c: row.conversation_id, k: "new" });
      return { announced: await announceMessage(tx, firm, row.id, { reminder: false }) };
    });
    if (!step) break;
    if (!step.announced) {
      result.dropped += 1;
      continue;
    }
    result.announced += 1;
    await step.announced.afterCommit();
  }
  return result;
}
