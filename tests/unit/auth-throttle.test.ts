import { describe, expect, it } from "vitest";
import { SIGN_IN_THROTTLE, addressBucket } from "~/auth/throttle";

describe("sign-in throttles", () => {
  it("keep one bucket per address and kind", () => {
    expect(addressBucket("requests", "203.0.113.9")).toBe("signin:requests:203.0.113.9");
    expect(addressBucket("failures", null)).toBe("signin:failures:unknown");
    expect(addressBucket("failures", "x".repeat(500)).length).toBeLessThan(100);
  });

  it("limit failures much more tightly than requests", () => {
    expect(SIGN_IN_THROTTLE.failures.limit).toBeLessThan(SIGN_IN_THROTTLE.requests.limit / 5);
  });
});
