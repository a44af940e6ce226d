import { describe, expect, it } from "vitest";
import { originAllowed, requireSameOrigin } from "~/auth/origin";

const ACME = "http://acme.localhost:3000";
const req = (method: string, headers: Record<string, string> = {}) => new Request(`${ACME}/signin`, { method, headers });

describe("originAllowed", () => {
  it("lets safe methods through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(originAllowed(req(method, { origin: "https://evil.test" }), ACME)).toBe(true);
  });

  it("accepts a POST from the firm's own origin, however the scheme and host are cased", () => {
    expect(originAllowed(req("POST", { origin: ACME }), ACME)).toBe(true);
    expect(originAllowed(req("POST", { origin: "HTTP://ACME.localhost:3000" }), ACME)).toBe(true);
    expect(originAllowed(req("POST", { origin: "https://acme.example.com" }), "https://acme.example.com:443")).toBe(true);
  });

  it("refuses a POST from another site, another firm, another port or another scheme", () => {
    for (const origin of [
      "https://evil.test",
      "http://summit.localhost:3000",
      "http://acme.localhost:3001",
      "https://acme.localhost:3000",
      "http://acme.localhost.evil.test:3000",
    ]) {
      expect(originAllowed(req("POST", { origin }), ACME), origin).toBe(false);
    }
  });

  it("refuses Origin: null and garbage", () => {
    expect(originAllowed(req("POST", { origin: "null" }), ACME)).toBe(false);
    expect(originAllowed(req("POST", { origin: "not a url" }), ACME)).toBe(false);
    expect(originAllowed(req("POST", { origin: "javascript:alert(1)" }), ACME)).toBe(false);
  });

  it("checks PUT, PATCH and DELETE like POST", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(originAllowed(req(method, { origin: "https://evil.test" }), ACME)).toBe(false);
  });

  it("falls back to the Referer without an Origin", () => {
    expect(originAllowed(req("POST", { referer: `${ACME}/signin?state=login` }), ACME)).toBe(true);
    expect(originAllowed(req("POST", { referer: "https://evil.test/page" }), ACME)).toBe(false);
  });

  it("lets a request with neither header through (not from a browser page: no cookie to ride on)", () => {
    expect(originAllowed(req("POST"), ACME)).toBe(true);
  });

  it("refuses everything when the expected origin is not a URL", () => {
    expect(originAllowed(req("POST", { origin: ACME }), "")).toBe(false);
  });

  it("requireSameOrigin throws a 403 response", () => {
    expect(() => requireSameOrigin(req("POST", { origin: ACME }), ACME)).not.toThrow();
    try {
      requireSameOrigin(req("POST", { origin: "https://evil.test" }), ACME);
      expect.unreachable();
    } catch (error) {
      expect((error as Response).status).toBe(403);
    }
  });
});
