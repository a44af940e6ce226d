import { describe, expect, it } from "vitest";
import { formatRange, PAGE_RANGE_MESSAGES, pagesOf, parsePageRanges } from "../../app/documents/splits/page-ranges";

describe("parsePageRanges", () => {
  it("accepts comma lists and ranges, ignoring spaces and empty parts", () => {
    expect(parsePageRanges("1-3, 5, 7-9")).toEqual({
      ok: true,
      ranges: [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
        { from: 7, to: 9 },
      ],
    });
    expect(parsePageRanges(" 2 ,4 - 6,")).toEqual({
      ok: true,
      ranges: [
        { from: 2, to: 2 },
        { from: 4, to: 6 },
      ],
    });
    expect(parsePageRanges("1\u20132")).toEqual({ ok: true, ranges: [{ from: 1, to: 2 }] });
  });
  it("refuses empty, malformed, zero and reversed input with a message", () => {
    expect(parsePageRanges("  ")).toEqual({ ok: false, error: PAGE_RANGE_MESSAGES.required });
    expect(parsePageRanges(",")).toEqual({ ok: false, error: PAGE_RANGE_MESSAGES.required });
    for (const bad of ["a", "1-", "-3", "1-2-3", "1.5", "0", "0-2", "1;2"])
      expect(parsePageRanges(bad)).toEqual({ ok: false, error: PAGE_RANGE_MESSAGES.invalid });
    expect(parsePageRanges("5-3")).toEqual({ ok: false, error: PAGE_RANGE_MESSAGES.reversed });
  });
  it("checks pages against the page count", () => {
    expect(parsePageRanges("1-3, 4", 4).ok).toBe(true);
    expect(parsePageRanges("1-5", 4)).toEqual({ ok: false, error: "Pages must be between 1 and 4." });
  });
  it("limits the number of parts", () => {
    expect(parsePageRanges(Array.from({ length: 101 }, (_, i) => i + 1).join(","))).toEqual({ ok: false, error: PAGE_RANGE_MESSAGES.tooMany });
  });
  it("lists and formats a range", () => {
    expect(pagesOf({ from: 3, to: 5 })).toEqual([3, 4, 5]);
    expect(formatRange({ from: 3, to: 5 })).toBe("3-5");
    expect(formatRange({ from: 2, to: 2 })).toBe("2");
  });
});
