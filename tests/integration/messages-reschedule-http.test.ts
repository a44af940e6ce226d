/**
 * 'Change time' of a scheduled message from the staff inbox: the author moves it to another time
 * in the future; an empty or past time is refused with the spec's texts (never a 500), a message
 * already sent is 'Failed to update schedule time', and another staff member's message is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";

let app: TestApp;
let advisor: string;
let partner: string;
let conversationId: string;

const post = (form: Record<string, string>, cookie = advisor) => app.post("acme", `/messages/${conversationId}.data`, form, cookie);
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  app = await bootApp({ name: "messages-reschedule-http" });
  const jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  advisor = (await app.signIn("acme", "advisor@acme.test")).cookie;
  partner = (await app.signIn("acme", "partner@acme.test")).cookie;
  const hash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }))).hashId;
  expect((await app.post("acme", `/inbox/${hash}.data`, { intent: "send", text: "When is my appointment?" }, jordan)).status).toBeLessThan(400);
  conversationId = (await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "When is my appointment?" } }))).conversationId;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("changing a scheduled message's time", () => {
  it("moves the author's scheduled message, and refuses bad times with the spec's texts", async () => {
    expect((await post({ intent: "send", text: "Your appointment is confirmed.", scheduledAt: later(1) })).status).toBe(200);
    const scheduled = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Your appointment is confirmed." } }));
    expect(scheduled.scheduledPending).toBe(true);

    const page = await app.get("acme", `/messages/${conversationId}`, advisor);
    expect(page.text).toContain("Change time");

    const moved = await post({ intent: "reschedule", messageId: scheduled.id, scheduledAt: later(3) });
    expect(moved.status).toBe(200);
    expect(moved.text).toContain("Schedule time updated");
    const after = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { id: scheduled.id } }));
    expect(Math.abs(after.scheduledAt!.getTime() - Date.parse(later(3)))).toBeLessThan(60_000);

    const past = await post({ intent: "reschedule", messageId: scheduled.id, scheduledAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.text).toContain("Please select a date in the future");
    const empty = await post({ intent: "reschedule", messageId: scheduled.id, scheduledAt: "" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please select a date and time");
    const garbage = await post({ intent: "reschedule", messageId: scheduled.id, scheduledAt: "tomorrow-ish" });
    expect(garbage.status).toBe(400);

    // Another staff member cannot move it.
    const other = await post({ intent: "reschedule", messageId: scheduled.id, scheduledAt: later(5) }, partner);
    expect(other.status).toBe(404);
    const unchanged = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { id: scheduled.id } }));
    expect(unchanged.scheduledAt!.getTime()).toBe(after.scheduledAt!.getTime());
  });

  it("refuses to move a message that was already sent", async () => {
    expect((await post({ intent: "send", text: "Sent right away." })).status).toBe(200);
    const sent = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Sent right away." } }));
    const moved = await post({ intent: "reschedule", messageId: sent.id, scheduledAt: later(2) });
    expect(moved.status).toBe(409);
    expect(moved.text).toContain("Failed to update schedule time");
  });
});
