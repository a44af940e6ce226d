/**
 * A client whose contact method is 'Email & Text' hears of a firm message by text too (through the
 * outbox and Twilio: asserted on what the local Twilio server received), held back for the unsend
 * window like the email; a client on 'Email' gets no text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { startFakeProviders, type FakeProviders } from "../support/fake-providers";

let app: TestApp;
let providers: FakeProviders;
let advisor: string;
let conversationId: string;
let jordanId: string;
const PHONE = "(555) 201-3344";

beforeAll(async () => {
  providers = await startFakeProviders();
  app = await bootApp({
    name: "message-sms-http",
    env: {
      TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
      TWILIO_AUTH_TOKEN: "twilio-token",
      TWILIO_FROM_NUMBER: "+15005550006",
      TWILIO_BASE_URL: providers.url,
    },
  });
  const jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  advisor = (await app.signIn("acme", "advisor@acme.test")).cookie;
  const hash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }))).hashId;
  expect((await app.post("acme", `/inbox/${hash}.data`, { intent: "send", text: "Did you get my forms?" }, jordan)).status).toBeLessThan(400);
  const first = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Did you get my forms?" } }));
  conversationId = first.conversationId;
  jordanId = first.authorId!;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await providers?.stop();
});

async function deliverTexts(): Promise<number> {
  const { deliverOutboundMessage } = await import("~/outbox/outbox.server");
  const { firmDb } = await import("~/db.server");
  const rows = await app.tx("acme", (t) => t.outboundMessage.findMany({ where: { channel: "sms", status: "queued", userId: jordanId } }));
  for (const row of rows) await deliverOutboundMessage(firmDb(row.firmId), row.id, { now: new Date(Date.now() + 60_000) });
  return rows.length;
}

describe("texts of new messages", () => {
  it("texts a client on 'Email & Text', after the unsend window, and not one on 'Email'", async () => {
    await app.tx("acme", (t) => t.user.update({ where: { id: jordanId }, data: { preferredContactMethod: "email", phoneNumber: PHONE } }));
    expect((await app.post("acme", `/messages/${conversationId}.data`, { intent: "send", text: "Yes, all received." }, advisor)).status).toBe(200);
    expect(await deliverTexts()).toBe(0);

    await app.tx("acme", (t) => t.user.update({ where: { id: jordanId }, data: { preferredContactMethod: "sms" } }));
    const before = providers.smsMessages().length;
    expect((await app.post("acme", `/messages/${conversationId}.data`, { intent: "send", text: "Your return is ready." }, advisor)).status).toBe(200);
    const queued = await app.tx("acme", (t) => t.outboundMessage.findFirstOrThrow({ where: { channel: "sms", userId: jordanId } }));
    // Held back for the unsend window, like the email.
    expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(providers.smsMessages().length).toBe(before);
    expect(await deliverTexts()).toBe(1);
    const sent = providers.smsMessages().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.To).toBe("+15552013344");
    expect(String(sent[0]!.body.Body)).toContain("New message from Acme Tax & Advisory Team (Jordan & Casey Rivera)");
    expect(String(sent[0]!.body.Body)).toContain(`/inbox/`);
    // The message's words stay in the portal.
    expect(String(sent[0]!.body.Body)).not.toContain("Your return is ready.");
  });
});
