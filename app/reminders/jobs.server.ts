/**
 * The automatic reminder job (run by app/jobs.server.ts).
 *
 * `send-due-reminders`
 *   Every 5 minutes (once across all servers), lists the firms with a reminder due through
 *   `portal_due_reminder_firms(due_before, limit)`, a SECURITY DEFINER function returning only firm
 *   ids (migration questionnaire_next_reminder), then sends each firm's due reminders in its own
 *   scope (`runDueReminders`: a row claimed with FOR UPDATE SKIP LOCKED, reminded and moved on in
 *   one transaction). Reminders are due at 10:00 UTC, so a run at most 5 minutes later sends them.
 *   Overlapping runs (a slow run, a second worker) share the work without sending anything twice.
 */
import type { JobContext, JobDefinition } from "~/jobs.server";
import { runDueReminders, type RunDueRemindersResult } from "./reminders.server";

export const SEND_DUE_REMINDERS = "send-due-reminders";
const FIRMS_PER_RUN = 200;

export function reminderJobs(): JobDefinition[] {
  return [
    {
      name: SEND_DUE_REMINDERS,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 600 },
      everySeconds: 300,
      run: (_data, context) => sendDueReminders(context),
    },
  ];
}

/** Sends the due reminders of every firm that has any; returns the totals. */
export async function sendDueReminders(context: Pick<JobContext, "sql">, now = new Date()): Promise<RunDueRemindersResult & { firms: number }> {
  const firms = await context.sql<{ firmId: string }>(`SELECT firm_id AS "firmId" FROM portal_due_reminder_firms($1, $2)`, [now, FIRMS_PER_RUN]);
  const total = { firms: firms.length, reminded: 0, skipped: 0, messages: 0 };
  for (const { firmId } of firms) {
    try {
      const result = await runDueReminders(firmId, { now });
      total.reminded += result.reminded;
      total.skipped += result.skipped;
      total.messages += result.messages;
    } catch (error) {
      // One firm's failure must not hold back the others; its rows stay due for the next run.
      console.error(`[reminders] firm ${firmId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (total.reminded > 0) console.info(`[reminders] sent ${total.reminded} reminder(s) for ${total.firms} firm(s)`);
  return total;
}
