/**
 * Sending questionnaires against real PostgreSQL with the demo seed: a template copied for each
 * entity (sections, questions, follow-ups, triggers, tags, signatures, prior-year items), drafts,
 * custom questionnaires, additional items, drop-offs, scheduled and bulk sends through the real
 * job queue, a scheduler run worked by several workers at once (exactly once), and another firm's
 * template or entity (404, nothing written) or an inactive entity (refused).
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import type * as SendModule from "../../app/collect/send/send.server";
import type * as SchedulerModule from "../../app/collect/send/scheduler.server";
import type * as JobsModule from "../../app/jobs.server";
import type { SendTemplateRequest } from "../../app/collect/send/rules";
import type { FirmSiteContext } from "../../app/context.server";
import type { SessionUser } from "../../app/auth/session.server";
import type { PortalError as PortalErrorType } from "../../app/errors";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let db: typeof DbModule;
let send: typeof SendModule;
let scheduler: typeof SchedulerModule;
let jobsModule: typeof JobsModule;
let su: pg.Client;

async function one<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T> {
  return (await su.query(sql, values)).rows[0] as T;
}

async function entity(slug: string, name: string): Promise<string> {
  return (await one<{ id: string }>(`SELECT id FROM companies WHERE firm_id = $1 AND name = $2`, [firmIdOf(slug), name])).id;
}

async function template(slug: string, key: string): Promise<string> {
  return (await one<{ id: string }>(`SELECT id FROM questionnaire_templates WHERE firm_id = $1 AND canned_key = $2`, [firmIdOf(slug), key])).id;
}

/** Counts of everything a send can write, per firm. */
async function footprint(): Promise<string> {
  const { rows } = await su.query(`
    SELECT f.id,
      (SELECT count(*) FROM questionnaires q WHERE q.firm_id = f.id) AS q,
      (SELECT count(*) FROM sections s WHERE s.firm_id = f.id) AS s,
      (SELECT count(*) FROM questions x WHERE x.firm_id = f.id) AS x,
      (SELECT count(*) FROM outbound_messages m WHERE m.firm_id = f.id) AS m,
      (SELECT count(*) FROM activity_logs a WHERE a.firm_id = f.id) AS a,
      (SELECT count(*) FROM template_schedulers t WHERE t.firm_id = f.id) AS t,
      (SELECT count(*) FROM document_drop_off_requests d WHERE d.firm_id = f.id) AS d
    FROM firms f ORDER BY f.id`);
  return JSON.stringify(rows);
}

function templateRequest(patch: Partial<SendTemplateRequest>): SendTemplateRequest {
  return {
    intent: "template",
    templateId: "",
    taxYear: 2025,
    companyIds: [],
    dueDate: addDays(14),
    scheduled: false,
    frequency: "",
    sendDate: "",
    includePriorYearItems: false,
    showUploadsAsDocumentChecklist: false,
    allOwnerSignatureRequired: false,
    depositRequired: false,
    depositAmount: "",
    updateProfileSection: false,
    documentPopoutChecklistEnabled: false,
    isDraft: false,
    extraQuestions: [],
    ...patch,
  };
}

let today: string;
function addDays(n: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function expectSendError(promise: Promise<unknown>, status: number, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const { PortalError } = await import("../../app/errors");
  expect(error).toBeInstanceOf(PortalError);
  expect((error as PortalErrorType).status).toBe(status);
  if (message) expect((error as PortalErrorType).message).toContain(message);
  return error as PortalErrorType;
}

/** `count` more active entities in acme, each owned by a new client. */
async function addEntities(count: number, prefix: string): Promise<string[]> {
  const firmId = firmIdOf("acme");
  const ids: string[] = [];
  await db.withFirm(firmId, async (tx) => {
    for (let i = 0; i < count; i += 1) {
      const user = await tx.user.create({ data: { firmId, kind: "client", email: `${prefix}${i}@example.com`, fname: `Client${i}`, lname: prefix } });
      const company = await tx.company.create({
        data: { firmId, hashId: `${prefix}${i}`.padEnd(12, "x"), name: `${prefix} Holdings ${i}`, entityType: "S-Corporation", primaryOwnerId: user.id },
      });
      await tx.companyOwner.create({ data: { firmId, companyId: company.id, userId: user.id, isPrimary: true } });
      ids.push(company.id);
    }
  });
  return ids;
}

async function waitFor<T>(fn: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

let acme: FirmSiteContext;
let partner: SessionUser;

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true });
  su = testDb.su;
  db = await import("../../app/db.server");
  send = await import("../../app/collect/send/send.server");
  scheduler = await import("../../app/collect/send/scheduler.server");
  jobsModule = await import("../../app/jobs.server");
  acme = await testDb.firmSite("acme");
  partner = await testDb.sessionUser("partner@acme.test", "acme");
  const { todayIn } = await import("../../app/time-zones");
  today = todayIn(acme.firm.timeZone);
}, 120_000);

