/**
 * Email and SMS against real PostgreSQL (row-level security per firm) and the real Resend and
 * Twilio SDKs talking to a local fake of their APIs (tests/support/fake-providers.ts).
 *
 * No job queue runs in this file, so sendEmail and sendSms deliver before they return (the
 * fallback of a process without one); delivery by the background job, its retries and the sweep
 * are in tests/integration/jobs.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { FirmSiteContext, FirmSettings } from "../../app/context.server";
import { firmDb, withFirm } from "../../app/db.server";
import { sendEmail } from "../../app/email.server";
import { resetEnvCache } from "../../app/env.server";
import { jobsRunning } from "../../app/jobs.server";
import { linkify } from "../../app/outbox/linkify";
import { deliverOutboundMessage, dueOutboundMessageIds, listOutboundMessages, queueEmail } from "../../app/outbox/outbox.server";
import { MAX_DELIVERY_ATTEMPTS, isMessageRefusal, retryDelayMs, senderAddress, toE164 } from "../../app/outbox/rules";
import { sendSms } from "../../app/sms.server";
import { devOutboxJsonLoader as outboxJsonLoader, devOutboxPageLoader as outboxPageLoader } from "../../app/outbox/dev-outbox.server";
import { startFakeProviders, type FakeProviders } from "../support/fake-providers";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = { id: "firm_acme_messaging", slug: "acme-msg", name: 'Acme "Tax" & Co' };
const SUMMIT = { id: "firm_summit_messaging", slug: "summit-msg", name: "Summit Accounting" };
const EMAIL_FROM = "notifications@portal.test";
const TWILIO_SID = `AC${"0123456789abcdef".repeat(2)}`;
const TWILIO_TOKEN = "twilio-test-token";
const TWILIO_FROM = "+15005550006";
const RESEND_KEY = "re_test_key_123";

const PROVIDER_ENV = ["RESEND_API_KEY", "RESEND_BASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_BASE_URL"] as const;

let testDb: TestDb;
let providers: FakeProviders;
let acmeUserId: string;
let summitUserId: string;
/** The environment before this file changed it, to put parts of it back between cases. */
const savedEnv: Record<string, string | undefined> = {};

function portal(firm: typeof ACME) {
  return { firm, db: firmDb(firm.id) };
}

/** The load context Remix gets on a firm's site (only what the outbox page reads). */
function firmContext(firm: typeof ACME, clientAddress: string | null = "127.0.0.1"): { portal: FirmSiteContext } {
  const settings = { id: firm.id, slug: firm.slug, name: firm.name } as FirmSettings;
  return { portal: { site: "firm", firm: settings, db: firmDb(firm.id), origin: `http://${firm.slug}.localhost:3000`, clientAddress } };
}

const setEnv = (values: Record<string, string | undefined>) => testDb.setEnv(values);

function useResend() {
  setEnv({ RESEND_API_KEY: RESEND_KEY, RESEND_BASE_URL: providers.url });
}

function useTwilio() {
  setEnv({ TWILIO_ACCOUNT_SID: TWILIO_SID, TWILIO_AUTH_TOKEN: TWILIO_TOKEN, TWILIO_FROM_NUMBER: TWILIO_FROM, TWILIO_BASE_URL: providers.url });
}

async function row(firm: typeof ACME, id: string) {
  return firmDb(firm.id).outboundMessage.findUnique({ where: { id } });
}

beforeAll(async () => {
  for (const key of [...PROVIDER_ENV, "NODE_ENV", "SESSION_SECRET", "APP_DOMAIN"]) savedEnv[key] = process.env[key];
  testDb = await setupTestDb({ env: { EMAIL_FROM } });
  providers = await startFakeProviders();

  for (const firm of [ACME, SUMMIT]) {
    const userId = await withFirm(firm.id, async (tx) => {
      await tx.firm.create({ data: { id: firm.id, slug: firm.slug, name: firm.name } });
      const user = await tx.user.create({ data: { firmId: firm.id, kind: "client", email: `pat@${firm.slug}.test`, fname: "Pat", lname: "Doe" } });
      return user.id;
    });
    if (firm === ACME) acmeUserId = userId;
    else summitUserId = userId;
  }
});

afterAll(async () => {
  await providers?.stop();
  await testDb?.close();
});

beforeEach(() => {
  providers.reset();
  setEnv(Object.fromEntries(PROVIDER_ENV.map((key) => [key, undefined])));
});

