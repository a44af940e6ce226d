/**
 * The client inbox over HTTP (built app, real PostgreSQL): a client writes to the firm from the
 * dashboard's 'Send a Message' (a conversation is created with the entity's owners and the
 * client's advisor, who is notified and emailed), reads the firm's replies signed '{firm} Team',
 * marks them seen, replies in a thread; empty text, read-only entities, archived conversations,
 * other clients' and other firms' conversations are refused and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";

let app: TestApp;
let jordan: string; // client@acme.test, owner of "Jordan & Casey Rivera"
let emily: string; // another acme client
let summitClient: string;
let riveraHash: string;
let emilyHash: string;

const counts = (slug: string) =>
  app.tx(slug, async (t) => ({
    conversations: await t.conversation.count(),
    messages: await t.message.count(),
    notifications: await t.notification.count(),
  }));

const send = (hash: string, conversationId: string | null, form: Record<string, string>, cookie: string, slug = "acme") =>
  app.post(slug, `/inbox/${hash}${conversationId ? `/${conversationId}` : ""}.data`, { intent: "send", ...form }, cookie);

beforeAll(async () => {
  app = await bootApp({ name: "inbox-http", s3: true });
  jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  emily = (await app.signIn("acme", "emily.chen@example.com")).cookie;
  summitClient = (await app.signIn("summit", "client@summit.test")).cookie;
  riveraHash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }))).hashId;
  emilyHash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Emily Chen" } }))).hashId;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("client inbox", () => {
  it("sends /inbox to the client's unread conversation (else the default entity), and staff or signed-out visitors away", async () => {
    const res = await app.get("acme", "/inbox", jordan);
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/inbox\/[^/]+(\/msg_[^/]+)?$/);
    expect((await app.get("acme", "/inbox")).status).toBe(302);
    const empty = await app.get("acme", `/inbox/${riveraHash}`, jordan);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("No available conversations found");
  });

  it("shows 'Send a Message' on the dashboard's firm card, linking to the entity's inbox", async () => {
    const home = await app.get("acme", "/", jordan);
    expect(home.text).toContain("Send a Message");
    expect(home.text).toContain(`/inbox/${riveraHash}`);
  });

  it("links the questionnaire page's Message button to the entity's inbox", async () => {
    const q = await app.tx("acme", (t) =>
      t.questionnaire.findFirstOrThrow({ where: { company: { hashId: riveraHash }, name: "2025 Individual Tax Organizer" } }),
    );
    const page = await app.get("acme", `/questionnaire/${riveraHash}?questionnaireId=${q.id}`, jordan);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`href="/inbox/${riveraHash}"[^>]*>Message<`));
  });

  it("refuses an empty message with the spec's text and writes nothing", async () => {
    const before = await counts("acme");
    const res = await send(riveraHash, null, { text: "   " }, jordan);
    expect(res.status).toBe(400);
    expect(res.text).toContain("Please enter a message");
    expect(await counts("acme")).toEqual(before);
  });

  let conversationId: string;

  it("starts a conversation with the entity's owners and the advisor, who is notified and emailed", async () => {
    const before = await counts("acme");
    const res = await send(riveraHash, null, { text: "Hi! I uploaded my W-2 yesterday.", tag: "urgent" }, jordan);
    expect(res.status).toBeLessThan(400);
    const conversation = await app.tx("acme", (t) =>
      t.conversation.findFirstOrThrow({
        where: { companies: { some: { company: { hashId: riveraHash } } } },
        include: { participants: { include: { user: { select: { email: true, kind: true } } } }, messages: true },
      }),
    );
    conversationId = conversation.id;
    // The first message redirects to its new conversation.
    expect(res.text).toContain(`/inbox/${riveraHash}/${conversationId}`);
    const staff = conversation.participants.filter((p) => p.isFirmUser).map((p) => p.user.email);
    const clients = conversation.participants.filter((p) => !p.isFirmUser).map((p) => p.user.kind);
    expect(staff.length).toBeGreaterThan(0);
    expect(clients).toContain("client");
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.messages[0]).toMatchObject({ text: "Hi! I uploaded my W-2 yesterday.", tag: "urgent", isFirmUser: false });
    const after = await counts("acme");
    expect(after.notifications - before.notifications).toBe(staff.length);
    const emails = await app.tx("acme", (t) =>
      t.outboundMessage.findMany({ where: { to: { in: staff as string[] }, subject: { startsWith: "New message from" } } }),
    );
    expect(emails.length).toBe(staff.length);
    const activity = await app.tx("acme", (t) => t.activityLog.findFirst({ where: { typeId: 4, title: "Sent a message" } }));
    expect(activity).not.toBeNull();
  });

  it("shows the firm's reply as '{firm} Team', counts it unseen, and marks it seen", async () => {
    const advisor = await app.tx("acme", (t) => t.conversationParticipant.findFirstOrThrow({ where: { conversationId, isFirmUser: true } }));
    await app.tx("acme", (t) =>
      t.message.create({ data: { firmId: "firm_acme", conversationId, authorId: advisor.userId, isFirmUser: true, text: "Thanks Jordan, we have it." } }),
    );
    // A scheduled message stays hidden until its time.
    await app.tx("acme", (t) =>
      t.message.create({
        data: {
          firmId: "firm_acme",
          conversationId,
          authorId: advisor.userId,
          isFirmUser: true,
          text: "Scheduled for next week",
          scheduledAt: new Date(Date.now() + 7 * 864e5),
        },
      }),
    );
    const page = await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Acme Tax &amp; Advisory Team");
    expect(page.text).toContain("Thanks Jordan, we have it.");
    expect(page.text).not.toContain("Scheduled for next week");
    expect(page.text).toContain(`aria-label="1 unread"`);

    const seen = await app.post("acme", `/inbox/${riveraHash}/${conversationId}.data`, { intent: "seen" }, jordan);
    expect(seen.status).toBe(200);
    const again = await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan);
    expect(again.text).not.toContain(`aria-label="1 unread"`);
  });

  it("replies in a thread of the conversation, and refuses a thread of another conversation", async () => {
    const root = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { conversationId, isFirmUser: true, scheduledAt: null } }));
    const ok = await send(riveraHash, conversationId, { text: "Great, thank you!", threadId: root.id }, jordan);
    expect(ok.status).toBe(200);
    const reply = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Great, thank you!" } }));
    expect(reply.threadId).toBe(root.id);
    const thread = await app.get("acme", `/inbox/${riveraHash}/${conversationId}?thread=${root.id}`, jordan);
    expect(thread.text).toContain("Great, thank you!");

    const before = await counts("acme");
    const bad = await send(riveraHash, conversationId, { text: "Wrong thread", threadId: "not-a-message" }, jordan);
    expect(bad.status).toBe(404);
    expect(await counts("acme")).toEqual(before);
  });

  it("keeps other clients and other firms out: 404 and nothing written", async () => {
    const before = await counts("acme");
    // Emily can't read or write Jordan's conversation, through her entity or his.
    expect((await app.get("acme", `/inbox/${emilyHash}/${conversationId}`, emily)).status).toBe(404);
    expect((await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, emily)).status).toBe(404);
    expect((await send(emilyHash, conversationId, { text: "Hello?" }, emily)).status).toBe(404);
    expect((await send(riveraHash, null, { text: "Hello?" }, emily)).status).toBe(404);
    // A client of another firm, on their own firm's site, naming acme's entity and conversation.
    expect((await app.get("summit", `/inbox/${riveraHash}/${conversationId}`, summitClient)).status).toBe(404);
    expect((await send(riveraHash, conversationId, { text: "Hello from summit" }, summitClient, "summit")).status).toBe(404);
    // The acme session means nothing on summit's site.
    expect((await app.get("summit", `/inbox/${riveraHash}`, jordan)).status).toBe(302);
    expect(await counts("acme")).toEqual(before);
  });

  it("refuses messages for a read-only entity and in an archived conversation", async () => {
    await app.tx("acme", (t) => t.company.updateMany({ where: { hashId: riveraHash }, data: { readonlyAccess: true } }));
    const before = await counts("acme");
    const readonly = await send(riveraHash, conversationId, { text: "Can I still write?" }, jordan);
    expect(readonly.status).toBe(403);
    expect(readonly.text).toContain("read-only");
    await app.tx("acme", (t) => t.company.updateMany({ where: { hashId: riveraHash }, data: { readonlyAccess: false } }));

    await app.tx("acme", (t) => t.conversationCompany.deleteMany({ where: { conversationId } }));
    const archived = await send(riveraHash, conversationId, { text: "Anyone there?" }, jordan);
    expect(archived.status).toBe(409);
    expect(archived.text).toContain("This conversation is archived");
    const page = await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan);
    expect(page.text).toContain("This conversation is archived because a new conversation has been created with different users.");
    expect(await counts("acme")).toEqual(before);
  });
});
