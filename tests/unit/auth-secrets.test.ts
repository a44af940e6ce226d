import { describe, expect, it } from "vitest";
import { hashCode, hashToken, newToken, newVerificationCode, sameHash } from "~/auth/tokens.server";
import { resetEnvCache } from "~/env.server";

describe("verification codes", () => {
  it("are 6 digits", () => {
    for (let i = 0; i < 2000; i++) expect(newVerificationCode()).toMatch(/^\d{6}$/);
  });

  it("are spread over the whole range (leading zeros kept), not repeating", () => {
    const codes = Array.from({ length: 20_000 }, () => newVerificationCode());
    // With a million possible codes, 20 000 draws repeat a few hundred times at most.
    expect(new Set(codes).size).toBeGreaterThan(19_500);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
    const low = codes.filter((c) => Number(c) < 500_000).length;
    expect(low / codes.length).toBeGreaterThan(0.47);
    expect(low / codes.length).toBeLessThan(0.53);
  });

  it("are stored as a keyed hash that depends on the server secret and the row", () => {
    process.env.SESSION_SECRET = "first-secret-0123456789";
    resetEnvCache();
    const a = hashCode("row-1", "123456");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain("123456");
    expect(hashCode("row-2", "123456")).not.toBe(a);
    expect(hashCode("row-1", "123457")).not.toBe(a);
    // Not the plain hash an attacker could build a table of.
    expect(a).not.toBe(hashToken("123456"));
    process.env.SESSION_SECRET = "second-secret-0123456789";
    resetEnvCache();
    expect(hashCode("row-1", "123456")).not.toBe(a);
    delete process.env.SESSION_SECRET;
    resetEnvCache();
  });

  it("compare in constant time and only when equal", () => {
    const h = hashToken("x");
    expect(sameHash(h, hashToken("x"))).toBe(true);
    expect(sameHash(h, hashToken("y"))).toBe(false);
    expect(sameHash(h, "")).toBe(false);
    expect(sameHash(h, "zz")).toBe(false);
  });
});

describe("link and cookie tokens", () => {
  it("carry at least 128 random bits (256 by default), URL-safe", () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(256);
    const many = new Set(Array.from({ length: 1000 }, () => newToken()));
    expect(many.size).toBe(1000);
  });

  it("are stored as their SHA-256, never as themselves", () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });
});
