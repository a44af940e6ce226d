/**
 * The staff Activities page and the reminders API over HTTP with the seeded firms: 32 per page
 * with 1-based pages, filters by entity, questionnaire and type, search, another firm's entity
 * (404) and rows (never listed), group-access staff limited to their clients; /api/reminders sends
 * with custom texts, refuses another firm's questionnaire with 404 and sends nothing.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const PAGE = "routes/activities";

let app: TestApp;
let su: pg.Client;

async function addActivity(
  firmId: string,
  row: { title: string; typeId?: number; companyId?: string | null; questionnaireId?: string | null; minutesAgo?: number; userId?: string | null },
) {
  await su.query(
    `INSERT INTO activity_logs (id, firm_id, type_id, title, company_id, questionnaire_id, user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8))`,
    [
      `act_probe_${Math.random().toString(36).slice(2)}`,
      firmId,
      row.typeId ?? 0,
      row.title,
      row.companyId ?? null,
      row.questionnaireId ?? null,
      row.userId ?? null,
      row.minutesAgo ?? 0,
    ],
  );
}

let acmePartner: Browser;
let acmeAdvisor: Browser;
let summitPartner: Browser;
let nina: Browser;
let acmeEntity: { id: string; hash_id: string };
let acmeQuestionnaire: string;
let summitEntity: { id: string; hash_id: string };
let summitQuestionnaire: string;

beforeAll(async () => {
  app = await bootApp({
    name: "activities-http",
    beforeServe: async (booting) => {
      su = booting.su;

      const { rows: acmeQ } = await su.query(
        `SELECT q.id, q.company_id FROM questionnaires q JOIN companies c ON c.id = q.company_id WHERE q.firm_id = $1 AND NOT q.locked AND NOT q.completed AND NOT q.is_draft AND q.sent_at IS NOT NULL AND NOT c.inactive ORDER BY q.id LIMIT 1`,
        [ACME],
      );
      acmeQuestionnaire = acmeQ[0].id;
      const { rows: ac } = await su.query(`SELECT id, hash_id FROM companies WHERE id = $1`, [acmeQ[0].company_id]);
      acmeEntity = ac[0];
      const { rows: summitQ } = await su.query(
        `SELECT id, company_id FROM questionnaires WHERE firm_id = $1 AND NOT locked AND NOT completed AND NOT is_draft ORDER BY id LIMIT 1`,
        [SUMMIT],
      );
      summitQuestionnaire = summitQ[0].id;
      const { rows: sc } = await su.query(`SELECT id, hash_id FROM companies WHERE id = $1`, [summitQ[0].company_id]);
      summitEntity = sc[0];

      // 40 probes on one Acme entity (two pages), a few of other types and on a questionnaire.
      for (let i = 0; i < 40; i++)
        await addActivity(ACME, {
          title: `Paging probe ${String(i).padStart(2, "0")}`,
          typeId: i < 5 ? 2 : 1,
          companyId: acmeEntity.id,
          questionnaireId: i < 3 ? acmeQuestionnaire : null,
          minutesAgo: 100 - i,
        });
      await addActivity(SUMMIT, { title: "Summit secret probe", companyId: summitEntity.id });
    },
  });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdvisor = await app.signIn("acme", "advisor@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  nina = await app.signIn("summit", "nina.patel@summit.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("activities page", () => {
  it("renders for staff, linked in the navigation, newest first", async () => {
    const page = await acmePartner.get("acme", "/activities");
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/activities"');
    expect(page.text).toContain("Paging probe 39");
    const d = await acmePartner.data("acme", "/activities", PAGE);
    const times = d.rows.map((r: any) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(d.rows.length).toBeLessThanOrEqual(32);
  });

  it("pages by 32 from page 1 and shows the last page past the end", async () => {
    const first = await acmePartner.data("acme", "/activities?search=Paging%20probe", PAGE);
    expect(first.page).toMatchObject({ page: 1, pageCount: 2, total: 40, label: "1-32 of 40" });
    expect(first.rows).toHaveLength(32);
    expect(first.rows[0].title).toBe("Paging probe 39");
    const second = await acmePartner.data("acme", "/activities?search=Paging%20probe&page=2", PAGE);
    expect(second.rows.map((r: any) => r.title)).toEqual(Array.from({ length: 8 }, (_, i) => `Paging probe ${String(7 - i).padStart(2, "0")}`));
    expect((await acmePartner.data("acme", "/activities?search=Paging%20probe&page=99", PAGE)).page.page).toBe(2);
  });

  it("filters by type, entity and questionnaire, with labels", async () => {
    const docs = await acmePartner.data("acme", `/activities?type_id=2&company_id=${acmeEntity.id}&search=probe`, PAGE);
    expect(docs.page.total).toBe(5);
    expect(docs.rows.every((r: any) => r.typeId === 2 && r.typeLabel === "Document" && r.companyId === acmeEntity.id)).toBe(true);
    const byQuestionnaire = await acmePartner.data("acme", `/activities?company_id=${acmeEntity.id}&questionnaire_id=${acmeQuestionnaire}&search=probe`, PAGE);
    expect(byQuestionnaire.rows.map((r: any) => r.title).sort()).toEqual(["Paging probe 00", "Paging probe 01", "Paging probe 02"]);
    expect(byQuestionnaire.options.entities.some((e: any) => e.value === acmeEntity.id)).toBe(true);
    expect(byQuestionnaire.options.questionnaires.some((q: any) => q.value === acmeQuestionnaire)).toBe(true);
    const entityOnly = await acmePartner.data("acme", `/activities?company_id=${acmeEntity.id}`, PAGE);
    expect(entityOnly.rows.every((r: any) => r.companyId === acmeEntity.id)).toBe(true);
  });

  it("never lists another firm's activity; another firm's entity or questionnaire is 404", async () => {
    expect((await acmePartner.data("acme", "/activities?search=Summit%20secret", PAGE)).page.total).toBe(0);
    expect((await summitPartner.data("summit", "/activities?search=Summit%20secret", PAGE)).page.total).toBe(1);
    expect((await summitPartner.data("summit", "/activities?search=Paging%20probe", PAGE)).page.total).toBe(0);
    expect((await acmePartner.get("acme", `/activities?company_id=${summitEntity.id}`)).status).toBe(404);
    expect((await acmePartner.get("acme", `/activities?company_id=${acmeEntity.id}&questionnaire_id=${summitQuestionnaire}`)).status).toBe(404);
  });

  it("shows group-access staff only their clients' activity", async () => {
    const { rows: mine } = await su.query(`SELECT firm_group_id FROM users WHERE email = 'nina.patel@summit.test'`);
    const { rows: other } = await su.query(
      `SELECT c.id FROM companies c JOIN users o ON o.id = c.primary_owner_id WHERE c.firm_id = $1 AND o.firm_group_id IS NOT NULL AND o.firm_group_id <> $2 LIMIT 1`,
      [SUMMIT, mine[0].firm_group_id],
    );
    const { rows: own } = await su.query(
      `SELECT c.id FROM companies c JOIN users o ON o.id = c.primary_owner_id WHERE c.firm_id = $1 AND o.firm_group_id = $2 LIMIT 1`,
      [SUMMIT, mine[0].firm_group_id],
    );
    await addActivity(SUMMIT, { title: "Group probe other", companyId: other[0].id });
    await addActivity(SUMMIT, { title: "Group probe own", companyId: own[0].id });
    await addActivity(SUMMIT, { title: "Group probe firm-wide" });
    const asNina = await nina.data("summit", "/activities?search=Group%20probe", PAGE);
    expect(asNina.rows.map((r: any) => r.title)).toEqual(["Group probe own"]);
    const asPartner = await summitPartner.data("summit", "/activities?search=Group%20probe", PAGE);
    expect(asPartner.page.total).toBe(3);
    expect((await nina.get("summit", `/activities?company_id=${other[0].id}`)).status).toBe(404);
    expect(asNina.options.entities.some((e: any) => e.value === other[0].id)).toBe(false);
  });

  it("logs staff changes to firm settings and sign-in links sent", async () => {
    const saved = await acmePartner.post("acme", "/firm", { intent: "vocab-add", keyWord: "Portal", replacement: "Hub" });
    expect(saved.status).toBe(200);
    const settings = await acmePartner.data("acme", "/activities?type_id=1&search=vocabulary", PAGE);
    expect(settings.rows[0]).toMatchObject({ title: "Saved a vocabulary word", description: "Portal → Hub", actorName: "Elena Marquez", companyId: null });
    const { rows: client } = await su.query(
      `SELECT id, fname || ' ' || lname AS name FROM users WHERE firm_id = $1 AND kind = 'client' AND email IS NOT NULL AND NOT has_temp_email AND paying ORDER BY email DESC LIMIT 1`,
      [ACME],
    );
    const sent = await acmePartner.postJson("acme", "/api/users/send-sign-in-links", { userIds: [client[0].id] });
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toEqual([client[0].id]);
    const links = await acmePartner.data("acme", "/activities?search=sign-in%20link", PAGE);
    expect(links.rows[0]).toMatchObject({ title: "Sent a sign-in link", subjectName: client[0].name, actorName: "Elena Marquez" });
  });

  it("sends signed-out visitors to sign in and is not found for clients", async () => {
    const response = await app.get("acme", "/activities");
    expect(response.status).toBe(302);
    const client = await app.signIn("acme", "client@acme.test");
    const page = await client.get("acme", "/activities");
    expect(page.status).toBe(404);
    expect(page.text).not.toContain("Paging probe");
  });
});

describe("reminders API", () => {
  const count = async (table: string, firmId: string) => Number((await su.query(`SELECT count(*) FROM ${table} WHERE firm_id = $1`, [firmId])).rows[0].count);

  it("sends reminders with custom texts and logs them on the Activities page", async () => {
    const response = await acmeAdvisor.postJson("acme", "/api/reminders", {
      intent: "send",
      questionnaire_ids: [acmeQuestionnaire],
      customize: true,
      reminder_email_subject: "HTTP nudge for {client_fname}",
      reminder_email_message: "Please finish {questionnaire_name}.",
      reminder_in_app_message: "Finish {questionnaire_name}",
      reminder_sms_message: "Finish it",
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Reminders sent successfully.");
    expect(response.body.sent).toHaveLength(1);
    const { rows } = await su.query(`SELECT subject FROM outbound_messages WHERE firm_id = $1 AND subject LIKE 'HTTP nudge for %'`, [ACME]);
    expect(rows.length).toBe(response.body.sent[0].emails);
    const d = await acmePartner.data("acme", `/activities?company_id=${acmeEntity.id}&type_id=3&search=Sent%20a%20reminder`, PAGE);
    // Acme calls questionnaires organizers: the email's link and the log say so.
    expect(d.rows[0]).toMatchObject({ title: "Sent a reminder", typeLabel: "Organizer", actorName: "Priya Natarajan" });
    const { rows: bodies } = await su.query(`SELECT body FROM outbound_messages WHERE firm_id = $1 AND subject LIKE 'HTTP nudge for %' AND channel = 'email'`, [
      ACME,
    ]);
    for (const { body } of bodies) {
      expect(body).toContain("Open your organizer: http");
      expect(body).not.toMatch(/questionnaire:/i);
    }
    // The time is the reader's, with its zone.
    expect(d.rows[0].when).toMatch(/ (PST|PDT|MST|MDT|CST|CDT|EST|EDT|UTC)$/);
  });

  it("shows the log in each firm's words: titles, type labels and the questionnaire of an entity", async () => {
    await addActivity(SUMMIT, { title: "Entity updated", typeId: 1, companyId: summitEntity.id });
    await addActivity(SUMMIT, { title: "Questionnaire sent", typeId: 3, companyId: summitEntity.id, questionnaireId: summitQuestionnaire });
    const d = await summitPartner.data("summit", `/activities?company_id=${summitEntity.id}`, PAGE);
    const titles = d.rows.map((r: any) => r.title);
    // Summit: Entity → Account, Questionnaire → Checklist.
    expect(titles).toContain("Account updated");
    expect(titles).toContain("Checklist sent");
    expect(titles).not.toContain("Entity updated");
    expect(d.rows.find((r: any) => r.title === "Checklist sent").typeLabel).toBe("Checklist");
    const acme = await acmePartner.data("acme", `/activities?search=Paging%20probe%2039`, PAGE);
    expect(acme.rows[0].typeLabel).toBe("Details");
  });

  it("titles pages in the firm's words (the entities page is 'Accounts' at Summit), names untouched", async () => {
    const summit = await summitPartner.get("summit", "/admin");
    expect(summit.status).toBe(200);
    expect(summit.text).toContain("<title>Accounts</title>");
    const entity = await summitPartner.get("summit", `/admin/${summitEntity.hash_id}`);
    expect(entity.text).toMatch(/<title>[^<]+ · Accounts<\/title>/);
    const acme = await acmePartner.get("acme", "/admin");
    expect(acme.text).toContain("<title>Entities</title>");
  });

  it("leaves routine sign-ins and verification codes out until asked for; account changes stay", async () => {
    const [{ id: clientId }] = (await su.query(`SELECT id FROM users WHERE firm_id = $1 AND email = 'client@summit.test'`, [SUMMIT])).rows;
    await addActivity(SUMMIT, { title: "Signed in", userId: clientId, minutesAgo: 1 });
    await addActivity(SUMMIT, { title: "Verification code sent", userId: clientId, minutesAgo: 1 });
    await addActivity(SUMMIT, { title: "Sign-in link sent", userId: clientId, minutesAgo: 1 });
    await addActivity(SUMMIT, { title: "Account locked", userId: clientId, minutesAgo: 1 });
    await addActivity(SUMMIT, { title: "Password changed", typeId: 1, userId: clientId, minutesAgo: 1 });
    const titles = async (query: string) => (await summitPartner.data("summit", `/activities${query}`, PAGE)).rows.map((r: any) => r.title);
    const quiet = await titles("");
    expect(quiet).not.toContain("Signed in");
    expect(quiet).not.toContain("Verification code sent");
    expect(quiet).not.toContain("Sign-in link sent");
    expect(quiet).toContain("Account locked");
    expect(quiet).toContain("Password changed");
    expect(await titles("?type_id=0")).not.toContain("Signed in");
    const all = await titles("?sign_ins=1");
    expect(all).toEqual(expect.arrayContaining(["Signed in", "Verification code sent", "Sign-in link sent", "Account locked"]));
  });

  it("answers 404 for another firm's questionnaire and sends nothing; 400 for bad input; 401 signed out", async () => {
    const before = [await count("outbound_messages", ACME), await count("outbound_messages", SUMMIT), await count("notifications", SUMMIT)];
    const cross = await acmeAdvisor.postJson("acme", "/api/reminders", { intent: "send", questionnaire_ids: [summitQuestionnaire] });
    expect(cross.status).toBe(404);
    const mixed = await acmeAdvisor.postJson("acme", "/api/reminders", { intent: "send", questionnaire_ids: [acmeQuestionnaire, summitQuestionnaire] });
    expect(mixed.status).toBe(404);
    expect((await acmeAdvisor.get("acme", `/api/reminders?questionnaire_ids=${summitQuestionnaire}`)).status).toBe(404);
    expect((await acmeAdvisor.postJson("acme", "/api/reminders", { intent: "send", questionnaire_ids: [] })).status).toBe(400);
    expect((await acmeAdvisor.postJson("acme", "/api/reminders", { intent: "explode", questionnaire_ids: [acmeQuestionnaire] })).status).toBe(400);
    expect((await app.browser().postJson("acme", "/api/reminders", { intent: "send", questionnaire_ids: [acmeQuestionnaire] }, { accept: "" })).status).toBe(
      401,
    );
    expect([await count("outbound_messages", ACME), await count("outbound_messages", SUMMIT), await count("notifications", SUMMIT)]).toEqual(before);
  });
});
