/**
 * Group access over HTTP (staff spec §6: group-access staff see only their own firm group and users
 * in no group). Nina (Summit, group access, Individual Tax) against Summit's Business Services
 * clients:
 * - every staff route that takes an entity, user, questionnaire or conversation id answers her 404
 *   (or the route's own "not found") for another group's object, changes nothing, and works for
 *   her own group's object; every staff list leaves the other group's rows out;
 * - sign-in links, secure upload links, the client page and preview of a co-owner, and the email
 *   check keep other groups' clients and entities out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { putObject } from "~/storage.server";
import { entityDocumentKey } from "~/storage/keys";
import { actionDataPath, bootApp, loaderDataPath, type AppResponse, type Browser, type TestApp } from "../support/app";

const SUMMIT = "summit";
const FIRM = "firm_summit";

let app: TestApp;
let nina: Browser;
let partner: Browser;

/** One group's objects. */
interface Side {
  entityId: string;
  hash: string;
  entityName: string;
  entityType: string;
  userId: string;
  userEmail: string;
  userName: string;
  questionnaireId: string;
  conversationId: string;
  liveDocId: string;
  deletedDocId: string;
}
let own: Side; // Individual Tax (Nina's)
let other: Side; // Business Services
let templateId: string;

async function sideOf(entityName: string, primaryEmail: string): Promise<Omit<Side, "conversationId">> {
  const side = await app.tx(SUMMIT, async (t) => {
    const company = await t.company.findFirstOrThrow({ where: { name: entityName }, select: { id: true, hashId: true, name: true, entityType: true } });
    const user = await t.user.findFirstOrThrow({ where: { email: primaryEmail }, select: { id: true, email: true, fname: true, lname: true } });
    const questionnaire = await t.questionnaire.findFirstOrThrow({
      where: { companyId: company.id, deletedAt: null },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    // A stored text file: the split action gets past "not found" to "only PDFs" for what it may reach.
    const live = await t.document.create({
      data: {
        firmId: FIRM,
        companyId: company.id,
        path: "/",
        name: `${entityName} live.txt`,
        storageKey: entityDocumentKey(FIRM, company.id, "live.txt"),
        contentType: "text/plain",
      },
      select: { id: true, storageKey: true },
    });
    const deleted = await t.document.create({
      data: { firmId: FIRM, companyId: company.id, path: "/", name: `${entityName} deleted.pdf`, storageKey: null, deletedAt: new Date() },
      select: { id: true },
    });
    return {
      entityId: company.id,
      hash: company.hashId,
      entityName: company.name,
      entityType: company.entityType,
      userId: user.id,
      userEmail: user.email!,
      userName: `${user.fname} ${user.lname}`,
      questionnaireId: questionnaire.id,
      liveDocId: live.id,
      liveKey: live.storageKey!,
      deletedDocId: deleted.id,
    };
  });
  await putObject({ firmId: FIRM, key: side.liveKey, bytes: new TextEncoder().encode("probe"), contentType: "text/plain" });
  const { liveKey: _key, ...rest } = side;
  return rest;
}

/** Starts a conversation with the entity's owners as the firm's partner; its id. */
async function conversationOf(hash: string): Promise<string> {
  const started = await partner.post(SUMMIT, actionDataPath(`/admin/${hash}/messages`, "routes/admin.$companyHash.messages.($conversationId)"), {
    intent: "start",
    text: "Hello from the firm",
  });
  expect(started.status, started.text.slice(0, 300)).toBe(200);
  return started.body.conversationId as string;
}

beforeAll(async () => {
  app = await bootApp({ name: "group-access-http", s3: true });
  nina = await app.signIn(SUMMIT, "nina.patel@summit.test");
  partner = await app.signIn(SUMMIT, "partner@summit.test");
  const mine = await sideOf("Christopher Adams", "chris.adams@example.com");
  const theirs = await sideOf("Morgan Outdoor Gear Inc", "client@summit.test");
  own = { ...mine, conversationId: await conversationOf(mine.hash) };
  other = { ...theirs, conversationId: await conversationOf(theirs.hash) };
  templateId = (await app.tx(SUMMIT, (t) => t.questionnaireTemplate.findFirstOrThrow({ where: { deletedAt: null }, select: { id: true } }))).id;
  // The fixture is what it claims: Nina's group is Chris's, not Taylor's.
  const groups = await app.tx(SUMMIT, (t) =>
    t.user.findMany({
      where: { email: { in: ["nina.patel@summit.test", "chris.adams@example.com", "client@summit.test"] } },
      select: { email: true, firmGroupId: true },
    }),
  );
  const group = Object.fromEntries(groups.map((g) => [g.email, g.firmGroupId]));
  expect(group["chris.adams@example.com"]).toBe(group["nina.patel@summit.test"]);
  expect(group["client@summit.test"]).not.toBe(group["nina.patel@summit.test"]);
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** What another group's refused requests must leave untouched: its rows, and anything hung on them. */
async function fingerprint(side: Side): Promise<string> {
  return app.tx(SUMMIT, async (t) =>
    JSON.stringify(
      {
        company: await t.company.findUnique({ where: { id: side.entityId }, include: { entityTags: true, owners: true, notes: true } }),
        user: await t.user.findUnique({ where: { id: side.userId }, include: { contactTags: true } }),
        sessions: await t.session.count({ where: { userId: side.userId } }),
        tokens: await t.signInToken.count({ where: { userId: side.userId } }),
        mail: await t.outboundMessage.count({ where: { to: side.userEmail } }),
        questionnaires: await t.questionnaire.findMany({ where: { companyId: side.entityId }, orderBy: { id: "asc" } }),
        documents: await t.document.findMany({ where: { companyId: side.entityId }, orderBy: { id: "asc" } }),
        dropOffs: await t.documentDropOffRequest.count({ where: { companyId: side.entityId } }),
        priorYear: await t.priorYearItem.count({ where: { companyId: side.entityId } }),
        messages: await t.message.count({ where: { conversationId: side.conversationId } }),
        activity: await t.activityLog.count({ where: { OR: [{ companyId: side.entityId }, { userId: side.userId }] } }),
      },
      (_key, value) => (typeof value === "bigint" ? value.toString() : value),
    ),
  );
}

const ENTITY = "routes/admin.$companyHash._index";
const USER = "routes/clients.$userId";
const MESSAGES = "routes/admin.$companyHash.messages.($conversationId)";
const INBOX = "routes/messages.($conversationId)";
const PREVIEW_Q = "routes/preview.$companyId.questionnaire.$questionnaireId";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const json = (path: string, body: unknown) => (b: Browser) => b.postJson(SUMMIT, path, body);
const form = (path: string, fields: Record<string, string | string[]>) => (b: Browser) => b.post(SUMMIT, path, fields);
const get = (path: string) => (b: Browser) => b.get(SUMMIT, path);

interface Probe {
  route: string;
  request: (side: Side) => (b: Browser) => Promise<AppResponse>;
  /** Statuses that mean "reached" for the viewer's own group's object; null: destructive, not replayed on it. */
  allowed: number[] | null;
  /** How the route refuses (default: status 404). */
  refused?: (r: AppResponse) => void;
  /** A read: the firm's partner reaches the other group's object with it (shows the 404 is the group's doing). */
  read?: boolean;
}

const notFound = (r: AppResponse) => expect(r.status, r.text.slice(0, 200)).toBe(404);

/**
 * Every staff route that takes an entity, user, questionnaire or conversation id. Requests are
 * chosen so the viewer's own group's object gives a known answer (a read, or a harmless or invalid
 * write that is refused only after the object was found).
 */
const PROBES: Probe[] = [
  // Pages (loaders).
  { route: "GET /admin/{hash}", request: (s) => get(`/admin/${s.hash}`), allowed: [200], read: true },
  { route: "GET /admin/{hash}/documents", request: (s) => get(`/admin/${s.hash}/documents`), allowed: [200], read: true },
  { route: "GET /admin/{hash}/messages", request: (s) => get(`/admin/${s.hash}/messages`), allowed: [302], read: true },
  { route: "GET /admin/{hash}/messages/{conversationId}", request: (s) => get(`/admin/${s.hash}/messages/${s.conversationId}`), allowed: [200], read: true },
  { route: "GET /messages/{conversationId}", request: (s) => get(`/messages/${s.conversationId}`), allowed: [200], read: true },
  { route: "GET /clients/{userId}", request: (s) => get(`/clients/${s.userId}`), allowed: [200], read: true },
  { route: "GET /preview/user/{userId}", request: (s) => get(`/preview/user/${s.userId}`), allowed: [200], read: true },
  {
    route: "GET /preview/{companyId}/questionnaire/{questionnaireId}",
    request: (s) => get(`/preview/${s.entityId}/questionnaire/${s.questionnaireId}`),
    allowed: [200],
    read: true,
  },
  { route: "GET /activities?company_id={id}", request: (s) => get(`/activities?company_id=${s.entityId}`), allowed: [200], read: true },
  // Staff APIs that read.
  { route: "GET /api/staff/prior-year/{hash}", request: (s) => get(`/api/staff/prior-year/${s.hash}`), allowed: [200], read: true },
  {
    route: "GET /api/staff/questionnaires/{questionnaireId}",
    request: (s) => get(`/api/staff/questionnaires/${s.questionnaireId}`),
    allowed: [200],
    read: true,
  },
  { route: "GET /api/entities/users?userId={id}", request: (s) => get(`/api/entities/users?userId=${s.userId}`), allowed: [200], read: true },
  {
    route: "GET /api/reminders?questionnaire_ids={id}",
    request: (s) => get(`/api/reminders?questionnaire_ids=${s.questionnaireId}`),
    allowed: [200],
    read: true,
  },
  { route: "GET /api/documents/{hash}/folder", request: (s) => get(`/api/documents/${s.hash}/folder?path=%2F`), allowed: [200], read: true },
  {
    route: "POST /api/staff/conversations/{id}/export",
    request: (s) => json(`/api/staff/conversations/${s.conversationId}/export`, { format: "csv", timeframe: "all_time" }),
    allowed: [200],
    read: true,
  },
  {
    route: "POST /api/staff/custom-status",
    request: (s) => json("/api/staff/custom-status", { questionnaireIds: [s.questionnaireId], statusId: null }),
    allowed: [200],
  },
  {
    route: "POST /api/staff/firm-roles/assign",
    // Summit does not use firm roles: the member's own group's entity is found, then refused for that (403).
    request: (s) => json("/api/staff/firm-roles/assign", { roleId: "role_probe", userId: "usr_probe", entityIds: [s.entityId] }),
    allowed: [403],
  },
  // Entity actions.
  {
    route: "POST /admin/{hash} use-owner-email",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "use-owner-email" }),
    allowed: [200],
  },
  {
    route: "POST /admin/{hash} note-add",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "note-add", text: "Probe note" }),
    allowed: [200],
  },
  {
    route: "POST /admin/{hash} notifications",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "notifications", typeIds: "1,2,3,4,5,7" }),
    allowed: [200],
  },
  {
    route: "POST /admin/{hash} remove-owner",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "remove-owner", userId: "usr_not_an_owner" }),
    allowed: [422],
  },
  {
    route: "POST /admin/{hash} primary",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "primary", userId: s.userId }),
    allowed: [200],
  },
  {
    route: "POST /admin/{hash} add-existing-owner",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "add-existing-owner", userId: s.userId }),
    allowed: [409, 422],
  },
  {
    route: "POST /admin/{hash} edit",
    request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "edit", name: s.entityName, entityType: s.entityType }),
    allowed: [200],
  },
  { route: "POST /admin/{hash} delete", request: (s) => form(actionDataPath(`/admin/${s.hash}`, ENTITY), { intent: "delete" }), allowed: null },
  {
    route: "POST /admin?index delete",
    request: (s) => form(actionDataPath("/admin?index", "routes/admin._index"), { intent: "delete", hashId: s.hash }),
    allowed: null,
  },
  {
    route: "POST /admin?index restore",
    request: (s) => form(actionDataPath("/admin?index", "routes/admin._index"), { intent: "restore", id: s.entityId }),
    allowed: [409],
  },
  {
    route: "POST /admin?index tags",
    request: (s) => form(actionDataPath("/admin?index", "routes/admin._index"), { intent: "tags", ids: s.entityId, tagNames: "Probe tag" }),
    allowed: [200],
  },
  {
    route: "POST /admin?index notifications",
    request: (s) => form(actionDataPath("/admin?index", "routes/admin._index"), { intent: "notifications", ids: s.entityId, typeIds: "1,2,3,4,5,7" }),
    allowed: [200],
  },
  {
    route: "POST /admin?index create-entity",
    request: (s) =>
      form(actionDataPath("/admin?index", "routes/admin._index"), {
        intent: "create-entity",
        userId: s.userId,
        entityType: "Trust",
        name: `Probe Trust ${s.hash}`,
      }),
    allowed: [200],
  },
  {
    route: "POST /admin/{hash}/messages start",
    request: (s) => form(actionDataPath(`/admin/${s.hash}/messages`, MESSAGES), { intent: "start", text: "Probe" }),
    allowed: [200],
  },
  {
    route: "POST /messages/{conversationId} send",
    request: (s) => form(actionDataPath(`/messages/${s.conversationId}`, INBOX), { intent: "send", text: "Probe" }),
    allowed: [200],
  },
  {
    route: "POST /admin/{hash}/messages/{conversationId} seen",
    request: (s) => form(actionDataPath(`/admin/${s.hash}/messages/${s.conversationId}`, MESSAGES), { intent: "seen" }),
    allowed: [200],
  },
  // User actions.
  { route: "POST /clients/{userId} activate", request: (s) => form(actionDataPath(`/clients/${s.userId}`, USER), { intent: "activate" }), allowed: [409] },
  { route: "POST /clients/{userId} restore", request: (s) => form(actionDataPath(`/clients/${s.userId}`, USER), { intent: "restore" }), allowed: [409] },
  {
    route: "POST /clients/{userId} use-email-for-entities",
    request: (s) => form(actionDataPath(`/clients/${s.userId}`, USER), { intent: "use-email-for-entities", hashIds: s.hash }),
    allowed: [200],
  },
  { route: "POST /clients/{userId} deactivate", request: (s) => form(actionDataPath(`/clients/${s.userId}`, USER), { intent: "deactivate" }), allowed: null },
  { route: "POST /clients/{userId} delete", request: (s) => form(actionDataPath(`/clients/${s.userId}`, USER), { intent: "delete" }), allowed: null },
  {
    route: "POST /clients?index tags",
    request: (s) => form(actionDataPath("/clients?index", "routes/clients._index"), { intent: "tags", userIds: s.userId, add: "Probe" }),
    allowed: [200],
  },
  {
    route: "POST /api/users/send-sign-in-links",
    request: (s) => json("/api/users/send-sign-in-links", { userIds: [s.userId] }),
    allowed: [200],
    // A bulk action: another group's client is counted as not found, like an unknown id.
    refused: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.sent).toEqual([]);
      expect(r.body.skipped).toEqual([{ userId: expect.any(String), reason: "No such user" }]);
    },
  },
  // Documents.
  {
    route: "POST /api/documents/{hash} create_folder",
    request: (s) => json(`/api/documents/${s.hash}`, { intent: "create_folder", path: "/", name: ".." }),
    allowed: [400],
  },
  {
    route: "POST /api/documents/{hash} rename",
    request: (s) => json(`/api/documents/${s.hash}`, { intent: "rename", id: s.liveDocId, name: "Probe renamed.pdf" }),
    allowed: [200],
  },
  {
    route: "POST /api/documents/{hash} restore_many",
    request: (s) => json(`/api/documents/${s.hash}`, { intent: "restore_many", ids: [s.liveDocId, s.deletedDocId] }),
    allowed: [422],
  },
  {
    route: "POST /api/documents/{hash} split",
    request: (s) => json(`/api/documents/${s.hash}`, { intent: "split", id: s.liveDocId, pages: "1" }),
    allowed: [400],
  },
  { route: "POST /api/documents/{hash}/files", request: (s) => json(`/api/documents/${s.hash}/files`, { ids: [s.liveDocId, s.deletedDocId] }), allowed: [422] },
  { route: "POST /api/secure-upload create", request: (s) => json("/api/secure-upload", { intent: "create", companyId: s.hash }), allowed: [200] },
  // Prior-year items.
  {
    route: "POST /api/staff/prior-year/{hash} add",
    request: (s) => form(`/api/staff/prior-year/${s.hash}`, { intent: "add", name: "Probe item", year: "2024" }),
    allowed: [200],
  },
  // Questionnaires.
  {
    route: "POST /preview/{companyId}/questionnaire/{questionnaireId} mark_paid",
    request: (s) => form(actionDataPath(`/preview/${s.entityId}/questionnaire/${s.questionnaireId}`, PREVIEW_Q), { intent: "mark_paid" }),
    allowed: [400],
  },
  {
    route: "POST /api/staff/questionnaires/{id} track_changes",
    request: (s) => json(`/api/staff/questionnaires/${s.questionnaireId}`, { intent: "track_changes", trackChanges: true }),
    allowed: [200],
  },
  {
    route: "POST /api/staff/questionnaires/{id} delete",
    request: (s) => json(`/api/staff/questionnaires/${s.questionnaireId}`, { intent: "delete" }),
    allowed: null,
  },
  {
    route: "POST /api/staff/questionnaires lock",
    request: (s) => json("/api/staff/questionnaires", { intent: "lock", questionnaireIds: [s.questionnaireId] }),
    allowed: [200],
  },
  {
    route: "POST /api/reminders save",
    request: (s) => json("/api/reminders", { intent: "save", questionnaire_ids: [s.questionnaireId], reminder_sms_message: "Probe" }),
    allowed: [200],
  },
  {
    route: "POST /api/staff/send template (draft)",
    request: (s) => json("/api/staff/send", { intent: "template", templateId, taxYear: 2025, companyIds: [s.entityId], isDraft: true, dueDate: inDays(30) }),
    allowed: [200],
  },
  {
    route: "POST /api/staff/exports",
    request: (s) => json("/api/staff/exports", { questionnaireIds: [s.questionnaireId], format: "spreadsheet" }),
    allowed: [200],
  },
];