afterAll(() => testDb?.close());

describe("sending a template now", () => {
  it("copies the Schedule C template for each entity, with its follow-ups, triggers, tags and notifications", async () => {
    const templateId = await template("acme", "schedule_c");
    const companies = [await entity("acme", "Chen Photography LLC"), await entity("acme", "Rivera Design Studio LLC")];
    const result = await send.sendQuestionnaire(
      acme,
      partner,
      templateRequest({
        templateId,
        companyIds: companies,
        extraQuestions: [{ text: "Mileage log", questionType: "upload", options: ["Spreadsheet", "App export"] }],
      }),
    );
    expect(result.status).toBe("sent");
    expect(result.count).toBe(2);
    const ids = (result as { questionnaireIds: string[] }).questionnaireIds;

    const templateCounts = await one<{ s: string; q: string }>(
      `SELECT (SELECT count(*) FROM template_sections WHERE template_id = $1) AS s, (SELECT count(*) FROM template_questions WHERE template_id = $1) AS q`,
      [templateId],
    );
    for (const id of ids) {
      const q = await one<{
        name: string;
        tax_year: number;
        due_date: string;
        is_draft: boolean;
        sent_at: Date | null;
        template_id: string;
        company_id: string;
      }>(`SELECT name, tax_year, to_char(due_date, 'YYYY-MM-DD') AS due_date, is_draft, sent_at, template_id, company_id FROM questionnaires WHERE id = $1`, [
        id,
      ]);
      expect(q).toMatchObject({ name: "Schedule C Business Questionnaire", tax_year: 2025, due_date: addDays(14), is_draft: false, template_id: templateId });
      expect(q.sent_at).not.toBeNull();
      // Its first automatic reminder: the firm's frequency after sending, at least 3 days before due, at 10:00 UTC.
      const reminder = await one<{ next_reminder_date: Date | null; days: number }>(
        `SELECT q.next_reminder_date, f.questionnaire_reminder_frequency_days AS days FROM questionnaires q JOIN firms f ON f.id = q.firm_id WHERE q.id = $1`,
        [id],
      );
      expect(reminder.days).toBeGreaterThan(0);
      expect(reminder.next_reminder_date?.toISOString()).toMatch(/T10:00:00\.000Z$/);
      const counts = await one<{ s: string; q: string }>(
        `SELECT (SELECT count(*) FROM sections WHERE questionnaire_id = $1) AS s, (SELECT count(*) FROM questions WHERE questionnaire_id = $1) AS q`,
        [id],
      );
      expect(Number(counts.s)).toBe(Number(templateCounts.s) + 1);
      expect(Number(counts.q)).toBe(Number(templateCounts.q) + 1);
      // Follow-ups and section triggers point inside this questionnaire, never at the template.
      const stray = await one<{ n: string }>(
        `SELECT count(*) AS n FROM questions q LEFT JOIN questions p ON p.id = q.follow_up_question_id
          WHERE q.questionnaire_id = $1 AND q.follow_up_question_id IS NOT NULL AND (p.questionnaire_id IS DISTINCT FROM $1)`,
        [id],
      );
      expect(Number(stray.n)).toBe(0);
      const followUps = await one<{ n: string }>(`SELECT count(*) AS n FROM questions WHERE questionnaire_id = $1 AND follow_up_question_id IS NOT NULL`, [id]);
      expect(Number(followUps.n)).toBeGreaterThan(3);
      const tags = await one<{ n: string }>(`SELECT count(*) AS n FROM questions WHERE questionnaire_id = $1 AND text LIKE '%{questionnaire_year}%'`, [id]);
      expect(Number(tags.n)).toBe(0);
      expect((await one<{ text: string }>(`SELECT text FROM questions WHERE questionnaire_id = $1 AND text LIKE '%in 2025?'`, [id])).text).toContain("2025");
      expect((await one<{ text: string }>(`SELECT text FROM questions WHERE questionnaire_id = $1 AND text LIKE 'Please upload mileage log'`, [id])).text).toBe(
        "Please upload mileage log",
      );
      // One email to the entity's primary owner, in the firm's colours, with the questionnaire's link.
      const owner = await one<{ email: string; fname: string; hash_id: string }>(
        `SELECT u.email, u.fname, c.hash_id FROM companies c JOIN users u ON u.id = c.primary_owner_id WHERE c.id = $1`,
        [q.company_id],
      );
      const mail = await one<{ to: string; subject: string; body: string; html: string; status: string }>(
        `SELECT "to", subject, body, html, status::text FROM outbound_messages WHERE "to" = $1 AND body LIKE '%' || $2 || '%'`,
        [owner.email, id],
      );
      expect(mail.subject).toBe("Acme Tax & Advisory sent you your 2025 Schedule C Business Questionnaire");
      expect(mail.body).toContain(`Hi ${owner.fname},`);
      expect(mail.body).toContain(`http://acme.localhost/questionnaire/${owner.hash_id}?questionnaireId=${id}`);
      expect(mail.html).toContain("Acme Tax &amp; Advisory");
      expect(mail.status).toBe("sent");
      const activity = await one<{ n: string }>(
        `SELECT count(*) AS n FROM activity_logs WHERE questionnaire_id = $1 AND title = 'Questionnaire sent' AND type_id = 3 AND actor_id = $2`,
        [id, partner.id],
      );
      expect(Number(activity.n)).toBe(1);
    }
  });

  it("texts clients whose contact method is Email & Text, and gives agreement sections a signature row per signer", async () => {
    const companyId = await entity("acme", "Chen Photography LLC");
    const owner = await one<{ id: string }>(`SELECT primary_owner_id AS id FROM companies WHERE id = $1`, [companyId]);
    await su.query(`UPDATE users SET preferred_contact_method = 'sms', phone_number = '5035550199' WHERE id = $1`, [owner.id]);
    const result = await send.sendQuestionnaire(
      acme,
      partner,
      templateRequest({ templateId: await template("acme", "individual_organizer"), companyIds: [companyId] }),
    );
    const id = (result as { questionnaireIds: string[] }).questionnaireIds[0];
    const sms = await one<{ to: string; body: string }>(`SELECT "to", body FROM outbound_messages WHERE channel = 'sms' AND body LIKE '%' || $1 || '%'`, [id]);
    expect(sms.to).toBe("+15035550199");
    expect(sms.body).toContain("Acme Tax & Advisory sent you your 2025 Individual Tax Organizer");
    const signatures = await one<{ n: string }>(
      `SELECT count(*) AS n FROM engagement_signatures g JOIN sections s ON s.id = g.section_id WHERE s.questionnaire_id = $1 AND g.user_id = $2`,
      [id, owner.id],
    );
    expect(Number(signatures.n)).toBe(1);
    const letter = await one<{ instruction: string | null; n: string }>(
      `SELECT (SELECT count(*) FROM questions WHERE questionnaire_id = $1 AND text LIKE '%{%}%') AS n, NULL AS instruction`,
      [id],
    );
    expect(Number(letter.n)).toBe(0);
    await su.query(`UPDATE users SET preferred_contact_method = 'email' WHERE id = $1`, [owner.id]);
  });

  it("adds the entity's prior-year items and rollover line items when asked, 'Please upload' unless the firm turns it off", async () => {
    const companyId = await entity("acme", "Rivera Design Studio LLC");
    const firmId = firmIdOf("acme");
    await db.withFirm(firmId, async (tx) => {
      const item = await tx.priorYearItem.create({ data: { firmId, companyId, name: "Chase business checking statements", year: 2024 } });
      await tx.rolloverLineItem.create({ data: { firmId, companyId, priorYearItemId: item.id, year: 2024, category: "Ending balance", value: "$12,400" } });
      await tx.priorYearItem.create({ data: { firmId, companyId, name: "Old lease", year: 2024, doNotRollover: true } });
    });
    const sent = await send.sendQuestionnaire(
      acme,
      partner,
      templateRequest({ templateId: await template("acme", "s_corp_partnership"), companyIds: [companyId], includePriorYearItems: true }),
    );
    const id = (sent as { questionnaireIds: string[] }).questionnaireIds[0];
    const { rows } = await su.query(
      `SELECT q.text, q.question_type::text AS type, q.prior_year_value, q.uploaded_last_year, q.rollover_line_item_id FROM questions q JOIN sections s ON s.id = q.section_id WHERE s.questionnaire_id = $1 AND s.section_key = 'prior_year_items' ORDER BY q."order"`,
      [id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ text: "Please upload chase business checking statements", type: "upload", uploaded_last_year: true });
    expect(rows[1]).toMatchObject({ text: "Ending balance", prior_year_value: "$12,400" });
    expect(rows[1].rollover_line_item_id).not.toBeNull();

    const plain = await testDb.firmSite("acme", { removePleaseUploadForRolloverItems: true });
    const again = await send.sendQuestionnaire(
      plain,
      partner,
      templateRequest({ templateId: await template("acme", "s_corp_partnership"), companyIds: [companyId], includePriorYearItems: true, taxYear: 2025 }),
    );
    const text = await one<{ text: string }>(
      `SELECT q.text FROM questions q JOIN sections s ON s.id = q.section_id WHERE s.questionnaire_id = $1 AND s.section_key = 'prior_year_items' AND q.question_type = 'upload'`,
      [(again as { questionnaireIds: string[] }).questionnaireIds[0]],
    );
    expect(text.text).toBe("Chase business checking statements");
  });

  it("saves drafts without notifying anyone", async () => {
    const companyId = await entity("acme", "Marcus Johnson");
    const before = await one<{ n: string }>(`SELECT count(*) AS n FROM outbound_messages`);
    const result = await send.sendQuestionnaire(
      acme,
      partner,
      templateRequest({ templateId: await template("acme", "rental"), companyIds: [companyId], isDraft: true }),
    );
    expect(result).toMatchObject({ status: "draft", message: "Successfully saved Questionnaire draft(s)" });
    const q = await one<{ is_draft: boolean; sent_at: Date | null }>(`SELECT is_draft, sent_at FROM questionnaires WHERE id = $1`, [
      (result as { questionnaireIds: string[] }).questionnaireIds[0],
    ]);
    expect(q).toEqual({ is_draft: true, sent_at: null });
    expect(
      (
        await one<{ next_reminder_date: Date | null }>(`SELECT next_reminder_date FROM questionnaires WHERE id = $1`, [
          (result as { questionnaireIds: string[] }).questionnaireIds[0],
        ])
      ).next_reminder_date,
    ).toBeNull();
    expect((await one<{ n: string }>(`SELECT count(*) AS n FROM outbound_messages`)).n).toBe(before.n);
  });

  it("refuses bad input with the spec's messages, writing nothing", async () => {
    const before = await footprint();
    const companyId = await entity("acme", "Marcus Johnson");
    const error = await expectSendError(send.sendQuestionnaire(acme, partner, templateRequest({ companyIds: [], taxYear: null, dueDate: addDays(-1) })), 422);
    expect(error.fields).toEqual({
      templateId: "Please select a template",
      taxYear: "Please select a tax year",
      companyIds: "Please select a company",
      dueDate: "Please select a valid due date",
    });
    const scheduled = await expectSendError(
      send.sendQuestionnaire(acme, partner, templateRequest({ templateId: "x", companyIds: [companyId], scheduled: true, depositRequired: true })),
      422,
    );
    expect(scheduled.fields).toEqual({
      frequency: "Please select a frequency",
      sendDate: "Please select a send date",
      depositAmount: "Please enter a deposit amount",
    });
    await expectSendError(
      send.sendQuestionnaire(
        acme,
        partner,
        templateRequest({
          templateId: await template("acme", "rental"),
          companyIds: [companyId],
          scheduled: true,
          frequency: "weekly",
          sendDate: addDays(1),
          isDraft: true,
        }),
      ),
      422,
    );
    const notAdvisor = { ...partner, isAdvisor: false };
    await expectSendError(
      send.sendQuestionnaire(acme, notAdvisor, templateRequest({ templateId: await template("acme", "rental"), companyIds: [companyId] })),
      403,
    );
    expect(await footprint()).toBe(before);
  });
});