it("runs without a job queue: messages are delivered by the request that sends them", () => {
  expect(jobsRunning()).toBe(false);
});

describe("without provider keys: the outbox", () => {
  it("records email and SMS in the firm's scope, sent to the outbox, with nothing leaving the machine", async () => {
    const email = await sendEmail(portal(ACME), {
      to: " pat@acme-msg.test ",
      subject: "Your sign-in link",
      text: "Sign in: http://acme-msg.localhost:3000/auth/link?token=abc123",
      userId: acmeUserId,
    });
    expect(email).toMatchObject({ channel: "email", status: "sent", providerMessageId: "outbox", attempts: 1, error: null });
    expect(email.sentAt).toBeInstanceOf(Date);

    const sms = await sendSms(portal(ACME), { to: "(555) 123-4567", body: "Your code is 123456", userId: acmeUserId });
    expect(sms).toMatchObject({ channel: "sms", status: "sent", providerMessageId: "outbox", attempts: 1 });

    expect(await row(ACME, email.id)).toMatchObject({
      firmId: ACME.id,
      userId: acmeUserId,
      to: "pat@acme-msg.test",
      subject: "Your sign-in link",
      body: "Sign in: http://acme-msg.localhost:3000/auth/link?token=abc123",
      html: null,
    });
    expect(await row(ACME, sms.id)).toMatchObject({ firmId: ACME.id, to: "+15551234567", body: "Your code is 123456", subject: null });
    expect(providers.requests).toHaveLength(0);
  });

  it("keeps each firm's messages out of every other firm's scope", async () => {
    const acme = await sendEmail(portal(ACME), { to: "pat@acme-msg.test", subject: "For Acme only", text: "Acme code 111111" });
    const summit = await sendSms(portal(SUMMIT), { to: "+447700900123", body: "Summit code 222222", userId: summitUserId });

    expect(await row(SUMMIT, acme.id)).toBeNull();
    expect(await row(ACME, summit.id)).toBeNull();
    expect(await withFirm(SUMMIT.id, (tx) => tx.outboundMessage.count({ where: { id: acme.id } }))).toBe(0);

    const acmeList = await listOutboundMessages(firmDb(ACME.id));
    const summitList = await listOutboundMessages(firmDb(SUMMIT.id));
    expect(acmeList.map((m) => m.id)).toContain(acme.id);
    expect(acmeList.every((m) => m.firmId === ACME.id)).toBe(true);
    expect(summitList.map((m) => m.id)).toEqual([summit.id]);

    // A message can't be recorded for another firm's user (composite foreign key + RLS).
    await expect(sendEmail(portal(SUMMIT), { to: "x@summit-msg.test", subject: "Hi", text: "Hi", userId: acmeUserId })).rejects.toThrow();
  });

  it("refuses invalid input before recording anything", async () => {
    const before = await firmDb(ACME.id).outboundMessage.count();
    await expect(sendEmail(portal(ACME), { to: "not an address", subject: "Hi", text: "Hi" })).rejects.toMatchObject({
      status: 400,
      code: "INVALID_RECIPIENT",
    });
    await expect(sendEmail(portal(ACME), { to: "a@b.test", subject: " ", text: "Hi" })).rejects.toThrow("Subject is required");
    await expect(sendEmail(portal(ACME), { to: "a@b.test", subject: "Hi", text: "" })).rejects.toThrow("Text is required");
    await expect(sendSms(portal(ACME), { to: "12345", body: "Hi" })).rejects.toThrow("Invalid phone number");
    await expect(sendSms(portal(ACME), { to: "+15551234567", body: "x".repeat(1601) })).rejects.toThrow("Message is too long");
    expect(await firmDb(ACME.id).outboundMessage.count()).toBe(before);
  });
});

