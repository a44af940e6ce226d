/**
 * When a template scheduler runs (staff spec §3 "Reminder frequencies": once, weekly, monthly,
 * month_end, month_start, quarterly, yearly). Pure date arithmetic on 'YYYY-MM-DD' strings.
 *
 * Every run date is counted from the anchor (the first run), never from the previous run, so a
 * monthly schedule anchored on January 31 runs on February 28, March 31, April 30 … instead of
 * drifting to the 28th. month_end and month_start run on the last and first day of each month.
 * A run happens at RUN_HOUR_UTC on its date.
 */

export const FREQUENCIES = ["once", "weekly", "monthly", "month_end", "month_start", "quarterly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  once: "Once",
  weekly: "Weekly",
  monthly: "Monthly",
  month_end: "End of every month",
  month_start: "Start of every month",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

/** Scheduled sends go out at 10:00 UTC on their date (the reminders' 10 UTC hour rule). */
export const RUN_HOUR_UTC = 10;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split("-").map(Number);
  return [y, m, d];
}

function iso(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.toISOString().slice(0, 10);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return iso(y, m, d + days);
}

/** The same day `months` later, clamped to the month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, daysInMonth(year, month)));
}

function endOfMonth(date: string): string {
  const [y, m] = parts(date);
  return iso(y, m, daysInMonth(y, m));
}

function startOfNextMonth(date: string): string {
  const [y, m, d] = parts(date);
  return d === 1 ? date : iso(y, m + 1, 1);
}

/** The first run on or after the chosen send date: month_end and month_start move to their day. */
export function firstRunDate(frequency: Frequency, sendDate: string): string {
  if (frequency === "month_end") return endOfMonth(sendDate);
  if (frequency === "month_start") return startOfNextMonth(sendDate);
  return sendDate;
}

/** The n-th run (0 = the first) of a schedule whose first run is `anchor`. */
export function nthRunDate(frequency: Exclude<Frequency, "once">, anchor: string, n: number): string {
  switch (frequency) {
    case "weekly":
      return addDays(anchor, 7 * n);
    case "monthly":
      return addMonths(anchor, n);
    case "quarterly":
      return addMonths(anchor, 3 * n);
    case "yearly":
      return addMonths(anchor, 12 * n);
    case "month_end": {
      const [y, m] = parts(anchor);
      return endOfMonth(iso(y, m + n, 1));
    }
    case "month_start": {
      const [y, m] = parts(anchor);
      return iso(y, m + n, 1);
    }
  }
}

/**
 * The run after the one on `lastRun`, for a schedule whose first run is `anchor`; null when there
 * is none (`once`). Always strictly after `lastRun`.
 */
export function nextRunDate(frequency: Frequency, anchor: string, lastRun: string): string | null {
  if (frequency === "once") return null;
  // Jump close to lastRun, then step: at most a couple of iterations.
  const [ay, am] = parts(anchor);
  const [ly, lm] = parts(lastRun);
  const monthsApart = (ly - ay) * 12 + (lm - am);
  const estimate =
    frequency === "weekly"
      ? Math.floor((Date.parse(lastRun) - Date.parse(anchor)) / (7 * 86_400_000))
      : frequency === "quarterly"
        ? Math.floor(monthsApart / 3)
        : frequency === "yearly"
          ? Math.floor(monthsApart / 12)
          : monthsApart;
  let n = Math.max(0, estimate - 1);
  while (nthRunDate(frequency, anchor, n) <= lastRun) n += 1;
  return nthRunDate(frequency, anchor, n);
}

/** When a run on `date` happens. */
export function runInstant(date: string): Date {
  return new Date(`${date}T${String(RUN_HOUR_UTC).padStart(2, "0")}:00:00.000Z`);
}

/** The run date of an instant made by runInstant. */
export function runDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
