/**
 * `send-due-tax-return-reminders`: every 5 minutes (once across all servers), lists the firms with
 * a tax return reminder due (or a return waiting for the client with none scheduled) through
 * `portal_due_tax_return_reminder_firms(due_before, limit)`, a SECURITY DEFINER function returning
 * only firm ids (migration deliver_ops), then sends each firm's due reminders in its own scope
 * (`runDueTaxReturnReminders`). Overlapping runs share the work without sending anything twice.
 */
import type { JobContext, JobDefinition } from "~/jobs.server";
import { runDueTaxReturnReminders, type RunDueTaxReturnRemindersResult } from "./reminders.server";

export const SEND_DUE_TAX_RETURN_REMINDERS = "send-due-tax-return-reminders";
const FIRMS_PER_RUN = 200;

export function taxReturnReminderJobs(): JobDefinition[] {
  return [
    {
      name: SEND_DUE_TAX_RETURN_REMINDERS,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 600 },
      everySeconds: 300,
      run: (_data, context) => sendDueTaxReturnReminders(context),
    },
  ];
}

/** Sends the due tax return reminders of every firm that has any; returns the totals. */
export async function sendDueTaxReturnReminders(
  context: Pick<JobContext, "sql">,
  now = new Date(),
): Promise<RunDueTaxReturnRemindersResult & { firms: number }> {
  const firms = await context.sql<{ firmId: string }>(`SELECT firm_id AS "firmId" FROM portal_due_tax_return_reminder_firms($1, $2)`, [now, FIRMS_PER_RUN]);
  const total = { firms: firms.length, reminded: 0, skipped: 0, scheduled: 0, messages: 0 };
  for (const { firmId } of firms) {
    try {
      const result = await runDueTaxReturnReminders(firmId, { now });
      total.reminded += result.reminded;
      total.skipped += result.skipped;
      total.scheduled += result.scheduled;
      total.messages += result.messages;
    } catch (error) {
      // One firm's failure must not hold back the others; its rows stay due for the next run.
      console.error(`[tax-return-reminders] firm ${firmId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (total.reminded > 0) console.info(`[tax-return-reminders] sent ${total.reminded} reminder(s) for ${total.firms} firm(s)`);
  return total;
}
