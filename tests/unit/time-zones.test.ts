import { describe, expect, it } from "vitest";
import { formatInTimeZone } from "date-fns-tz";
import { formatDateTime, readerTimeZone, TIME_ZONES, todayIn, zoneAbbreviation } from "~/time-zones";

describe("formatDateTime: the reader's zone, with its abbreviation", () => {
  it("crosses the spring-forward boundary (US, second Sunday of March 2025)", () => {
    // 2:00 AM PST does not exist: 09:59 UTC is 1:59 AM PST, 10:00 UTC is 3:00 AM PDT.
    expect(formatDateTime("2025-03-09T09:59:00Z", "Pacific Time (US & Canada)")).toBe("Mar 9, 2025, 1:59 AM PST");
    expect(formatDateTime("2025-03-09T10:00:00Z", "Pacific Time (US & Canada)")).toBe("Mar 9, 2025, 3:00 AM PDT");
    expect(formatDateTime("2025-03-09T06:59:00Z", "Eastern Time (US & Canada)")).toBe("Mar 9, 2025, 1:59 AM EST");
    expect(formatDateTime("2025-03-09T07:00:00Z", "Eastern Time (US & Canada)")).toBe("Mar 9, 2025, 3:00 AM EDT");
  });

  it("crosses the fall-back boundary: the repeated hour shows which one it is", () => {
    // Nov 2, 2025: 1:30 AM happens twice in Denver.
    expect(formatDateTime("2025-11-02T07:30:00Z", "Mountain Time (US & Canada)")).toBe("Nov 2, 2025, 1:30 AM MDT");
    expect(formatDateTime("2025-11-02T08:30:00Z", "Mountain Time (US & Canada)")).toBe("Nov 2, 2025, 1:30 AM MST");
  });

  it("keeps zones without daylight saving on standard time all year", () => {
    expect(formatDateTime("2025-07-01T19:00:00Z", "Arizona")).toBe("Jul 1, 2025, 12:00 PM MST");
    expect(formatDateTime("2025-01-01T19:00:00Z", "Arizona")).toBe("Jan 1, 2025, 12:00 PM MST");
    expect(formatDateTime("2025-07-01T19:00:00Z", "Hawaii")).toBe("Jul 1, 2025, 9:00 AM HST");
    expect(formatDateTime("2025-07-01T19:00:00Z", "UTC")).toBe("Jul 1, 2025, 7:00 PM UTC");
  });

  it("names Newfoundland's half-hour zone, standard and daylight", () => {
    expect(formatDateTime("2025-01-15T12:00:00Z", "Newfoundland")).toBe("Jan 15, 2025, 8:30 AM NST");
    expect(formatDateTime("2025-07-15T12:00:00Z", "Newfoundland")).toBe("Jul 15, 2025, 9:30 AM NDT");
  });

  it("a moment near midnight UTC falls on the reader's own calendar day", () => {
    expect(formatDateTime("2025-04-15T03:00:00Z", "Pacific Time (US & Canada)")).toBe("Apr 14, 2025, 8:00 PM PDT");
    expect(formatDateTime("2025-04-15T03:00:00Z", "Eastern Time (US & Canada)")).toBe("Apr 14, 2025, 11:00 PM EDT");
  });

  it("takes another pattern, still with the abbreviation", () => {
    expect(formatDateTime("2025-12-24T17:05:00Z", "Central Time (US & Canada)", "MMM d, h:mm a")).toBe("Dec 24, 11:05 AM CST");
    expect(zoneAbbreviation("Atlantic Time (Canada)", "2025-07-01T00:00:00Z")).toBe("ADT");
  });
});

describe("readerTimeZone", () => {
  it("is the reader's own zone, else the firm's, else the spec's default", () => {
    expect(readerTimeZone({ timeZone: "Hawaii" }, { timeZone: "Eastern Time (US & Canada)" })).toBe("Hawaii");
    expect(readerTimeZone({ timeZone: null }, { timeZone: "Eastern Time (US & Canada)" })).toBe("Eastern Time (US & Canada)");
    expect(readerTimeZone({ timeZone: "Mars" }, null)).toBe("Pacific Time (US & Canada)");
    expect(readerTimeZone(null, { timeZone: "" })).toBe("Pacific Time (US & Canada)");
  });
});

describe("todayIn: the calendar date in a product time zone", () => {
  it("turns at the zone's midnight, half-hour zones and the default included", () => {
    // 07:59 UTC on Nov 25 is 11:59 PM PST on Nov 24; 08:00 UTC is midnight.
    expect(todayIn("Pacific Time (US & Canada)", new Date("2026-11-25T07:59:59Z"))).toBe("2026-11-24");
    expect(todayIn("Pacific Time (US & Canada)", new Date("2026-11-25T08:00:00Z"))).toBe("2026-11-25");
    // Newfoundland is UTC-3:30 in winter.
    expect(todayIn("Newfoundland", new Date("2026-01-01T03:29:00Z"))).toBe("2025-12-31");
    expect(todayIn("Newfoundland", new Date("2026-01-01T03:30:00Z"))).toBe("2026-01-01");
    expect(todayIn("Hawaii", new Date("2026-03-01T09:59:00Z"))).toBe("2026-02-28");
    expect(todayIn("UTC", new Date("2026-03-01T00:00:00Z"))).toBe("2026-03-01");
    // No zone (or an unknown one): the product's default, Pacific.
    expect(todayIn(null, new Date("2026-07-04T06:59:00Z"))).toBe("2026-07-03");
    expect(todayIn("Mars", new Date("2026-07-04T07:00:00Z"))).toBe("2026-07-04");
  });

  it("asked again within a minute, or a minute later, or earlier again, still turns at the zone's midnight", () => {
    const zone = "Pacific Time (US & Canada)";
    expect(todayIn(zone, new Date("2026-11-25T07:59:00Z"))).toBe("2026-11-24");
    expect(todayIn(zone, new Date("2026-11-25T07:59:59.999Z"))).toBe("2026-11-24");
    expect(todayIn(zone, new Date("2026-11-25T08:00:00Z"))).toBe("2026-11-25");
    expect(todayIn(zone, new Date("2026-11-25T08:00:59Z"))).toBe("2026-11-25");
    expect(todayIn(zone, new Date("2026-11-25T07:59:30Z"))).toBe("2026-11-24");
    expect(todayIn("Newfoundland", new Date("2026-01-01T03:29:59Z"))).toBe("2025-12-31");
    expect(todayIn("Newfoundland", new Date("2026-01-01T03:30:00Z"))).toBe("2026-01-01");
  });

  it("agrees with date-fns-tz in every product zone across a year, hour by hour", () => {
    for (const [name, zone] of Object.entries(TIME_ZONES)) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 * 7 + 60_000 * 13) {
        expect(todayIn(name, new Date(t))).toBe(formatInTimeZone(t, zone, "yyyy-MM-dd"));
      }
    }
  });
});
