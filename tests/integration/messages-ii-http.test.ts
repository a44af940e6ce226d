/**
 * Messages II over HTTP (built app, real PostgreSQL and S3 protocol): files on messages (through
 * the upload pipeline, filed in the entity's Messages folder, another client's or firm's → 404),
 * the client's edit, schedule, unsend and mark unread (bad input answered with the spec's texts,
 * never a 500), auto-remind (every 3 days for a month, once per due time even with two runners,
 * stopped by a reply or by unsending) and unsending withdrawing the waiting email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";

let app: TestApp;
let jordan: string; // client@acme.test, owner of "Jordan & Casey Rivera"
let emily: string; // another acme client
let summitClient: string;
let advisor: string;
let riveraHash: string;
let conversationId: string;

const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
const api = (hash: string) => `/api/messages/${hash}/attachments`;
const inbox = (path: string, form: Record<string, string | string[]>, cookie = jordan) => app.post("acme", `${path}.data`, form, cookie);

async function attach(hash: string, cookie: string, fileName = "w2.pdf", slug = "acme") {
  const grant = await app.postJson(slug, api(hash), { intent: "upload_grant", fileName, contentType: "application/pdf", size: PDF.length }, cookie);
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  expect((await postToGrant(grant.body.grant, PDF, fileName)).status).toBeLessThan(300);
  const confirm = await app.postJson(
    slug,
    api(hash),
    { intent: "upload_confirm", key: grant.body.grant.key, fileName, contentType: "application/pdf" },
    cookie,
  );
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return confirm.body.attachment as { id: string; name: string };
}

async function jobContext() {
  const pg = (await import("pg")).default;
  const owner = new pg.Client({ connectionString: app.db.url });
  await owner.connect();
  return { owner, context: { sql: async <R>(text: string, values: unknown[] = []) => (await owner.query(text, values)).rows as R[] } };
}

beforeAll(async () => {
  app = await bootApp({ name: "messages-ii-http", s3: true });
  jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  emily = (await app.signIn("acme", "emily.chen@example.com")).cookie;
  summitClient = (await app.signIn("summit", "client@summit.test")).cookie;
  advisor = (await app.signIn("acme", "advisor@acme.test")).cookie;
  riveraHash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }))).hashId;
  const first = await inbox(`/inbox/${riveraHash}`, { intent: "send", text: "Hello from the Riveras." });
  expect(first.status).toBeLessThan(400);
  conversationId = (await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Hello from the Riveras." } }))).conversationId;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("files on messages", () => {
  it("files a client's attachment in the entity's Messages folder, sends it, and shows it to staff", async () => {
    const file = await attach(riveraHash, jordan);
    const doc = await app.tx("acme", (t) => t.document.findFirstOrThrow({ where: { id: file.id } }));
    expect(doc.path).toBe("/Messages");
    expect(doc.name).toBe("w2.pdf");
    const sent = await inbox(`/inbox/${riveraHash}/${conversationId}`, { intent: "send", text: "", attachmentId: file.id });
    expect(sent.status).toBe(200);
    const message = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { attachments: { some: { documentId: file.id } } } }));
    expect(message.conversationId).toBe(conversationId);
    const staffPage = await app.get("acme", `/messages/${conversationId}`, advisor);
    expect(staffPage.text).toContain("w2.pdf");
    const view = await app.postJson("acme", api(riveraHash), { intent: "view_url", id: file.id }, advisor);
    expect(view.status).toBe(200);
    expect(view.body.url).toMatch(/^http/);
  });

  it("refuses another client's and another firm's files and entities with 404, and writes nothing", async () => {
    const file = await attach(riveraHash, jordan, "1099.pdf");
    const before = await app.tx("acme", (t) => t.message.count());
    // Another client of the firm: neither the entity nor the file.
    expect(
      (await app.postJson("acme", api(riveraHash), { intent: "upload_grant", fileName: "x.pdf", contentType: "application/pdf", size: 10 }, emily)).status,
    ).toBe(404);
    expect((await app.postJson("acme", api(riveraHash), { intent: "view_url", id: file.id }, emily)).status).toBe(404);
    // Another firm's client, on this firm's host or their own.
    expect((await app.postJson("summit", api(riveraHash), { intent: "view_url", id: file.id }, summitClient)).status).toBe(404);
    // A file not on any message yet cannot be previewed through messages; nor sent by someone else.
    expect((await app.postJson("acme", api(riveraHash), { intent: "view_url", id: file.id }, jordan)).status).toBe(404);
    const staffSend = await app.post("acme", `/messages/${conversationId}.data`, { intent: "send", text: "Here", attachmentId: file.id }, advisor);
    expect(staffSend.status).toBe(404);
    expect(await app.tx("acme", (t) => t.message.count())).toBe(before);
    // Bad input: 4xx with a message, never 500.
    for (const body of [
      { intent: "upload_grant", fileName: "x.exe", contentType: "application/x-msdownload", size: 10 },
      { intent: "nope" },
      { intent: "view_url" },
    ]) {
      const res = await app.postJson("acme", api(riveraHash), body, jordan);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const duplicate = await app.postJson(
      "acme",
      api(riveraHash),
      { intent: "upload_grant", fileName: "w2.pdf", contentType: "application/pdf", size: 10 },
      jordan,
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe("w2.pdf was already uploaded");
  });
});

describe("the client's message actions", () => {
  it("edits, schedules, marks unread and unsends, with the spec's texts for bad input", async () => {
    const path = `/inbox/${riveraHash}/${conversationId}`;
    await inbox(path, { intent: "send", text: "Typo here." });
    const mine = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Typo here." } }));
    const empty = await inbox(path, { intent: "edit", messageId: mine.id, text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter a message");
    expect((await inbox(path, { intent: "edit", messageId: mine.id, text: "Fixed." })).text).toContain("Message updated successfully");
    expect(await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: mine.id } }))).toMatchObject({ text: "Fixed.", isEdited: true });

    const past = await inbox(path, { intent: "send", text: "Later", scheduledAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.text).toContain("Please select a date in the future");
    const bad = await inbox(path, { intent: "send", text: "Later", scheduledAt: "not a date" });
    expect(bad.status).toBe(400);
    const at = new Date(Date.now() + 864e5).toISOString();
    expect((await inbox(path, { intent: "send", text: "Scheduled by the client.", scheduledAt: at })).status).toBe(200);
    const scheduled = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Scheduled by the client." } }));
    expect(scheduled.scheduledPending).toBe(true);
    expect((await app.get("acme", `/messages/${conversationId}`, advisor)).text).not.toContain("Scheduled by the client.");
    expect((await app.get("acme", path, jordan)).text).toContain("Scheduled by the client.");
    const moved = await inbox(path, { intent: "reschedule", messageId: scheduled.id, scheduledAt: "" });
    expect(moved.status).toBe(400);
    expect((await inbox(path, { intent: "reschedule", messageId: scheduled.id, scheduledAt: new Date(Date.now() + 2 * 864e5).toISOString() })).status).toBe(
      200,
    );

    // Mark unread: the firm's message becomes unread for the client again.
    await app.post("acme", `/messages/${conversationId}.data`, { intent: "send", text: "Got it, thanks." }, advisor);
    const reply = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Got it, thanks." } }));
    await inbox(path, { intent: "seen" });
    expect((await inbox(path, { intent: "unseen", messageId: reply.id })).text).toContain("Marked as unread");
    const jordanId = (await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" } }))).id;
    expect(await app.tx("acme", (t) => t.messageSeen.count({ where: { messageId: reply.id, userId: jordanId } }))).toBe(0);

    // Others' messages, unknown ids, unknown intents: 4xx, nothing changed.
    const refused: Record<string, string>[] = [
      { intent: "edit", messageId: reply.id, text: "Hijack" },
      { intent: "remove", messageId: reply.id },
      { intent: "edit", messageId: "", text: "x" },
      { intent: "unseen", messageId: "nope" },
      { intent: "dance" },
    ];
    for (const form of refused) {
      const res = await inbox(path, form);
      expect(res.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(form)).toBeLessThan(500);
    }
    expect((await inbox(path, { intent: "edit", messageId: mine.id, text: "Emily?" }, emily)).status).toBe(404);
    expect((await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: reply.id } }))).text).toBe("Got it, thanks.");
  });

  it("withdraws the waiting email when a message is unsent, and says so on the outbox row", async () => {
    const path = `/inbox/${riveraHash}/${conversationId}`;
    await inbox(path, { intent: "send", text: "Oops, wrong person." });
    const message = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Oops, wrong person." } }));
    const queued = await app.tx("acme", (t) => t.outboundMessage.findMany({ where: { chatMessageId: message.id } }));
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((m) => m.status === "queued")).toBe(true);
    const removed = await inbox(path, { intent: "remove", messageId: message.id });
    expect(removed.text).toContain("Message deleted/unsent successfully");
    expect(await app.tx("acme", (t) => t.message.count({ where: { id: message.id } }))).toBe(0);
    const after = await app.tx("acme", (t) => t.outboundMessage.findMany({ where: { chatMessageId: message.id } }));
    expect(after.map((m) => m.status)).toEqual(queued.map(() => "withdrawn"));
  });
});

describe("auto-remind", () => {
  it("re-announces every 3 days for a month, once per due time with two runners, and stops on a reply", async () => {
    const { owner, context } = await jobContext();
    try {
      const { sendMessageReminders } = await import("~/conversations/auto-remind.server");
      const path = `/messages/${conversationId}`;
      expect((await app.post("acme", `${path}.data`, { intent: "send", text: "Please sign Form 8879.", autoRemind: "on" }, advisor)).status).toBe(200);
      const m = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Please sign Form 8879." } }));
      expect(m.autoRemind).toBe(true);
      // 3 days after it was sent (the row's created_at is the database's clock: within a second).
      expect(Math.abs(m.remindNextAt!.getTime() - m.createdAt.getTime() - 3 * 864e5)).toBeLessThan(1000);
      // Not due: nothing.
      expect((await sendMessageReminders(context)).reminded).toBe(0);

      // Jordan's panel: one reminder per due time.
      const reminders = () =>
        app.tx("acme", (t) => t.notification.count({ where: { user: { email: "client@acme.test" }, text: { startsWith: "Reminder: New message from" } } }));
      const before = await reminders();
      await app.tx("acme", (t) => t.message.update({ where: { id: m.id }, data: { remindNextAt: new Date(Date.now() - 1000) } }));
      const [one, two] = await Promise.all([sendMessageReminders(context), sendMessageReminders(context)]);
      expect(one.reminded + two.reminded).toBe(1);
      expect(await reminders()).toBe(before + 1);
      const next = await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: m.id } }));
      expect(next.remindNextAt!.getTime()).toBeGreaterThan(Date.now() + 2 * 864e5);
      const email = await app.tx("acme", (t) => t.outboundMessage.findFirst({ where: { chatMessageId: m.id, subject: { startsWith: "Reminder: " } } }));
      expect(email?.to).toBe("client@acme.test");

      // The last reminder falls within the month; after it, none.
      const { nextRemindAt } = await import("~/conversations/compose-rules");
      expect(nextRemindAt(m.createdAt, new Date(m.createdAt.getTime() + 27 * 864e5))).not.toBeNull();
      expect(nextRemindAt(m.createdAt, new Date(m.createdAt.getTime() + 30 * 864e5))).toBeNull();

      // The client replies: no more reminders.
      await inbox(`/inbox/${riveraHash}/${conversationId}`, { intent: "send", text: "Signed!" });
      expect((await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: m.id } }))).remindNextAt).toBeNull();

      // Unsending stops them too.
      await app.post("acme", `${path}.data`, { intent: "send", text: "Second nudge.", autoRemind: "on" }, advisor);
      const second = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Second nudge." } }));
      expect(second.remindNextAt).not.toBeNull();
      await app.post("acme", `${path}.data`, { intent: "remove", messageId: second.id }, advisor);
      expect(await app.tx("acme", (t) => t.message.count({ where: { id: second.id, remindNextAt: { not: null } } }))).toBe(0);
    } finally {
      await owner.end();
    }
  });
});
