/**
 * The staff Activities page and the reminders API over HTTP with the seeded firms: 32 per page
 * with 1-based pages, filters by entity, questionnaire and type, search, another firm's entity
 * (404) and rows (never listed), group-access staff limited to their clients; /api/reminders sends
 * with custom texts, refuses another firm's questionnaire with 404 and sends nothing.
 */
import { existsSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { hostRequest, type HostResponse } from "../support/http";

const PASSWORD = "Portal-Demo-2026!";
const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const PAGE = "routes/activities";

let db: TestDatabase;
let su: pg.Client;
let server: { port: number; close(): Promise<void> };
let port: number;
const host = (slug: string) => `${slug}.localhost:${port}`;

class Browser {
  cookies = new Map<string, string>();
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: HostResponse) {
    for (const line of response.headers["set-cookie"] ?? []) {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }
  async get(slug: string, path: string) {
    return this.take(await hostRequest(port, { host: host(slug), path, headers: { cookie: this.cookieHeader() } }));
  }
  async post(slug: string, path: string, form: Record<string, string>) {
    return this.take(await hostRequest(port, { host: host(slug), path, form, headers: { cookie: this.cookieHeader(), origin: `http://${host(slug)}` } }));
  }
  /** A JSON POST (hostRequest sends forms; this sends raw JSON). */
  async postJson(slug: string, path: string, body: unknown) {
    const http = await import("node:http");
    const payload = JSON.stringify(body);
    return new Promise<{ status: number; json: any }>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path, method: "POST", headers: { host: host(slug), origin: `http://${host(slug)}`, cookie: this.cookieHeader(), "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: any = null;
            try {
              json = JSON.parse(text);
            } catch {
              json = { text };
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }
}

async function signIn(slug: string, firmId: string, email: string): Promise<Browser> {
  const browser = new Browser();
  const first = await browser.post(slug, "/signin", { email, password: PASSWORD });
  expect(first.status).toBe(302);
  if (first.location?.startsWith("/signin?state=2fa")) {
    expect((await browser.post(slug, "/signin", { intent: "send-code:email", flow: "2fa" })).status).toBe(302);
    const { rows } = await su.query(`SELECT subject, body FROM outbound_messages WHERE firm_id = $1 AND "to" = $2 ORDER BY created_at DESC, id DESC LIMIT 1`, [firmId, email]);
    const code = `${rows[0]?.subject ?? ""} ${rows[0]?.body ?? ""}`.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    expect((await browser.post(slug, "/signin", { intent: "verify-code", flow: "2fa", code: code! })).status).toBe(302);
  }
  return browser;
}

async function data<T = any>(browser: Browser, slug: string, path: string): Promise<T> {
  const sep = path.includes("?") ? "&" : "?";
  const response = await browser.get(slug, `${path}${sep}_data=${encodeURIComponent(PAGE)}`);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return JSON.parse(response.text) as T;
}

async function companyOf(firmId: string, name: string) {
  const { rows } = await su.query(`SELECT c.id, c.hash_id, o.firm_group_id FROM companies c LEFT JOIN users o ON o.id = c.primary_owner_id WHERE c.firm_id = $1 AND c.name = $2`, [firmId, name]);
  return rows[0] as { id: string; hash_id: string; firm_group_id: string | null };
}

async function addActivity(firmId: string, row: { title: string; typeId?: number; companyId?: string | null; questionnaireId?: string | null; minutesAgo?: number; userId?: string | null }) {
  await su.query(
    `INSERT INTO activity_logs (id, firm_id, type_id, title, company_id, questionnaire_id, user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8))`,
    [`act_probe_${Math.random().toString(36).slice(2)}`, firmId, row.typeId ?? 0, row.title, row.companyId ?? null, row.questionnaireId ?? null, row.userId ?? null, row.minutesAgo ?? 0],
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
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  db = await createTestDatabase();
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  port = await freePort();
  Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: "activities-http-test-secret-0123456789", APP_DOMAIN: `localhost:${port}`, DATABASE_URL: db.url });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { seedDemo } = await import("../../prisma/seed");
  await seedDemo({ log: () => {} });
  su = new pg.Client({ connectionString: db.url });
  await su.connect();

  const { rows: acmeQ } = await su.query(
    `SELECT q.id, q.company_id FROM questionnaires q JOIN companies c ON c.id = q.company_id WHERE q.firm_id = $1 AND NOT q.locked AND NOT q.completed AND NOT q.is_draft AND q.sent_at IS NOT NULL AND NOT c.inactive ORDER BY q.id LIMIT 1`,
    [ACME],
  );
  acmeQuestionnaire = acmeQ[0].id;
  const { rows: ac } = await su.query(`SELECT id, hash_id FROM companies WHERE id = $1`, [acmeQ[0].company_id]);
  acmeEntity = ac[0];
  const { rows: summitQ } = await su.query(`SELECT id, company_id FROM questionnaires WHERE firm_id = $1 AND NOT locked AND NOT completed AND NOT is_draft ORDER BY id LIMIT 1`, [SUMMIT]);
  summitQuestionnaire = summitQ[0].id;
  const { rows: sc } = await su.query(`SELECT id, hash_id FROM companies WHERE id = $1`, [summitQ[0].company_id]);
  summitEntity = sc[0];

  // 40 probes on one Acme entity (two pages), a few of other types and on a questionnaire.
  for (let i = 0; i < 40; i++) await addActivity(ACME, { title: `Paging probe ${String(i).padStart(2, "0")}`, typeId: i < 5 ? 2 : 1, companyId: acmeEntity.id, questionnaireId: i < 3 ? acmeQuestionnaire : null, minutesAgo: 100 - i });
  await addActivity(SUMMIT, { title: "Summit secret probe", companyId: summitEntity.id });

  const { startServer } = await import("../../server");
  server = await startServer({ port, host: "127.0.0.1" });
  acmePartner = await signIn("acme", ACME, "partner@acme.test");
  acmeAdvisor = await signIn("acme", ACME, "advisor@acme.test");
  summitPartner = await signIn("summit", SUMMIT, "partner@summit.test");
  nina = await signIn("summit", SUMMIT, "nina.patel@summit.test");
}, 180_000);

afterAll(async () => {
  await server?.close();
  await su?.end();
  const { closeDb } = await import("~/db.server");
  await closeDb();
  const { closeAdminDb } = await import("~/platform/admin-db.server");
  await closeAdminDb();
  await db?.drop();
});

describe("activities page", () => {
  it("renders for staff, linked in the navigation, newest first", async () => {
    const page = await acmePartner.get("acme", "/activities");
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/activities"');
    expect(page.text).toContain("Paging probe 39");
    const d = await data(acmePartner, "acme", "/activities");
    const times = d.rows.map((r: any) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(d.rows.length).toBeLessThanOrEqual(32);
  });

  it("pages by 32 from page 1 and shows the last page past the end", async () => {
    const first = await data(acmePartner, "acme", "/activities?search=Paging%20probe");
    expect(first.page).toMatchObject({ page: 1, pageCount: 2, total: 40, label: "1-32 of 40" });
    expect(first.rows).toHaveLength(32);
    expect(first.rows[0].title).toBe("Paging probe 39");
    const second = await data(acmePartner, "acme", "/activities?search=Paging%20probe&page=2");
    expect(second.rows.map((r: any) => r.title)).toEqual(Array.from({ length: 8 }, (_, i) => `Paging probe ${String(7 - i).padStart(2, "0")}`));
    expect((await data(acmePartner, "acme", "/activities?search=Paging%20probe&page=99")).page.page).toBe(2);
  });

  it("filters by type, entity and questionnaire, with labels", async () => {
    const docs = await data(acmePartner, "acme", `/activities?type_id=2&company_id=${acmeEntity.id}&search=probe`);
    expect(docs.page.total).toBe(5);
    expect(docs.rows.every((r: any) => r.typeId === 2 && r.typeLabel === "Document" && r.companyId === acmeEntity.id)).toBe(true);
    const byQuestionnaire = await data(acmePartner, "acme", `/activities?company_id=${acmeEntity.id}&questionnaire_id=${acmeQuestionnaire}&search=probe`);
    expect(byQuestionnaire.rows.map((r: any) => r.title).sort()).toEqual(["Paging probe 00", "Paging probe 01", "Paging probe 02"]);
    expect(byQuestionnaire.options.entities.some((e: any) => e.value === acmeEntity.id)).toBe(true);
    expect(byQuestionnaire.options.questionnaires.some((q: any) => q.value === acmeQuestionnaire)).toBe(true);
    const entityOnly = await data(acmePartner, "acme", `/activities?company_id=${acmeEntity.id}`);
    expect(entityOnly.rows.every((r: any) => r.companyId === acmeEntity.id)).toBe(true);
  });

  it("never lists another firm's activity; another firm's entity or questionnaire is 404", async () => {
    expect((await data(acmePartner, "acme", "/activities?search=Summit%20secret")).page.total).toBe(0);
    expect((await data(summitPartner, "summit", "/activities?search=Summit%20secret")).page.total).toBe(1);
    expect((await data(summitPartner, "summit", "/activities?search=Paging%20probe")).page.total).toBe(0);
    expect((await acmePartner.get("acme", `/activities?company_id=${summitEntity.id}`)).status).toBe(404);
    expect((await acmePartner.get("acme", `/activities?company_id=${acmeEntity.id}&questionnaire_id=${summitQuestionnaire}`)).status).toBe(404);
  });

  it("shows group-access staff only their clients' activity", async () => {
    const { rows: mine } = await su.query(`SELECT firm_group_id FROM users WHERE email = 'nina.patel@summit.test'`);
    const { rows: other } = await su.query(
      `SELECT c.id FROM companies c JOIN users o ON o.id = c.primary_owner_id WHERE c.firm_id = $1 AND o.firm_group_id IS NOT NULL AND o.firm_group_id <> $2 LIMIT 1`,
      [SUMMIT, mine[0].firm_group_id],
    );
    const { rows: own } = await su.query(`SELECT c.id FROM companies c JOIN users o ON o.id = c.primary_owner_id WHERE c.firm_id = $1 AND o.firm_group_id = $2 LIMIT 1`, [SUMMIT, mine[0].firm_group_id]);
    await addActivity(SUMMIT, { title: "Group probe other", companyId: other[0].id });
    await addActivity(SUMMIT, { title: "Group probe own", companyId: own[0].id });
    await addActivity(SUMMIT, { title: "Group probe firm-wide" });
    const asNina = await data(nina, "summit", "/activities?search=Group%20probe");
    expect(asNina.rows.map((r: any) => r.title)).toEqual(["Group probe own"]);
    const asPartner = await data(summitPartner, "summit", "/activities?search=Group%20probe");
    expect(asPartner.page.total).toBe(3);
    expect((await nina.get("summit", `/activities?company_id=${other[0].id}`)).status).toBe(404);
    expect(asNina.options.entities.some((e: any) => e.value === other[0].id)).toBe(false);
  });

  it("logs staff changes to firm settings and sign-in links sent", async () => {
    const saved = await acmePartner.post("acme", "/firm", { intent: "vocab-add", keyWord: "Portal", replacement: "Hub" });
    expect(saved.status).toBe(200);
    const settings = await data(acmePartner, "acme", "/activities?type_id=1&search=vocabulary");
    expect(settings.rows[0]).toMatchObject({ title: "Saved a vocabulary word", description: "Portal → Hub", actorName: "Elena Marquez", companyId: null });
    const { rows: client } = await su.query(`SELECT id, fname || ' ' || lname AS name FROM users WHERE firm_id = $1 AND kind = 'client' AND email IS NOT NULL AND NOT has_temp_email AND paying ORDER BY email DESC LIMIT 1`, [ACME]);
    const sent = await acmePartner.postJson("acme", "/api/users/send-sign-in-links", { userIds: [client[0].id] });
    expect(sent.status).toBe(200);
    expect(sent.json.sent).toEqual([client[0].id]);
    const links = await data(acmePartner, "acme", "/activities?search=sign-in%20link");
    expect(links.rows[0]).toMatchObject({ title: "Sent a sign-in link", subjectName: client[0].name, actorName: "Elena Marquez" });
  });

  it("sends signed-out visitors to sign in and is not found for clients", async () => {
    const response = await hostRequest(port, { host: host("acme"), path: "/activities" });
    expect(response.status).toBe(302);
    const client = await signIn("acme", ACME, "client@acme.test");
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
    expect(response.json.message).toBe("Reminders sent successfully.");
    expect(response.json.sent).toHaveLength(1);
    const { rows } = await su.query(`SELECT subject FROM outbound_messages WHERE firm_id = $1 AND subject LIKE 'HTTP nudge for %'`, [ACME]);
    expect(rows.length).toBe(response.json.sent[0].emails);
    const d = await data(acmePartner, "acme", `/activities?company_id=${acmeEntity.id}&type_id=3&search=Sent%20a%20reminder`);
    expect(d.rows[0]).toMatchObject({ title: "Sent a reminder", typeLabel: "Questionnaire", actorName: "Priya Natarajan" });
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
    expect((await new Browser().postJson("acme", "/api/reminders", { intent: "send", questionnaire_ids: [acmeQuestionnaire] })).status).toBe(401);
    expect([await count("outbound_messages", ACME), await count("outbound_messages", SUMMIT), await count("notifications", SUMMIT)]).toEqual(before);
  });
});
