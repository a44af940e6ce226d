import { describe, expect, it } from "vitest";
import { RateLimiter } from "~/platform/rate-limit.server";

describe("RateLimiter", () => {
  it("allows the limit per window, then refuses until the window resets", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([limiter.take("ip"), limiter.take("ip"), limiter.take("ip"), limiter.take("ip")]).toEqual([true, true, true, false]);
    expect(limiter.take("other")).toBe(true);
    now = 1000;
    expect(limiter.take("ip")).toBe(true);
  });
});
