/**
 * One person's reminder email and text (app/outbox/queue-email-and-text.server.ts): each recorded
 * one is tallied, a refused address or number is passed over, any other failure throws.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OutboundMessage } from "~/generated/prisma/client";
import { refuseMessage } from "~/outbox/rules";

const calls: { channel: string; input: Record<string, unknown> }[] = [];
const failures: { email?: Error; sms?: Error } = {};

vi.mock("~/outbox/outbox.server", () => ({
  queueEmail: async (_scope: unknown, input: Record<string, unknown>) => {
    if (failures.email) throw failures.email;
    calls.push({ channel: "email", input });
    return { id: "email-1" } as OutboundMessage;
  },
  queueSms: async (_scope: unknown, input: Record<string, unknown>) => {
    if (failures.sms) throw failures.sms;
    calls.push({ channel: "sms", input });
    return { id: "sms-1" } as OutboundMessage;
  },
}));

const { queueEmailAndText } = await import("~/outbox/queue-email-and-text.server");

const scope = { firm: { id: "firm_acme", name: "Acme" }, db: {} as never };
const email = { to: "ann@example.com", subject: "Reminder", text: "Please sign" };
const sms = { to: "+15555550100", body: "Please sign" };
const tally = () => ({ messages: [] as OutboundMessage[], outcome: { emails: 0, sms: 0 }, how: ["in-app"] });

beforeEach(() => {
  calls.length = 0;
  delete failures.email;
  delete failures.sms;
});

describe("queueEmailAndText", () => {
  it("records the email, then the text, for the user, and tallies both after what was there", async () => {
    const t = tally();
    await queueEmailAndText(scope, "user-ann", { email, sms }, t);
    expect(calls).toEqual([
      { channel: "email", input: { ...email, userId: "user-ann" } },
      { channel: "sms", input: { ...sms, userId: "user-ann" } },
    ]);
    expect(t).toEqual({ messages: [{ id: "email-1" }, { id: "sms-1" }], outcome: { emails: 1, sms: 1 }, how: ["in-app", "email", "text"] });
  });

  it("sends neither when neither is given", async () => {
    const t = tally();
    await queueEmailAndText(scope, "user-ann", { email: null, sms: null }, t);
    expect(calls).toEqual([]);
    expect(t).toEqual(tally());
  });

  it("passes over a refused address and still sends the text", async () => {
    failures.email = refuseMessage("INVALID_RECIPIENT", "Invalid email address");
    const t = tally();
    await queueEmailAndText(scope, "user-ann", { email, sms }, t);
    expect(t).toEqual({ messages: [{ id: "sms-1" }], outcome: { emails: 0, sms: 1 }, how: ["in-app", "text"] });
  });

  it("passes over a refused number", async () => {
    failures.sms = refuseMessage("INVALID_RECIPIENT", "Invalid phone number");
    const t = tally();
    await queueEmailAndText(scope, "user-ann", { email, sms }, t);
    expect(t).toEqual({ messages: [{ id: "email-1" }], outcome: { emails: 1, sms: 0 }, how: ["in-app", "email"] });
  });

  it("throws any other failure", async () => {
    failures.sms = new Error("connection lost");
    await expect(queueEmailAndText(scope, "user-ann", { email, sms }, tally())).rejects.toThrow("connection lost");
  });
});
