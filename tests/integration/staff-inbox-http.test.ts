/**
 * The staff inbox over HTTP (built app, real PostgreSQL): a client writes, the advisor finds it
 * unread in /messages, reads and answers it; the client reads the answer signed '{firm} Team' and
 * is notified and emailed. Staff edit, unsend (30 s) and delete their own messages, mark messages
 * unread, schedule; bad input gets the spec's texts; group-access staff, other firms and
 * non-participants of archived conversations get 404 with nothing written; the list is paged and
 * searched on the server; an entity's Messages page opens or starts its conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";

let app: TestApp;
let jordan: string; // client@acme.test, owner of "Jordan & Casey Rivera"
let advisor: string; // the client's advisor
let acmePartner: string;
let summitPartner: string;
let nina: string; // summit, group access (Individual)
let riveraHash: string;
let conversationId: string;

const TEAM = "Acme Tax &amp; Advisory Team";

const counts = (slug: string) =>
  app.tx(slug, async (t) => ({
    conversations: await t.conversation.count(),
    participants: await t.conversationParticipant.count(),
    messages: await t.message.count(),
    seen: await t.messageSeen.count(),
    notifications: await t.notification.count(),
    emails: await t.outboundMessage.count(),
  }));

const post = (path: string, form: Record<string, string>, cookie: string, slug = "acme") => app.post(slug, `${path}.data`, form, cookie);

/** The unread count the navigation shows beside `to` (its "N new" badge on a page), or undefined. */
async function navCount(cookie: string, to: string, slug = "acme"): Promise<number | undefined> {
  const response = await app.get(slug, to === "/inbox" ? "/profile" : "/activities", cookie);
  expect(response.status, response.text.slice(0, 200)).toBe(200);
  const link = response.text.match(new RegExp(`<a[^>]*href="${to}"[^>]*>(.*?)</a>`, "s"));
  expect(link, `nav link ${to}`).toBeTruthy();
  const badge = link![1]!.match(/aria-label="(\d+) new"/);
  return badge ? Number(badge[1]) : undefined;
}

