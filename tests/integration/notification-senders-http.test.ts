/**
 * Every sender that tells the firm of a client's doing honours the staff member's entity
 * notification settings (built app, real PostgreSQL and S3 server), end to end over HTTP: a staff
 * member who is not the entity's assigned advisor but whom the sender addresses (the
 * questionnaire's sender, a subscriber, a conversation's participant) saves the entity's settings
 * through the entity view's notification dialog; with the sender's type off (or every type off)
 * they get no panel item and no email, with it on they get both. The assigned advisor always
 * hears of it. Without a job queue in the app, the upload notice and the notes email go out at once
 * (the jobs' own functions).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDataPath, bootApp, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";
import type { UploadGrant } from "~/storage/uploads";

const PDF = new TextEncoder().encode("%PDF-1.4\n% test document\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const VIEW = "routes/admin.$companyHash._index";
const ALL_TYPES = [1, 2, 3, 4, 5, 7];

let app: TestApp;
let client: Browser; // client@acme.test, owner of "Jordan & Casey Rivera"
let partner: Browser; // partner@acme.test: not the entity's advisor
let advisor: Browser; // advisor@acme.test: the client's assigned advisor
let ids: { partner: string; advisor: string; client: string };
let entity: { id: string; hash: string };
let questionnaire: { id: string; questionId: string };

beforeAll(async () => {
  app = await bootApp({ name: "notification-senders-http", s3: true });
  client = await app.signIn("acme", "client@acme.test");
  partner = await app.signIn("acme", "partner@acme.test");
  advisor = await app.signIn("acme", "advisor@acme.test");
  const user = (email: string) => app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email }, select: { id: true } })).then((u) => u.id);
  ids = { partner: await user("partner@acme.test"), advisor: await user("advisor@acme.test"), client: await user("client@acme.test") };
  const rivera = await app.tx("acme", (t) =>
    t.company.findFirstOrThrow({
      where: { name: "Jordan & Casey Rivera" },
      select: { id: true, hashId: true, owners: { select: { user: { select: { assignedAdvisorId: true } } } } },
    }),
  );
  entity = { id: rivera.id, hash: rivera.hashId };
  const advisors = rivera.owners.map((o) => o.user.assignedAdvisorId);
  expect(advisors).toContain(ids.advisor);
  expect(advisors).not.toContain(ids.partner);
  const q = await app.tx("acme", (t) =>
    t.questionnaire.findFirstOrThrow({
      where: { companyId: rivera.id, deletedAt: null, isDraft: false },
      select: { id: true, questions: { where: { deletedAt: null }, select: { id: true }, orderBy: { order: "asc" }, take: 1 } },
      orderBy: { createdAt: "asc" },
    }),
  );
  questionnaire = { id: q.id, questionId: q.questions[0]!.id };
  // The partner sent the questionnaire, so drop-offs and submissions address them; it is due next month.
  await app.tx("acme", (t) =>
    t.questionnaire.update({ where: { id: q.id }, data: { createdById: ids.partner, dueDate: new Date(Date.now() + 30 * 24 * 3600 * 1000) } }),
  );
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** The staff member saves the entity's notification settings as the entity view's dialog does. */
async function saveSettings(who: Browser, typeIds: number[], hash = entity.hash) {
  return who.post("acme", actionDataPath(`/admin/${hash}`, VIEW), { intent: "notifications", typeIds: typeIds.join(",") });
}

/** What someone sees of `act`: new items in their notification panel and new emails to them. */
async function heard(who: Browser, email: string, act: () => Promise<void>): Promise<{ panel: number; emails: number }> {
  const unread = async () => {
    const r = await who.get("acme", "/api/notifications?count=1");
    expect(r.status).toBe(200);
    return (r.body as { unread: number }).unread;
  };
  const emails = () => app.tx("acme", (t) => t.outboundMessage.count({ where: { to: email } }));
  const before = { panel: await unread(), emails: await emails() };
  await act();
  return { panel: (await unread()) - before.panel, emails: (await emails()) - before.emails };
}
const partnerHears = (act: () => Promise<void>) => heard(partner, "partner@acme.test", act);
const advisorHears = (act: () => Promise<void>) => heard(advisor, "advisor@acme.test", act);

/** Runs `act` with the partner's settings off (everything off; every type but `typeId`) and on. */
async function expectSettingsHonoured(typeId: number, act: () => Promise<void>) {
  for (const off of [[], ALL_TYPES.filter((t) => t !== typeId)]) {
    expect((await saveSettings(partner, off)).status).toBe(200);
    expect(await partnerHears(act), `saved ${JSON.stringify(off)}`).toEqual({ panel: 0, emails: 0 });
  }
  expect((await saveSettings(partner, [typeId])).status).toBe(200);
  expect(await partnerHears(act), `saved [${typeId}]`).toEqual({ panel: 1, emails: 1 });
}

async function uploadThrough(api: string, fields: Record<string, string>, intents: [string, string], fileName: string, who?: Browser, extra = {}) {
  const post = (body: unknown) => (who ? who.postJson("acme", api, body) : app.postJson("acme", api, body));
  const granted = await post({ intent: intents[0], ...fields, fileName, contentType: "application/pdf", size: PDF.length });
  expect(granted.status, granted.text).toBe(200);
  const grant = granted.body.grant as UploadGrant;
  expect((await postToGrant(grant, PDF, fileName)).status).toBeLessThan(300);
  const confirmed = await post({ intent: intents[1], ...fields, key: grant.key, fileName, contentType: "application/pdf", ...extra });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.body as Record<string, { id: string }>;
}

let files = 0;
const nextFile = () => `Statement ${++files}.pdf`;

