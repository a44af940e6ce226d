/**
 * Auto-remind: a message sent with auto-remind is re-announced to the other side (in-app
 * notification, and email where their notification settings allow) every 3 days for a month
 * while nobody replies. `remind_next_at` holds the next due time; a reply from the other side,
 * unsending or deleting the message clears it (stopAutoRemindersOf, remove-message.server.ts).
 *
 * `send-message-reminders`
 *   Every 5 minutes (once across all servers), lists the firms with a reminder due through
 *   `portal_due_message_reminder_firms(limit)`, a SECURITY DEFINER function returning only firm
 *   ids (migration messages_attachments_auto_remind), then reminds each firm's due messages in its
 *   own scope: a message is claimed with FOR UPDATE SKIP LOCKED, its due time re-read under the
 *   lock, and reminded and moved on (3 days later, or null after a month) in the same
 *   transaction, so overlapping runs never remind one due time twice. Emails go after the commit.
 */
import { withFirm } from "~/db.server";
import type { JobContext, JobDefinition } from "~/jobs.server";
import { announceMessage } from "./announce.server";
import { nextRemindAt } from "./compose-rules";

export const SEND_MESSAGE_REMINDERS = "send-message-reminders";
const FIRMS_PER_RUN = 200;
const MESSAGES_PER_FIRM = 500;

export function messageReminderJobs(): JobDefinition[] {
  return [
    {
      name: SEND_MESSAGE_REMINDERS,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 600 },
      everySeconds: 300,
      run: (_data, context) => sendMessageReminders(context),
    },
  ];
}

/** Reminds the due messages of every firm that has any; returns the totals. */
export async function sendMessageReminders(context: Pick<JobContext, "sql">, now = new Date()): Promise<{ firms: number; reminded: number; stopped: number }> {
  const firms = await context.sql<{ firmId: string }>(`SELECT firm_id AS "firmId" FROM portal_due_message_reminder_firms($1)`, [FIRMS_PER_RUN]);
  const total = { firms: firms.length, reminded: 0, stopped: 0 };
  for (const { firmId } of firms) {
    try {
      const result = await remindFirmMessages(firmId, { now });
      total.reminded += result.reminded;
      total.stopped += result.stopped;
    } catch (error) {
      // One firm's failure must not hold back the others; its messages stay due for the next run.
      console.error(`[messages] auto-remind, firm ${firmId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return total;
}

/**
 * One firm's due reminders, one claimed message at a time. `beforeCommit` runs inside each
 * message's transaction (tests hold it open to show a second runner skips the row).
 */
export async function remindFirmMessages(
  firmId: string,
  options: { now?: Date; beforeCommit?: (messageId: string) => Promise<void> } = {},
): Promise<{ reminded: number; stopped: number }> {
  const now = options.now ?? new Date();
  const firm = await withFirm(firmId, (tx) => tx.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true } }));
  if (!firm) return { reminded: 0, stopped: 0 };
  const result = { reminded: 0, stopped: 0 };
  for (let i = 0; i < MESSAGES_PER_FIRM; i++) {
    const step = await withFirm(firmId, async (tx) => {
      const claimed = await tx.$queryRaw<
        { id: string; conversation_id: string; is_firm_user: boolean; deleted_at: Date | null; sent_at: Date; remind_next_at: Date }[]
      >`
        SELECT id, conversation_id, is_firm_user, deleted_at, coalesce(scheduled_at, created_at) AS sent_at, remind_next_at
          FROM messages
         WHERE remind_next_at IS NOT NULL AND remind_next_at <= ${now}
         ORDER BY remind_next_at, id
         LIMIT 1 FOR UPDATE SKIP LOCKED`;
      const row = claimed[0];
      if (!row) return null;
      // Any message from the other side since this one (now due) is a reply: reminders stop.
      const replied = await tx.message.count({
        where: {
          conversationId: row.conversation_id,
          isFirmUser: !row.is_firm_user,
          isLog: false,
          deletedAt: null,
          createdAt: { gt: row.sent_at },
          OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }],
        },
      });
      if (row.deleted_at || replied > 0) {
        await tx.message.update({ where: { id: row.id }, data: { remindNextAt: null } });
        return { reminded: null };
      }
      await tx.message.update({ where: { id: row.id }, data: { remindNextAt: nextRemindAt(row.sent_at, row.remind_next_at) } });
      const reminded = await announceMessage(tx, firm, row.id, { reminder: true });
      await options.beforeCommit?.(row.id);
      return { reminded };
    });
    if (!step) break;
    if (!step.reminded) {
      result.stopped += 1;
      continue;
    }
    result.reminded += 1;
    await step.reminded.afterCommit();
  }
  return result;
}
