/**
 * The HTTP host end to end, without a browser: the built app (run `remix build` first; `npm test`
 * does) served by server.ts against a real PostgreSQL and S3-protocol server with the demo firms.
 * Covers host → firm resolution, the firm cache and its invalidation, firm-scoped sessions,
 * pages and data sent whole and compressed as the browser accepts, and bad input never
 * answering 500.
 */
import http from "node:http";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { hostRequest } from "../support/http";
import { FRESH_WINDOW_TIMEOUT_MS, freshWindow } from "../support/rate-window";

let app: TestApp;

// Any Host: the root domain, unknown, reserved and custom ones as well as the firms'.
const get = (host: string, path = "/", headers: Record<string, string> = {}) => hostRequest(app.port, { host, path, headers });

const post = (host: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  hostRequest(app.port, { host, path, form, headers });

const firm = (slug: string) => app.host(slug);

/** The session cookie of a demo user (staff complete the emailed second factor). */
const signIn = async (slug: string, email: string) => (await app.signIn(slug, email)).cookie;

beforeAll(async () => {
  app = await bootApp({ name: "http", s3: true });
});

afterAll(async () => {
  await app?.stop();
});

describe("host resolution", () => {
  it("serves the public site on the root domain", async () => {
    const response = await get(`localhost:${app.port}`);
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain("Sign up your firm");
    expect(html).not.toContain("Acme Tax");
  });

  it("serves each firm on its subdomain, case-insensitively", async () => {
    const acme = (await get(firm("ACME"))).text;
    expect(acme).toContain("Acme Tax &amp; Advisory");
    expect(acme).not.toContain("Summit CPA Group");
    const summit = (await get(firm("summit"))).text;
    expect(summit).toContain("Summit CPA Group");
  });

  it("answers unknown, reserved and wrong-port hosts with the neutral 404 page", async () => {
    for (const host of [firm("nobody"), firm("www"), firm("admin"), `acme.localhost:${app.port + 1}`, "evil.test", ""]) {
      const response = await get(host);
      expect(response.status, host).toBe(404);
      const html = response.text;
      expect(html).toContain("We couldn't find that portal");
      expect(html).toContain(`href="http://localhost:${app.port}"`);
    }
  });

  it("serves a firm on its custom domain", async () => {
    const { withFirm } = await import("~/db.server");
    await withFirm("firm_acme", (tx) => tx.firm.update({ where: { id: "firm_acme" }, data: { customDomain: "portal.acmetax.test" } }));
    const { resolveFirmIdByDomain } = await import("~/db.server");
    expect(await resolveFirmIdByDomain("portal.acmetax.test")).toBe("firm_acme");
    const response = await get(`portal.acmetax.test:${app.port}`);
    expect(response.status).toBe(200);
    expect(response.text).toContain("Acme Tax &amp; Advisory");
  });

  it("drops the cached firm when the firm changes in the database", async () => {
    expect((await get(firm("summit"))).text).toContain("Summit CPA Group");
    const { withFirm } = await import("~/db.server");
    // A change made elsewhere (another app server, a script): only NOTIFY tells this server.
    await withFirm("firm_summit", (tx) => tx.firm.update({ where: { id: "firm_summit" }, data: { name: "Summit CPA Partners" } }));
    await expect.poll(async () => (await get(firm("summit"))).text, { timeout: 15_000, interval: 50 }).toContain("Summit CPA Partners");
    await withFirm("firm_summit", (tx) => tx.firm.update({ where: { id: "firm_summit" }, data: { name: "Summit CPA Group" } }));
  });
});

describe("sessions", () => {
  it("signs a client in and shows the dashboard", async () => {
    const cookie = await signIn("acme", "client@acme.test");
    const html = (await get(firm("acme"), "/", { cookie })).text.replace(/<!-- -->/g, "");
    expect(html).toMatch(/Welcome, [^<]+!/);
  });

  it("never accepts one firm's session on another firm", async () => {
    const cookie = await signIn("acme", "partner@acme.test");
    expect((await get(firm("acme"), "/", { cookie })).text).toContain("Collect");
    const summit = (await get(firm("summit"), "/", { cookie })).text;
    expect(summit).toContain("Sign In");
    expect(summit).not.toContain("Collect");
    const settings = await get(firm("summit"), "/firm", { cookie });
    expect(settings.status).toBe(302);
  });

  it("sends an unauthenticated request to /?redirect=<path and query>", async () => {
    const response = await get(firm("acme"), "/firm?tab=brand");
    expect(response.status).toBe(302);
    expect(response.location).toBe("/?redirect=%2Ffirm%3Ftab%3Dbrand");
  });

  it("honours the redirect after sign-in, but only to this site", async () => {
    const ok = await post(firm("acme"), "/signin", { email: "client@acme.test", password: "Portal-Demo-2026!", redirect: "/firm?tab=brand" });
    expect(ok.location).toBe("/firm?tab=brand");
    const evil = await post(firm("acme"), "/signin", { email: "client@acme.test", password: "Portal-Demo-2026!", redirect: "//evil.test/x" });
    expect(evil.location).toBe("/");
    // Staff keep the target through the second factor.
    const staff = await post(firm("acme"), "/signin", { email: "partner@acme.test", password: "Portal-Demo-2026!", redirect: "/firm?tab=brand" });
    expect(staff.location).toBe("/signin?state=2fa&redirect=%2Ffirm%3Ftab%3Dbrand");
  });

  it("keeps Firm Settings to partners", async () => {
    const advisor = await signIn("acme", "advisor@acme.test");
    expect((await get(firm("acme"), "/firm", { cookie: advisor })).status).toBe(403);
    const client = await signIn("acme", "client@acme.test");
    expect((await get(firm("acme"), "/firm", { cookie: client })).status).toBe(404);
    const partner = await signIn("acme", "partner@acme.test");
    expect((await get(firm("acme"), "/firm", { cookie: partner })).status).toBe(200);
  });

  it("refuses a session cookie whose signature was altered, after the genuine one was accepted", async () => {
    const cookie = await signIn("acme", "client@acme.test");
    expect((await get(firm("acme"), "/", { cookie })).text).not.toContain("Sign In");
    // The value is `<token, base64>.<signature>`: change the signature's last character.
    const forged = cookie.replace(
      /(portal_session=[^;]*)(.)(;|$)/,
      (_all, head: string, last: string, end: string) => `${head}${last === "A" ? "B" : "A"}${end}`,
    );
    expect(forged).not.toBe(cookie);
    expect((await get(firm("acme"), "/", { cookie: forged })).text).toContain("Sign In");
    expect((await get(firm("acme"), "/", { cookie })).text).not.toContain("Sign In");
  });

  it("signs out", async () => {
    const cookie = await signIn("acme", "client@acme.test");
    const out = await post(firm("acme"), "/signout", {}, { cookie });
    expect(out.status).toBe(302);
    expect((await get(firm("acme"), "/", { cookie })).text).toContain("Sign In");
  });
});

describe("bad input", () => {
  it("answers sign-in mistakes with the spec's messages, never 500", async () => {
    const empty = await post(firm("acme"), "/signin", { email: "", password: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = empty.text;
    expect(emptyHtml).toContain("Email is missing");
    expect(emptyHtml).toContain("Password is missing");
    const wrong = await post(firm("acme"), "/signin", { email: "client@acme.test", password: "Nope-Nope-123!" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Invalid password");
    // Another firm's user is unknown here, answered like a wrong password (no enumeration).
    const other = await post(firm("acme"), "/signin", { email: "client@summit.test", password: "Portal-Demo-2026!" });
    expect(other.status).toBe(400);
    expect(other.text).toContain("Invalid password");
    expect(other.text).not.toContain("couldn&#x27;t find a user");
  });

  it("refuses sign-up with bad, reserved or taken subdomains", async () => {
    const base = { firmName: "Copy", firstName: "A", lastName: "B", email: "a@b.test", password: "Copycat-Firm-2026!", confirmPassword: "Copycat-Firm-2026!" };
    const taken = await post(`localhost:${app.port}`, "/create-firm", { ...base, subdomain: "acme" });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("This subdomain is already taken");
    const reserved = await post(`localhost:${app.port}`, "/create-firm", { ...base, subdomain: "admin" });
    expect(reserved.status).toBe(400);
    expect(reserved.text).toContain("This subdomain is reserved");
    const weak = await post(`localhost:${app.port}`, "/create-firm", { ...base, subdomain: "weak-pass", password: "short", confirmPassword: "short" });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain("Password must be greater than 10 characters");
    const garbage = await post(`localhost:${app.port}`, "/create-firm", { subdomain: "A B" });
    expect(garbage.status).toBe(400);
  });

  it("lets exactly one of two racing sign-ups take a subdomain", async () => {
    const form = (n: number) => ({
      firmName: `Racer ${n}`,
      subdomain: "racing-firm",
      firstName: "R",
      lastName: String(n),
      email: `r${n}@racing.test`,
      password: "Racing-Firm-2026!",
      confirmPassword: "Racing-Firm-2026!",
    });
    const results = await Promise.all([1, 2, 3].map((n) => post(`localhost:${app.port}`, "/create-firm", form(n))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 409, 409]);
    const { adminDb } = await import("../support/admin-db");
    expect(await adminDb().firm.count({ where: { slug: "racing-firm" } })).toBe(1);
  });

  it("hands the new partner's session to the subdomain once", async () => {
    const created = await post(`localhost:${app.port}`, "/create-firm", {
      firmName: "Handoff & Co",
      subdomain: "handoff-co",
      firstName: "H",
      lastName: "Co",
      email: "h@handoff.test",
      password: "Handoff-Firm-2026!",
      confirmPassword: "Handoff-Firm-2026!",
    });
    expect(created.status).toBe(302);
    const location = new URL(created.location!);
    expect(location.host).toBe(firm("handoff-co"));
    // Another firm's host does not accept the token.
    const elsewhere = await get(firm("acme"), `${location.pathname}${location.search}`);
    expect(elsewhere.cookie).toBeNull();
    const first = await get(firm("handoff-co"), `${location.pathname}${location.search}`);
    const cookie = first.cookie!;
    expect(cookie).toMatch(/session=/);
    expect((await get(firm("handoff-co"), "/", { cookie })).text).toContain("Collect");
    // Used once: a replay gets no session.
    const replay = await get(firm("handoff-co"), `${location.pathname}${location.search}`);
    expect(replay.cookie).toBeNull();
  });

  // Last of the sign-ups above: they all came from this one address and count against it when
  // they fell in the same hour (a fixed window aligned to UTC). The burst starts early enough in
  // an hour to be counted in one window, and the count checked is that window's.
  it(
    "refuses the eleventh sign-up from one address within the hour (429)",
    async () => {
      await freshWindow(60 * 60);
      const form = {
        firmName: "Again",
        subdomain: "acme",
        firstName: "A",
        lastName: "B",
        email: "a@b.test",
        password: "Again-Firm-2026!",
        confirmPassword: "Again-Firm-2026!",
      };
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i < 11 && !refused; i++) {
        const response = await post(`localhost:${app.port}`, "/create-firm", form);
        statuses.push(response.status);
        if (response.status === 429) refused = response;
      }
      expect(refused?.text).toContain("Too many sign-ups from this address. Please try again in an hour.");
      expect(statuses.slice(0, -1).every((status) => status === 409)).toBe(true);
      // Counted in the database (shared by every app server), not in this process: the refused
      // sign-up was the hour's eleventh.
      const owner = new pg.Client({ connectionString: app.db.url });
      await owner.connect();
      try {
        const { rows } = await owner.query("SELECT hits FROM root_site_rate_limits WHERE bucket LIKE 'signup:%' ORDER BY window_start DESC LIMIT 1");
        expect(rows[0]?.hits).toBe(11);
      } finally {
        await owner.end();
      }
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );
});

describe("cross-site requests", () => {
  it("refuses a state-changing request from another origin before any action runs", async () => {
    const cookie = await signIn("acme", "client@acme.test");
    const forged = await post(firm("acme"), "/signout", {}, { cookie, origin: "http://evil.test" });
    expect(forged.status).toBe(403);
    // The session survived the forged sign-out.
    expect((await get(firm("acme"), "/", { cookie })).text).toMatch(/Welcome,/);
    // Another firm's origin is just as foreign.
    expect((await post(firm("acme"), "/signout", {}, { cookie, origin: `http://summit.localhost:${app.port}` })).status).toBe(403);
    const sameSite = await post(firm("acme"), "/signout", {}, { cookie, origin: `http://acme.localhost:${app.port}` });
    expect(sameSite.status).toBe(302);
  });

  it("refuses a cross-site firm sign-up on the root domain", async () => {
    const response = await post(`localhost:${app.port}`, "/create-firm", { firmName: "Forged", subdomain: "forged-firm" }, { origin: "http://evil.test" });
    expect(response.status).toBe(403);
  });
});

/** The answer's bytes as sent (not decoded), with its headers. */
function rawGet(host: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: app.port, path, headers: { host, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("compression", () => {
  it("sends a page and its data whole, with their length, as zstd, Brotli or gzip when the browser accepts it, and as they are otherwise", async () => {
    const cookie = await signIn("acme", "client@acme.test");
    const chrome = await rawGet(firm("acme"), "/", { cookie, "accept-encoding": "gzip, deflate, br, zstd" });
    expect(chrome.status).toBe(200);
    // zstd where Node has it (22.15 and later), Brotli before.
    const hasZstd = typeof zlib.zstdCompressSync === "function";
    expect(chrome.headers["content-encoding"]).toBe(hasZstd ? "zstd" : "br");
    expect(Number(chrome.headers["content-length"])).toBe(chrome.body.length);
    expect(chrome.headers["transfer-encoding"]).toBeUndefined();
    expect(chrome.headers.vary).toMatch(/Accept-Encoding/i);
    const page = (hasZstd ? zlib.zstdDecompressSync(chrome.body) : zlib.brotliDecompressSync(chrome.body)).toString("utf8");
    expect(page.replace(/<!-- -->/g, "")).toMatch(/Welcome, [^<]+!/);
    // All of it: the page's data, streamed after the markup, to its last script.
    expect(page).toContain("window.__remixContext.streamController.close()");
    expect(chrome.body.length).toBeLessThan(page.length / 2);

    // Safari asks for no zstd: Brotli.
    const safari = await rawGet(firm("acme"), "/", { cookie, "accept-encoding": "gzip, deflate, br" });
    expect(safari.headers["content-encoding"]).toBe("br");
    expect(Number(safari.headers["content-length"])).toBe(safari.body.length);
    expect(zlib.brotliDecompressSync(safari.body).toString("utf8")).toContain("window.__remixContext.streamController.close()");

    const gzipOnly = await rawGet(firm("acme"), "/", { cookie, "accept-encoding": "gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzipOnly.headers["content-length"])).toBe(gzipOnly.body.length);
    expect(
      zlib
        .gunzipSync(gzipOnly.body)
        .toString("utf8")
        .replace(/<!-- -->/g, ""),
    ).toMatch(/Welcome, [^<]+!/);

    const plain = await rawGet(firm("acme"), "/", { cookie, "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString("utf8").replace(/<!-- -->/g, "")).toMatch(/Welcome, [^<]+!/);

    // A client-side navigation's data (Remix single fetch): the same.
    const data = await rawGet(firm("acme"), "/_root.data", { cookie, "accept-encoding": "br" });
    expect(data.status).toBe(200);
    expect(data.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(data.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(data.body).toString("utf8")).toMatch(/^\[\{"_1":2.*"root"/);
  });
});