beforeAll(async () => {
  app = await bootApp({ name: "staff-inbox-http" });
  jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  advisor = (await app.signIn("acme", "advisor@acme.test")).cookie;
  acmePartner = (await app.signIn("acme", "partner@acme.test")).cookie;
  summitPartner = (await app.signIn("summit", "partner@summit.test")).cookie;
  nina = (await app.signIn("summit", "nina.patel@summit.test")).cookie;
  riveraHash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }))).hashId;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("staff inbox", () => {
  it("shows a client's new message to the advisor as unread in /messages", async () => {
    const first = await app.post("acme", `/inbox/${riveraHash}.data`, { intent: "send", text: "Is my extension filed?" }, jordan);
    expect(first.status).toBeLessThan(400);
    const conversation = await app.tx("acme", (t) =>
      t.conversation.findFirstOrThrow({
        where: { companies: { some: { company: { hashId: riveraHash } } } },
        include: { participants: { include: { user: true } } },
      }),
    );
    conversationId = conversation.id;
    expect(conversation.participants.filter((p) => p.isFirmUser).map((p) => p.user.email)).toContain("advisor@acme.test");

    const list = await app.get("acme", "/messages", advisor);
    expect(list.status).toBe(200);
    expect(list.text).toContain("Jordan &amp; Casey Rivera");
    expect(list.text).toContain("Is my extension filed?");
    expect(list.text).toContain("1 unread");
    expect(list.text).toContain(`/messages/${conversationId}`);
    // The staff navigation links to Messages, with the unread count beside it.
    expect(list.text).toMatch(/href="\/messages"/);
    expect(await navCount(advisor, "/messages")).toBe(1);
    // A partner who is not in the conversation has nothing unread.
    expect(await navCount(acmePartner, "/messages")).toBeUndefined();
  });

  it("opens the conversation, marks it seen, and sends the answer: the client sees '{firm} Team' and is notified and emailed", async () => {
    const page = await app.get("acme", `/messages/${conversationId}`, advisor);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Is my extension filed?");
    expect((await post(`/messages/${conversationId}`, { intent: "seen" }, advisor)).status).toBe(200);
    expect((await app.get("acme", "/messages", advisor)).text).not.toContain("1 unread");
    expect(await navCount(advisor, "/messages")).toBeUndefined();

    const before = await counts("acme");
    const clientUnread = (await navCount(jordan, "/inbox")) ?? 0;
    const sent = await post(`/messages/${conversationId}`, { intent: "send", text: "Yes, it was filed on Monday.", tag: "urgent" }, advisor);
    expect(sent.status).toBe(200);
    const message = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Yes, it was filed on Monday." } }));
    expect(message).toMatchObject({ isFirmUser: true, tag: "urgent", conversationId, scheduledAt: null });

    expect(await navCount(jordan, "/inbox")).toBe(clientUnread + 1);
    const client = await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan);
    expect(client.text).toContain(TEAM);
    expect(client.text).toContain("Yes, it was filed on Monday.");
    expect(client.text).toContain("1 unread");

    const after = await counts("acme");
    expect(after.messages - before.messages).toBe(1);
    const jordanId = (await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" } }))).id;
    const notification = await app.tx("acme", (t) =>
      t.notification.findFirst({ where: { userId: jordanId, text: { startsWith: "New message from Acme Tax & Advisory Team" } } }),
    );
    expect(notification?.link).toBe(`/inbox/${riveraHash}/${conversationId}`);
    const email = await app.tx("acme", (t) =>
      t.outboundMessage.findFirst({ where: { to: "client@acme.test", subject: "New message from Acme Tax & Advisory Team" } }),
    );
    expect(email?.body).toContain("Yes, it was filed on Monday.");
    const activity = await app.tx("acme", (t) => t.activityLog.findFirst({ where: { typeId: 4, title: "Sent a message", actorId: message.authorId } }));
    expect(activity).not.toBeNull();
  });

  it("answers bad input with the spec's messages and writes nothing", async () => {
    const before = await counts("acme");
    const empty = await post(`/messages/${conversationId}`, { intent: "send", text: "   " }, advisor);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter a message");
    const past = await post(
      `/messages/${conversationId}`,
      { intent: "send", text: "Later", scheduledAt: new Date(Date.now() - 60_000).toISOString() },
      advisor,
    );
    expect(past.status).toBe(400);
    expect(past.text).toContain("Please select a date in the future");
    const own = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Yes, it was filed on Monday." } }));
    const blankEdit = await post(`/messages/${conversationId}`, { intent: "edit", messageId: own.id, text: "" }, advisor);
    expect(blankEdit.status).toBe(400);
    expect(blankEdit.text).toContain("Please enter a message");
    const unknown = await post(`/messages/${conversationId}`, { intent: "explode" }, advisor);
    expect(unknown.status).toBe(400);
    const badThread = await post(`/messages/${conversationId}`, { intent: "send", text: "Hi", threadId: "nope" }, advisor);
    expect(badThread.status).toBe(404);
    expect(await counts("acme")).toEqual(before);
  });

  it("replies in a thread, edits its own message only, and marks a client's message unread", async () => {
    const root = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Is my extension filed?" } }));
    expect((await post(`/messages/${conversationId}`, { intent: "send", text: "Details in this thread.", threadId: root.id }, advisor)).status).toBe(200);
    expect((await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Details in this thread." } }))).threadId).toBe(root.id);
    const thread = await app.get("acme", `/messages/${conversationId}?thread=${root.id}`, advisor);
    expect(thread.text).toContain("Details in this thread.");

    const own = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Yes, it was filed on Monday." } }));
    const edited = await post(`/messages/${conversationId}`, { intent: "edit", messageId: own.id, text: "Yes, it was filed on Tuesday." }, advisor);
    expect(edited.status).toBe(200);
    expect(edited.text).toContain("Message updated successfully");
    expect(await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: own.id } }))).toMatchObject({
      text: "Yes, it was filed on Tuesday.",
      isEdited: true,
    });

    // Someone else's message: neither the client's nor another staff member's.
    const before = await counts("acme");
    expect((await post(`/messages/${conversationId}`, { intent: "edit", messageId: root.id, text: "Hacked" }, advisor)).status).toBe(404);
    expect((await post(`/messages/${conversationId}`, { intent: "edit", messageId: own.id, text: "Hacked" }, acmePartner)).status).toBe(404);
    expect((await post(`/messages/${conversationId}`, { intent: "remove", messageId: own.id }, acmePartner)).status).toBe(404);
    expect(await counts("acme")).toEqual(before);
    expect((await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: root.id } }))).text).toBe("Is my extension filed?");

    expect((await post(`/messages/${conversationId}`, { intent: "unseen", messageId: root.id }, advisor)).status).toBe(200);
    expect((await app.get("acme", "/messages", advisor)).text).toContain("1 unread");
  });

  it("unsends within 30 seconds and deletes afterwards ('This message was deleted')", async () => {
    expect((await post(`/messages/${conversationId}`, { intent: "send", text: "Oops, wrong client." }, advisor)).status).toBe(200);
    const oops = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Oops, wrong client." } }));
    const unsent = await post(`/messages/${conversationId}`, { intent: "remove", messageId: oops.id }, advisor);
    expect(unsent.status).toBe(200);
    expect(unsent.text).toContain("Message deleted/unsent successfully");
    expect(unsent.text).toContain("unsend");
    expect(await app.tx("acme", (t) => t.message.findUnique({ where: { id: oops.id } }))).toBeNull();

    expect((await post(`/messages/${conversationId}`, { intent: "send", text: "An old note." }, advisor)).status).toBe(200);
    const old = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "An old note." } }));
    await app.tx("acme", (t) => t.message.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 31_000) } }));
    const deleted = await post(`/messages/${conversationId}`, { intent: "remove", messageId: old.id }, advisor);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("delete");
    expect((await app.tx("acme", (t) => t.message.findUniqueOrThrow({ where: { id: old.id } }))).deletedAt).not.toBeNull();
    const client = await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan);
    expect(client.text).toContain("This message was deleted");
    expect(client.text).not.toContain("An old note.");
    // A deleted message can't be edited.
    expect((await post(`/messages/${conversationId}`, { intent: "edit", messageId: old.id, text: "Back" }, advisor)).status).toBe(404);
  });

  it("holds a scheduled message from the client, and tells nobody until then", async () => {
    const before = await counts("acme");
    const at = new Date(Date.now() + 2 * 864e5).toISOString();
    expect((await post(`/messages/${conversationId}`, { intent: "send", text: "Reminder: sign Form 8879.", scheduledAt: at }, advisor)).status).toBe(200);
    const after = await counts("acme");
    expect(after.messages - before.messages).toBe(1);
    expect(after.notifications).toBe(before.notifications);
    expect(after.emails).toBe(before.emails);
    expect((await app.get("acme", `/messages/${conversationId}`, advisor)).text).toContain("Scheduled for");
    expect((await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan)).text).not.toContain("Reminder: sign Form 8879.");
  });

  it("announces a scheduled message when its time comes, once; an unsent one is never announced", async () => {
    const pg = (await import("pg")).default;
    const owner = new pg.Client({ connectionString: app.db.url });
    await owner.connect();
    try {
      const { deliverScheduledMessages } = await import("~/conversations/scheduled.server");
      const context = { sql: async <R>(text: string, values: unknown[] = []) => (await owner.query(text, values)).rows as R[] };
      const scheduled = await app.tx("acme", (t) =>
        t.message.findFirstOrThrow({ where: { text: "Reminder: sign Form 8879." }, select: { id: true, scheduledPending: true } }),
      );
      expect(scheduled.scheduledPending).toBe(true);
      // Not yet due: nothing happens.
      const idle = await counts("acme");
      expect(await deliverScheduledMessages(context)).toMatchObject({ announced: 0 });
      expect(await counts("acme")).toEqual(idle);

      // A second scheduled message, unsent before its time.
      const at = new Date(Date.now() + 864e5).toISOString();
      expect((await post(`/messages/${conversationId}`, { intent: "send", text: "Never mind this one.", scheduledAt: at }, advisor)).status).toBe(200);
      const unsent = await app.tx("acme", (t) => t.message.findFirstOrThrow({ where: { text: "Never mind this one." }, select: { id: true } }));
      await app.tx("acme", (t) => t.message.update({ where: { id: unsent.id }, data: { deletedAt: new Date() } }));

      // Both become due.
      await app.tx("acme", (t) =>
        t.message.updateMany({ where: { id: { in: [scheduled.id, unsent.id] } }, data: { scheduledAt: new Date(Date.now() - 1000) } }),
      );
      const summitBefore = await counts("summit");
      const before = await counts("acme");
      const [one, two] = await Promise.all([deliverScheduledMessages(context), deliverScheduledMessages(context)]);
      expect(one.announced + two.announced).toBe(1);
      expect(one.dropped + two.dropped).toBe(1);
      const after = await counts("acme");
      expect(after.notifications).toBeGreaterThan(before.notifications);
      const jordanUser = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } }));
      const note = await app.tx("acme", (t) => t.notification.findFirstOrThrow({ where: { userId: jordanUser.id }, orderBy: { createdAt: "desc" } }));
      expect(note.text).toContain("Reminder: sign Form 8879.");
      expect(note.text).not.toContain("Never mind");
      const rows = await app.tx("acme", (t) => t.message.findMany({ where: { id: { in: [scheduled.id, unsent.id] } }, select: { scheduledPending: true } }));
      expect(rows.every((r) => !r.scheduledPending)).toBe(true);
      expect(await counts("summit")).toEqual(summitBefore);
      // The client now sees it; a later run announces nothing again.
      expect((await app.get("acme", `/inbox/${riveraHash}/${conversationId}`, jordan)).text).toContain("Reminder: sign Form 8879.");
      expect(await deliverScheduledMessages(context)).toMatchObject({ firms: 0, announced: 0 });
      expect((await counts("acme")).notifications).toBe(after.notifications);
    } finally {
      await owner.end();
    }
  });

  it("exports a conversation as CSV or PDF for staff who may see it; others get 404 and no file", async () => {
    const path = `/api/staff/conversations/${conversationId}/export`;
    const csv = await app.postJson("acme", path, { format: "csv", timeframe: "all_time" }, advisor);
    expect(csv.status, csv.text.slice(0, 200)).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(String(csv.headers["content-disposition"])).toMatch(/^attachment; filename="Jordan & Casey Rivera - messages \d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.text).toContain("Date,Author,Tag,Reply to message of,Message");
    expect(csv.text).toContain("Is my extension filed?");
    expect(csv.text).toContain("(Acme Tax & Advisory Team)");
    expect(csv.text).not.toContain("An old note."); // deleted
    const activity = await app.tx("acme", (t) => t.activityLog.findFirst({ where: { title: "Exported a conversation" }, orderBy: { createdAt: "desc" } }));
    expect(activity?.description).toMatch(/^CSV, all time: \d+ message\(s\)$/);

    // Last week only: a message older than that is left out.
    await app.tx("acme", (t) =>
      t.message.updateMany({ where: { conversationId, text: "Is my extension filed?" }, data: { createdAt: new Date(Date.now() - 30 * 864e5) } }),
    );
    const week = await app.postJson("acme", path, { format: "csv", timeframe: "last_week" }, advisor);
    expect(week.text).not.toContain("Is my extension filed?");
    expect(week.text).toContain("Yes, it was filed on Tuesday.");

    const pdf = await app.request("acme", path, { method: "POST", json: { format: "pdf", timeframe: "last_year" }, cookie: advisor });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);

    expect((await app.postJson("acme", path, { format: "xls", timeframe: "all_time" }, advisor)).body).toMatchObject({ error: "Please choose PDF or CSV." });
    const summitConversation = await app.tx("summit", (t) => t.conversation.findFirstOrThrow({ select: { id: true } }));
    expect(
      (await app.postJson("acme", `/api/staff/conversations/${summitConversation.id}/export`, { format: "csv", timeframe: "all_time" }, acmePartner)).status,
    ).toBe(404);
    const otherGroup = await app.tx("summit", (t) =>
      t.conversation.findFirstOrThrow({
        where: { companies: { some: { company: { primaryOwner: { firmGroup: { name: { not: "Individual" } } } } } } },
        select: { id: true },
      }),
    );
    const refused = await app.postJson("summit", `/api/staff/conversations/${otherGroup.id}/export`, { format: "csv", timeframe: "all_time" }, nina);
    expect(refused.status).toBe(404);
    expect(refused.headers["content-disposition"]).toBeUndefined();
    const asClient = await app.postJson("acme", path, { format: "csv", timeframe: "all_time" }, jordan);
    expect(asClient.status).not.toBe(200);
    expect(asClient.text).not.toContain("Is my extension filed?");
  });

  it("keeps group-access staff to their group's conversations: 404 and nothing written", async () => {
    const demo = await app.tx("summit", (t) =>
      t.conversation.findFirstOrThrow({
        where: { companies: { some: {} } },
        include: { companies: { include: { company: { include: { primaryOwner: { include: { firmGroup: true } } } } } } },
      }),
    );
    expect(demo.companies[0]!.company.primaryOwner?.firmGroup?.name).not.toBe("Individual");
    expect((await app.get("summit", "/messages", summitPartner)).text).toContain(`/messages/${demo.id}`);
    const list = await app.get("summit", "/messages", nina);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(`/messages/${demo.id}`);

    const before = await counts("summit");
    expect((await app.get("summit", `/messages/${demo.id}`, nina)).status).toBe(404);
    expect((await post(`/messages/${demo.id}`, { intent: "send", text: "Hello from another group" }, nina, "summit")).status).toBe(404);
    expect((await post(`/messages/${demo.id}`, { intent: "seen" }, nina, "summit")).status).toBe(404);
    const someMessage = await app.tx("summit", (t) => t.message.findFirstOrThrow({ where: { conversationId: demo.id } }));
    expect((await post(`/messages/${demo.id}`, { intent: "unseen", messageId: someMessage.id }, nina, "summit")).status).toBe(404);
    const hash = demo.companies[0]!.company.hashId;
    expect((await app.get("summit", `/admin/${hash}/messages`, nina)).status).toBe(404);
    expect((await post(`/admin/${hash}/messages`, { intent: "start", text: "Hi" }, nina, "summit")).status).toBe(404);
    expect(await counts("summit")).toEqual(before);
  });

  it("answers 404 for another firm's conversation, and keeps clients out", async () => {
    const before = await counts("acme");
    expect((await app.get("summit", `/messages/${conversationId}`, summitPartner)).status).toBe(404);
    expect((await post(`/messages/${conversationId}`, { intent: "send", text: "Cross-firm" }, summitPartner, "summit")).status).toBe(404);
    expect((await app.get("summit", `/admin/${riveraHash}/messages`, summitPartner)).status).toBe(404);
    // An acme session means nothing on summit's site; clients have no staff inbox.
    expect((await app.get("summit", "/messages", advisor)).status).toBe(302);
    expect((await app.get("acme", `/messages/${conversationId}`, jordan)).status).toBe(404);
    expect((await post(`/messages/${conversationId}`, { intent: "send", text: "I am a client" }, jordan)).status).toBe(404);
    expect(await counts("acme")).toEqual(before);
  });

  it("pages the list on the server and searches by entity or client name", async () => {
    const entities = await app.tx("acme", (t) =>
      t.company.findMany({ where: { name: { not: "Jordan & Casey Rivera" }, deletedAt: null }, select: { id: true, name: true }, take: 3 }),
    );
    await app.tx("acme", async (t) => {
      for (let i = 0; i < 45; i++) {
        const entity = entities[i % entities.length]!;
        const c = await t.conversation.create({ data: { firmId: "firm_acme", lastMessageAt: new Date(Date.now() - (i + 10) * 3_600_000) } });
        await t.conversationCompany.create({ data: { firmId: "firm_acme", conversationId: c.id, companyId: entity.id } });
      }
    });
    const total = await app.tx("acme", (t) => t.conversation.count({ where: { companies: { some: {} } } }));
    expect(total).toBeGreaterThan(40);
    expect(total).toBeLessThanOrEqual(60);
    const rows = (html: string) => new Set([...html.matchAll(/href="\/messages\/([^"?]+)/g)].map((m) => m[1])).size;
    const first = await app.get("acme", "/messages", acmePartner);
    expect(rows(first.text)).toBe(20);
    expect(first.text).toMatch(/Page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?3/);
    // Newest first: the conversation with the latest message leads.
    expect(first.text.indexOf(`/messages/${conversationId}`)).toBeGreaterThan(-1);
    const third = await app.get("acme", "/messages?page=3", acmePartner);
    expect(rows(third.text)).toBe(total - 40);
    // Out-of-range and nonsense pages fall back to the first page instead of failing.
    expect((await app.get("acme", "/messages?page=-4", acmePartner)).status).toBe(200);
    expect((await app.get("acme", "/messages?page=99999999", acmePartner)).status).toBe(200);

    const byEntity = await app.get("acme", `/messages?q=${encodeURIComponent("casey rivera")}`, acmePartner);
    expect(rows(byEntity.text)).toBe(1);
    expect(byEntity.text).toContain(`/messages/${conversationId}`);
    const byClient = await app.get("acme", "/messages?q=Jordan", acmePartner);
    expect(byClient.text).toContain(`/messages/${conversationId}`);
    const none = await app.get("acme", `/messages?q=${"z".repeat(5000)}`, acmePartner);
    expect(none.status).toBe(200);
    expect(none.text).toContain("No conversations match your search.");
  });

  it("opens an entity's conversation from its Messages page, or starts one with its active owners", async () => {
    const open = await app.get("acme", `/admin/${riveraHash}/messages`, acmePartner);
    expect(open.status).toBe(302);
    expect(open.location).toBe(`/admin/${riveraHash}/messages/${conversationId}`);
    // The entity page links to it.
    expect((await app.get("acme", `/admin/${riveraHash}`, acmePartner)).text).toContain(`href="/admin/${riveraHash}/messages"`);

    const fresh = await app.tx("acme", (t) =>
      t.company.findFirstOrThrow({
        where: { deletedAt: null, conversations: { none: {} }, owners: { some: { user: { paying: true, kind: "client" } } } },
        include: { owners: true },
      }),
    );
    const page = await app.get("acme", `/admin/${fresh.hashId}/messages`, acmePartner);
    expect(page.status).toBe(200);
    expect(page.text).toContain("No available conversations found");
    const empty = await post(`/admin/${fresh.hashId}/messages`, { intent: "start", text: " " }, acmePartner);
    expect(empty.status).toBe(400);
    const started = await post(`/admin/${fresh.hashId}/messages`, { intent: "start", text: "Welcome! Let us know if you have questions." }, acmePartner);
    expect(started.status).toBe(200);
    const conversation = await app.tx("acme", (t) =>
      t.conversation.findFirstOrThrow({ where: { companies: { some: { companyId: fresh.id } } }, include: { participants: true, messages: true } }),
    );
    expect(conversation.messages.map((m) => m.text)).toEqual(["Welcome! Let us know if you have questions."]);
    const clientIds = conversation.participants
      .filter((p) => !p.isFirmUser)
      .map((p) => p.userId)
      .sort();
    const activeOwners = await app.tx("acme", (t) =>
      t.companyOwner.findMany({ where: { companyId: fresh.id, user: { paying: true, deletedAt: null, kind: "client" } } }),
    );
    expect(clientIds).toEqual(activeOwners.map((o) => o.userId).sort());

    // No active owner: the tooltip's text, and nothing can be started.
    await app.tx("acme", (t) => t.user.updateMany({ where: { id: { in: fresh.owners.map((o) => o.userId) } }, data: { paying: false } }));
    await app.tx("acme", (t) => t.conversation.deleteMany({ where: { id: conversation.id } }));
    const entityPage = await app.get("acme", `/admin/${fresh.hashId}`, acmePartner);
    expect(entityPage.text).toContain("Entity has no active owners to message.");
    const before = await counts("acme");
    const refused = await post(`/admin/${fresh.hashId}/messages`, { intent: "start", text: "Anyone?" }, acmePartner);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("Entity has no active owners to message.");
    expect(await counts("acme")).toEqual(before);
    await app.tx("acme", (t) => t.user.updateMany({ where: { id: { in: fresh.owners.map((o) => o.userId) } }, data: { paying: true } }));
  });

  it("lets only the firm users taking part read an archived conversation, and nobody write in it", async () => {
    await app.tx("acme", (t) => t.conversationCompany.deleteMany({ where: { conversationId } }));
    const page = await app.get("acme", `/messages/${conversationId}`, advisor);
    expect(page.status).toBe(200);
    expect(page.text).toContain("This conversation is archived because a new conversation has been created with different users.");
    const before = await counts("acme");
    const refused = await post(`/messages/${conversationId}`, { intent: "send", text: "Still there?" }, advisor);
    expect(refused.status).toBe(409);
    // The admin (a partner) who takes no part in it can't open it.
    const partnerId = (await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "partner@acme.test" } }))).id;
    expect(await app.tx("acme", (t) => t.conversationParticipant.findFirst({ where: { conversationId, userId: partnerId } }))).toBeNull();
    expect((await app.get("acme", `/messages/${conversationId}`, acmePartner)).status).toBe(404);
    expect((await post(`/messages/${conversationId}`, { intent: "seen" }, acmePartner)).status).toBe(404);
    expect(await counts("acme")).toEqual(before);
  });
});