describe("another firm's data and inactive entities", () => {
  it("404s a template or an entity of firm B, and writes nothing in either firm", async () => {
    const before = await footprint();
    const summitTemplate = await template("summit", "schedule_c");
    const summitEntity = (await one<{ id: string }>(`SELECT id FROM companies WHERE firm_id = $1 AND entity_type <> 'drop_link' LIMIT 1`, [firmIdOf("summit")]))
      .id;
    const acmeEntity = await entity("acme", "Chen Photography LLC");
    const acmeTemplate = await template("acme", "schedule_c");
    await expectSendError(send.sendQuestionnaire(acme, partner, templateRequest({ templateId: summitTemplate, companyIds: [acmeEntity] })), 404);
    await expectSendError(send.sendQuestionnaire(acme, partner, templateRequest({ templateId: acmeTemplate, companyIds: [acmeEntity, summitEntity] })), 404);
    await expectSendError(
      send.sendCustomQuestionnaire(acme, partner, {
        intent: "custom",
        companyIds: [summitEntity],
        name: "Items",
        taxYear: 2025,
        dueDate: addDays(3),
        items: [{ text: "W-2", questionType: "upload", options: [] }],
        isDraft: false,
      }),
      404,
    );
    await expectSendError(
      send.sendDocumentDropOff(acme, partner, {
        intent: "dropoff",
        companyIds: [summitEntity],
        taxYear: 2025,
        name: "Document Checklist",
        dueDate: addDays(3),
        rolloverItems: [{ name: "1099" }],
        additionalItems: [],
        includePriorYearItems: false,
        isDraft: false,
      }),
      404,
    );
    const summitQuestionnaire = await one<{ id: string; company_id: string }>(`SELECT id, company_id FROM questionnaires WHERE firm_id = $1 LIMIT 1`, [
      firmIdOf("summit"),
    ]);
    await expectSendError(
      send.requestAdditionalItems(acme, partner, {
        intent: "additional-items",
        companyId: summitQuestionnaire.company_id,
        relevantQuestionnaireId: summitQuestionnaire.id,
        dueDate: addDays(3),
        items: [{ text: "W-2", questionType: "upload", options: [] }],
      }),
      404,
    );
    const acmeQuestionnaire = (await one<{ id: string }>(`SELECT id FROM questionnaires WHERE company_id = $1 AND NOT locked LIMIT 1`, [acmeEntity])).id;
    await expectSendError(
      send.requestAdditionalItems(acme, partner, {
        intent: "additional-items",
        companyId: acmeEntity,
        relevantQuestionnaireId: summitQuestionnaire.id,
        dueDate: addDays(3),
        items: [{ text: "W-2", questionType: "upload", options: [] }],
      }),
      404,
    );
    expect(acmeQuestionnaire).toBeTruthy();
    expect(await footprint()).toBe(before);
  });

  it("lets group-access staff send only to entities of their own group (others: 404)", async () => {
    const summit = await testDb.firmSite("summit");
    const nina = (await su.query(`SELECT email FROM users WHERE firm_id = 'firm_summit' AND firm_access = 'group'`)).rows[0].email as string;
    const groupUser = await testDb.sessionUser(nina, "summit");
    const entityIn = async (other: boolean) =>
      (
        await one<{ id: string }>(
          `SELECT c.id FROM companies c JOIN users o ON o.id = c.primary_owner_id
            WHERE c.firm_id = 'firm_summit' AND NOT c.inactive AND o.firm_group_id IS NOT NULL
              AND (o.firm_group_id = (SELECT firm_group_id FROM users WHERE id = $1)) = $2 LIMIT 1`,
          [groupUser.id, !other],
        )
      ).id;
    const templateId = await template("summit", "rental");
    const before = await footprint();
    await expectSendError(send.sendQuestionnaire(summit, groupUser, templateRequest({ templateId, companyIds: [await entityIn(true)] })), 404);
    expect(await footprint()).toBe(before);
    const sent = await send.sendQuestionnaire(summit, groupUser, templateRequest({ templateId, companyIds: [await entityIn(false)] }));
    expect(sent.status).toBe("sent");
  });

  it("refuses an inactive entity", async () => {
    const [inactive] = await addEntities(1, "inact");
    await su.query(`UPDATE companies SET inactive = true WHERE id = $1`, [inactive]);
    const before = await footprint();
    const error = await expectSendError(
      send.sendQuestionnaire(
        acme,
        partner,
        templateRequest({ templateId: await template("acme", "rental"), companyIds: [await entity("acme", "Marcus Johnson"), inactive] }),
      ),
      422,
      "Entity is inactive",
    );
    expect(error.fields.companyIds).toContain("inact Holdings 0");
    expect(await footprint()).toBe(before);
  });
});

