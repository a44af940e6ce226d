import { formatInTimeZone } from "date-fns-tz";

/** The product's time zone names (as the spec writes them) and their IANA zones. */
export const TIME_ZONES: Record<string, string> = {
  Hawaii: "Pacific/Honolulu",
  Alaska: "America/Juneau",
  "Pacific Time (US & Canada)": "America/Los_Angeles",
  Arizona: "America/Phoenix",
  "Mountain Time (US & Canada)": "America/Denver",
  "Central Time (US & Canada)": "America/Chicago",
  "Eastern Time (US & Canada)": "America/New_York",
  "Indiana (East)": "America/Indiana/Indianapolis",
  "Atlantic Time (Canada)": "America/Halifax",
  Newfoundland: "America/St_Johns",
  Saskatchewan: "America/Regina",
  "Puerto Rico": "America/Puerto_Rico",
  UTC: "Etc/UTC",
};

export const DEFAULT_TIME_ZONE = "Pacific Time (US & Canada)";

export function ianaZone(name: string | null | undefined): string {
  return TIME_ZONES[name ?? ""] ?? TIME_ZONES[DEFAULT_TIME_ZONE];
}

/** Today's date (YYYY-MM-DD) in a product time zone. */
export function todayIn(zoneName: string | null | undefined, now = new Date()): string {
  return formatInTimeZone(now, ianaZone(zoneName), "yyyy-MM-dd");
}

/** A YYYY-MM-DD date as a local Date at midnight (same result on server and browser). */
export function localDate(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(y, (m ?? 1) - 1, d ?? 1);
}
