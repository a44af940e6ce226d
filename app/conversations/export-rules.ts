/**
 * Conversation export (staff spec: format PDF or CSV; timeframe all time, last week, last month,
 * last quarter, last year). Pure: the choices, where a timeframe starts, the file's name and the
 * CSV text. Shared by the server and the dialog.
 */
import * as z from "zod";

export const EXPORT_FORMATS = ["pdf", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_TIMEFRAMES = ["all_time", "last_week", "last_month", "last_quarter", "last_year"] as const;
export type ExportTimeframe = (typeof EXPORT_TIMEFRAMES)[number];

export const EXPORT_TIMEFRAME_LABELS: Record<ExportTimeframe, string> = {
  all_time: "All time",
  last_week: "Last week",
  last_month: "Last month",
  last_quarter: "Last quarter",
  last_year: "Last year",
};

export const EXPORT_TEXT = {
  exported: "Conversation exported successfully",
  failed: "The conversation could not be exported. Please try again.",
} as const;

/** At most this many messages go into one export (the oldest of a longer timeframe are left out). */
export const EXPORT_MESSAGE_LIMIT = 10_000;

export const exportRequestSchema = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "Please choose PDF or CSV." }),
  timeframe: z.enum(EXPORT_TIMEFRAMES, { message: "Please choose a timeframe." }),
});

/** Where a timeframe starts (null: all time): the same time a week, a month, 3 months or a year before `now`. */
export function exportSince(timeframe: ExportTimeframe, now: Date): Date | null {
  const since = new Date(now.getTime());
  switch (timeframe) {
    case "all_time":
      return null;
    case "last_week":
      since.setUTCDate(since.getUTCDate() - 7);
      return since;
    case "last_month":
      since.setUTCMonth(since.getUTCMonth() - 1);
      return since;
    case "last_quarter":
      since.setUTCMonth(since.getUTCMonth() - 3);
      return since;
    case "last_year":
      since.setUTCFullYear(since.getUTCFullYear() - 1);
      return since;
  }
}

/** "Rivera Design Studio LLC - messages 2026-11-21.csv" (characters a file name can't hold become "-"). */
export function exportFileName(title: string, format: ExportFormat, now: Date): string {
  const safe =
    title
      // Control characters can't be in a file name on any system: they are replaced on purpose.
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-")
      .trim()
      .slice(0, 120) || "Conversation";
  return `${safe} - messages ${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportedMessage {
  sentAt: Date;
  author: string;
  text: string;
  tag: string;
  /** Set for a reply in a thread: when its thread's first message was sent. */
  inThreadOf: Date | null;
}

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The messages as CSV (RFC 4180, CRLF), oldest first: Date (ISO, UTC), Author, Tag, Thread, Message. */
export function conversationCsv(messages: readonly ExportedMessage[]): string {
  const rows = [["Date", "Author", "Tag", "Reply to message of", "Message"]];
  for (const m of messages) rows.push([m.sentAt.toISOString(), m.author, m.tag, m.inThreadOf ? m.inThreadOf.toISOString() : "", m.text]);
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}
