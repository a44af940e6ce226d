/**
 * The Deliver table's bulk actions (Mark as finished, Turn reminders off) on the selected rows:
 * one call for all of them, answered with how many changed and how many were skipped (a status
 * that does not allow the change, reminders already off, or a return no longer there).
 */
import { TAX_RETURN_MESSAGES } from "../rules";

export type BulkTaxReturnAction = "finish" | "reminders_off";

/** At most one page of the table (its largest size is 50). */
export const BULK_LIMIT = 50;

export interface BulkTaxReturnResult {
  changed: number;
  skipped: number;
  message: string;
}

/** The toast: the spec's text when every selected return changed, else the counts. */
export function bulkMessage(action: BulkTaxReturnAction, changed: number, skipped: number): string {
  if (skipped === 0) return action === "finish" ? TAX_RETURN_MESSAGES.markedFinished : "Reminder updated";
  const total = changed + skipped;
  return `${changed} of ${total} tax return(s) updated; ${skipped} skipped because they can't take this change now.`;
}
