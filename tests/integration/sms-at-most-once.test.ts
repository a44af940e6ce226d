/**
 * SMS is sent at most once (Twilio has no idempotency key): the row is marked `sending` before the
 * provider is called, so a delivery that dies after Twilio accepted the message but before the
 * success was recorded is never sent a second time by a retry; it ends `failed`, not confirmed.
 * Against the fake Twilio of tests/support/fake-providers.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirmDb } from "../../app/db.server";
import { startFakeProviders, type FakeProviders } from "../support/fake-providers";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let t: TestDb;
let providers: FakeProviders;

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
  providers = await startFakeProviders();
  t.setEnv({
    TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
    TWILIO_AUTH_TOKEN: "twilio-test-token",
    TWILIO_FROM_NUMBER: "+15005550006",
    TWILIO_BASE_URL: providers.url,
  });
}, 120_000);

afterAll(async () => {
  await providers?.stop();
  await t?.close();
});

/** The firm's client, except that recording a delivery's outcome fails once: the process "dies" there. */
function crashingAfterSend(db: FirmDb): FirmDb {
  let crashed = false;
  const outboundMessage = new Proxy(db.outboundMessage, {
    get(target, property, receiver) {
      if (property === "update" && !crashed) {
        return () => {
          crashed = true;
          return Promise.reject(new Error("the server stopped"));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return new Proxy(db, { get: (target, property, receiver) => (property === "outboundMessage" ? outboundMessage : Reflect.get(target, property, receiver)) });
}

describe("an SMS whose delivery dies after the provider accepted it", () => {
  it("is not sent again by the retry, and is recorded as not confirmed", async () => {
    const { firmDb } = await import("../../app/db.server");
    const { deliverOutboundMessage, queueSms, SMS_NOT_CONFIRMED } = await import("../../app/outbox/outbox.server");
    const db = firmDb(firmIdOf("acme"));
    const portal = { firm: { id: firmIdOf("acme"), name: "Acme Tax & Advisory" }, db };
    const message = await queueSms(portal, { to: "5035550123", body: "Your code is 123456" });

    await expect(deliverOutboundMessage(crashingAfterSend(db), message.id)).rejects.toThrow(/the server stopped/);
    expect(providers.smsMessages()).toHaveLength(1);
    const { rows: left } = await t.su.query(`SELECT status::text FROM outbound_messages WHERE id = $1`, [message.id]);
    expect(left[0].status).toBe("sending");

    // The job's retry (and any later one), after the claim has lapsed: nothing is sent again.
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await deliverOutboundMessage(db, message.id, { now: later })).toBeNull();
    expect(await deliverOutboundMessage(db, message.id, { now: new Date(later.getTime() + 60 * 60_000) })).toBeNull();
    expect(providers.smsMessages()).toHaveLength(1);
    const { rows } = await t.su.query(`SELECT status::text, error FROM outbound_messages WHERE id = $1`, [message.id]);
    expect(rows[0]).toEqual({ status: "failed", error: SMS_NOT_CONFIRMED });
  });

  it("is sent once and recorded as sent when nothing goes wrong", async () => {
    const { firmDb } = await import("../../app/db.server");
    const { deliverOutboundMessage, queueSms } = await import("../../app/outbox/outbox.server");
    providers.reset();
    const db = firmDb(firmIdOf("acme"));
    const message = await queueSms({ firm: { id: firmIdOf("acme"), name: "Acme" }, db }, { to: "5035550123", body: "Hello" });
    expect(await deliverOutboundMessage(db, message.id)).toMatchObject({ status: "sent" });
    expect(providers.smsMessages()).toHaveLength(1);
  });
});
