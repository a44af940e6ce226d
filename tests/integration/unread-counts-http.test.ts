/**
 * One number, one function: the navigation's unread badge beside Messages (the root loader) and
 * the inboxes' conversation lists (the client's /inbox, the staff's /messages) count the same
 * messages, whatever is read, unread, a log line, scheduled for later or deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";

let app: TestApp;
let jordan: Browser; // client@acme.test
let advisor: Browser;
let jordanId: string;
let advisorId: string;
let conversationId: string;
const INBOX_ROUTE = "routes/inbox.$companyHash.($conversationId)";
const STAFF_ROUTE = "routes/messages.($conversationId)";

interface NavData {
  nav: { to: string; count?: number }[];
}

async function badge(who: Browser, path: string, to: string): Promise<number> {
  const root = await who.data<NavData>("acme", path, "root");
  return root.nav.find((i) => i.to === to)?.count ?? 0;
}

/** The client's inbox lists, every entity's, each conversation counted once. */
async function clientListTotal(): Promise<number> {
  const entities = await app.tx("acme", (t) =>
    t.companyOwner.findMany({ where: { userId: jordanId, company: { deletedAt: null, inactive: false } }, select: { company: { select: { hashId: true } } } }),
  );
  const seen = new Map<string, number>();
  for (const { company } of entities) {
    const page = await jordan.get("acme", `/inbox/${company.hashId}.data?_routes=${encodeURIComponent(INBOX_ROUTE)}`);
    if (page.status !== 200) continue; // not an inbox entity (e.g. unassigned)
    const inbox = page.body as { conversations: { id: string; unseen: number }[]; entities: { hashId: string; unseen: number }[] };
    for (const c of inbox.conversations) seen.set(c.id, c.unseen);
    // The entity switcher's mark for this entity is the sum of its conversations' counts.
    expect(inbox.entities.find((e) => e.hashId === company.hashId)?.unseen, `unread of entity ${company.hashId}`).toBe(
      inbox.conversations.reduce((a, c) => a + c.unseen, 0),
    );
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

/** The switcher's count for one of the client's entities, as the inbox of any of them shows it. */
async function entityUnread(name: string): Promise<number> {
  const entity = await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name }, select: { hashId: true } }));
  const page = await jordan.get("acme", `/inbox/${entity.hashId}.data?_routes=${encodeURIComponent(INBOX_ROUTE)}`);
  return (page.body as { entities: { hashId: string; unseen: number }[] }).entities.find((e) => e.hashId === entity.hashId)!.unseen;
}

async function staffListTotal(): Promise<number> {
  const inbox = await advisor.data<{ list: { conversations: { unseen: number }[]; pages: number } }>("acme", "/messages", STAFF_ROUTE);
  expect(inbox.list.pages).toBe(1);
  return inbox.list.conversations.reduce((a, c) => a + c.unseen, 0);
}

async function message(data: { by: string | null; firm: boolean; text: string; isLog?: boolean; scheduledAt?: Date; deletedAt?: Date }) {
  return app.tx("acme", async (t) => {
    const firmId = (await t.conversation.findFirstOrThrow({ where: { id: conversationId } })).firmId;
    const m = await t.message.create({
      data: {
        firmId,
        conversationId,
        authorId: data.by,
        isFirmUser: data.firm,
        text: data.text,
        isLog: data.isLog ?? false,
        scheduledAt: data.scheduledAt ?? null,
        deletedAt: data.deletedAt ?? null,
      },
    });
    if (data.by) await t.messageSeen.create({ data: { firmId, messageId: m.id, userId: data.by } });
    return m.id;
  });
}

beforeAll(async () => {
  app = await bootApp({ name: "unread-counts-http" });
  jordan = await app.signIn("acme", "client@acme.test");
  advisor = await app.signIn("acme", "advisor@acme.test");
  const ids = await app.tx("acme", async (t) => {
    const client = await t.user.findFirstOrThrow({ where: { email: "client@acme.test" } });
    const staff = await t.user.findFirstOrThrow({ where: { email: "advisor@acme.test" } });
    const entity = await t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } });
    const conversation = await t.conversation.create({ data: { firmId: entity.firmId, lastMessageAt: new Date() } });
    await t.conversationCompany.create({ data: { firmId: entity.firmId, conversationId: conversation.id, companyId: entity.id } });
    await t.conversationParticipant.createMany({
      data: [
        { firmId: entity.firmId, conversationId: conversation.id, userId: client.id, isFirmUser: false },
        { firmId: entity.firmId, conversationId: conversation.id, userId: staff.id, isFirmUser: true },
      ],
    });
    return { client: client.id, staff: staff.id, conversation: conversation.id };
  });
  jordanId = ids.client;
  advisorId = ids.staff;
  conversationId = ids.conversation;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("the unread badge and the inbox lists agree", () => {
  it("for a client, as messages arrive, are logged, scheduled, deleted and read", async () => {
    const before = await badge(jordan, "/inbox", "/inbox");
    expect(await clientListTotal()).toBe(before);

    const first = await message({ by: advisorId, firm: true, text: "Please send your W-2." });
    await message({ by: advisorId, firm: true, text: "And the 1099s." });
    await message({ by: null, firm: true, text: "Questionnaire sent", isLog: true });
    await message({ by: advisorId, firm: true, text: "Later", scheduledAt: new Date(Date.now() + 86_400_000) });
    await message({ by: advisorId, firm: true, text: "Gone", deletedAt: new Date() });
    expect(await badge(jordan, "/inbox", "/inbox")).toBe(before + 2);
    expect(await clientListTotal()).toBe(before + 2);
    expect(await entityUnread("Jordan & Casey Rivera")).toBeGreaterThanOrEqual(2);

    await app.tx("acme", async (t) => {
      const m = await t.message.findFirstOrThrow({ where: { id: first } });
      await t.messageSeen.create({ data: { firmId: m.firmId, messageId: first, userId: jordanId } });
    });
    expect(await badge(jordan, "/inbox", "/inbox")).toBe(before + 1);
    expect(await clientListTotal()).toBe(before + 1);
  });

  it("for staff, on /messages", async () => {
    const before = await badge(advisor, "/messages", "/messages");
    expect(await staffListTotal()).toBe(before);
    await message({ by: jordanId, firm: false, text: "Here they are." });
    await message({ by: null, firm: false, text: "Uploaded a document", isLog: true });
    expect(await badge(advisor, "/messages", "/messages")).toBe(before + 1);
    expect(await staffListTotal()).toBe(before + 1);
  });
});
