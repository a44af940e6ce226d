/**
 * The send API and the templates pages over HTTP (built app, real PostgreSQL): options and entity
 * search show only this firm's templates and entities; another firm's template or entity is 404
 * with nothing written; bad input is 400/415/422 with the spec's messages, never 500; clients,
 * signed-out callers, non-advisors and staff without template access are refused.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";

let app: TestApp;
let su: pg.Client;

const get = (slug: string, path: string, cookie?: string, accept = "application/json") => app.get(slug, path, cookie, { accept });
const postJson = (slug: string, body: unknown, cookie?: string, contentType = "application/json") =>
  app.postJson(slug, "/api/staff/send", body, cookie, { "content-type": contentType });

async function one<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T> {
  return (await su.query(sql, values)).rows[0] as T;
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

const addDays = (n: number, from = today) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  app = await bootApp({
    name: "send-http",
    beforeServe: async (booting) => {
      su = booting.su;
    },
  });
  partner = (await app.signIn("acme", "partner@acme.test")).cookie;
  admin = (await app.signIn("acme", "admin@acme.test")).cookie;
  client = (await app.signIn("acme", "client@acme.test")).cookie;
  ids.acmeTemplate = (await one<{ id: string }>(`SELECT id FROM questionnaire_templates WHERE firm_id = 'firm_acme' AND canned_key = 'schedule_c'`)).id;
  ids.summitTemplate = (await one<{ id: string }>(`SELECT id FROM questionnaire_templates WHERE firm_id = 'firm_summit' AND canned_key = 'schedule_c'`)).id;
  ids.acmeEntity = (await one<{ id: string }>(`SELECT id FROM companies WHERE firm_id = 'firm_acme' AND name = 'Chen Photography LLC'`)).id;
  ids.summitEntity = (
    await one<{ id: string }>(`SELECT id FROM companies WHERE firm_id = 'firm_summit' AND entity_type <> 'drop_link' AND NOT inactive ORDER BY name LIMIT 1`)
  ).id;
  ids.summitEntityName = (await one<{ name: string }>(`SELECT name FROM companies WHERE id = $1`, [ids.summitEntity])).name;
  const options = await get("acme", "/api/staff/send", partner);
  today = (JSON.parse(options.text) as { today: string }).today;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("GET /api/staff/send", () => {
  it("gives the firm's own templates, tax years and defaults", async () => {
    const response = await get("acme", "/api/staff/send", partner);
    expect(response.status).toBe(200);
    const data = JSON.parse(response.text) as {
      templates: { id: string }[];
      taxYears: number[];
      defaultTaxYear: number;
      today: string;
      defaultDueDate: string;
    };
    expect(data.templates.map((t) => t.id)).toContain(ids.acmeTemplate);
    expect(data.templates.map((t) => t.id)).not.toContain(ids.summitTemplate);
    expect(data.taxYears).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
    // A week from the firm's today as this answer saw it (midnight in the firm's zone may have passed since beforeAll).
    expect([today, addDays(1)]).toContain(data.today);
    expect(data.defaultDueDate).toBe(addDays(7, data.today));
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
  const body = (patch: Record<string, unknown>) => ({
    intent: "template",
    templateId: ids.acmeTemplate,
    taxYear: 2025,
    companyIds: [ids.acmeEntity],
    dueDate: addDays(14),
    ...patch,
  });

  it("sends the template and emails the client", async () => {
    const response = await postJson("acme", body({}), partner);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: "sent", count: 1, message: "Questionnaire(s) sent successfully" });
    const id = (response.body.questionnaireIds as string[])[0];
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
    expect(invalid.body.errors).toEqual({
      templateId: "Please select a template",
      taxYear: "Please select a tax year",
      companyIds: "Please select a company",
      dueDate: "Please select a valid due date",
    });
    const scheduled = await postJson("acme", body({ scheduled: true, depositRequired: true, depositAmount: "abc" }), partner);
    expect(scheduled.body.errors).toEqual({
      frequency: "Please select a frequency",
      sendDate: "Please select a send date",
      depositAmount: "Please enter a deposit amount",
    });
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
    const form = (intent: string, templateId: string) => app.post("acme", "/templates", { intent, templateId }, partner);
    expect((await form("delete", ids.summitTemplate)).status).toBe(404);
    expect((await form("duplicate", ids.summitTemplate)).status).toBe(404);
    expect((await form("delete", ids.acmeTemplate)).status).toBe(409);
    expect((await app.post("acme", "/templates", { intent: "delete", templateId: ids.acmeTemplate }, admin)).status).toBe(403);
    expect(await footprint()).toBe(before);
  });

  it("creates a template from the editor's JSON, validating it", async () => {
    // The editor posts conform fields; the same schema refuses them with each message on its field.
    const invalid = await app.post("acme", "/templates/new", { intent: "save", name: "" }, partner);
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain("Please enter a template name");
    expect(
      (
        await app.post(
          "acme",
          "/templates/new",
          { intent: "save", name: "X", "sections[0].key": "s1", "sections[0].name": "S", "sections[0].sectionType": "99" },
          partner,
        )
      ).status,
    ).toBe(422);
    const template = {
      name: "Trust checklist",
      description: "",
      "sections[0].key": "s1",
      "sections[0].name": "Trust documents",
      "sections[0].sectionType": "10",
      "sections[0].questions[0].key": "q1",
      "sections[0].questions[0].text": "Trust agreement",
      "sections[0].questions[0].questionType": "upload",
    };
    const created = await app.post("acme", "/templates/new", { intent: "save", ...template }, partner);
    expect(created.status).toBe(302);
    const row = await one<{ text: string; firm_id: string }>(
      `SELECT q.text, q.firm_id FROM template_questions q JOIN questionnaire_templates t ON t.id = q.template_id WHERE t.name = 'Trust checklist'`,
    );
    expect(row).toEqual({ text: "Please upload trust agreement", firm_id: "firm_acme" });
  });
});
