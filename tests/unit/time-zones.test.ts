import { describe, expect, it } from "vitest";
import { ianaZone, localDate, todayIn } from "~/time-zones";

describe("time zones", () => {
  it("maps the product's names to IANA zones, defaulting to Pacific", () => {
    expect(ianaZone("Eastern Time (US & Canada)")).toBe("America/New_York");
    expect(ianaZone(null)).toBe("America/Los_Angeles");
    expect(ianaZone("Mars")).toBe("America/Los_Angeles");
  });
  it("gives today's date in the zone", () => {
    const instant = new Date("2026-11-21T05:00:00Z"); // still the 20th in California
    expect(todayIn("Pacific Time (US & Canada)", instant)).toBe("2026-11-20");
    expect(todayIn("Eastern Time (US & Canada)", instant)).toBe("2026-11-21");
  });
  it("reads a date as local midnight", () => {
    const d = localDate("2026-03-09");
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 2, 9, 0]);
  });
});
