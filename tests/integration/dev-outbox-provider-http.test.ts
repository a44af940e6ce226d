/**
 * /dev/outbox over HTTP once an email provider is configured: 404, even on a local portal in
 * development mode. What the product sends then goes to the provider; the outbox page would only
 * show every message's codes and links to whoever asks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { startFakeProviders, type FakeProviders } from "../support/fake-providers";

let app: TestApp;
let providers: FakeProviders;

beforeAll(async () => {
  providers = await startFakeProviders();
  app = await bootApp({
    name: "outbox-provider",
    env: { NODE_ENV: "development", RESEND_API_KEY: "re_outbox_test", RESEND_BASE_URL: providers.url, TWILIO_ACCOUNT_SID: undefined },
  });
});
afterAll(async () => {
  await app?.stop();
  await providers?.stop();
});

describe("with RESEND_API_KEY on a local portal", () => {
  it("the firm's site answers", async () => {
    expect((await app.get("acme", "/signin")).status).toBe(200);
  });

  it("/dev/outbox and /dev/outbox.json answer 404", async () => {
    expect((await app.get("acme", "/dev/outbox")).status).toBe(404);
    const json = await app.get("acme", "/dev/outbox.json");
    expect(json.status).toBe(404);
    expect(json.text).not.toContain("messages");
  });
});
