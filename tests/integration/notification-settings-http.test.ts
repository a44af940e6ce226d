/**
 * The client's notification settings dialog over HTTP (built app, real PostgreSQL): an owner reads
 * and saves who among the entity's owners receives what; the spec's rule refuses a save nobody
 * receives Questionnaire or Questionnaire Signature with; turning Messages off stops the client's
 * panel item and email for a staff message, turning it on brings them back; nobody outside the
 * entity (staff, another client, another firm) reads or changes the settings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDataPath, bootApp, type Browser, type TestApp } from "../support/app";
import { OWNER_NOTIFICATION_TYPE_IDS, OWNER_SETTINGS_MESSAGES } from "~/notifications/rules";

let app: TestApp;
let jordan: Browser; // client@acme.test, owner of "Jordan & Casey Rivera"
let advisor: Browser;
let summitClient: Browser;
let summitPartner: Browser;
let riveraHash: string;
let riveraId: string;
let owners: { userId: string; name: string; typeIds: number[] }[];
let jordanId: string;
let jordanEmail: string;

const settings = (who: Browser, hash = riveraHash, slug = "acme") => who.get(slug, `/api/notification-settings?entity=${hash}`);
const save = (who: Browser, rows: { userId: string; typeIds: number[] }[], hash = riveraHash, slug = "acme") =>
  who.postJson(slug, "/api/notification-settings", { entity: hash, owners: rows });
const everything = () => owners.map((o) => ({ userId: o.userId, typeIds: [...OWNER_NOTIFICATION_TYPE_IDS] }));

beforeAll(async () => {
  app = await bootApp({ name: "notification-settings-http", s3: true });
  jordan = await app.signIn("acme", "client@acme.test");
  advisor = await app.signIn("acme", "advisor@acme.test");
  summitClient = await app.signIn("summit", "client@summit.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  const rivera = await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true, hashId: true } }));
  riveraHash = rivera.hashId;
  riveraId = rivera.id;
  const me = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true, email: true } }));
  jordanId = me.id;
  jordanEmail = me.email!;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("client notification settings", () => {
  it("shows every owner of the entity, every type on before anyone saved", async () => {
    await app.tx("acme", (t) => t.ownerNotificationSubscription.deleteMany({ where: { companyId: riveraId } }));
    const r = await settings(jordan);
    expect(r.status).toBe(200);
    owners = r.body.owners;
    expect(owners.map((o) => o.userId)).toContain(jordanId);
    expect(owners.length).toBeGreaterThanOrEqual(2);
    for (const o of owners) expect(o.typeIds).toEqual(OWNER_NOTIFICATION_TYPE_IDS.slice().sort((a, b) => a - b));
    expect(r.body.entity).toMatchObject({ hashId: riveraHash, name: "Jordan & Casey Rivera" });
  });

  it("refuses a save where nobody receives Questionnaire or Questionnaire Signature, with the spec's message", async () => {
    const noSignature = owners.map((o) => ({ userId: o.userId, typeIds: [1, 2, 3] }));
    const r = await save(jordan, noSignature);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(OWNER_SETTINGS_MESSAGES.needBoth);
    expect((await save(jordan, [{ userId: "not-an-owner", typeIds: [3, 5] }])).status).toBe(422);
    expect((await jordan.postJson("acme", "/api/notification-settings", { entity: riveraHash, owners: "x" })).status).toBe(400);
    expect((await jordan.postJson("acme", "/api/notification-settings", { entity: riveraHash, owners: [{ userId: jordanId, typeIds: ["a"] }] })).status).toBe(
      400,
    );
  });

  it("turning Messages off stops the client's panel item and email for a staff message; on brings them back", async () => {
    const started = await advisor.post("acme", actionDataPath(`/admin/${riveraHash}/messages`, "routes/admin.$companyHash.messages.($conversationId)"), {
      intent: "start",
      text: "Hello from the firm",
    });
    expect(started.status, started.text.slice(0, 300)).toBe(200);
    const conversationId = started.body.conversationId as string;
    const itemsFor = () => app.tx("acme", (t) => t.notification.count({ where: { userId: jordanId, text: { contains: "Settings probe" } } }));
    const emailsFor = () => app.tx("acme", (t) => t.outboundMessage.count({ where: { to: jordanEmail, body: { contains: "Settings probe" } } }));
    const send = async (text: string) => {
      const r = await advisor.post("acme", actionDataPath(`/messages/${conversationId}`, "routes/messages.($conversationId)"), { intent: "send", text });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
    };

    // Jordan keeps everything but Messages; the other owner keeps everything.
    const off = owners.map((o) => ({ userId: o.userId, typeIds: o.userId === jordanId ? [2, 3, 4, 5, 7] : [...OWNER_NOTIFICATION_TYPE_IDS] }));
    const saved = await save(jordan, off);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ message: OWNER_SETTINGS_MESSAGES.saved });
    expect((await settings(jordan)).body.owners.find((o: { userId: string }) => o.userId === jordanId).typeIds).toEqual([2, 3, 4, 5, 7]);
    await send("Settings probe one");
    expect(await itemsFor()).toBe(0);
    expect(await emailsFor()).toBe(0);

    expect((await save(jordan, everything())).status).toBe(200);
    await send("Settings probe two");
    expect(await itemsFor()).toBe(1);
    expect(await emailsFor()).toBe(1);
  });

  it("nobody outside the entity reads or changes its settings", async () => {
    const before = await app.tx("acme", (t) => t.ownerNotificationSubscription.count({ where: { companyId: riveraId } }));
    // Staff of the same firm: the dialog is the owners' own.
    expect((await settings(advisor)).status).toBe(403);
    expect((await save(advisor, everything())).status).toBe(403);
    // Another firm's client and partner: the entity does not exist there.
    expect((await settings(summitClient, riveraHash, "summit")).status).toBe(404);
    expect((await save(summitClient, [{ userId: jordanId, typeIds: [3, 5] }], riveraHash, "summit")).status).toBe(404);
    expect((await settings(summitPartner, riveraHash, "summit")).status).toBe(403);
    // The acme session means nothing on summit's site, and no session is 401.
    expect((await settings(jordan, riveraHash, "summit")).status).toBe(401);
    expect((await app.get("acme", `/api/notification-settings?entity=${riveraHash}`)).status).toBe(401);
    // A summit client's own entity is not reachable from acme by its hash either.
    const summitEntity = await app.tx("summit", (t) =>
      t.company.findFirstOrThrow({ where: { owners: { some: { user: { email: "client@summit.test" } } } }, select: { hashId: true } }),
    );
    expect((await settings(summitClient, summitEntity.hashId, "summit")).status).toBe(200);
    expect((await settings(jordan, summitEntity.hashId)).status).toBe(404);
    expect((await save(jordan, [{ userId: jordanId, typeIds: [3, 5] }], summitEntity.hashId)).status).toBe(404);
    expect(await app.tx("acme", (t) => t.ownerNotificationSubscription.count({ where: { companyId: riveraId } }))).toBe(before);
  });
});

describe("staff daily notification email switch", () => {
  it("saves the caller's own flag (the digest job reads it); clients and bad input are refused", async () => {
    const flag = () =>
      app
        .tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "advisor@acme.test" }, select: { dailyNotificationEnabled: true } }))
        .then((u) => u.dailyNotificationEnabled);
    expect((await advisor.postJson("acme", "/api/daily-digest", { enabled: true })).body).toEqual({ enabled: true });
    expect(await flag()).toBe(true);
    expect((await advisor.postJson("acme", "/api/daily-digest", { enabled: false })).status).toBe(200);
    expect(await flag()).toBe(false);
    expect((await advisor.postJson("acme", "/api/daily-digest", { enabled: "yes" })).status).toBe(400);
    expect((await jordan.postJson("acme", "/api/daily-digest", { enabled: true })).status).toBe(403);
    expect((await app.postJson("acme", "/api/daily-digest", { enabled: true })).status).toBe(401);
    // Another firm's session changes nothing here.
    expect((await summitPartner.postJson("acme", "/api/daily-digest", { enabled: true })).status).toBe(401);
    expect(await flag()).toBe(false);
  });
});