describe("custom questionnaires, additional items and drop-offs", () => {
  it("sends a custom questionnaire of typed items", async () => {
    const companyId = await entity("acme", "Marcus Johnson");
    const result = await send.sendCustomQuestionnaire(acme, partner, {
      intent: "custom",
      companyIds: [companyId],
      name: "Year-end payroll",
      taxYear: 2025,
      dueDate: addDays(7),
      isDraft: false,
      items: [
        { text: "Q4 payroll report", questionType: "upload", options: [] },
        { text: "Any new hires?", questionType: "boolean", options: [] },
      ],
      emailSubject: "{client_fname}, two quick items",
      emailBody: "Hi {client_fname}, please send these {by_due_date}.",
    });
    const id = (result as { questionnaireIds: string[] }).questionnaireIds[0];
    const { rows } = await su.query(`SELECT text FROM questions WHERE questionnaire_id = $1 ORDER BY "order"`, [id]);
    expect(rows.map((r) => r.text)).toEqual(["Please upload q4 payroll report", "Any new hires?"]);
    const mail = await one<{ subject: string; body: string }>(`SELECT subject, body FROM outbound_messages WHERE body LIKE '%' || $1 || '%'`, [id]);
    expect(mail.subject).toBe("Marcus, two quick items");
    expect(mail.body).toMatch(/please send these by \w+ \d+, \d{4}\./);
  });

  it("requests additional items for a sent questionnaire; refuses slashes in document options and a locked questionnaire", async () => {
    const companyId = await entity("acme", "Chen Photography LLC");
    const relevant = await one<{ id: string; name: string }>(
      `SELECT id, name FROM questionnaires WHERE company_id = $1 AND NOT locked AND NOT is_draft AND template_id IS NOT NULL ORDER BY created_at LIMIT 1`,
      [companyId],
    );
    const bad = await expectSendError(
      send.requestAdditionalItems(acme, partner, {
        intent: "additional-items",
        companyId,
        relevantQuestionnaireId: relevant.id,
        dueDate: addDays(3),
        items: [{ text: "Statements", questionType: "upload", options: ["Jan/Feb"] }],
      }),
      422,
    );
    expect(bad.message).toBe("Document options cannot contain slashes or periods");
    const result = await send.requestAdditionalItems(acme, partner, {
      intent: "additional-items",
      companyId,
      relevantQuestionnaireId: relevant.id,
      dueDate: addDays(3),
      items: [{ text: "December bank statement", questionType: "upload", options: ["Checking", "Savings"] }],
    });
    expect(result.message).toBe("Additional items requested");
    const q = await one<{ is_open_item: boolean; relevant_questionnaire_id: string; name: string }>(
      `SELECT is_open_item, relevant_questionnaire_id, name FROM questionnaires WHERE id = $1`,
      [(result as { questionnaireIds: string[] }).questionnaireIds[0]],
    );
    expect(q).toEqual({ is_open_item: true, relevant_questionnaire_id: relevant.id, name: `${relevant.name} - Additional Items` });
    await su.query(`UPDATE questionnaires SET locked = true WHERE id = $1`, [relevant.id]);
    await expectSendError(
      send.requestAdditionalItems(acme, partner, {
        intent: "additional-items",
        companyId,
        relevantQuestionnaireId: relevant.id,
        dueDate: addDays(3),
        items: [{ text: "x", questionType: "text", options: [] }],
      }),
      409,
      "Questionnaire is locked",
    );
    await su.query(`UPDATE questionnaires SET locked = false WHERE id = $1`, [relevant.id]);
  });

  it("sends a document drop-off: a 'Document Checklist' with a 7-day upload link that works for that entity", async () => {
    const companyId = await entity("acme", "Marcus Johnson");
    const result = await send.sendDocumentDropOff(acme, partner, {
      intent: "dropoff",
      companyIds: [companyId],
      taxYear: 2025,
      name: "",
      dueDate: addDays(14),
      rolloverItems: [{ name: "Vanguard 1099" }],
      additionalItems: [{ text: "Property tax bill", questionType: "upload", options: [] }],
      includePriorYearItems: false,
      isDraft: false,
    });
    const id = (result as { questionnaireIds: string[] }).questionnaireIds[0];
    const q = await one<{ name: string; document_drop_off_enabled: boolean }>(`SELECT name, document_drop_off_enabled FROM questionnaires WHERE id = $1`, [id]);
    expect(q).toEqual({ name: "Document Checklist", document_drop_off_enabled: true });
    const request = await one<{ days_until_due: number; expires_at: Date; company_id: string }>(
      `SELECT days_until_due, expires_at, company_id FROM document_drop_off_requests WHERE questionnaire_id = $1`,
      [id],
    );
    expect(request.days_until_due).toBe(14);
    expect(Math.round((request.expires_at.getTime() - Date.now()) / 86_400_000)).toBe(7);
    const mail = await one<{ body: string }>(`SELECT body FROM outbound_messages WHERE body LIKE '%' || $1 || '%'`, [id]);
    const token = mail.body.match(/secure-upload\?token=([A-Za-z0-9_-]+)/)![1];
    const { openSecureUpload } = await import("../../app/drop-off/drop-off.server");
    const target = await openSecureUpload(acme, token);
    expect(target?.companyId).toBe(companyId);
    const items = await su.query(`SELECT name, year FROM prior_year_items WHERE company_id = $1 AND name = 'Vanguard 1099'`, [companyId]);
    expect(items.rows).toEqual([{ name: "Vanguard 1099", year: 2025 }]);
  });
});

