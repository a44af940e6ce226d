/**
 * Public pages over HTTP: the root domain's home page and a firm's sign-in page (at `/` and
 * `/signin`, for a browser without a session) may be kept by a shared cache: a public
 * Cache-Control, Vary on Host (and Cookie on a firm's site), no cookie set, the same page for every
 * visitor, and a CSP that allows their inline scripts by hash (no nonce, which a cached copy
 * would hand to everyone). Signed-in pages and the sign-in flow's other steps stay private.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { hostRequest, type HostResponse } from "../support/http";

let app: TestApp;

beforeAll(async () => {
  app = await bootApp({ name: "public-pages-http" });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

function scriptSources(response: HostResponse): string[] {
  const csp = String(response.headers["content-security-policy"]);
  return (
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1) ?? []
  );
}

/** Every inline script of the page is allowed by its hash, and nothing carries a nonce. */
function expectScriptsAllowedByHash(page: HostResponse) {
  const sources = scriptSources(page);
  expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
  expect(page.text).not.toMatch(/\snonce="/);
  const inline = [...page.text.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(inline.length, "the page has Remix's inline scripts").toBeGreaterThanOrEqual(3);
  for (const text of inline) expect(sources).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  expect(sources).toContain("'strict-dynamic'");
}

function expectPublic(page: HostResponse, vary: string[]) {
  expect(page.status, page.text.slice(0, 200)).toBe(200);
  expect(page.headers["cache-control"]).toBe("public, max-age=60, s-maxage=300");
  const varies = String(page.headers["vary"])
    .split(",")
    .map((v) => v.trim().toLowerCase());
  for (const name of vary) expect(varies).toContain(name.toLowerCase());
  expect(page.headers["set-cookie"]).toBeUndefined();
  expectScriptsAllowedByHash(page);
}

describe("the root domain's home page", () => {
  it("is public, varies on Host, sets no cookie, and is the same page for two visitors", async () => {
    const get = () => hostRequest(app.port, { host: `localhost:${app.port}`, path: "/" });
    const first = await get();
    const second = await get();
    expectPublic(first, ["Host"]);
    expect(second.text).toBe(first.text);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });
});

describe("a firm's sign-in page", () => {
  it.each(["/signin", "/", "/signin?redirect=%2Fdocuments"])("%s is public, varies on Host and Cookie, and is the same for two visitors", async (path) => {
    const first = await app.get("acme", path);
    const second = await app.get("acme", path);
    expectPublic(first, ["Host", "Cookie"]);
    expect(first.text).toContain("Acme Tax &amp; Advisory");
    expect(second.text).toBe(first.text);
  });

  it("is each firm's own page (the cache key needs the Host)", async () => {
    const acme = await app.get("acme", "/signin");
    const summit = await app.get("summit", "/signin");
    expect(summit.text).not.toBe(acme.text);
    expect(summit.text).toContain("Summit CPA Group");
  });

  it("with an expired or unknown session cookie, is not public (the cookie is looked up)", async () => {
    const page = await app.get("acme", "/signin", "portal_session=not-a-session-0123456789abcdef");
    expect(page.status).toBe(200);
    expect(String(page.headers["cache-control"] ?? "")).not.toMatch(/public/);
    expect(scriptSources(page).some((s) => s.startsWith("'nonce-"))).toBe(true);
  });

  it("the sign-in flow's other steps (they read the browser's cookies) are not public", async () => {
    const page = await app.get("acme", "/signin?state=forgot-password");
    expect(page.status).toBe(200);
    expect(String(page.headers["cache-control"] ?? "")).not.toMatch(/public/);
    expect(scriptSources(page).some((s) => s.startsWith("'nonce-"))).toBe(true);
  });
});

describe("signed-in pages", () => {
  it("are never stored, and carry a fresh nonce", async () => {
    const client = await app.signIn("acme", "client@acme.test");
    for (const path of ["/", "/signin?redirect=%2F"]) {
      const page = await client.get("acme", path);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(String(page.headers["cache-control"] ?? "")).not.toMatch(/public/);
    }
    const home = await client.get("acme", "/");
    expect(home.status).toBe(200);
    expect(home.text).not.toMatch(/Sign In<\/h1>/);
    expect(scriptSources(home).some((s) => s.startsWith("'nonce-"))).toBe(true);
  });
});
