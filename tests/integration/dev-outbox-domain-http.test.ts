/**
 * /dev/outbox over HTTP on a portal whose APP_DOMAIN others can reach: 404, even in development
 * mode and with no email or SMS provider (so every message stays in the outbox). The outbox is
 * served only on a local portal (tests/integration/start-defaults.test.ts shows it served).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { hostRequest } from "../support/http";

let app: TestApp;

beforeAll(async () => {
  app = await bootApp({
    name: "outbox-domain",
    env: { APP_DOMAIN: "portal.example", NODE_ENV: "development", RESEND_API_KEY: undefined, TWILIO_ACCOUNT_SID: undefined },
  });
});
afterAll(() => app?.stop());

const get = (path: string) => hostRequest(app.port, { host: "acme.portal.example", path });

describe("on a domain that is not local", () => {
  it("the firm's site answers", async () => {
    const home = await get("/signin");
    expect(home.status).toBe(200);
  });

  it("/dev/outbox and /dev/outbox.json answer 404", async () => {
    expect((await get("/dev/outbox")).status).toBe(404);
    const json = await get("/dev/outbox.json");
    expect(json.status).toBe(404);
    expect(json.text).not.toContain("messages");
  });
});