describe("scheduled and bulk sends", () => {
  it("runs a scheduled send exactly once per entity when several workers run it at once, then moves to the next date", async () => {
    const companies = await addEntities(3, "sched");
    const result = await send.sendQuestionnaire(
      acme,
      partner,
      templateRequest({
        templateId: await template("acme", "farm"),
        companyIds: companies,
        scheduled: true,
        frequency: "monthly",
        sendDate: addDays(1),
        dueDate: addDays(15),
      }),
    );
    expect(result.status).toBe("scheduled");
    const schedulerId = (result as { schedulerId: string }).schedulerId;
    const row = await one<{ next_run_at: Date; days_until_due: number; frequency: string }>(
      `SELECT next_run_at, days_until_due, frequency::text FROM template_schedulers WHERE id = $1`,
      [schedulerId],
    );
    expect(row.next_run_at.toISOString()).toBe(`${addDays(1)}T10:00:00.000Z`);
    expect(row.days_until_due).toBe(14);
    expect(Number((await one<{ n: string }>(`SELECT count(*) AS n FROM questionnaires WHERE template_scheduler_id = $1`, [schedulerId])).n)).toBe(0);

    // Due now: three workers take the same run at the same moment.
    await su.query(`UPDATE template_schedulers SET next_run_at = now() - interval '1 minute' WHERE id = $1`, [schedulerId]);
    const runOn = (
      await one<{ d: string }>(`SELECT to_char(next_run_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM template_schedulers WHERE id = $1`, [schedulerId])
    ).d;
    const outcomes = await Promise.all([1, 2, 3].map(() => scheduler.runTemplateScheduler({ firmId: acme.firm.id, schedulerId, runOn })));
    expect(outcomes.reduce((n, o) => n + o.sent, 0)).toBe(3);
    const made = await su.query(`SELECT company_id, to_char(due_date, 'YYYY-MM-DD') AS due FROM questionnaires WHERE template_scheduler_id = $1`, [
      schedulerId,
    ]);
    expect(made.rows.map((r) => r.company_id).sort()).toEqual([...companies].sort());
    const owners = await su.query(`SELECT u.email FROM companies c JOIN users u ON u.id = c.primary_owner_id WHERE c.id = ANY($1)`, [companies]);
    const mails = await one<{ n: string }>(`SELECT count(*) AS n FROM outbound_messages WHERE "to" = ANY($1)`, [owners.rows.map((r) => r.email)]);
    expect(Number(mails.n)).toBe(3);
    const after = await one<{ next_run_at: Date; active: boolean; last_run_at: Date | null }>(
      `SELECT next_run_at, active, last_run_at FROM template_schedulers WHERE id = $1`,
      [schedulerId],
    );
    expect(after.active).toBe(true);
    expect(after.last_run_at).not.toBeNull();
    expect(after.next_run_at.toISOString().slice(0, 10) > runOn).toBe(true);
    // The same run again (a late retry) sends nothing.
    expect((await scheduler.runTemplateScheduler({ firmId: acme.firm.id, schedulerId, runOn })).sent).toBe(0);
    // The database refuses a second questionnaire of the same run for an entity.
    await expect(
      db.withFirm(acme.firm.id, (tx) =>
        tx.questionnaire.create({
          data: {
            firmId: acme.firm.id,
            companyId: companies[0],
            name: "dup",
            taxYear: 2025,
            templateSchedulerId: schedulerId,
            scheduledRunOn: new Date(`${runOn}T00:00:00Z`),
          },
        }),
      ),
    ).rejects.toThrow();
  });

  it("sweeps due runs across firms into jobs, one per scheduler and run date", async () => {
    const [companyId] = await addEntities(1, "sweep");
    const result = await send.sendQuestionnaire(
      acme,
      partner,
      templateRequest({
        templateId: await template("acme", "rental"),
        companyIds: [companyId],
        scheduled: true,
        frequency: "weekly",
        sendDate: addDays(2),
        dueDate: addDays(9),
      }),
    );
    const schedulerId = (result as { schedulerId: string }).schedulerId;
    const sent: { name: string; data: Record<string, string>; key?: string }[] = [];
    const context = {
      send: async (name: string, data: object, options?: { singletonKey?: string }) => {
        sent.push({ name, data: data as Record<string, string>, key: options?.singletonKey });
        return "job";
      },
      sql: async <R>(text: string, values: unknown[] = []) => (await su.query(text, values)).rows as R[],
    };
    await scheduler.sweepTemplateSchedulers(context);
    expect(sent.filter((j) => j.data.schedulerId === schedulerId)).toEqual([]);
    await su.query(`UPDATE template_schedulers SET next_run_at = now() - interval '5 minutes' WHERE id = $1`, [schedulerId]);
    await scheduler.sweepTemplateSchedulers(context);
    const mine = sent.filter((j) => j.data.schedulerId === schedulerId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: "run-template-scheduler", data: { firmId: "firm_acme" } });
    expect(mine[0].key).toBe(`${schedulerId}:${mine[0].data.runOn}`);
    await su.query(`UPDATE template_schedulers SET active = false WHERE id = $1`, [schedulerId]);
  });

  it("sends to many entities in the background through the job queue (two workers), once each", async () => {
    const companies = await addEntities(12, "bulk");
    const { outboxJobs } = await import("../../app/outbox/jobs.server");
    const definitions = [...outboxJobs(), ...scheduler.sendJobs()];
    const workers = [
      await jobsModule.startJobs({ databaseUrl: testDb.db.url, worker: true, pollingIntervalSeconds: 0.5, jobs: definitions, log: () => {} }),
      await jobsModule.startJobs({ databaseUrl: testDb.db.url, worker: true, pollingIntervalSeconds: 0.5, jobs: definitions, log: () => {} }),
    ];
    try {
      const started = Date.now();
      const result = await send.sendQuestionnaire(acme, partner, templateRequest({ templateId: await template("acme", "schedule_c"), companyIds: companies }));
      expect(result.status).toBe("queued");
      expect(Date.now() - started).toBeLessThan(5000);
      const schedulerId = (result as { schedulerId: string }).schedulerId;
      const count = () =>
        one<{ n: string }>(`SELECT count(*) AS n FROM questionnaires WHERE template_scheduler_id = $1`, [schedulerId]).then((r) => Number(r.n));
      expect(await waitFor(count, (n) => n === 12)).toBe(12);
      const done = await waitFor(
        () => one<{ active: boolean }>(`SELECT active FROM template_schedulers WHERE id = $1`, [schedulerId]),
        (r) => !r.active,
      );
      expect(done.active).toBe(false);
      // Both workers sweep every minute: a finished one-time send is never run again.
      const { rows } = await su.query(`SELECT count(*) AS n FROM portal_due_template_schedulers(100) WHERE id = $1`, [schedulerId]);
      expect(Number(rows[0].n)).toBe(0);
      expect(await count()).toBe(12);
    } finally {
      for (const w of workers) await w.stop();
    }
  });
});