describe("staff entity notification settings, honoured by every sender", () => {
  it("document drop-off (type 2): the questionnaire's sender", async () => {
    const target = { questionnaireId: questionnaire.id, companyId: entity.id };
    const dropOff = async () => {
      const name = nextFile();
      const confirmed = await uploadThrough("/api/document-drop-off", target, ["grant", "confirm"], name, client, { documentName: name.replace(/\.pdf$/, "") });
      const finished = await client.postJson("acme", "/api/document-drop-off", { intent: "finish", ...target, documentIds: [confirmed.document!.id] });
      expect(finished.status, finished.text).toBe(200);
    };
    await expectSettingsHonoured(2, dropOff);
    expect((await saveSettings(partner, [])).status).toBe(200);
    expect(await advisorHears(dropOff)).toEqual({ panel: 1, emails: 1 });
  });

  it("documents upload notice (type 2): a subscriber", async () => {
    const upload = async () => {
      await uploadThrough(`/api/documents/${entity.hash}`, { path: "/" }, ["upload_grant", "upload_confirm"], nextFile(), client);
    };
    await expectSettingsHonoured(2, upload);
    expect((await saveSettings(partner, [])).status).toBe(200);
    expect(await advisorHears(upload)).toEqual({ panel: 1, emails: 1 });
  });

  const reopen = () =>
    app.tx("acme", (t) =>
      t.questionnaire.update({ where: { id: questionnaire.id }, data: { completed: false, locked: false, submittedAt: null, depositStatus: null } }),
    );

  it("questionnaire submit (type 3): the questionnaire's sender", async () => {
    const submit = async () => {
      await reopen();
      const r = await client.postJson("acme", `/api/questionnaires/${entity.hash}`, { intent: "submit", questionnaireId: questionnaire.id, agreed: true });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
    };
    await expectSettingsHonoured(3, submit);
    expect((await saveSettings(partner, [])).status).toBe(200);
    expect(await advisorHears(submit)).toEqual({ panel: 1, emails: 1 });
  });

  it("a client's message (type 1): a conversation participant", async () => {
    const send = async () => {
      const r = await client.post("acme", `/inbox/${entity.hash}.data`, { intent: "send", text: `About my return ${++files}` });
      expect(r.status).toBeLessThan(400);
    };
    // The conversation exists once the client wrote; the partner takes part in it.
    await send();
    const conversation = await app.tx("acme", (t) =>
      t.conversation.findFirstOrThrow({ where: { companies: { some: { companyId: entity.id } } }, select: { id: true }, orderBy: { lastMessageAt: "desc" } }),
    );
    await app.tx("acme", async (t) => {
      const firmId = (await t.company.findUniqueOrThrow({ where: { id: entity.id }, select: { firmId: true } })).firmId;
      const there = await t.conversationParticipant.count({ where: { conversationId: conversation.id, userId: ids.partner } });
      if (!there) await t.conversationParticipant.create({ data: { firmId, conversationId: conversation.id, userId: ids.partner, isFirmUser: true } });
    });
    await expectSettingsHonoured(1, send);
  });

  it("client notes (type 3): the advisor only, whatever they try to save", async () => {
    await reopen();
    const note = async () => {
      const r = await client.postJson("acme", `/api/questionnaires/${entity.hash}`, {
        intent: "add_note",
        questionnaireId: questionnaire.id,
        questionId: questionnaire.questionId,
        body: `One more thing ${++files}`,
      });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
    };
    // Advisors cannot turn their own clients' entities off, so the advisor is always told.
    const refused = await saveSettings(advisor, []);
    expect(refused.status).toBe(403);
    expect(await advisorHears(note)).toEqual({ panel: 1, emails: 1 });
    // Anyone else is not addressed by this sender, subscribed or not.
    expect((await saveSettings(partner, [3])).status).toBe(200);
    expect(await partnerHears(note)).toEqual({ panel: 0, emails: 0 });
  });

  it("drop link (type 2): its own recipients; the hidden drop-off entity has no settings dialog", async () => {
    const saved = await partner.post("acme", "/drop-link?index", { recipient: ids.partner });
    expect(saved.status).toBe(200);
    const token = saved.text.match(/\/drop-link\/([A-Za-z0-9_-]{40,})/)![1]!;
    const unassigned = await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Unassigned drop-offs" }, select: { hashId: true } }));
    expect((await saveSettings(partner, [], unassigned.hashId)).status).toBe(404);
    const sender = { name: "Ann Visitor", email: "ann@example.com" };
    const drop = async () => {
      const confirmed = await uploadThrough("/api/drop-link", { token }, ["grant", "confirm"], nextFile(), undefined, sender);
      const finished = await app.postJson("acme", "/api/drop-link", { intent: "finish", token, documentIds: [confirmed.document!.id], ...sender });
      expect(finished.status, finished.text).toBe(200);
    };
    expect(await partnerHears(drop)).toEqual({ panel: 1, emails: 1 });
    const again = await partner.post("acme", "/drop-link?index", { recipient: ids.advisor });
    expect(again.status).toBe(200);
    const next = again.text.match(/\/drop-link\/([A-Za-z0-9_-]{40,})/)![1]!;
    const dropAgain = async () => {
      const confirmed = await uploadThrough("/api/drop-link", { token: next }, ["grant", "confirm"], nextFile(), undefined, sender);
      expect((await app.postJson("acme", "/api/drop-link", { intent: "finish", token: next, documentIds: [confirmed.document!.id], ...sender })).status).toBe(
        200,
      );
    };
    expect(await partnerHears(dropAgain)).toEqual({ panel: 0, emails: 0 });
  });
});
