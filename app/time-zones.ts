import { formatInTimeZone } from "date-fns-tz";

export { localDate } from "./local-date";

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

/**
 * The product's one rule for showing a moment (a message, an activity, a scheduled send, a time in
 * an email): in the reader's own time zone (the one chosen on their profile; the firm's when they
 * have none), always followed by the zone's abbreviation, so "3:30 PM PDT" never reads as
 * somebody else's afternoon. Dates without a time (due dates) are calendar days: no zone.
 */
export function readerTimeZone(reader: { timeZone?: string | null } | null | undefined, firm: { timeZone?: string | null } | null | undefined): string {
  const own = reader?.timeZone;
  if (own && Object.hasOwn(TIME_ZONES, own)) return own;
  const firmZone = firm?.timeZone;
  return firmZone && Object.hasOwn(TIME_ZONES, firmZone) ? firmZone : DEFAULT_TIME_ZONE;
}

/** Newfoundland has no short name in en-US ("GMT-2:30"): the abbreviations people use there. */
const NAMED_OFFSETS: Record<string, Record<string, string>> = {
  "America/St_Johns": { "-03:30": "NST", "-02:30": "NDT" },
};

/** The zone's abbreviation at that moment (PST or PDT, EST or EDT…). */
export function zoneAbbreviation(zoneName: string | null | undefined, at: Date | string | number = new Date()): string {
  const zone = ianaZone(zoneName);
  const when = new Date(at);
  const named = NAMED_OFFSETS[zone]?.[formatInTimeZone(when, zone, "xxx")];
  return named ?? formatInTimeZone(when, zone, "zzz");
}

export const DATE_TIME_PATTERN = "MMM d, yyyy, h:mm a";

/** A moment in a product time zone with its abbreviation: "Mar 9, 2025, 3:30 AM PDT". */
export function formatDateTime(at: Date | string | number, zoneName: string | null | undefined, pattern = DATE_TIME_PATTERN): string {
  const when = new Date(at);
  return `${formatInTimeZone(when, ianaZone(zoneName), pattern)} ${zoneAbbreviation(zoneName, when)}`;
}

/** One calendar-date formatter per IANA zone (Intl formatters are costly to make, cheap to reuse). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Each zone's date in the last minute asked for: a zone's date changes only at a whole minute (offsets are whole minutes). */
const daysByMinute = new Map<string, { minute: number; day: string }>();

/** Today's date (YYYY-MM-DD) in a product time zone. */
export function todayIn(zoneName: string | null | undefined, now = new Date()): string {
  const zone = ianaZone(zoneName);
  const minute = Math.floor(now.getTime() / 60_000);
  const known = daysByMinute.get(zone);
  if (known?.minute === minute) return known.day;
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year")}-${part("month")}-${part("day")}`;
  daysByMinute.set(zone, { minute, day });
  return day;
}