describe("every staff route that takes an id", () => {
  it("answers another group's object like an unknown one, and changes nothing", async () => {
    const before = await fingerprint(other);
    const answers: string[] = [];
    for (const probe of PROBES) {
      const response = await probe.request(other)(nina);
      answers.push(`${probe.route}: ${response.status}`);
      expect(response.status, `${probe.route}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
      (probe.refused ?? notFound)(response);
      expect(response.text, probe.route).not.toContain(other.entityName.replaceAll("&", "&amp;"));
    }
    expect(await fingerprint(other)).toBe(before);
  });

  it("reaches the viewer's own group's object", async () => {
    for (const probe of PROBES.filter((p) => p.allowed)) {
      const response = await probe.request(own)(nina);
      expect(probe.allowed, `${probe.route}: ${response.status} ${response.text.slice(0, 300)}`).toContain(response.status);
    }
  });

  it("lets the firm's partner read the other group's objects (the fixture is reachable)", async () => {
    for (const probe of PROBES.filter((p) => p.read)) {
      const response = await probe.request(other)(partner);
      expect(probe.allowed!, `${probe.route}: ${response.status} ${response.text.slice(0, 300)}`).toContain(response.status);
    }
  });
});

/** Every staff list that names entities or clients, searched for a term (its loader data or JSON). */
const LISTS: { list: string; path: (term: string) => string }[] = [
  { list: "Entities", path: (q) => loaderDataPath(`/admin?q=${q}`, "routes/admin._index") },
  { list: "Users", path: (q) => loaderDataPath(`/clients?q=${q}`, "routes/clients._index") },
  { list: "Collect", path: (q) => loaderDataPath(`/overview?q=${q}`, "routes/overview") },
  { list: "Activities", path: (q) => loaderDataPath(`/activities?search=${q}`, "routes/activities") },
  { list: "Messages", path: (q) => loaderDataPath(`/messages?q=${q}`, "routes/messages.($conversationId)") },
  { list: "Entity switcher", path: (q) => loaderDataPath(`/admin/${own.hash}?switch=${q}`, ENTITY) },
  { list: "Select user (new entity, add owner)", path: (q) => `/api/entities/users?q=${q}` },
  { list: "Send: entities", path: (q) => `/api/staff/send?q=${q}` },
];

const THEIR_NAMES = /Taylor|Outdoor Gear/;

describe("every staff list", () => {
  it("leaves other groups' entities and clients out, and lists the viewer's own", async () => {
    for (const { list, path } of LISTS) {
      const theirs = await nina.get(SUMMIT, path("Morgan"));
      expect(theirs.status, list).toBe(200);
      // Names only the other group's rows carry (the search term itself is echoed back).
      expect(theirs.text, list).not.toMatch(THEIR_NAMES);
      const mine = await nina.get(SUMMIT, path("Adams"));
      expect(mine.status, list).toBe(200);
      expect(mine.text, list).toMatch(/Christopher|Chris Adams/);
      // The other group's rows are there for the firm's partner.
      expect((await partner.get(SUMMIT, path("Morgan"))).text, list).toMatch(THEIR_NAMES);
    }
  });
});

describe("sign-in links (finding 5)", () => {
  it("skip another group's client like an unknown one: password, sessions, tokens and mail untouched", async () => {
    const taylor = await app.signIn(SUMMIT, other.userEmail);
    const state = () =>
      app.tx(SUMMIT, async (t) => ({
        user: await t.user.findUniqueOrThrow({ where: { id: other.userId }, select: { passwordHash: true, setPasswordRequired: true, updatedAt: true } }),
        sessions: await t.session.count({ where: { userId: other.userId } }),
        tokens: await t.signInToken.count({ where: { userId: other.userId } }),
        mail: await t.outboundMessage.count({ where: { to: other.userEmail } }),
        logged: await t.activityLog.count({ where: { userId: other.userId, title: "Sent a sign-in link" } }),
      }));
    const before = await state();
    expect(before.user.passwordHash).toBeTruthy();
    const refused = await nina.postJson(SUMMIT, "/api/users/send-sign-in-links", { userIds: [other.userId] });
    const unknown = await nina.postJson(SUMMIT, "/api/users/send-sign-in-links", { userIds: ["usr_does_not_exist"] });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ ...unknown.body, skipped: [{ userId: other.userId, reason: "No such user" }] });
    expect(refused.body.sent).toEqual([]);
    expect(await state()).toEqual(before);
    // The client is still signed in.
    expect((await taylor.get(SUMMIT, "/api/auth/session")).status).toBe(200);
  });
});

describe("secure upload links (finding 6)", () => {
  it("are refused for another group's entity exactly like an unknown one, and none is issued", async () => {
    const links = () => app.tx(SUMMIT, (t) => t.documentDropOffRequest.count({ where: { companyId: other.entityId } }));
    const before = await links();
    for (const companyId of [other.hash, other.entityId]) {
      const refused = await nina.postJson(SUMMIT, "/api/secure-upload", { intent: "create", companyId });
      const unknown = await nina.postJson(SUMMIT, "/api/secure-upload", { intent: "create", companyId: "nosuchentity1" });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(unknown.body);
      expect(refused.body.url).toBeUndefined();
    }
    expect(await links()).toBe(before);
  });
});

describe("a client who co-owns another group's entity (finding 11)", () => {
  let megan: { id: string };
  let morgan: { id: string; hashId: string };

  beforeAll(async () => {
    await app.tx(SUMMIT, async (t) => {
      megan = await t.user.findFirstOrThrow({ where: { email: "megan.sullivan@example.com" }, select: { id: true } });
      morgan = await t.company.findFirstOrThrow({ where: { name: "Morgan Outdoor Gear Inc" }, select: { id: true, hashId: true } });
      await t.companyOwner.upsert({
        where: { firmId_companyId_userId: { firmId: FIRM, companyId: morgan.id, userId: megan.id } },
        create: { firmId: FIRM, companyId: morgan.id, userId: megan.id },
        update: {},
      });
    });
  });

  it("is shown on their page with only the entities the staff member may see", async () => {
    const page = await nina.data(SUMMIT, `/clients/${megan.id}`, USER);
    expect(page.entities.map((e: { name: string }) => e.name)).toEqual(["Megan & Ryan Sullivan"]);
    expect(JSON.stringify(page)).not.toMatch(/Outdoor Gear|S-Corporation/);
    // The firm's partner sees both.
    const all = await partner.data(SUMMIT, `/clients/${megan.id}`, USER);
    expect(all.entities.map((e: { name: string }) => e.name).sort()).toEqual(["Megan & Ryan Sullivan", "Morgan Outdoor Gear Inc"]);
  });

  it("is previewed with only those entities, their questionnaires and progress, even when the other one is asked for", async () => {
    await app.tx(SUMMIT, (t) => t.user.update({ where: { id: megan.id }, data: { defaultCompanyId: morgan.id } }));
    for (const path of [
      `/preview/user/${megan.id}`,
      `/preview/user/${megan.id}?previewCompanyHash=${morgan.hashId}`,
      `/preview/user/${megan.id}?entity=${morgan.hashId}`,
    ]) {
      const preview = await nina.data(SUMMIT, path, "routes/preview.user.$previewUserId");
      const home = preview.data.home;
      expect(
        home.entities.map((e: { name: string }) => e.name),
        path,
      ).toEqual(["Megan & Ryan Sullivan"]);
      expect(home.selected.name, path).toBe("Megan & Ryan Sullivan");
      expect(Object.keys(preview.entityIds), path).not.toContain(morgan.hashId);
      expect(JSON.stringify(preview), path).not.toMatch(/Outdoor Gear|S-Corporation/);
    }
    const all = await partner.data(SUMMIT, `/preview/user/${megan.id}`, "routes/preview.user.$previewUserId");
    expect(all.data.home.selected.name).toBe("Morgan Outdoor Gear Inc");
  });
});

describe("the email check (finding 13)", () => {
  it("says only 'taken' for another group's client, whichever user is being edited, and names no one", async () => {
    const check = (email: string, userId?: string) => nina.postJson(SUMMIT, "/api/users/check-email", { email, userId: userId ?? null });
    const staffAddress = await check("partner@summit.test");
    expect(staffAddress.body).toEqual({ isAvailable: false, user: null });
    // Asked plainly, or "free apart from that user?" with the other group's client's own id.
    expect((await check(other.userEmail)).body).toEqual(staffAddress.body);
    expect((await check(other.userEmail, other.userId)).body).toEqual(staffAddress.body);
    expect((await check(other.userEmail.toUpperCase(), other.userId)).body).toEqual(staffAddress.body);
    // Their own group's client: named, and excepted when that is the user being edited.
    expect((await check(own.userEmail)).body).toEqual({ isAvailable: false, user: { id: own.userId, name: expect.stringContaining("Adams") } });
    expect((await check(own.userEmail, own.userId)).body).toEqual({ isAvailable: true, user: null });
  });
});

// ───────────────────────────── Deliver (tax returns) ─────────────────────────────

/** A return of each side's entity, waiting for classification (so a reminder or voucher change is a 409 once found). */
const taxReturns = new Map<string, string>();
const taxReturnOf = (side: Side) => taxReturns.get(side.entityId)!;

beforeAll(async () => {
  for (const side of [own, other]) {
    const row = await app.tx(SUMMIT, (t) =>
      t.taxReturn.create({
        data: { firmId: FIRM, companyId: side.entityId, taxYear: 2025, taxReturnName: `${side.entityName} return`, status: "action_required" },
        select: { id: true },
      }),
    );
    taxReturns.set(side.entityId, row.id);
  }
});

PROBES.push(
  {
    route: "POST /api/staff/tax-returns/{id} reminders",
    request: (s) => json(`/api/staff/tax-returns/${taxReturnOf(s)}`, { intent: "reminders", companyId: s.entityId, reminderDisabled: true }),
    allowed: [409],
  },
  {
    route: "POST /api/staff/tax-returns/{id}/vouchers",
    request: (s) => json(`/api/staff/tax-returns/${taxReturnOf(s)}/vouchers`, { companyId: s.entityId, all: true }),
    allowed: [409],
  },
  {
    route: "POST /api/staff/tax-returns/{id}/assignments",
    request: (s) => json(`/api/staff/tax-returns/${taxReturnOf(s)}/assignments`, { companyId: s.entityId, advisorId: s.userId, clientIds: [s.userId] }),
    // Group-access staff may not change a client's advisor: refused once the return is found.
    allowed: [403],
  },
  {
    route: "POST /api/staff/tax-returns/bulk",
    request: (s) => json("/api/staff/tax-returns/bulk", { intent: "reminders_off", ids: [taxReturnOf(s)] }),
    // Found, skipped: an action_required return has no reminders yet.
    allowed: [200],
  },
);

LISTS.push({ list: "Deliver", path: (q) => loaderDataPath(`/tax-returns?q=${q}`, "routes/tax-returns") });

// Deliver: the classification page and its calls, and the upload dialog's, on a tax return of each group's entity.
const classifyReturnOf = new Map<string, string>();
beforeAll(async () => {
  for (const side of [own, other]) {
    const row = await app.tx(SUMMIT, (t) =>
      t.taxReturn.create({
        data: { firmId: FIRM, companyId: side.entityId, taxYear: 2025, taxReturnName: "Probe return", status: "action_required", pageCount: 1 },
        select: { id: true },
      }),
    );
    classifyReturnOf.set(side.entityId, row.id);
  }
});
const CLASSIFY = (s: Side) => `/tax-return-delivery-admin-view/${classifyReturnOf.get(s.entityId)}/classification?companyId=${s.entityId}`;
PROBES.push(
  {
    route: "GET /tax-return-delivery-admin-view/{taxReturnId}?companyId=",
    request: (s) => get(`/tax-return-delivery-admin-view/${classifyReturnOf.get(s.entityId)}?companyId=${s.entityId}`),
    allowed: [200],
    read: true,
  },
  // No file stored for the probe return: the PDF URL is refused (409) only after the return was found.
  { route: "GET /tax-return-delivery-admin-view/{taxReturnId}/classification", request: (s) => get(CLASSIFY(s)), allowed: [409], read: true },
  { route: "POST /tax-return-delivery-admin-view/{taxReturnId}/classification send", request: (s) => json(CLASSIFY(s), { intent: "send" }), allowed: [409] },
  {
    route: "POST /tax-return-delivery-admin-view/{taxReturnId}/classification save",
    request: (s) =>
      json(CLASSIFY(s), {
        intent: "save",
        classification: { sendDraftForApproval: false, invoiceAmountCents: null, signers: [], forms: [], fields: [], vouchers: [] },
      }),
    allowed: [200],
  },
  {
    route: "POST /api/staff/tax-returns/upload grant (entity)",
    request: (s) => json("/api/staff/tax-returns/upload", { intent: "grant", companyId: s.entityId, fileName: "Probe.pdf", size: 100 }),
    allowed: [200],
  },
  {
    route: "POST /api/staff/tax-returns/upload grant (replace)",
    request: (s) =>
      json("/api/staff/tax-returns/upload", { intent: "grant", previousTaxReturnId: classifyReturnOf.get(s.entityId), fileName: "Probe.pdf", size: 100 }),
    allowed: [200],
  },
);

describe("Deliver operations (tax returns of another group)", () => {
  let ownReturn: string;
  let otherReturn: string;

  beforeAll(async () => {
    const { PDFDocument } = await import("@cantoo/pdf-lib");
    const { entityFileKey } = await import("~/storage/keys");
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 200]);
    pdf.addPage([200, 200]);
    const bytes = await pdf.save();
    const make = async (side: Side) => {
      const key = entityFileKey(FIRM, side.entityId, "tax-returns", "probe.pdf");
      await putObject({ firmId: FIRM, key, bytes, contentType: "application/pdf" });
      return app.tx(SUMMIT, async (t) => {
        const r = await t.taxReturn.create({
          data: {
            firmId: FIRM,
            companyId: side.entityId,
            taxYear: 2025,
            taxReturnName: "Probe",
            status: "sent",
            storageKey: key,
            pageCount: 2,
            sentAt: new Date(),
          },
        });
        await t.eSignForm.create({ data: { firmId: FIRM, taxReturnId: r.id, formId: "8879", pages: [2] } });
        return r.id;
      });
    };
    ownReturn = await make(own);
    otherReturn = await make(other);
    await app.su.query(`UPDATE firm_preferences SET new_tax_return_delivery_enabled = true WHERE firm_id = $1`, [FIRM]);
    // The app drops its copy of the firm's settings when PostgreSQL tells it (firm_changed).
    // (In a hook: vi.waitFor, as expect.poll runs only inside a test.)
    await vi.waitFor(
      async () => {
        const { status } = await nina.get(SUMMIT, `/api/staff/tax-returns/${ownReturn}/activity`);
        if (status !== 200) throw new Error(`Deliver still off for the app (the tax return's activity answered ${status})`);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  const deliverProbes: { route: string; request: (id: string, companyId: string) => (b: Browser) => Promise<AppResponse>; allowed: number[] }[] = [
    { route: "GET /api/staff/tax-returns/{id}/activity", request: (id, c) => get(`/api/staff/tax-returns/${id}/activity?companyId=${c}`), allowed: [200] },
    {
      route: "GET /api/staff/tax-returns/{id}/send-to-documents",
      request: (id, c) => get(`/api/staff/tax-returns/${id}/send-to-documents?companyId=${c}`),
      allowed: [200],
    },
    {
      route: "POST /api/staff/tax-returns/{id}/send-to-documents",
      request: (id, c) => json(`/api/staff/tax-returns/${id}/send-to-documents`, { companyId: c, path: "/Probe", document_name: "Probe" }),
      allowed: [200],
    },
    {
      route: "POST /api/staff/tax-returns/{id}/download",
      request: (id, c) => json(`/api/staff/tax-returns/${id}/download`, { companyId: c, only_signature_pages: true }),
      allowed: [200],
    },
    { route: "POST /api/staff/tax-return-reminders", request: (id) => json(`/api/staff/tax-return-reminders`, { tax_return_ids: [id] }), allowed: [200] },
    { route: "GET /api/staff/tax-returns/{id}/identity", request: (id, c) => get(`/api/staff/tax-returns/${id}/identity?companyId=${c}`), allowed: [200] },
    // Her own return: reached, refused for the state (identity verification is off for this firm).
    {
      route: "POST /api/staff/tax-returns/{id}/identity",
      request: (id, c) => json(`/api/staff/tax-returns/${id}/identity`, { companyId: c, signerId: "probe" }),
      allowed: [409],
    },
  ];

  it.each(deliverProbes)("$route: 404 for another group's return, nothing changed; reached for her own", async (probe) => {
    const before = await fingerprint(other);
    const documentsBefore = await app.tx(SUMMIT, (t) => t.document.count({ where: { companyId: other.entityId } }));
    const refused = await probe.request(otherReturn, other.entityId)(nina);
    expect(refused.status, refused.text.slice(0, 200)).toBe(404);
    expect(await fingerprint(other)).toBe(before);
    expect(await app.tx(SUMMIT, (t) => t.document.count({ where: { companyId: other.entityId } }))).toBe(documentsBefore);
    const reached = await probe.request(ownReturn, own.entityId)(nina);
    expect(probe.allowed, reached.text.slice(0, 200)).toContain(reached.status);
    // The firm's partner reaches the other group's return: the 404 is the group's doing.
    if (probe.route.startsWith("GET")) expect((await probe.request(otherReturn, other.entityId)(partner)).status).toBe(200);
  });
});

// ───────────────────────────── Signature requests ─────────────────────────────

/** A signature request of each side's entity, waiting for its boxes (every change records an activity entry the fingerprint counts). */
const signatureRequests = new Map<string, string>();
const signatureRequestOf = (side: Side) => signatureRequests.get(side.entityId)!;
beforeAll(async () => {
  for (const side of [own, other]) {
    const row = await app.tx(SUMMIT, (t) =>
      t.signatureRequest.create({
        data: { firmId: FIRM, companyId: side.entityId, taxYear: 2025, formName: "Probe letter", status: "action_required", pageCount: 1 },
        select: { id: true },
      }),
    );
    signatureRequests.set(side.entityId, row.id);
  }
});
const REQUEST_API = (s: Side) => `/api/staff/signature-requests/${signatureRequestOf(s)}?companyId=${s.entityId}`;
PROBES.push(
  {
    route: "GET /review-signature-request/{id}?companyId=",
    request: (s) => get(`/review-signature-request/${signatureRequestOf(s)}?companyId=${s.entityId}`),
    allowed: [200],
    read: true,
  },
  // No file stored for the probe request: its PDF URL is refused (409) only after the request was found.
  { route: "GET /api/staff/signature-requests/{id}", request: (s) => get(REQUEST_API(s)), allowed: [409], read: true },
  {
    route: "GET /api/staff/signature-requests/{id}/activity",
    request: (s) => get(`/api/staff/signature-requests/${signatureRequestOf(s)}/activity?companyId=${s.entityId}`),
    allowed: [200],
    read: true,
  },
  {
    route: "POST /api/staff/signature-requests/{id} place",
    request: (s) => json(REQUEST_API(s), { intent: "place", placement: { signers: [], fields: [] } }),
    allowed: [200],
  },
  { route: "POST /api/staff/signature-requests/{id} send", request: (s) => json(REQUEST_API(s), { intent: "send" }), allowed: [409] },
  { route: "POST /api/staff/signature-requests/{id} complete", request: (s) => json(REQUEST_API(s), { intent: "complete" }), allowed: [200] },
  { route: "POST /api/staff/signature-requests/{id} delete", request: (s) => json(REQUEST_API(s), { intent: "delete" }), allowed: null },
  {
    route: "POST /api/staff/signature-requests/upload grant",
    request: (s) => json("/api/staff/signature-requests/upload", { intent: "grant", companyId: s.entityId, fileName: "Probe.pdf", size: 100 }),
    allowed: [200],
  },
);
LISTS.push({ list: "Signature requests", path: (q) => loaderDataPath(`/signature-requests?q=${q}`, "routes/signature-requests") });

// ───────────────────────────── Review and export (Connect) ─────────────────────────────

// Summit has review and export on; each side's probe questionnaire is submitted, so it can be reviewed.
beforeAll(async () => {
  await app.su.query(`UPDATE questionnaires SET submitted_at = now(), is_draft = false WHERE id = ANY($1::text[])`, [
    [own.questionnaireId, other.questionnaireId],
  ]);
});
PROBES.push(
  {
    route: "GET /review-and-export/{questionnaireId}",
    request: (s) => get(loaderDataPath(`/review-and-export/${s.questionnaireId}`, "routes/review-and-export.$questionnaireId")),
    allowed: [200],
    read: true,
  },
  {
    route: "POST /api/staff/review/{questionnaireId} mark_all",
    request: (s) => json(`/api/staff/review/${s.questionnaireId}`, { intent: "mark_all" }),
    allowed: [200],
  },
);
LISTS.push({ list: "Review and export", path: (q) => loaderDataPath(`/review-and-export?q=${q}`, "routes/review-and-export._index") });
