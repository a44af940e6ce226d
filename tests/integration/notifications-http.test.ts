/**
 * The notification panel over HTTP (built app, real PostgreSQL): a client's message puts an item
 * in the advisor's panel; the bell's number and the panel's unread count agree (one function); an
 * item opens as read, "Mark all as read" clears the number; nobody else (another user, another
 * firm) sees or reads the item. `notify` honours staff entity settings and owner settings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE, SETTINGS_SAVED_MARKER } from "~/notifications/rules";

let app: TestApp;
let jordan: string; // client@acme.test, owner of "Jordan & Casey Rivera"
let advisor: string; // advisor@acme.test, Jordan's advisor
let partner: string; // partner@acme.test
let summitPartner: string;
let riveraHash: string;
let riveraId: string;
let ids: { advisor: string; partner: string; jordan: string };

const count = async (cookie: string, slug = "acme") => {
  const r = await app.get(slug, "/api/notifications?count=1", cookie);
  return r.status === 200 ? (r.body as { unread: number }).unread : r.status;
};
const page = async (cookie: string, slug = "acme", query = "") =>
  (await app.get(slug, `/api/notifications${query}`, cookie)).body as {
    items: { id: string; text: string; link: string; read: boolean }[];
    unread: number;
    next: string | null;
  };
const firm = { id: "", name: "Acme" };

beforeAll(async () => {
  app = await bootApp({ name: "notifications-http", s3: true });
  jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  advisor = (await app.signIn("acme", "advisor@acme.test")).cookie;
  partner = (await app.signIn("acme", "partner@acme.test")).cookie;
  summitPartner = (await app.signIn("summit", "partner@summit.test")).cookie;
  const rivera = await app.tx("acme", (t) =>
    t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true, hashId: true, firmId: true } }),
  );
  riveraHash = rivera.hashId;
  riveraId = rivera.id;
  firm.id = rivera.firmId;
  const user = (email: string) => app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email }, select: { id: true } })).then((u) => u.id);
  ids = { advisor: await user("advisor@acme.test"), partner: await user("partner@acme.test"), jordan: await user("client@acme.test") };
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("notification panel", () => {
  it("shows a client's message in the advisor's panel; the bell and the list agree; open and mark all read", async () => {
    await app.tx("acme", (t) => t.notification.updateMany({ data: { dismissedAt: new Date() } }));
    expect(await count(advisor)).toBe(0);
    const sent = await app.post("acme", `/inbox/${riveraHash}.data`, { intent: "send", text: "Here is my W-2 question." }, jordan);
    expect(sent.status).toBeLessThan(400);
    expect(await count(advisor)).toBe(1);
    const list = await page(advisor);
    expect(list.unread).toBe(1);
    const item = list.items[0]!;
    expect(item).toMatchObject({ read: false });
    expect(item.text).toContain("Here is my W-2 question.");
    expect(item.link).toMatch(/^\/messages\//);

    // Someone else can neither see nor read it.
    expect((await page(partner)).items.map((i) => i.id)).not.toContain(item.id);
    expect((await app.postJson("acme", "/api/notifications", { intent: "read", id: item.id }, partner)).status).toBe(200);
    expect(await count(advisor)).toBe(1);
    // Another firm: the acme session means nothing there, and summit's own panel lacks the item.
    expect(await count(advisor, "summit")).toBe(401);
    expect((await page(summitPartner, "summit")).items.map((i) => i.id)).not.toContain(item.id);
    expect((await app.postJson("summit", "/api/notifications", { intent: "read", id: item.id }, summitPartner)).status).toBe(200);
    expect(await count(advisor)).toBe(1);

    const read = await app.postJson("acme", "/api/notifications", { intent: "read", id: item.id }, advisor);
    expect(read.body).toEqual({ unread: 0 });
    expect(await count(advisor)).toBe(0);
    expect((await page(advisor)).items[0]).toMatchObject({ id: item.id, read: true });

    await app.post("acme", `/inbox/${riveraHash}.data`, { intent: "send", text: "And one more." }, jordan);
    await app.post("acme", `/inbox/${riveraHash}.data`, { intent: "send", text: "Last one." }, jordan);
    expect(await count(advisor)).toBe(2);
    expect((await page(advisor, "acme", "?unread_only=1")).items).toHaveLength(2);
    expect((await app.postJson("acme", "/api/notifications", { intent: "read_all" }, advisor)).body).toEqual({ unread: 0 });
    expect(await count(advisor)).toBe(0);
  });

  it("pages with a cursor, and answers bad input with 400", async () => {
    await app.tx("acme", (t) =>
      t.notification.createMany({
        data: Array.from({ length: 12 }, (_, i) => ({
          firmId: firm.id,
          userId: ids.partner,
          typeId: 1,
          text: `Item ${i}`,
          createdAt: new Date(Date.now() - i * 1000),
        })),
      }),
    );
    const first = await page(partner);
    expect(first.items).toHaveLength(10);
    expect(first.unread).toBe(await count(partner));
    const second = await page(partner, "acme", `?cursor=${first.next}`);
    expect(second.items.map((i) => i.text)).toEqual(expect.arrayContaining(["Item 10", "Item 11"]));
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(first.items.length + second.items.length);
    expect((await app.postJson("acme", "/api/notifications", { intent: "nope" }, partner)).status).toBe(400);
    expect((await app.get("acme", "/api/notifications?count=1")).status).toBe(401);
  });
});

describe("notify honours notification settings", () => {
  const tell = (userIds: string[], typeId: 1 | 2 | 3 | 5 = NOTIFICATION_TYPE.information) =>
    app.tx("acme", (db) => notify({ firm, db }, { typeId, userIds, text: "Test", link: "/", companyId: riveraId }));

  it("staff: the advisor always; anyone else unless their saved entity settings leave the type out", async () => {
    await app.tx("acme", (t) => t.entityNotificationSubscription.deleteMany({ where: { companyId: riveraId } }));
    expect((await tell([ids.advisor, ids.partner])).notified.sort()).toEqual([ids.advisor, ids.partner].sort());
    // The partner saves documents only: information no longer reaches them, documents do.
    await app.tx("acme", (t) =>
      t.entityNotificationSubscription.createMany({
        data: [SETTINGS_SAVED_MARKER, 2].map((notificationTypeId) => ({ firmId: firm.id, companyId: riveraId, userId: ids.partner, notificationTypeId })),
      }),
    );
    expect((await tell([ids.advisor, ids.partner])).notified).toEqual([ids.advisor]);
    expect((await tell([ids.partner], NOTIFICATION_TYPE.document)).notified).toEqual([ids.partner]);
    // Everything off (only the marker): nothing reaches them; the advisor cannot turn it off.
    await app.tx("acme", (t) => t.entityNotificationSubscription.deleteMany({ where: { companyId: riveraId, userId: ids.partner, notificationTypeId: 2 } }));
    expect((await tell([ids.partner], NOTIFICATION_TYPE.document)).notified).toEqual([]);
    await app.tx("acme", (t) =>
      t.entityNotificationSubscription.createMany({
        data: [{ firmId: firm.id, companyId: riveraId, userId: ids.advisor, notificationTypeId: SETTINGS_SAVED_MARKER }],
      }),
    );
    expect((await tell([ids.advisor])).notified).toEqual([ids.advisor]);
  });

  it("clients: by the entity's owner settings, for the panel and the email", async () => {
    await app.tx("acme", (t) => t.ownerNotificationSubscription.deleteMany({ where: { companyId: riveraId } }));
    expect((await tell([ids.jordan])).notified).toEqual([ids.jordan]);
    await app.tx("acme", (t) =>
      t.ownerNotificationSubscription.createMany({
        data: [3, 5].map((notificationTypeId) => ({ firmId: firm.id, companyId: riveraId, userId: ids.jordan, notificationTypeId })),
      }),
    );
    expect((await tell([ids.jordan])).notified).toEqual([]);
    const questionnaire = await app.tx("acme", (db) =>
      notify(
        { firm, db },
        { typeId: 3, userIds: [ids.jordan], text: "Due soon", link: "/", companyId: riveraId, email: { subject: "Due soon", text: "Due soon" } },
      ),
    );
    expect(questionnaire.notified).toEqual([ids.jordan]);
    expect(questionnaire.emailed).toEqual([ids.jordan]);
  });

  it("never reaches a user of another firm", async () => {
    const summitUser = await app.tx("summit", (t) => t.user.findFirstOrThrow({ where: { email: "partner@summit.test" }, select: { id: true } }));
    expect((await app.tx("acme", (db) => notify({ firm, db }, { typeId: 1, userIds: [summitUser.id], text: "x", link: "/" }))).notified).toEqual([]);
  });
});
