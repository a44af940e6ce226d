/**
 * Sign-in end to end over HTTP: the built app (run `remix build` first; `npm test` does) served
 * by server.ts against a real PostgreSQL with the demo firms, reading what was "sent" from the
 * firm's outbox. Every token kind (magic link, code by email and SMS, reset link, template
 * sign-up, staff-sent link), and attempts to break each: replay, expiry, another firm's host,
 * another browser, guessing, flooding, cross-site posts.
 *
 * TRUST_PROXY is on so each test can be its own client address (X-Forwarded-For): the per-address
 * throttles of one test don't leak into the next.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";
import type { HostResponse } from "../support/http";
import { FRESH_WINDOW_TIMEOUT_MS, freshWindow } from "../support/rate-window";

let app: TestApp;

const PASSWORD = "Portal-Demo-2026!";
const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const origin = (slug: string) => `http://${app.host(slug)}`;

let addressCounter = 10;
/** A fresh client address for a browser. */
const newAddress = () => {
  const n = addressCounter++;
  return `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

/** A browser with its own client address. */
const newBrowser = (address = newAddress()) => app.browser(address);

async function userId(firmId: string, email: string) {
  const user = await scoped(firmId, (tx) => tx.user.findFirst({ where: { email }, select: { id: true } }));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** The latest message the firm sent to `to`. */
async function lastSent(firmId: string, to: string) {
  return scoped(firmId, (tx) => tx.outboundMessage.findFirst({ where: { to }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }));
}

function codeOf(message: { subject: string | null; body: string } | null): string {
  const code = `${message?.subject ?? ""} ${message?.body ?? ""}`.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("no code in the message");
  return code;
}

function linkOf(message: { body: string } | null): URL {
  const link = message?.body.match(/https?:\/\/\S+\/auth\/link\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error("no link in the message");
  return new URL(link);
}

const html = (response: HostResponse) =>
  response.text
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** A client of the firm made for one test, with the given sign-in settings. */
let userCounter = 0;
async function makeClient(
  firmId: string,
  settings: { method?: "password" | "email" | "sms" | null; enabled2fa?: boolean; phone?: string | null; password?: boolean } = {},
) {
  const { hashPassword } = await import("~/auth/password.server");
  const email = `user${++userCounter}-${Date.now().toString(36)}@example.test`;
  const passwordHash = settings.password === false ? null : await hashPassword(PASSWORD);
  const user = await scoped(firmId, (tx) =>
    tx.user.create({
      data: {
        firmId,
        kind: "client",
        email,
        fname: "Test",
        lname: `User ${userCounter}`,
        passwordHash,
        preferredSignInMethod: settings.method === undefined ? "password" : settings.method,
        enabled2fa: settings.enabled2fa ?? false,
        phoneNumber: settings.phone === undefined ? "5035550199" : settings.phone,
      },
      select: { id: true, email: true },
    }),
  );
  return { id: user.id, email: user.email! };
}

async function activity(firmId: string, userIdValue: string) {
  return scoped(firmId, (tx) => tx.activityLog.findMany({ where: { userId: userIdValue }, orderBy: { createdAt: "asc" } }));
}

async function signedIn(browser: Browser, slug: string) {
  const response = await browser.get(slug, "/api/auth/session", { accept: "application/json" });
  return response.status === 200;
}

beforeAll(async () => {
  app = await bootApp({ name: "auth-http", s3: true, env: { TRUST_PROXY: "true", RESEND_API_KEY: undefined, TWILIO_ACCOUNT_SID: undefined } });
});

afterAll(async () => {
  await app?.stop();
});

describe("the email-first flow", () => {
  it("asks for the password of a password user, keeping the email typed", async () => {
    const b = newBrowser();
    const response = await b.post("acme", "/signin", { intent: "lookup", email: "  Client@ACME.test " });
    expect(response.status).toBe(200);
    expect(html(response)).toContain('name="password"');
    expect(html(response)).toContain('value="client@acme.test"');
  });

  it("answers the spec's message for a missing email", async () => {
    const b = newBrowser();
    const empty = await b.post("acme", "/signin", { intent: "lookup", email: "" });
    expect(empty.status).toBe(400);
    expect(html(empty)).toContain("Email is missing");
    const forgot = await b.post("acme", "/signin", { intent: "forgot", email: "" });
    expect(html(forgot)).toContain("Please fill out email first.");
  });

  it("answers an unknown email exactly as an account's, so nobody can find out who is a client", async () => {
    const known = await makeClient(ACME, { method: "email" });
    for (const [intent, extra] of [
      ["lookup", {}],
      ["send-link", {}],
      ["send-reset", {}],
    ] as const) {
      const forKnown = await newBrowser().post("acme", "/signin", { intent, email: known.email, ...extra });
      const unknownEmail = `nobody-${intent}-${Date.now().toString(36)}@example.test`;
      const forUnknown = await newBrowser().post("acme", "/signin", { intent, email: unknownEmail, ...extra });
      expect(forUnknown.status, intent).toBe(forKnown.status);
      expect(forUnknown.status, intent).toBe(302);
      expect(forUnknown.location?.split("&to=")[0], intent).toBe(forKnown.location?.split("&to=")[0]);
      expect(forUnknown.location).toMatch(/&to=n%E2%80%A2%E2%80%A2%E2%80%A2/);
      // The page shows where it "went", like for an account; nothing was sent to the unknown address.
      const shown = html(await newBrowser().get("acme", forUnknown.location!));
      expect(shown).toContain("Check your email");
      expect(shown).toContain(`n•••${unknownEmail.split("@")[0].slice(-1)}@example.test`);
      expect(await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: unknownEmail } }))).toBe(0);
    }
    // A code asked for an unknown address looks sent too.
    const unknownCode = await newBrowser().post("acme", "/signin", { intent: "send-code:email", flow: "alternate", email: "nobody-code@example.test" });
    expect(unknownCode.status).toBe(302);
    expect(unknownCode.location).toMatch(/^\/signin\?state=sent-email&to=/);
    // The password step: an unknown address gets the wrong-password answer, not 'no such user'.
    const password = await newBrowser().post("acme", "/signin", { email: "nobody@acme.test", password: "Whatever-1234!" });
    expect(password.status).toBe(400);
    expect(html(password)).toContain("Invalid password");
    expect(html(password)).not.toContain("couldn't find a user");
    // Another firm's user is unknown here, with the same answer.
    expect((await newBrowser().post("acme", "/signin", { intent: "lookup", email: "client@summit.test" })).location).toMatch(
      /^\/signin\?state=sent-link&sent=sign_in_link&to=/,
    );
  });

  it("never answers 500 to malformed input", async () => {
    const b = newBrowser();
    const attempts: Record<string, string>[] = [
      {},
      { intent: "nonsense" },
      { intent: "verify-code" },
      { intent: "verify-code", flow: "2fa", code: "x".repeat(5000) },
      { intent: "send-code:fax", email: "client@acme.test" },
      { intent: "send-code", flow: "2fa" },
      { intent: "expired-resend:email", token: "%%%" },
      { intent: "password", email: "a".repeat(3000), password: "b".repeat(5000) },
      { intent: "set-password", password: "x" },
      { intent: "lookup", email: "\u0000@\u0000" },
      { intent: "reset-method" },
      { intent: "send-link:sms", email: "not an email" },
    ];
    for (const form of attempts) {
      const response = await b.post("acme", "/signin", form);
      expect(response.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
    }
    for (const path of [
      "/auth/link",
      "/auth/link?token=",
      "/auth/link?token=" + "a".repeat(5000),
      "/template/..%2F..",
      "/template/" + "x".repeat(500),
      "/signin?state=<script>",
      "/auth/confirm-email",
    ]) {
      expect((await b.get("acme", path)).status, path).toBeLessThan(500);
    }
    expect((await b.post("acme", "/auth/link", { token: "" })).status).toBe(410);
    expect((await b.post("acme", "/template/nope", { email: "a@b.test" })).status).toBe(404);
  });

  it("refuses state-changing posts from another origin", async () => {
    const user = await makeClient(ACME, { method: "email" });
    const b = newBrowser();
    // Resource routes: our check (app/auth/origin.ts) answers 403.
    for (const path of ["/api/users/send-sign-in-links", "/api/auth/refresh"]) {
      expect((await b.post("acme", path, { userIds: user.id }, { origin: "https://evil.test" })).status, path).toBe(403);
      expect((await b.post("acme", path, { userIds: user.id }, { origin: origin("summit") })).status, path).toBe(403);
      expect((await b.post("acme", path, { userIds: user.id }, { origin: "", referer: "https://evil.test/page" })).status, path).toBe(403);
    }
    // Route actions, posted by a form or by script (`.data`): refused before the action runs
    // (Remix's own Origin check answers first; ours runs in each action too).
    for (const path of ["/signin", "/signin.data", "/auth/link", "/signout", "/set-sign-in-method", "/template/x"]) {
      const response = await b.post("acme", path, { intent: "lookup", email: user.email }, { origin: "https://evil.test" });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers["set-cookie"], path).toBeUndefined();
    }
    expect(await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: user.email } }))).toBe(0);
    expect((await b.post("acme", "/signin", { intent: "lookup", email: user.email })).status).toBe(302);
    expect(await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: user.email } }))).toBe(1);
  });
});

describe("magic links", () => {
  it("sign in once: opening the link changes nothing, the POST uses it, a replay gets the expired-link state", async () => {
    const user = await makeClient(ACME, { method: "email" });
    const b = newBrowser();
    const sent = await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/signin\?state=sent-link&sent=sign_in_link&to=u%E2%80%A2%E2%80%A2%E2%80%A2/);
    expect(html(await b.get("acme", sent.location!))).toMatch(/We sent a sign-in link to .*u•••.*@example\.test/);

    const link = linkOf(await lastSent(ACME, user.email));
    expect(link.host).toBe(app.host("acme"));
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored.
    const stored = await scoped(ACME, (tx) => tx.signInToken.findFirst({ where: { userId: user.id, purpose: "sign_in_link" } }));
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);

    // A mail scanner (another browser) opens it twice: no session, link still good.
    const scanner = newBrowser();
    for (let i = 0; i < 2; i++) {
      const opened = await scanner.get("acme", `${link.pathname}${link.search}`);
      expect(opened.status).toBe(200);
      expect(html(opened)).toContain("Continue");
      expect(scanner.session()).toBeUndefined();
    }

    const clicker = newBrowser();
    const used = await clicker.post("acme", "/auth/link", { token });
    expect(used.status).toBe(302);
    expect(used.location).toBe("/");
    expect(await signedIn(clicker, "acme")).toBe(true);

    const replay = await newBrowser().post("acme", "/auth/link", { token });
    expect(replay.status).toBe(410);
    expect(html(replay)).toContain("This link has expired");
    expect(html(replay)).toContain("Email me a new link");
    const reopened = await newBrowser().get("acme", `${link.pathname}${link.search}`);
    expect(reopened.status).toBe(410);

    const log = (await activity(ACME, user.id)).map((a) => a.title);
    expect(log).toEqual(expect.arrayContaining(["Sign-in link sent", "Signed in"]));
    expect((await activity(ACME, user.id)).every((a) => a.ipAddress)).toBe(true);
  });

  it("work only on the firm's own host", async () => {
    const user = await makeClient(ACME, { method: "email" });
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const token = linkOf(await lastSent(ACME, user.email)).searchParams.get("token")!;
    const elsewhere = newBrowser();
    const opened = await elsewhere.get("summit", `/auth/link?token=${token}`);
    expect(opened.status).toBe(404);
    expect(html(opened)).not.toContain(user.email);
    const posted = await elsewhere.post("summit", "/auth/link", { token });
    expect(posted.status).toBe(410);
    expect(elsewhere.session()).toBeUndefined();
    // Still good at home.
    expect((await newBrowser().post("acme", "/auth/link", { token })).status).toBe(302);
  });

  it("lead to the expired-link state once expired, which sends the same user a new link or a texted code", async () => {
    const user = await makeClient(ACME, { method: "email" });
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const token = linkOf(await lastSent(ACME, user.email)).searchParams.get("token")!;
    await scoped(ACME, (tx) =>
      tx.signInToken.updateMany({
        where: { userId: user.id },
        data: { expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 16 * 60_000) },
      }),
    );

    const opened = await b.get("acme", `/auth/link?token=${token}`);
    expect(opened.status).toBe(410);
    expect(html(opened)).toContain("This link has expired");
    expect((await b.post("acme", "/auth/link", { token })).status).toBe(410);
    expect(b.session()).toBeUndefined();

    const again = await b.post("acme", "/signin", { intent: "expired-resend:email", token });
    expect(again.status).toBe(302);
    expect(again.location).toContain("state=sent-link");
    const fresh = linkOf(await lastSent(ACME, user.email)).searchParams.get("token")!;
    expect(fresh).not.toBe(token);
    expect((await newBrowser().post("acme", "/auth/link", { token: fresh })).status).toBe(302);

    const texted = await newBrowser().post("acme", "/signin", { intent: "expired-resend:sms", token });
    expect(texted.location).toContain("state=sent-text");
    expect((await lastSent(ACME, "+15035550199"))?.body).toMatch(/\d{6}/);
  });

  it("ask for the second factor when two-factor applies", async () => {
    const user = await makeClient(ACME, { method: null, enabled2fa: true });
    const b = newBrowser();
    const sent = await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    expect(sent.location).toContain("state=sent-link");
    const token = linkOf(await lastSent(ACME, user.email)).searchParams.get("token")!;
    const used = await b.post("acme", "/auth/link", { token });
    expect(used.location).toBe("/signin?state=2fa");
    expect(await signedIn(b, "acme")).toBe(false);
    expect(html(await b.get("acme", "/signin?state=2fa"))).toContain("2-Factor Auth");
  });
});

describe("codes", () => {
  async function emailCodeUser() {
    // Preferred method email with two-factor: a 6-digit code by email (sent-email).
    return makeClient(ACME, { method: "email", enabled2fa: true });
  }

  it("sign in by email once, only in the browser that asked, and are stored as a keyed hash", async () => {
    const user = await emailCodeUser();
    const b = newBrowser();
    const sent = await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/signin\?state=sent-email&to=/);
    expect(html(await b.get("acme", sent.location!))).toContain("Sign in via email");
    const code = codeOf(await lastSent(ACME, user.email));
    const row = await scoped(ACME, (tx) => tx.signInToken.findFirst({ where: { userId: user.id, purpose: "verification_code" } }));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const { hashToken } = await import("~/auth/tokens.server");
    expect(row!.tokenHash).not.toBe(hashToken(code));
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 10 * 60_000)).toBeLessThan(2000);

    // Someone who read the code (another browser, same or other firm) can't use it.
    const thief = newBrowser();
    const stolen = await thief.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code });
    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(html(stolen)).toContain("Invalid or expired verification code");
    const thiefWithCookie = newBrowser();
    thiefWithCookie.cookies = new Map(b.cookies);
    const elsewhere = await thiefWithCookie.post("summit", "/signin", { intent: "verify-code", flow: "sign-in", code });
    expect(html(elsewhere)).toContain("Invalid or expired verification code");
    expect(thiefWithCookie.session()).toBeUndefined();

    const attemptCookies = new Map(b.cookies);
    const ok = await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/");
    expect(await signedIn(b, "acme")).toBe(true);
    const session = await scoped(ACME, (tx) => tx.session.findFirst({ where: { userId: user.id }, orderBy: { createdAt: "desc" } }));
    expect(session?.twoFactorVerifiedAt).not.toBeNull();

    // Single use.
    const replayer = newBrowser(b.address);
    replayer.cookies = attemptCookies;
    const replay = await replayer.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code });
    expect(html(replay)).toContain("Invalid or expired verification code");
  });

  it("work only for the sign-in attempt that asked, even against another attempt of the same firm", async () => {
    const thiefUser = await emailCodeUser();
    const victim = await emailCodeUser();
    const thief = newBrowser();
    await thief.post("acme", "/signin", { intent: "lookup", email: thiefUser.email });
    const victimBrowser = newBrowser();
    await victimBrowser.post("acme", "/signin", { intent: "lookup", email: victim.email });
    const victimCode = codeOf(await lastSent(ACME, victim.email));
    const stolen = await thief.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: victimCode });
    expect(html(stolen)).toContain("Invalid or expired verification code");
    expect(thief.session()).toBeUndefined();
    expect((await victimBrowser.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: victimCode })).status).toBe(302);
  });

  it("are void after 5 wrong tries, even the right one after that", async () => {
    const user = await emailCodeUser();
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const code = codeOf(await lastSent(ACME, user.email));
    const wrong = code === "000000" ? "111111" : "000000";
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(html(await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: wrong })));
    expect(answers.slice(0, 4).every((a) => a.includes("Invalid or expired verification code"))).toBe(true);
    expect(answers[4]).toContain("Too many incorrect attempts");
    const late = await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code });
    expect(late.status).toBe(429);
    expect(html(late)).toContain("Too many incorrect attempts");
    expect(b.session()).toBeUndefined();
    const log = await activity(ACME, user.id);
    expect(log.filter((a) => a.title === "Sign-in failed").length).toBe(5);
  });

  it("allow no more than 5 guesses even when sent in parallel", async () => {
    const user = await emailCodeUser();
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const code = codeOf(await lastSent(ACME, user.email));
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    await Promise.all(guesses.map((guess) => b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: guess })));
    const row = await scoped(ACME, (tx) => tx.signInToken.findFirst({ where: { userId: user.id, purpose: "verification_code" } }));
    expect(row!.attempts).toBe(5);
    expect(html(await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code }))).toContain("Too many incorrect attempts");
  });

  it("expire after 10 minutes", async () => {
    const user = await emailCodeUser();
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const code = codeOf(await lastSent(ACME, user.email));
    await scoped(ACME, (tx) => tx.signInToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } }));
    expect(html(await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code }))).toContain("Invalid or expired verification code");
  });

  it("answer 429 with the server's message when asked for too often, and a new code voids the old one", async () => {
    const user = await emailCodeUser();
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const first = codeOf(await lastSent(ACME, user.email));
    const again = await b.post("acme", "/signin", { intent: "send-code:email", flow: "sign-in" });
    expect(again.status).toBe(429);
    expect(html(again)).toMatch(/Please wait \d+ seconds? before requesting another code\./);

    // Half a minute later a new code may be sent; the first one stops working.
    await scoped(ACME, (tx) => tx.signInToken.updateMany({ where: { userId: user.id }, data: { createdAt: new Date(Date.now() - 31_000) } }));
    expect((await b.post("acme", "/signin", { intent: "send-code:email", flow: "sign-in" })).status).toBe(302);
    const second = codeOf(await lastSent(ACME, user.email));
    if (second !== first)
      expect(html(await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: first }))).toContain("Invalid or expired");
    expect((await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: second })).status).toBe(302);
  });

  it("stop after 10 unused codes or links per user and requesting address an hour, whichever browsers ask", async () => {
    const user = await emailCodeUser();
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await newBrowser(address).post("acme", "/signin", { intent: "lookup", email: user.email })).status);
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await newBrowser(address).post("acme", "/signin", { intent: "send-link", email: user.email });
    expect(refused.status).toBe(429);
    expect(html(refused)).toContain("Too many codes or links were requested for this account");
    const sent = await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: user.email } }));
    expect(sent).toBe(10);
  });

  it("requests from strangers never use up the owner's allowance, nor block the password reset", async () => {
    const victim = await makeClient(ACME, { method: "email" });
    // Anonymous requests for the victim's codes and links, from one address…
    const attacker = newAddress();
    for (let i = 0; i < 12; i++) await newBrowser(attacker).post("acme", "/signin", { intent: "send-code:email", flow: "alternate", email: victim.email });
    expect((await newBrowser(attacker).post("acme", "/signin", { intent: "send-code:email", flow: "alternate", email: victim.email })).status).toBe(429);
    // …and from many (a flood): at most 30 codes and links from every address together.
    for (let i = 0; i < 30; i++) await newBrowser().post("acme", "/signin", { intent: "send-link", email: victim.email });
    const flooded = await newBrowser().post("acme", "/signin", { intent: "send-link", email: victim.email });
    expect(flooded.status).toBe(429);
    // The owner still gets a password reset, and signs in with it.
    const owner = newBrowser();
    const reset = await owner.post("acme", "/signin", { intent: "send-reset", email: victim.email });
    expect(reset.status).toBe(302);
    expect(reset.location).toMatch(/sent=password_reset/);
    const mail = await lastSent(ACME, victim.email);
    expect(mail?.subject).toContain("Reset");
    const token = linkOf(mail).searchParams.get("token")!;
    expect((await owner.post("acme", "/auth/link", { token })).location).toBe("/signin?state=set-password");
    expect(await signedIn(owner, "acme")).toBe(true);
  });

  it("sign in by SMS (sent-text); when the SMS can't be sent a panel offers resetting the method", async () => {
    const texter = await makeClient(ACME, { method: "sms", phone: "5035550123" });
    const b = newBrowser();
    const sent = await b.post("acme", "/signin", { intent: "lookup", email: texter.email });
    expect(sent.location).toMatch(/^\/signin\?state=sent-text&to=/);
    const page = html(await b.get("acme", sent.location!));
    expect(page).toContain("Sign in via SMS");
    expect(page).toContain("(•••) •••-0123");
    const sms = await lastSent(ACME, "+15035550123");
    expect(sms?.channel).toBe("sms");
    expect((await b.post("acme", "/signin", { intent: "verify-code", flow: "sign-in", code: codeOf(sms) })).status).toBe(302);
    expect(await signedIn(b, "acme")).toBe(true);

    const noPhone = await makeClient(ACME, { method: "sms", phone: null });
    const c = newBrowser();
    const failed = await c.post("acme", "/signin", { intent: "lookup", email: noPhone.email });
    expect(failed.status).toBe(502);
    expect(html(failed)).toContain("Failed to send SMS code");
    expect(html(failed)).toContain("Reset sign-in method");
    const reset = await c.post("acme", "/signin", { intent: "reset-method", email: noPhone.email });
    expect(reset.location).toContain("state=sent-link");
    const link = linkOf(await lastSent(ACME, noPhone.email));
    const used = await c.post("acme", "/auth/link", { token: link.searchParams.get("token")! });
    expect(used.location).toBe("/set-sign-in-method?redirect=%2F");
    expect(html(await c.get("acme", "/set-sign-in-method"))).toContain("How do you want to sign in next time?");
  });
});

describe("two-factor at sign-in", () => {
  it("holds staff at '2fa' after the password, then gives a new session id", async () => {
    const b = newBrowser();
    const first = await b.post("summit", "/signin", { email: "advisor@summit.test", password: PASSWORD });
    expect(first.location).toBe("/signin?state=2fa");
    const waiting = b.session()!;
    expect(await signedIn(b, "summit")).toBe(false);
    expect(html(await b.get("summit", "/"))).toContain("Sign In");
    const guarded = await b.get("summit", "/firm?tab=brand");
    expect(guarded.location).toBe("/signin?state=2fa&redirect=%2Ffirm%3Ftab%3Dbrand");
    const page = html(await b.get("summit", "/signin?state=2fa"));
    expect(page).toContain("2-Factor Auth");
    expect(page).toContain("Email a code to a•••r@summit.test");
    expect(page).toContain("Text a code to (•••) •••-");

    expect((await b.post("summit", "/signin", { intent: "send-code:sms", flow: "2fa" })).location).toBe("/signin?state=2fa&step=code");
    const code = codeOf(await scoped(SUMMIT, (tx) => tx.outboundMessage.findFirst({ where: { channel: "sms" }, orderBy: { createdAt: "desc" } })));
    expect(html(await b.post("summit", "/signin", { intent: "verify-code", flow: "2fa", code: code === "999999" ? "999998" : "999999" }))).toContain(
      "Invalid or expired verification code",
    );
    const done = await b.post("summit", "/signin", { intent: "verify-code", flow: "2fa", code });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/");
    expect(b.session()).not.toBe(waiting);
    expect(await signedIn(b, "summit")).toBe(true);
    // The waiting session is gone.
    const old = newBrowser(b.address);
    old.cookies.set("portal_session", waiting);
    expect(await signedIn(old, "summit")).toBe(false);
    expect((await activity(SUMMIT, await userId(SUMMIT, "advisor@summit.test"))).map((a) => a.title)).toEqual(
      expect.arrayContaining(["Verification code sent", "Sign-in failed", "Signed in"]),
    );
  });

  it("applies to every user of a firm that forces it", async () => {
    const user = await makeClient(SUMMIT);
    await scoped(SUMMIT, (tx) => tx.firmPreferences.update({ where: { firmId: SUMMIT }, data: { force2faOnUsers: true } }));
    try {
      // The firm cache hears of the change through NOTIFY.
      await expect
        .poll(async () => (await newBrowser().post("summit", "/signin", { email: user.email, password: PASSWORD })).location, { timeout: 15_000, interval: 50 })
        .toBe("/signin?state=2fa");
    } finally {
      await scoped(SUMMIT, (tx) => tx.firmPreferences.update({ where: { firmId: SUMMIT }, data: { force2faOnUsers: false } }));
    }
  });

  it("a waiting session of one firm is nothing on another", async () => {
    const b = newBrowser();
    await b.post("acme", "/signin", { email: "admin@acme.test", password: PASSWORD });
    await b.post("acme", "/signin", { intent: "send-code:email", flow: "2fa" });
    const code = codeOf(await lastSent(ACME, "admin@acme.test"));
    const response = await b.post("summit", "/signin", { intent: "verify-code", flow: "2fa", code });
    expect(response.location).toBe("/signin?state=login");
    expect(await signedIn(b, "summit")).toBe(false);
  });
});

describe("brute force", () => {
  it("locks the account for 15 minutes after 5 wrong passwords within 15 minutes", async () => {
    const user = await makeClient(ACME);
    const b = newBrowser();
    const answers: HostResponse[] = [];
    for (let i = 0; i < 5; i++) answers.push(await b.post("acme", "/signin", { email: user.email, password: `Wrong-Password-${i}!` }));
    expect(answers.slice(0, 4).map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(html(answers[0])).toContain("Invalid password");
    expect(answers[4].status).toBe(429);
    const restricted = "Access to this account has been temporarily restricted. Please try again later or reset your password for immediate access.";
    expect(html(answers[4])).toContain(restricted);
    // The right password is refused while locked, from any address.
    const right = await newBrowser().post("acme", "/signin", { email: user.email, password: PASSWORD });
    expect(html(right)).toContain(restricted);
    const row = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } }));
    const minutes = (row!.signInLockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.5);
    expect(minutes).toBeLessThanOrEqual(15);
    expect((await activity(ACME, user.id)).map((a) => a.title)).toContain("Account locked");

    // Lock over: the right password works and clears the count.
    await scoped(ACME, (tx) => tx.user.update({ where: { id: user.id }, data: { signInLockedUntil: new Date(Date.now() - 1000) } }));
    expect((await newBrowser().post("acme", "/signin", { email: user.email, password: PASSWORD })).status).toBe(302);
    const cleared = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } }));
    expect(cleared).toMatchObject({ failedSignInCount: 0, signInLockedUntil: null, firstFailedSignInAt: null });
  });

  it("checks no more than 5 passwords of a parallel burst", async () => {
    const user = await makeClient(ACME);
    const b = newBrowser();
    await Promise.all(Array.from({ length: 15 }, (_, i) => b.post("acme", "/signin", { email: user.email, password: `Parallel-Guess-${i}!` })));
    const log = await activity(ACME, user.id);
    expect(log.filter((a) => a.description === "Invalid password").length).toBe(5);
    expect(log.filter((a) => a.description === "Password tried while the account is locked").length).toBe(10);
  });

  it(
    "throttles a client address after 30 failures in 15 minutes, and not its neighbours",
    async () => {
      await freshWindow(15 * 60);
      const b = newBrowser();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await b.post("acme", "/signin", { intent: "lookup", email: `nobody-${i}@acme.test` })).status);
      // Unknown emails look like accounts (a link 'sent'), but count as failures.
      expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
      expect(statuses[30]).toBe(429);
      const blocked = await b.post("acme", "/signin", { intent: "lookup", email: "client@acme.test" });
      expect(blocked.status).toBe(429);
      expect(html(blocked)).toMatch(/Too many requests\. Please (wait \d+ seconds and try again|try again in \d+ minutes)\./);
      // Other endpoints of the sign-in flow too.
      expect((await b.post("acme", "/auth/link", { token: "x" })).status).toBe(429);
      // Another address, and the same address on another firm, are fine.
      expect((await newBrowser().post("acme", "/signin", { intent: "lookup", email: "client@acme.test" })).status).toBe(200);
      expect((await newBrowser(b.address).post("summit", "/signin", { intent: "lookup", email: "client@summit.test" })).status).toBe(200);
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );

  it(
    "throttles a client address after 300 sign-in requests in 10 minutes",
    async () => {
      await freshWindow(10 * 60);
      const b = newBrowser();
      let status = 0;
      let count = 0;
      while (count < 305 && status !== 429) {
        status = (await b.post("acme", "/signin", { intent: "alternate", email: "client@acme.test" })).status;
        count++;
      }
      expect(status).toBe(429);
      expect(count).toBe(301);
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );
});

describe("forgot password and set password", () => {
  it("resets by an emailed link, then ends the other sessions", async () => {
    const user = await makeClient(ACME);
    const elsewhere = newBrowser();
    await elsewhere.signIn("acme", user.email);

    const b = newBrowser();
    const form = await b.post("acme", "/signin", { intent: "forgot", email: user.email });
    expect(html(form)).toContain("Reset password");
    const sent = await b.post("acme", "/signin", { intent: "send-reset", email: user.email });
    expect(sent.location).toMatch(/^\/signin\?state=sent-link&sent=password_reset&to=/);
    const mail = await lastSent(ACME, user.email);
    expect(mail?.subject).toContain("Reset");
    const token = linkOf(mail).searchParams.get("token")!;
    const page = html(await b.get("acme", `/auth/link?token=${token}`));
    expect(page).toContain("Reset password");
    const used = await b.post("acme", "/auth/link", { token });
    expect(used.location).toBe("/signin?state=set-password");
    expect(html(await b.get("acme", "/signin?state=set-password"))).toContain("Set up password");

    const weak = await b.post("acme", "/signin?state=set-password", { intent: "set-password", password: "short", confirmPassword: "short" });
    expect(html(weak)).toContain("Password must be greater than 10 characters");
    const mismatch = await b.post("acme", "/signin?state=set-password", {
      intent: "set-password",
      password: "Brand-New-Pass-1!",
      confirmPassword: "Brand-New-Pass-2!",
    });
    expect(html(mismatch)).toContain("Passwords do not match");
    expect(html(mismatch)).not.toContain("Brand-New-Pass-1!");
    // The reset link is the proof: no current password is asked for.
    const saved = await b.post("acme", "/signin?state=set-password", {
      intent: "set-password",
      password: "Brand-New-Pass-1!",
      confirmPassword: "Brand-New-Pass-1!",
    });
    expect(saved.status).toBe(302);
    expect(await signedIn(b, "acme")).toBe(true);
    expect(await signedIn(elsewhere, "acme")).toBe(false);
    // The owner is told by email.
    expect((await lastSent(ACME, user.email))?.body).toContain("Your password was changed.");

    expect(html(await newBrowser().post("acme", "/signin", { email: user.email, password: PASSWORD }))).toContain("Invalid password");
    expect((await newBrowser().post("acme", "/signin", { email: user.email, password: "Brand-New-Pass-1!" })).status).toBe(302);
    // The reset link worked once.
    expect((await newBrowser().post("acme", "/auth/link", { token })).status).toBe(410);
    expect((await activity(ACME, user.id)).map((a) => a.title)).toEqual(expect.arrayContaining(["Password reset link sent", "Password changed"]));
  });

  it("needs a signed-in user to set a password", async () => {
    const b = newBrowser();
    const response = await b.post("acme", "/signin?state=set-password", {
      intent: "set-password",
      password: "Brand-New-Pass-1!",
      confirmPassword: "Brand-New-Pass-1!",
    });
    expect(response.status).toBe(302);
    expect(response.location).toBe("/");
    expect((await b.get("acme", "/signin?state=set-password")).location).toBe("/");
  });
});

describe("set sign-in method", () => {
  it("saves the chosen method and logs the change", async () => {
    const user = await makeClient(ACME);
    const b = newBrowser();
    await b.signIn("acme", user.email);
    const none = await b.post("acme", "/set-sign-in-method", {});
    expect(none.status).toBe(400);
    expect(html(none)).toContain("Please choose how you want to sign in");
    expect((await b.post("acme", "/set-sign-in-method", { method: "sms" })).location).toBe("/signin?state=set-phone-number");
    const bad = await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555" });
    expect(html(bad)).toContain("Phone number must be 10 digits");
    expect(html(bad)).toContain("(503) 555");
    expect(html(await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "" }))).toContain("Phone is required");
    // A session alone can't change it: the current password is asked for.
    const noProof = await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0177" });
    expect(noProof.status).toBe(403);
    expect(html(noProof)).toContain("Enter your current password to make this change");
    const wrong = await b.post("acme", "/signin?state=set-phone-number", {
      intent: "set-phone",
      phone: "(503) 555-0177",
      currentPassword: "Not-The-Password-1!",
    });
    expect(wrong.status).toBe(401);
    expect(html(wrong)).toContain("Invalid password");
    // With it, a code goes to the new number; the number is saved only when the code comes back.
    const asked = await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0177", currentPassword: PASSWORD });
    expect(asked.location).toBe("/signin?state=set-phone-number");
    expect(html(await b.get("acme", asked.location!))).toContain("(•••) •••-0177");
    expect((await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } })))?.phoneNumber).toBe("5035550199");
    const texted = await lastSent(ACME, "+15035550177");
    expect(texted?.body).toContain("confirm this phone number");
    // A mistyped number: 'Use another number' voids the waiting code and asks again.
    const restarted = await b.post("acme", "/signin?state=set-phone-number", { intent: "phone-restart" });
    expect(restarted.location).toBe("/signin?state=set-phone-number");
    expect(html(await b.get("acme", restarted.location!))).not.toContain("(•••) •••-0177");
    expect(html(await b.post("acme", "/signin?state=set-phone-number", { intent: "verify-phone", code: codeOf(texted) }))).toContain(
      "Invalid or expired verification code",
    );
    // Texts to one session are 30 s apart (no flooding a phone): half a minute later, a new one.
    expect(html(await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0177" }))).toMatch(
      /Please wait \d+ seconds? before requesting another code/,
    );
    await scoped(ACME, (tx) =>
      tx.signInToken.updateMany({ where: { userId: user.id, purpose: "phone_verification" }, data: { createdAt: new Date(Date.now() - 31_000) } }),
    );
    const again = await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0177" });
    expect(again.location).toBe("/signin?state=set-phone-number");
    const retexted = await lastSent(ACME, "+15035550177");
    expect(retexted?.id).not.toBe(texted?.id);
    const wrongCode = String((Number(codeOf(retexted)) + 1) % 1_000_000).padStart(6, "0");
    expect(html(await b.post("acme", "/signin?state=set-phone-number", { intent: "verify-phone", code: wrongCode }))).toContain(
      "Invalid or expired verification code",
    );
    expect((await b.post("acme", "/signin?state=set-phone-number", { intent: "verify-phone", code: codeOf(retexted) })).status).toBe(302);
    const row = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } }));
    expect(row).toMatchObject({ preferredSignInMethod: "sms", phoneNumber: "5035550177" });
    expect((await lastSent(ACME, user.email))?.body).toMatch(/The (phone number of your account|way you sign in) was changed\./);

    // Proved a moment ago: the next change in a few minutes asks nothing more.
    expect((await b.post("acme", "/set-sign-in-method", { method: "email" })).location).toBe("/signin?state=set-email");
    expect((await b.post("acme", "/signin?state=set-email", { intent: "set-email", email: user.email })).status).toBe(302);
    expect((await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } })))?.preferredSignInMethod).toBe("email");
    const changes = (await activity(ACME, user.id)).filter((a) => a.title === "Sign-in method changed").map((a) => a.description);
    expect(changes).toEqual(["To SMS", "To email"]);
  });

  it("set-email only confirms the account's address (changing it is the profile's, with its confirmation)", async () => {
    const user = await makeClient(ACME);
    const b = newBrowser();
    await b.signIn("acme", user.email);
    for (const email of ["client@acme.test", `new-${user.email}`, ""]) {
      const refused = await b.post("acme", "/signin?state=set-email", { intent: "set-email", email });
      expect(refused.status).toBe(400);
      expect(html(refused)).toContain("To use another address, change your email in your profile first.");
    }
    const row = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } }));
    expect(row).toMatchObject({ email: user.email, preferredSignInMethod: "password" });
  });
});

describe("redirects after sign-in", () => {
  it("never leave the site, whatever dot segments or encodings the target uses", async () => {
    for (const target of [
      "/..//evil.example",
      "/x/..//evil.example",
      "/%2e%2e//evil.example",
      "/./..//evil.example",
      "//evil.example",
      "https://evil.example/",
    ]) {
      const b = newBrowser();
      const signedInAt = await b.post("acme", `/signin?redirect=${encodeURIComponent(target)}`, {
        email: "client@acme.test",
        password: PASSWORD,
        redirect: target,
      });
      expect(signedInAt.status, target).toBe(302);
      expect(signedInAt.location, target).toBe("/");
      // The page that keeps ?redirect= for later forms drops it too.
      expect(html(await newBrowser().get("acme", `/signin?redirect=${encodeURIComponent(target)}`))).toContain('name="redirect" value=""');
    }
    const kept = await newBrowser().post("acme", "/signin", { email: "client@acme.test", password: PASSWORD, redirect: "/documents/../profile" });
    expect(kept.location).toBe("/profile");
  });
});

describe("a stolen session can't keep the account", () => {
  it("staff: a session alone changes neither the phone nor the sign-in method, and a code alone never signs staff in", async () => {
    const partnerId = await userId(ACME, "partner@acme.test");
    const before = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: partnerId } }));
    const thief = await newBrowser().signIn("acme", "partner@acme.test");
    const setPhone = await thief.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0666" });
    expect(setPhone.status).toBe(403);
    expect(await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: "+15035550666" } }))).toBe(0);
    const method = await thief.post("acme", "/set-sign-in-method", { method: "sms" });
    expect(method.status).toBe(400);
    expect(html(method)).toContain("Staff sign in with a password and a verification code.");
    expect(html(await thief.get("acme", "/set-sign-in-method"))).not.toContain('value="sms"');
    expect(html(await thief.post("acme", "/signin?state=set-email", { intent: "set-email", email: "partner@acme.test" }))).toContain(
      "Staff sign in with a password",
    );
    const after = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: partnerId } }));
    expect(after).toMatchObject({ phoneNumber: before!.phoneNumber, preferredSignInMethod: before!.preferredSignInMethod });

    // With the password and a code texted to the new number, the number changes; the method stays password.
    const asked = await thief.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0667", currentPassword: PASSWORD });
    expect(asked.location).toBe("/signin?state=set-phone-number");
    const texted = await lastSent(ACME, "+15035550667");
    expect((await thief.post("acme", "/signin?state=set-phone-number", { intent: "verify-phone", code: codeOf(texted) })).status).toBe(302);
    expect(await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: partnerId } }))).toMatchObject({
      phoneNumber: "5035550667",
      preferredSignInMethod: "password",
    });

    // Even a staff record naming SMS (an older choice) signs in with the password, never a code alone.
    await scoped(ACME, (tx) => tx.user.update({ where: { id: partnerId }, data: { preferredSignInMethod: "sms" } }));
    try {
      const lookup = await newBrowser().post("acme", "/signin", { intent: "lookup", email: "partner@acme.test" });
      expect(lookup.status).toBe(200);
      expect(html(lookup)).toContain('name="password"');
      const sentBefore = await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: "+15035550667" } }));
      for (const channel of ["sms", "email"]) {
        const code = await newBrowser().post("acme", "/signin", { intent: `send-code:${channel}`, flow: "alternate", email: "partner@acme.test" });
        expect(code.status).toBe(403);
      }
      expect((await newBrowser().post("acme", "/signin", { intent: "send-link", email: "partner@acme.test" })).status).toBe(403);
      expect(await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { to: "+15035550667" } }))).toBe(sentBefore);
    } finally {
      await scoped(ACME, (tx) =>
        tx.user.update({ where: { id: partnerId }, data: { preferredSignInMethod: before!.preferredSignInMethod, phoneNumber: before!.phoneNumber } }),
      );
    }
  });

  it("clients: the password changes only with the current password, and the owner is told by email", async () => {
    const user = await makeClient(ACME);
    const elsewhere = await newBrowser().signIn("acme", user.email);
    const thief = await newBrowser().signIn("acme", user.email);
    const form = { intent: "set-password", password: "Stolen-Session-1!", confirmPassword: "Stolen-Session-1!" };
    const refused = await thief.post("acme", "/signin?state=set-password", form);
    expect(refused.status).toBe(403);
    expect(html(refused)).toContain("Enter your current password to make this change");
    expect(html(refused)).toContain('name="currentPassword"');
    expect(html(await thief.post("acme", "/signin?state=set-password", { ...form, currentPassword: "Wrong-Password-1!" }))).toContain("Invalid password");
    // Unchanged: the old password still signs in.
    expect((await newBrowser().post("acme", "/signin", { email: user.email, password: PASSWORD })).status).toBe(302);
    const saved = await thief.post("acme", "/signin?state=set-password", { ...form, currentPassword: PASSWORD });
    expect(saved.status).toBe(302);
    expect(await signedIn(elsewhere, "acme")).toBe(false);
    const notice = await lastSent(ACME, user.email);
    expect(notice?.subject).toContain("account was changed");
    expect(notice?.body).toContain("Your password was changed.");
  });

  it("clients without a password confirm with a code emailed to the account", async () => {
    const user = await makeClient(ACME, { method: "email", password: false });
    const b = newBrowser();
    await b.post("acme", "/signin", { intent: "lookup", email: user.email });
    const token = linkOf(await lastSent(ACME, user.email)).searchParams.get("token")!;
    expect((await b.post("acme", "/auth/link", { token })).status).toBe(302);
    // An ordinary sign-in is no proof for account changes.
    const form = { intent: "set-password", password: "Brand-New-Pass-9!", confirmPassword: "Brand-New-Pass-9!" };
    const refused = await b.post("acme", "/signin?state=set-password", form);
    expect(refused.status).toBe(403);
    expect(html(refused)).toContain("Enter the code we emailed you to make this change");
    const sent = await b.post("acme", "/signin?state=set-password", { intent: "reauth-send-code", back: "set-password" });
    expect(sent.status).toBe(200);
    expect(html(sent)).toContain("We emailed a code to");
    const mail = await lastSent(ACME, user.email);
    expect(mail?.body).toContain("to change your sign-in details");
    // The code works only in the session that asked.
    const other = await newBrowser().signIn("acme", "client@acme.test");
    expect((await other.post("acme", "/signin?state=set-password", { ...form, reauthCode: codeOf(mail) })).status).toBe(401);
    expect((await b.post("acme", "/signin?state=set-password", { ...form, reauthCode: codeOf(mail) })).status).toBe(302);
    expect((await newBrowser().post("acme", "/signin", { email: user.email, password: "Brand-New-Pass-9!" })).status).toBe(302);
  });
});

describe("template sign-up", () => {
  async function templateHash(firmId: string) {
    const template = await scoped(firmId, (tx) => tx.questionnaireTemplate.findFirst({ where: { deletedAt: null }, orderBy: { name: "asc" } }));
    return template!.hashId;
  }

  /** Signs up from the template link and opens the link emailed to the address; returns the browser. */
  async function signUp(hash: string, email: string, fname: string, lname: string) {
    const b = newBrowser();
    const asked = await b.post("acme", `/template/${hash}`, { intent: "template-sign-up", email, fname, lname });
    expect(asked.location).toMatch(/^\/signin\?state=sent-link&sent=template_sign_up&to=/);
    const token = linkOf(await lastSent(ACME, email)).searchParams.get("token")!;
    const used = await b.post("acme", "/auth/link", { token });
    return { b, used, token };
  }

  it("creates the client, their entity and a session only when the link emailed to the address is opened", async () => {
    const hash = await templateHash(ACME);
    const b = newBrowser();
    const start = await b.get("acme", `/template/${hash}`);
    expect(start.status).toBe(200);
    expect(html(start)).toContain("Get started");
    expect(html(await b.post("acme", `/template/${hash}`, { intent: "template-email", email: "" }))).toContain("Please enter your email");
    const email = `template-${Date.now().toString(36)}@example.test`;
    const next = await b.post("acme", `/template/${hash}`, { intent: "template-email", email });
    expect(html(next)).toContain("Create your account");
    const noNames = await b.post("acme", `/template/${hash}`, { intent: "template-sign-up", email, fname: "Ada", lname: "" });
    expect(html(noNames)).toContain("Please enter your first and last name");
    expect(html(noNames)).toContain('value="Ada"');
    const asked = await b.post("acme", `/template/${hash}`, { intent: "template-sign-up", email, fname: "Ada", lname: "Lovelace" });
    expect(asked.status).toBe(302);
    expect(asked.location).toMatch(/^\/signin\?state=sent-link&sent=template_sign_up&to=t%E2%80%A2%E2%80%A2%E2%80%A2/);
    expect(html(await b.get("acme", asked.location!))).toContain("a link to confirm your email and finish creating your account");
    // Nothing exists yet, and the browser is not signed in.
    expect(await signedIn(b, "acme")).toBe(false);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email } }))).toBe(0);

    const mail = await lastSent(ACME, email);
    expect(mail?.subject).toContain("Confirm your email");
    const token = linkOf(mail).searchParams.get("token")!;
    // Opening the page changes nothing (mail scanners follow links); its button does.
    expect(html(await b.get("acme", `/auth/link?token=${token}`))).toContain("Create your account");
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email } }))).toBe(0);
    const used = await b.post("acme", "/auth/link", { token });
    expect(used.location).toBe("/set-sign-in-method");
    expect(await signedIn(b, "acme")).toBe(true);
    const user = await scoped(ACME, (tx) => tx.user.findFirst({ where: { email }, include: { ownerships: { include: { company: true } } } }));
    expect(user).toMatchObject({ kind: "client", fname: "Ada", lname: "Lovelace", preferredSignInMethod: "email" });
    expect(user!.ownerships.map((o) => o.company.name)).toEqual(["Ada Lovelace"]);
    expect(user!.defaultCompanyId).toBe(user!.ownerships[0].companyId);
    expect((await activity(ACME, user!.id)).map((a) => a.title)).toEqual(expect.arrayContaining(["Account created", "Signed in"]));
    // The link worked once.
    expect((await newBrowser().post("acme", "/auth/link", { token })).status).toBe(410);
    // The confirmed link is the proof for choosing how to sign in: no password or code asked.
    expect((await b.post("acme", "/set-sign-in-method", { method: "sms" })).location).toBe("/signin?state=set-phone-number");
    expect((await b.post("acme", "/signin?state=set-phone-number", { intent: "set-phone", phone: "(503) 555-0142" })).location).toBe(
      "/signin?state=set-phone-number",
    );

    // Known now: the template link signs them in (a link by email) rather than creating another.
    const again = await newBrowser().post("acme", `/template/${hash}`, { intent: "template-sign-up", email, fname: "Eve", lname: "Mallory" });
    expect(again.location).toContain("state=sent-link");
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email } }))).toBe(1);
    // A password user is asked for the password.
    expect(html(await newBrowser().post("acme", `/template/${hash}`, { intent: "template-email", email: "client@acme.test" }))).toContain('name="password"');

    // Another Ada Lovelace (entity names are unique in a firm) gets an entity of her own.
    const twin = `template-twin-${Date.now().toString(36)}@example.test`;
    const second = await signUp(hash, twin, "Ada", "Lovelace");
    expect(second.used.location).toBe("/set-sign-in-method");
    const twinUser = await scoped(ACME, (tx) => tx.user.findFirst({ where: { email: twin }, include: { ownerships: { include: { company: true } } } }));
    expect(twinUser!.ownerships.map((o) => o.company.name)).toEqual(["Ada Lovelace (2)"]);
  });

  it("someone else's address gives the typist nothing and never blocks its owner", async () => {
    const hash = await templateHash(ACME);
    const victim = `victim-${Date.now().toString(36)}@example.test`;
    const attacker = newBrowser();
    const asked = await attacker.post("acme", `/template/${hash}`, { intent: "template-sign-up", email: victim, fname: "Mal", lname: "Lory" });
    expect(asked.status).toBe(302);
    expect(await signedIn(attacker, "acme")).toBe(false);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email: victim } }))).toBe(0);
    // The firm can still add the real person, who signs up with their own name from their own link.
    const owner = await signUp(hash, victim, "Vic", "Tim");
    expect(owner.used.location).toBe("/set-sign-in-method");
    const user = await scoped(ACME, (tx) => tx.user.findFirst({ where: { email: victim } }));
    expect(user).toMatchObject({ fname: "Vic", lname: "Tim" });
    // The attacker's link went to the owner's mailbox; opened there, it signs in the owner's account, creates nothing.
    const attackersToken = (await scoped(ACME, (tx) => tx.pendingSignUp.findMany({ where: { email: victim, usedAt: null } }))).length;
    expect(attackersToken).toBe(1);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email: victim } }))).toBe(1);
    // An address is sent at most 3 sign-up links an hour.
    for (let i = 0; i < 2; i++)
      await newBrowser().post("acme", `/template/${hash}`, { intent: "template-sign-up", email: `flood-${victim}`, fname: "A", lname: "B" });
    expect(
      (await newBrowser().post("acme", `/template/${hash}`, { intent: "template-sign-up", email: `flood-${victim}`, fname: "A", lname: "B" })).status,
    ).toBe(302);
    const refused = await newBrowser().post("acme", `/template/${hash}`, { intent: "template-sign-up", email: `flood-${victim}`, fname: "A", lname: "B" });
    expect(refused.status).toBe(429);
  });

  it("is the firm's own: another firm's template is not found", async () => {
    const hash = await templateHash(ACME);
    expect((await newBrowser().get("summit", `/template/${hash}`)).status).toBe(404);
    expect((await newBrowser().post("summit", `/template/${hash}`, { intent: "template-sign-up", email: "x@y.test", fname: "X", lname: "Y" })).status).toBe(
      404,
    );
  });
});

describe("staff send sign-in links", () => {
  it("email the users a link, reset their password and end their sessions", async () => {
    const user = await makeClient(ACME);
    const clientBrowser = newBrowser();
    await clientBrowser.signIn("acme", user.email);
    const staff = newBrowser();
    await staff.signIn("acme", "advisor@acme.test");
    const partnerId = await userId(ACME, "partner@acme.test");
    const summitClient = await userId(SUMMIT, "client@summit.test");

    // A body that is not JSON, or has no users: 400.
    expect((await staff.post("acme", "/api/users/send-sign-in-links", {}, { "content-type": "application/json" })).status).toBe(400);
    expect((await staff.post("acme", "/api/users/send-sign-in-links", {})).status).toBe(400);

    const ok = await staff.post("acme", "/api/users/send-sign-in-links", { userIds: user.id });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toMatchObject({ ok: true, message: "Sign in link(s) sent successfully", sent: [user.id] });
    const row = await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: user.id } }));
    expect(row).toMatchObject({ passwordHash: null, setPasswordRequired: true });
    expect(await signedIn(clientBrowser, "acme")).toBe(false);
    const mail = await lastSent(ACME, user.email);
    const link = linkOf(mail);
    const stored = await scoped(ACME, (tx) =>
      tx.signInToken.findFirst({ where: { userId: user.id, purpose: "sign_in_link" }, orderBy: { createdAt: "desc" } }),
    );
    expect(Math.abs(stored!.expiresAt.getTime() - stored!.createdAt.getTime() - 24 * 3600_000)).toBeLessThan(2000);
    const used = await newBrowser().post("acme", "/auth/link", { token: link.searchParams.get("token")! });
    expect(used.location).toBe("/set-sign-in-method");
    const log = await activity(ACME, user.id);
    expect(log.find((a) => a.title === "Sign-in link sent by staff")?.actorId).toBe(await userId(ACME, "advisor@acme.test"));

    // A full-access advisor can't reset a partner; nobody reaches another firm's user.
    const mixed = JSON.parse((await staff.post("acme", "/api/users/send-sign-in-links", { userIds: partnerId })).text);
    expect(mixed.sent).toEqual([]);
    expect(mixed.skipped[0].reason).toBe("Only partners and admins can send sign-in links to staff");
    const foreign = JSON.parse((await staff.post("acme", "/api/users/send-sign-in-links", { userIds: summitClient })).text);
    expect(foreign.skipped).toEqual([{ userId: summitClient, reason: "No such user" }]);
    expect((await scoped(SUMMIT, (tx) => tx.user.findFirst({ where: { id: summitClient } })))?.passwordHash).not.toBeNull();
  });

  it("answer 401 without a session and 403 to clients", async () => {
    const anonymous = await newBrowser().post("acme", "/api/users/send-sign-in-links", { userIds: "x" });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ error: "Unauthorized" });
    const client = newBrowser();
    await client.signIn("acme", "client@acme.test");
    expect((await client.post("acme", "/api/users/send-sign-in-links", { userIds: "x" })).status).toBe(403);
  });
});

describe("sessions", () => {
  async function sessionRow(firmId: string, browser: Browser) {
    const { hashToken } = await import("~/auth/tokens.server");
    const raw = decodeURIComponent(browser.session()!);
    const token = JSON.parse(Buffer.from(raw.split(".")[0], "base64").toString("utf8")) as string;
    return { id: hashToken(token), firmId };
  }

  it("end after the staff idle timeout (30 min) but not a client's (12 h)", async () => {
    const staff = newBrowser();
    await staff.signIn("acme", "admin@acme.test");
    const client = newBrowser();
    await client.signIn("acme", "client@acme.test");
    const idle = new Date(Date.now() - 31 * 60_000);
    for (const b of [staff, client]) {
      const { id } = await sessionRow(ACME, b);
      await scoped(ACME, (tx) => tx.session.update({ where: { id }, data: { lastSeenAt: idle } }));
    }
    expect(await signedIn(staff, "acme")).toBe(false);
    expect(await signedIn(client, "acme")).toBe(true);
  });

  it("end 12 hours after a staff sign-in however active", async () => {
    const staff = newBrowser();
    await staff.signIn("acme", "admin@acme.test");
    const { id } = await sessionRow(ACME, staff);
    await scoped(ACME, (tx) => tx.session.update({ where: { id }, data: { createdAt: new Date(Date.now() - 12 * 3600_000 - 1000) } }));
    expect(await signedIn(staff, "acme")).toBe(false);
  });

  it("move the idle timer at most once a minute; the refresh endpoint moves it now", async () => {
    const client = newBrowser();
    await client.signIn("acme", "client@acme.test");
    const { id } = await sessionRow(ACME, client);
    const seen = async () => (await scoped(ACME, (tx) => tx.session.findFirst({ where: { id } })))!.lastSeenAt.getTime();
    const recent = new Date(Date.now() - 20_000);
    await scoped(ACME, (tx) => tx.session.update({ where: { id }, data: { lastSeenAt: recent } }));
    await signedIn(client, "acme");
    expect(await seen()).toBe(recent.getTime());
    const older = new Date(Date.now() - 5 * 60_000);
    await scoped(ACME, (tx) => tx.session.update({ where: { id }, data: { lastSeenAt: older } }));
    await signedIn(client, "acme");
    expect(await seen()).toBeGreaterThan(Date.now() - 10_000);
    await scoped(ACME, (tx) => tx.session.update({ where: { id }, data: { lastSeenAt: recent } }));
    expect((await client.post("acme", "/api/auth/refresh", {})).status).toBe(200);
    expect(await seen()).toBeGreaterThan(recent.getTime());
    expect((await newBrowser().post("acme", "/api/auth/refresh", {})).status).toBe(401);
  });

  it("get a new id at every sign-in: a session planted before sign-in is ended by it", async () => {
    const b = newBrowser();
    await b.signIn("acme", "client@acme.test");
    const before = b.session();
    await b.post("acme", "/signin", { email: "client@acme.test", password: PASSWORD });
    expect(b.session()).not.toBe(before);
    const planted = newBrowser();
    planted.cookies.set("portal_session", before!);
    expect(await signedIn(planted, "acme")).toBe(false);
  });

  it("answer JSON requests without a session with 401, pages with a redirect", async () => {
    const b = newBrowser();
    const json = await b.get("acme", "/firm", { accept: "application/json" });
    expect(json.status).toBe(401);
    expect((await b.get("acme", "/firm")).status).toBe(302);
  });

  it("log sign-out", async () => {
    const user = await makeClient(ACME);
    const b = newBrowser();
    await b.signIn("acme", user.email);
    expect((await b.post("acme", "/signout", {})).status).toBe(302);
    expect(await signedIn(b, "acme")).toBe(false);
    const signedOut = (await activity(ACME, user.id)).find((a) => a.title === "Signed out");
    expect(signedOut?.ipAddress).toBe(b.address);
  });
});
