import { describe, expect, it } from "vitest";
import { HSTS, LOCKED_CSP, NO_STORE, applyAppSecurityHeaders, baseSecurityHeaders, carriesSession, contentSecurityPolicy } from "~/security-headers.server";

const NONCE = "q2b1l8Xn0r0b3b6yWm4l1A==";
const STORE = "http://127.0.0.1:4569";

/** The CSP as { directive: sources[] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  const csp = directives(contentSecurityPolicy(NONCE, [STORE, "https://files.s3.us-east-1.amazonaws.com/ignored/path"]));

  it("allows scripts only by this response's nonce and what they load", () => {
    expect(csp["script-src"]).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'", "'self'"]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
  });

  it("lets pages reach the store (PDFs, uploads, images) by origin, and nothing else", () => {
    for (const directive of ["connect-src", "img-src"]) {
      expect(csp[directive]).toContain(STORE);
      expect(csp[directive]).toContain("https://files.s3.us-east-1.amazonaws.com");
    }
    expect(csp["connect-src"]).toEqual(["'self'", STORE, "https://files.s3.us-east-1.amazonaws.com"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["worker-src"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
  });

  it("is framed only by the portal itself, and allows inline style attributes (theme variables)", () => {
    expect(csp["frame-ancestors"]).toEqual(["'self'"]);
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("refuses a nonce that is not base64 (it goes into a header) and a store that is not http(s)", () => {
    expect(() => contentSecurityPolicy("abc'; script-src *", [])).toThrow(/nonce/);
    expect(() => contentSecurityPolicy("short", [])).toThrow(/nonce/);
    expect(() => contentSecurityPolicy(NONCE, ["javascript:alert(1)"])).toThrow(/origin/);
  });
});

describe("baseSecurityHeaders", () => {
  it("sends HSTS only on https", () => {
    expect(baseSecurityHeaders({ https: true })["Strict-Transport-Security"]).toBe(HSTS);
    expect(HSTS).toBe("max-age=31536000; includeSubDomains");
    expect(baseSecurityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("always sends nosniff, a same-origin referrer policy, frame protection and a permissions policy", () => {
    const headers = baseSecurityHeaders({ https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("same-origin");
    expect(headers["X-Frame-Options"]).toBe("SAMEORIGIN");
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) expect(headers["Permissions-Policy"]).toContain(feature);
  });

  it("locks the host's own pages down to their inline CSS", () => {
    const locked = directives(LOCKED_CSP);
    expect(locked["default-src"]).toEqual(["'none'"]);
    expect(locked["frame-ancestors"]).toEqual(["'self'"]);
    expect(locked["script-src"]).toBeUndefined();
  });
});

describe("carriesSession", () => {
  it("finds the session cookie, on http and on https (__Host-)", () => {
    expect(carriesSession("portal_session=abc.def")).toBe(true);
    expect(carriesSession("table_clients=x; __Host-portal_session=abc")).toBe(true);
  });

  it("ignores other cookies, look-alikes and empty values", () => {
    expect(carriesSession(null)).toBe(false);
    expect(carriesSession("")).toBe(false);
    expect(carriesSession("portal_signin=abc; table_clients=x")).toBe(false);
    expect(carriesSession("xportal_session=abc")).toBe(false);
    expect(carriesSession("portal_session=")).toBe(false);
  });
});

describe("applyAppSecurityHeaders", () => {
  const settings = { https: false, storageOrigins: [STORE] };

  it("forces no-store for a signed-in request, whatever the route chose", () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=600" });
    applyAppSecurityHeaders(headers, { settings, nonce: NONCE, requestCookie: "portal_session=abc" });
    expect(headers.get("Cache-Control")).toBe(NO_STORE);
    expect(headers.get("Content-Security-Policy")).toContain(`'nonce-${NONCE}'`);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("forces no-store when the answer sets a cookie (sign-in, sign-out)", () => {
    const headers = new Headers({ "Set-Cookie": "portal_session=abc; Path=/; HttpOnly" });
    applyAppSecurityHeaders(headers, { settings, nonce: NONCE, requestCookie: null });
    expect(headers.get("Cache-Control")).toBe(NO_STORE);
  });

  it("leaves a signed-out answer's caching to its route", () => {
    const cached = new Headers({ "Cache-Control": "public, max-age=600" });
    applyAppSecurityHeaders(cached, { settings, nonce: NONCE, requestCookie: "table_clients=x" });
    expect(cached.get("Cache-Control")).toBe("public, max-age=600");
    const none = new Headers();
    applyAppSecurityHeaders(none, { settings, nonce: NONCE, requestCookie: null });
    expect(none.get("Cache-Control")).toBeNull();
  });

  it("keeps a route's stricter Referrer-Policy and overrides everything else", () => {
    const headers = new Headers({ "Referrer-Policy": "no-referrer", "X-Frame-Options": "ALLOWALL", "Content-Security-Policy": "default-src *" });
    applyAppSecurityHeaders(headers, { settings: { ...settings, https: true }, nonce: NONCE, requestCookie: null });
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy(NONCE, [STORE]));
    expect(headers.get("Strict-Transport-Security")).toBe(HSTS);
  });
});
