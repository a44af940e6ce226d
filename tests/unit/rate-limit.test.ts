import { describe, expect, it } from "vitest";
import { SIGN_UP_THROTTLE, signUpBucket } from "~/platform/sign-up-limit";
import { secondsUntilWindowEnds, verdict, windowStart } from "~/rate-limit";

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

  it("allow hits up to the limit, then say when to come back", () => {
    const now = new Date("2026-03-02T15:07:30Z");
    expect(verdict(3, 3, now, 600)).toEqual({ allowed: true });
    expect(verdict(4, 3, now, 600)).toEqual({ allowed: false, retryAfterSeconds: 150 });
  });
});

describe("firm sign-up", () => {
  it("allows ten sign-ups per client address per hour", () => {
    expect(SIGN_UP_THROTTLE).toEqual({ limit: 10, windowSeconds: 3600 });
  });

  it("keeps one bucket per address (unknown addresses share one)", () => {
    expect(signUpBucket("203.0.113.9")).toBe("signup:203.0.113.9");
    expect(signUpBucket(null)).toBe("signup:unknown");
    expect(signUpBucket("x".repeat(500)).length).toBeLessThan(100);
  });
});