describe("Resend", () => {
  it("POSTs /emails with the Bearer key, the firm's name in from, subject and text, and records the Resend id", async () => {
    useResend();
    const outcome = await sendEmail(portal(ACME), {
      to: "pat@acme-msg.test",
      subject: "Documents requested",
      text: "Please upload your W-2.",
      html: "<p>Please upload your W-2.</p>",
    });

    const [request] = providers.emails();
    expect(providers.requests).toHaveLength(1);
    expect(request.headers.authorization).toBe(`Bearer ${RESEND_KEY}`);
    expect(request.headers["idempotency-key"]).toBe(`outbound-message/${outcome.id}`);
    expect(request.body).toMatchObject({
      from: `"Acme \\"Tax\\" & Co" <${EMAIL_FROM}>`,
      to: "pat@acme-msg.test",
      subject: "Documents requested",
      text: "Please upload your W-2.",
      html: "<p>Please upload your W-2.</p>",
    });

    expect(outcome).toMatchObject({ status: "sent", attempts: 1, error: null, providerMessageId: request.response.id });
    expect(await row(ACME, outcome.id)).toMatchObject({ status: "sent", providerMessageId: request.response.id });
  });
});

describe("Twilio", () => {
  it("POSTs the account's Messages.json with basic auth and To/From/Body, and records the message sid", async () => {
    useTwilio();
    const outcome = await sendSms(portal(SUMMIT), { to: "555.987.6543", body: "Your code is 654321" });

    const [request] = providers.smsMessages();
    expect(providers.requests).toHaveLength(1);
    expect(request.path).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`);
    expect(request.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(request.body).toEqual({ To: "+15559876543", From: TWILIO_FROM, Body: "Your code is 654321" });

    expect(request.response.sid).toMatch(/^SM/);
    expect(outcome).toMatchObject({ status: "sent", attempts: 1, providerMessageId: request.response.sid });
    expect(await row(SUMMIT, outcome.id)).toMatchObject({ status: "sent", providerMessageId: request.response.sid, to: "+15559876543" });
  });
});

describe("provider failures", () => {
  it("records a failed email (500) as queued for a later try with backoff, without throwing", async () => {
    useResend();
    providers.failWith(500);
    const before = Date.now();
    const outcome = await sendEmail(portal(ACME), { to: "pat@acme-msg.test", subject: "Reminder", text: "Reminder text" });

    expect(providers.emails()).toHaveLength(1);
    expect(outcome).toMatchObject({ status: "queued", attempts: 1, providerMessageId: null, sentAt: null });
    expect(outcome.error).toMatch(/Resend 500/);
    expect(outcome.error).not.toContain("Reminder text");
    const delay = outcome.nextAttemptAt.getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(retryDelayMs(1));
    expect(delay).toBeLessThan(retryDelayMs(1) + 10_000);

    // Not due yet: nothing happens.
    expect(await deliverOutboundMessage(firmDb(ACME.id), outcome.id)).toBeNull();
    expect(await dueOutboundMessageIds(firmDb(ACME.id))).not.toContain(outcome.id);

    // Due, provider back: sent on the second attempt, with the same idempotency key.
    providers.reset();
    const later = new Date(outcome.nextAttemptAt.getTime() + 1);
    expect(await dueOutboundMessageIds(firmDb(ACME.id), { now: later })).toContain(outcome.id);
    const retried = await deliverOutboundMessage(firmDb(ACME.id), outcome.id, { now: later });
    expect(retried).toMatchObject({ status: "sent", attempts: 2, error: null });
    expect(providers.emails()[0].headers["idempotency-key"]).toBe(`outbound-message/${outcome.id}`);
    expect(providers.emails()[0].body.from).toBe(`"Acme \\"Tax\\" & Co" <${EMAIL_FROM}>`);

    // Already sent: a second delivery is a no-op.
    expect(await deliverOutboundMessage(firmDb(ACME.id), outcome.id, { now: later })).toBeNull();
    expect(providers.emails()).toHaveLength(1);
  });

  it("records a failed SMS (500) as queued with attempts 1 and the error, without throwing", async () => {
    useTwilio();
    providers.failWith(500);
    const outcome = await sendSms(portal(ACME), { to: "+15551234567", body: "Code 999999" });
    expect(providers.smsMessages()).toHaveLength(1);
    expect(outcome).toMatchObject({ status: "queued", attempts: 1, providerMessageId: null });
    expect(outcome.error).toMatch(/Twilio 500/);
    expect(await row(ACME, outcome.id)).toMatchObject({ status: "queued", attempts: 1, error: outcome.error });
  });

  it("marks a rejected message (4xx) failed at once", async () => {
    useResend();
    providers.failWith(422);
    const email = await sendEmail(portal(ACME), { to: "pat@acme-msg.test", subject: "Hi", text: "Hi" });
    expect(email).toMatchObject({ status: "failed", attempts: 1 });
    expect(email.error).toMatch(/Resend 422/);

    useTwilio();
    providers.failWith(400);
    const sms = await sendSms(portal(ACME), { to: "+15551234567", body: "Hi" });
    expect(sms).toMatchObject({ status: "failed", attempts: 1 });
    expect(sms.error).toMatch(/Twilio 400/);
  });

  it("retries an unreachable provider and gives up after the last attempt", async () => {
    setEnv({ RESEND_API_KEY: RESEND_KEY, RESEND_BASE_URL: "http://127.0.0.1:9" });
    const outcome = await sendEmail(portal(ACME), { to: "pat@acme-msg.test", subject: "Hi", text: "Hi" });
    expect(outcome).toMatchObject({ status: "queued", attempts: 1 });
    expect(outcome.error).toMatch(/Resend network/);

    await firmDb(ACME.id).outboundMessage.update({ where: { id: outcome.id }, data: { attempts: MAX_DELIVERY_ATTEMPTS - 1 } });
    const last = await deliverOutboundMessage(firmDb(ACME.id), outcome.id, { now: new Date(Date.now() + 24 * 3600_000) });
    expect(last).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it("delivers a message queued inside a transaction later, from another client of the same firm", async () => {
    const queued = await withFirm(ACME.id, (tx) => queueEmail({ firm: ACME, db: tx }, { to: "pat@acme-msg.test", subject: "Later", text: "Later" }));
    expect(queued.status).toBe("queued");
    expect(await deliverOutboundMessage(firmDb(SUMMIT.id), queued.id)).toBeNull();
    expect(await deliverOutboundMessage(firmDb(ACME.id), queued.id)).toMatchObject({ status: "sent", providerMessageId: "outbox" });
  });
});

describe("the development outbox page", () => {
  it("lists the firm's own messages, as JSON at /dev/outbox.json and from ?format=json", async () => {
    const acme = await sendEmail(portal(ACME), {
      to: "pat@acme-msg.test",
      subject: "Magic link",
      text: "Open http://acme-msg.localhost:3000/auth/link?token=xyz.",
    });
    const summit = await sendSms(portal(SUMMIT), { to: "5551112222", body: "Summit code 333333" });

    const page = await outboxPageLoader({ request: new Request("http://acme-msg.localhost:3000/dev/outbox"), context: firmContext(ACME) });
    expect(page.messages[0]).toMatchObject({ id: acme.id, channel: "email", subject: "Magic link", status: "sent" });
    expect(page.messages.map((m) => m.id)).not.toContain(summit.id);
    expect(page.messages.length).toBeLessThanOrEqual(100);

    const redirect = await outboxPageLoader({
      request: new Request("http://acme-msg.localhost:3000/dev/outbox?format=json"),
      context: firmContext(ACME),
    }).catch((r: unknown) => r);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("Location")).toBe("/dev/outbox.json");

    const json = await outboxJsonLoader({ context: firmContext(SUMMIT) });
    expect(json.headers.get("Content-Type")).toContain("application/json");
    const data = (await json.json()) as { messages: { id: string; to: string; body: string }[] };
    expect(data.messages[0]).toMatchObject({ id: summit.id, to: "+15551112222", body: "Summit code 333333" });
    expect(data.messages.map((m) => m.id)).not.toContain(acme.id);
  });

  /** The status both outbox loaders answer with (200 when they serve it). */
  async function outboxStatuses(): Promise<number[]> {
    const request = new Request("http://acme-msg.localhost:3000/dev/outbox");
    const statuses: number[] = [];
    for (const load of [() => outboxPageLoader({ request, context: firmContext(ACME) }), () => outboxJsonLoader({ context: firmContext(ACME) })]) {
      const answer = await load().catch((r: unknown) => r);
      statuses.push(answer instanceof Response ? answer.status : 200);
    }
    return statuses;
  }

  it("answers only this machine: another address on the network, or any address behind TRUST_PROXY, gets 404", async () => {
    const request = new Request("http://acme-msg.localhost:3000/dev/outbox");
    for (const address of ["192.168.1.20", "10.0.0.5", "::ffff:192.168.1.20", null]) {
      const answer = await outboxPageLoader({ request, context: firmContext(ACME, address) }).catch((r: unknown) => r);
      expect(answer instanceof Response ? answer.status : 200, String(address)).toBe(404);
    }
    for (const address of ["127.0.0.1", "::ffff:127.0.0.1", "::1"]) {
      const answer = await outboxPageLoader({ request, context: firmContext(ACME, address) }).catch((r: unknown) => r);
      expect(answer instanceof Response ? answer.status : 200, address).toBe(200);
    }
    setEnv({ TRUST_PROXY: "true" });
    resetEnvCache();
    try {
      const answer = await outboxPageLoader({ request, context: firmContext(ACME, "127.0.0.1") }).catch((r: unknown) => r);
      expect(answer instanceof Response ? answer.status : 200).toBe(404);
    } finally {
      setEnv({ TRUST_PROXY: undefined });
      resetEnvCache();
    }
  });

  it("is served in production mode too, on a local portal with no email or SMS provider", async () => {
    setEnv({ NODE_ENV: "production", SESSION_SECRET: "a-production-secret-for-tests", APP_DOMAIN: "localhost:3000" });
    try {
      expect(await outboxStatuses()).toEqual([200, 200]);
    } finally {
      setEnv({ NODE_ENV: savedEnv.NODE_ENV, SESSION_SECRET: savedEnv.SESSION_SECRET, APP_DOMAIN: savedEnv.APP_DOMAIN });
    }
  });

  it("is not served once an email or SMS provider is configured, or on a domain that is not local, even in development", async () => {
    const configurations: Record<string, Record<string, string>>[] = [
      { resend: { RESEND_API_KEY: RESEND_KEY } },
      { twilio: { TWILIO_ACCOUNT_SID: TWILIO_SID, TWILIO_AUTH_TOKEN: TWILIO_TOKEN, TWILIO_FROM_NUMBER: TWILIO_FROM } },
      { domain: { APP_DOMAIN: "portal.example.com", SESSION_SECRET: "a-production-secret-for-tests" } },
    ];
    for (const configuration of configurations) {
      const [[name, values]] = Object.entries(configuration);
      setEnv({ NODE_ENV: "development", APP_DOMAIN: "localhost:3000", ...values });
      try {
        expect(await outboxStatuses(), name).toEqual([404, 404]);
      } finally {
        setEnv(Object.fromEntries([...PROVIDER_ENV, "NODE_ENV", "SESSION_SECRET", "APP_DOMAIN"].map((key) => [key, savedEnv[key]])));
      }
    }
  });

  it("is not served on the root domain", async () => {
    const thrown = await outboxPageLoader({
      request: new Request("http://localhost:3000/dev/outbox"),
      context: { portal: { site: "root", clientAddress: null } },
    }).catch((r: unknown) => r);
    expect((thrown as Response).status).toBe(404);
  });
});

describe("rules", () => {
  it("writes phone numbers in E.164", () => {
    expect(toE164("5551234567")).toBe("+15551234567");
    expect(toE164("1 (555) 123-4567")).toBe("+15551234567");
    expect(toE164("+44 7700 900123")).toBe("+447700900123");
    for (const phone of ["555-1234", "+0123456789"]) {
      const refused = (() => {
        try {
          return toE164(phone);
        } catch (error) {
          return error;
        }
      })();
      expect(isMessageRefusal(refused), phone).toBe(true);
    }
  });

  it("quotes the firm's name in the sender line", () => {
    expect(senderAddress("Acme Tax", "n@p.test")).toBe('"Acme Tax" <n@p.test>');
    expect(senderAddress('Say "Hi" \\ Co', "n@p.test")).toBe('"Say \\"Hi\\" \\\\ Co" <n@p.test>');
    expect(senderAddress("Evil\r\nBcc: x@y.test", "n@p.test")).toBe('"Evil Bcc: x@y.test" <n@p.test>');
    expect(senderAddress("  ", "n@p.test")).toBe("n@p.test");
  });

  it("backs off exponentially, capped at an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect([1, 2, 3].map((attempts) => retryDelayMs(attempts, { firstRetryMs: 300 }))).toEqual([300, 600, 1200]);
  });

  it("finds links in message bodies", () => {
    expect(linkify("Sign in at https://a.test/x?t=1. Thanks")).toEqual([
      { text: "Sign in at " },
      { text: "https://a.test/x?t=1", href: "https://a.test/x?t=1" },
      { text: ". Thanks" },
    ]);
    expect(linkify("No links, javascript:alert(1)")).toEqual([{ text: "No links, javascript:alert(1)" }]);
  });
});
