/**
 * Scheduled messages: a firm message sent for later is hidden from its clients until its time
 * (`scheduled_at`); then the clients are told as if it had just been sent (in-app notification,
 * and email where their notification settings allow). Pending messages carry `scheduled_pending`.
 *
 * `deliver-scheduled-messages`
 *   Every minute (once across all servers), lists the firms with a scheduled message due through
 *   `portal_due_scheduled_message_firms(limit)`, a SECURITY DEFINER function returning only firm
 *   ids (migration scheduled_message_delivery), then announces each firm's due messages in its own
 *   scope: a message is claimed with FOR UPDATE SKIP LOCKED and marked announced in the same
 *   transaction as its notifications, so overlapping runs never announce one twice. A message
 *   deleted (unsent) before its time is only marked, never announced. Emails go after the commit.
 */
import { publishEvent } from "~/realtime/publish.server";
import { firmDb, withFirm } from "~/db.server";
import { siteUrl } from "~/env.server";
import type { JobContext, JobDefinition } from "~/jobs.server";
import { emailClients, notifyClients, type ClientDelivery } from "./staff-inbox.server";

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
  const scope = { firm: { id: firm.id, name: firm.name }, db: firmDb(firmId), origin: siteUrl(firm.slug) };
  const result = { announced: 0, dropped: 0 };
  for (let i = 0; i < MESSAGES_PER_FIRM; i++) {
    const step = await withFirm(firmId, async (tx) => {
      const claimed = await tx.$queryRaw<{ id: string; conversation_id: string; text: string; deleted_at: Date | null }[]>`
        SELECT id, conversation_id, text, deleted_at FROM messages
         WHERE scheduled_pending AND scheduled_at <= ${now}
         ORDER BY scheduled_at, id
         LIMIT 1 FOR UPDATE SKIP LOCKED`;
      const row = claimed[0];
      if (!row) return null;
      await tx.message.update({ where: { id: row.id }, data: { scheduledPending: false } });
      if (row.deleted_at) return { announced: false, deliveries: [] as ClientDelivery[], conversation: null, text: row.text };
      const conversation = await tx.conversation.findFirst({
        where: { id: row.conversation_id },
        select: { id: true, companies: { select: { company: { select: { id: true, hashId: true, name: true } } } } },
      });
      if (!conversation) return { announced: false, deliveries: [] as ClientDelivery[], conversation: null, text: row.text };
      const target = { id: conversation.id, entity: conversation.companies[0]?.company ?? null };
      const deliveries = await notifyClients(tx, firmId, target, row.text, firm.name);
      await publishEvent(tx, { t: "message", c: conversation.id, k: "new" });
      return { announced: true, deliveries, conversation: target, text: row.text };
    });
    if (!step) break;
    if (!step.announced || !step.conversation) {
      result.dropped += 1;
      continue;
    }
    result.announced += 1;
    await emailClients(scope, step.deliveries, step.conversation, step.text);
  }
  return result;
}
