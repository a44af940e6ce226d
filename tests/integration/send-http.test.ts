/**
 * The send API and the templates pages over HTTP (built app, real PostgreSQL): options and entity
 * search show only this firm's templates and entities; another firm's template or entity is 404
 * with nothing written; bad input is 400/415/422 with the spec's messages, never 500; clients,
 * signed-out callers, non-advisors and staff without template access are refused.
 */
import http from "node:http";
import { existsSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { hostRequest } from "../support/http";

let db: TestDatabase;
let su: pg.Client;
let server: { port: number; close(): Promise<void> };
let port: number;

const host = (slug: string) => `${slug}.localhost:${port}`;
const post = (slug: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  hostRequest(port, { host: host(slug), path, form, headers: { origin: `http://${host(slug)}`, ...headers } });
const get = (slug: string, path: string, cookie?: string, accept = "application/json") => hostRequest(port, { host: host(slug), path, headers: { accept, ...(cookie ? { cookie } : {}) } });

function postJson(slug: string, body: unknown, cookie?: string, contentType = "application/json"): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: "/api/staff/send", method: "POST", headers: { host: host(slug), origin: `http://${host(slug)}`, "content-type": contentType, accept: "application/json", "content-length": Buffer.byteLength(text), ...(cookie ? { cookie } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(raw);
          } catch {
            json = { text: raw };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

async function one<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T> {
  return (await su.query(sql, values)).rows[0] as T;
}

async function signIn(slug: string, email: string) {
  const response = await post(slug, "/signin", { email, password: "Portal-Demo-2026!" });
  expect(response.status).toBe(302);
  if (!response.location?.startsWith("/signin?state=2fa")) return response.cookie!;
  const waiting = response.cookie!;
  expect((await post(slug, "/signin", { intent: "send-code:email", flow: "2fa" }, { cookie: waiting })).status).toBe(302);
  const message = await one<{ subject: string }>(`SELECT subject FROM outbound_messages WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`, [email]);
  const code = message.subject.match(/\b(\d{6})\b/)![1];
  const verified = await post(slug, "/signin", { intent: "verify-code", flow: "2fa", code }, { cookie: waiting });
  expect(verified.status).toBe(302);
  return verified.cookie!;
}

async function footprint(): Promise<string> {
  const { rows } = await su.query(`
    SELECT f.id,
      (SELECT count(*) FROM questionnaires q WHERE q.firm_id = f.id) AS q,
      (SELECT count(*) FROM questions x WHERE x.firm_id = f.id) AS x,
      (SELECT count(*) FROM outbound_messages m WHERE m.firm_id = f.id AND m.subject NOT LIKE '%code%') AS m,
      (SELECT count(*) FROM activity_logs a WHERE a.firm_id = f.id AND a.type_id = 3) AS a,
      (SELECT count(*) FROM template_schedulers t WHERE t.firm_id = f.id) AS t,
      (SELECT count(*) FROM questionnaire_templates t WHERE t.firm_id = f.id AND t.deleted_at IS NULL) AS tpl
    FROM firms f ORDER BY f.id`);
  return JSON.stringify(rows);
}

const ids: Record<string, string> = {};
let partner: string;
let admin: string;
let client: string;
let today: string;

const addDays = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  db = await createTestDatabase();
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  port = await freePort();
  Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: "send-http-test-secret-0123456789abcdef", APP_DOMAIN: `localhost:${port}`, DATABASE_URL: db.url });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { seedDemo } = await import("../../prisma/seed");
  await seedDemo({ log: () => {} });
  su = new pg.Client({ connectionString: db.url });
  await su.connect();
  const { startServer } = await import("../../server");
  server = await startServer({ port, host: "127.0.0.1" });
  partner = await signIn("acme", "partner@acme.test");
  admin = await signIn("acme", "admin@acme.test");
  client = await signIn("acme", "client@acme.test");
  ids.acmeTemplate = (await one<{ id: string }>(`SELECT id FROM questionnaire_templates WHERE firm_id = 'firm_acme' AND canned_key = 'schedule_c'`)).id;
  ids.summitTemplate = (await one<{ id: string }>(`SELECT id FROM questionnaire_templates WHERE firm_id = 'firm_summit' AND canned_key = 'schedule_c'`)).id;
  ids.acmeEntity = (await one<{ id: string }>(`SELECT id FROM companies WHERE firm_id = 'firm_acme' AND name = 'Chen Photography LLC'`)).id;
  ids.summitEntity = (await one<{ id: string }>(`SELECT id FROM companies WHERE firm_id = 'firm_summit' AND entity_type <> 'drop_link' AND NOT inactive ORDER BY name LIMIT 1`)).id;
  ids.summitEntityName = (await one<{ name: string }>(`SELECT name FROM companies WHERE id = $1`, [ids.summitEntity])).name;
  const options = await get("acme", "/api/staff/send", partner);
  today = (JSON.parse(options.text) as { today: string }).today;
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

describe("GET /api/staff/send", () => {
  it("gives the firm's own templates, tax years and defaults", async () => {
    const response = await get("acme", "/api/staff/send", partner);
    expect(response.status).toBe(200);
    const data = JSON.parse(response.text) as { templates: { id: string }[]; taxYears: number[]; defaultTaxYear: number; defaultDueDate: string };
    expect(data.templates.map((t) => t.id)).toContain(ids.acmeTemplate);
    expect(data.templates.map((t) => t.id)).not.toContain(ids.summitTemplate);
    expect(data.taxYears).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
    expect(data.defaultDueDate).toBe(addDays(7));
  });

  it("searches only this firm's active entities, 10 at most, and nothing for an empty term", async () => {
    const found = JSON.parse((await get("acme", "/api/staff/send?q=Chen", partner)).text) as { entities: { id: string; name: string }[] };
    expect(found.entities.map((e) => e.name)).toContain("Chen Photography LLC");
    const foreign = JSON.parse((await get("acme", `/api/staff/send?q=${encodeURIComponent(ids.summitEntityName)}`, partner)).text) as { entities: unknown[] };
    expect(foreign.entities).toEqual([]);
    const all = JSON.parse((await get("acme", "/api/staff/send?q=%20", partner)).text) as { entities: unknown[] };
    expect(all.entities).toEqual([]);
    const many = JSON.parse((await get("acme", "/api/staff/send?q=a", partner)).text) as { entities: unknown[] };
    expect(many.entities.length).toBeLessThanOrEqual(10);
  });

  it("refuses clients (404) and signed-out callers (401)", async () => {
    expect((await get("acme", "/api/staff/send", client)).status).toBe(404);
    expect((await get("acme", "/api/staff/send")).status).toBe(401);
  });
});

describe("POST /api/staff/send", () => {
  const body = (patch: Record<string, unknown>) => ({ intent: "template", templateId: ids.acmeTemplate, taxYear: 2025, companyIds: [ids.acmeEntity], dueDate: addDays(14), ...patch });

  it("sends the template and emails the client", async () => {
    const response = await postJson("acme", body({}), partner);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json).toMatchObject({ status: "sent", count: 1, message: "Questionnaire(s) sent successfully" });
    const id = (response.json.questionnaireIds as string[])[0];
    const q = await one<{ firm_id: string; company_id: string }>(`SELECT firm_id, company_id FROM questionnaires WHERE id = $1`, [id]);
    expect(q).toEqual({ firm_id: "firm_acme", company_id: ids.acmeEntity });
    const mail = await one<{ n: string }>(`SELECT count(*) AS n FROM outbound_messages WHERE body LIKE '%' || $1 || '%' AND body LIKE 'Hi %'`, [id]);
    expect(Number(mail.n)).toBe(1);
  });

  it("404s another firm's template or entity and writes nothing in either firm", async () => {
    const before = await footprint();
    for (const request of [
      body({ templateId: ids.summitTemplate }),
      body({ companyIds: [ids.summitEntity] }),
      body({ companyIds: [ids.acmeEntity, ids.summitEntity] }),
      { intent: "custom", companyIds: [ids.summitEntity], name: "Items", taxYear: 2025, dueDate: addDays(3), items: [{ text: "W-2", questionType: "upload" }] },
      { intent: "dropoff", companyIds: [ids.summitEntity], taxYear: 2025, dueDate: addDays(3), rolloverItems: [{ name: "1099" }] },
    ]) {
      const response = await postJson("acme", request, partner);
      expect(response.status, JSON.stringify(request)).toBe(404);
    }
    // The same template sent from the other firm's host by acme's session: not signed in there.
    expect((await postJson("summit", body({ templateId: ids.summitTemplate, companyIds: [ids.summitEntity] }), partner)).status).toBe(401);
    expect(await footprint()).toBe(before);
  });

  it("answers bad input with 400, 415 or 422 and the spec's messages", async () => {
    const before = await footprint();
    expect((await postJson("acme", "{not json", partner)).status).toBe(400);
    expect((await postJson("acme", { intent: "nope" }, partner)).status).toBe(400);
    expect((await postJson("acme", body({ companyIds: ["../etc"] }), partner)).status).toBe(400);
    expect((await postJson("acme", "intent=template", partner, "application/x-www-form-urlencoded")).status).toBe(415);
    const invalid = await postJson("acme", body({ templateId: "", taxYear: 2031, companyIds: [], dueDate: "2020-01-01" }), partner);
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toEqual({ templateId: "Please select a template", taxYear: "Please select a tax year", companyIds: "Please select a company", dueDate: "Please select a valid due date" });
    const scheduled = await postJson("acme", body({ scheduled: true, depositRequired: true, depositAmount: "abc" }), partner);
    expect(scheduled.json.errors).toEqual({ frequency: "Please select a frequency", sendDate: "Please select a send date", depositAmount: "Please enter a deposit amount" });
    const draft = await postJson("acme", body({ scheduled: true, frequency: "weekly", sendDate: addDays(1), isDraft: true }), partner);
    expect(draft.status).toBe(422);
    expect(await footprint()).toBe(before);
  });

  it("refuses clients, signed-out callers and staff who are not advisors", async () => {
    const before = await footprint();
    expect((await postJson("acme", body({}), client)).status).toBe(404);
    expect((await postJson("acme", body({}))).status).toBe(401);
    await su.query(`UPDATE users SET is_advisor = false WHERE email = 'admin@acme.test'`);
    try {
      expect((await postJson("acme", body({}), admin)).status).toBe(403);
    } finally {
      await su.query(`UPDATE users SET is_advisor = true WHERE email = 'admin@acme.test'`);
    }
    expect(await footprint()).toBe(before);
  });
});

describe("/templates", () => {
  it("is for partners and full users: admins get 403, clients 404, another firm's template 404", async () => {
    expect((await get("acme", "/templates", partner, "text/html")).status).toBe(200);
    expect((await get("acme", "/templates", admin, "text/html")).status).toBe(403);
    expect((await get("acme", "/templates", client, "text/html")).status).toBe(404);
    expect((await get("acme", `/templates/${ids.summitTemplate}`, partner, "text/html")).status).toBe(404);
    // Canned templates are duplicated, not edited.
    expect((await get("acme", `/templates/${ids.acmeTemplate}`, partner, "text/html")).status).toBe(404);
  });

  it("refuses to delete or duplicate another firm's template, or delete a canned one, changing nothing", async () => {
    const before = await footprint();
    const form = (intent: string, templateId: string) => post("acme", "/templates", { intent, templateId }, { cookie: partner });
    expect((await form("delete", ids.summitTemplate)).status).toBe(404);
    expect((await form("duplicate", ids.summitTemplate)).status).toBe(404);
    expect((await form("delete", ids.acmeTemplate)).status).toBe(409);
    expect((await post("acme", "/templates", { intent: "delete", templateId: ids.acmeTemplate }, { cookie: admin })).status).toBe(403);
    expect(await footprint()).toBe(before);
  });

  it("creates a template from the editor's JSON, validating it", async () => {
    const invalid = await post("acme", "/templates/new", { intent: "save", template: JSON.stringify({ name: "", sections: [] }) }, { cookie: partner });
    expect(invalid.status).toBe(422);
    expect((await post("acme", "/templates/new", { intent: "save", template: "{oops" }, { cookie: partner })).status).toBe(400);
    const template = { name: "Trust checklist", description: "", sections: [{ key: "s1", name: "Trust documents", sectionType: 10, questions: [{ key: "q1", text: "Trust agreement", questionType: "upload" }] }] };
    const created = await post("acme", "/templates/new", { intent: "save", template: JSON.stringify(template) }, { cookie: partner });
    expect(created.status).toBe(302);
    const row = await one<{ text: string; firm_id: string }>(`SELECT q.text, q.firm_id FROM template_questions q JOIN questionnaire_templates t ON t.id = q.template_id WHERE t.name = 'Trust checklist'`);
    expect(row).toEqual({ text: "Please upload trust agreement", firm_id: "firm_acme" });
  });
});
