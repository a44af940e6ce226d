import { describe, expect, it } from "vitest";
import { SIGN_IN_THROTTLE, addressBucket, secondsUntilWindowEnds, windowStart } from "~/auth/throttle";

describe("fixed windows", () => {
  it("start at multiples of the window size", () => {
    const now = new Date("2026-03-02T15:07:31.250Z");
    expect(windowStart(now, 600)).toEqual(new Date("2026-03-02T15:00:00Z"));
    expect(windowStart(now, 900)).toEqual(new Date("2026-03-02T15:00:00Z"));
    expect(windowStart(new Date("2026-03-02T15:15:00Z"), 900)).toEqual(new Date("2026-03-02T15:15:00Z"));
  });

  it("say how long until the window ends, at least a second", () => {
    expect(secondsUntilWindowEnds(new Date("2026-03-02T15:07:30Z"), 600)).toBe(150);
    expect(secondsUntilWindowEnds(new Date("2026-03-02T15:09:59.999Z"), 600)).toBe(1);
  });

  it("keep one bucket per address and kind", () => {
    expect(addressBucket("requests", "203.0.113.9")).toBe("signin:requests:203.0.113.9");
    expect(addressBucket("failures", null)).toBe("signin:failures:unknown");
    expect(addressBucket("failures", "x".repeat(500)).length).toBeLessThan(100);
  });

  it("limit failures much more tightly than requests", () => {
    expect(SIGN_IN_THROTTLE.failures.limit).toBeLessThan(SIGN_IN_THROTTLE.requests.limit / 5);
  });
});
