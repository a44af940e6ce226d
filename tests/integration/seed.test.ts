/**
 * The demo seed against real PostgreSQL: it writes both demo firms, a second run changes
 * nothing (not even what the firm changed since), a reset rebuilds the same rows, each firm's rows stay invisible to the other's scope,
 * and every demo user's password works. Also: installing the canned templates into a new firm
 * is idempotent and quick (firm sign-up calls it).
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DbModule from "../../app/db.server";
import type * as SeedModule from "../../prisma/seed";
import { verifyPassword } from "../../app/auth/password.server";
import { CANNED_TEMPLATES } from "../../app/templates/canned";
import { installCannedTemplates } from "../../app/templates/canned.server";
import { demoFirms } from "../../tenants/index";
import { statementsSent } from "../support/pg-wire";
import { setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let db: typeof DbModule;
let seed: typeof SeedModule;
/** Superuser connection: sees every firm's rows (counts across the whole database). */
let su: pg.Client;

const acme = demoFirms.find((f) => f.slug === "acme")!;
const summit = demoFirms.find((f) => f.slug === "summit")!;

async function tableCounts(): Promise<Record<string, number>> {
  const { rows: tables } = await su.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await su.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
    counts[name] = Number(rows[0].n);
  }
  return counts;
}

async function ids(): Promise<{ firms: string[]; users: string[]; companies: string[]; questionnaires: string[] }> {
  const list = async (sql: string) => (await su.query<{ id: string }>(sql)).rows.map((r) => r.id);
  return {
    firms: await list(`SELECT id FROM firms ORDER BY id`),
    users: await list(`SELECT firm_id || ':' || coalesce(email, '') || ':' || id AS id FROM users ORDER BY 1`),
    companies: await list(`SELECT firm_id || ':' || hash_id || ':' || id AS id FROM companies ORDER BY 1`),
    questionnaires: await list(`SELECT id FROM questionnaires ORDER BY id`),
  };
}

const expectedQuestionnaires = (firm: (typeof demoFirms)[number]) => firm.clients.flatMap((c) => c.entities.flatMap((e) => e.questionnaires)).length;
const expectedEntities = (firm: (typeof demoFirms)[number]) => firm.clients.flatMap((c) => c.entities).length;
const expectedUsers = (firm: (typeof demoFirms)[number]) => firm.staff.length + firm.clients.length + firm.clients.filter((c) => c.spouse).length;

let firstCounts: Record<string, number>;
let firstIds: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true });
  su = testDb.su;
  db = await import("../../app/db.server");
  seed = await import("../../prisma/seed");
  firstCounts = await tableCounts();
  firstIds = await ids();
});

afterAll(() => testDb?.close());

describe("seedDemo", () => {
  it("writes both demo firms with their staff, clients, entities and questionnaires", async () => {
    expect(firstIds.firms).toEqual([seed.demoFirmId("acme"), seed.demoFirmId("summit")]);
    for (const firm of [acme, summit]) {
      const { rows } = await su.query(
        `SELECT (SELECT count(*) FROM users WHERE firm_id = $1)::int AS users,
                (SELECT count(*) FROM companies WHERE firm_id = $1)::int AS companies,
                (SELECT count(*) FROM questionnaires WHERE firm_id = $1)::int AS questionnaires,
                (SELECT count(*) FROM questionnaire_templates WHERE firm_id = $1 AND is_canned)::int AS templates`,
        [seed.demoFirmId(firm.slug)],
      );
      expect(rows[0], firm.slug).toEqual({
        users: expectedUsers(firm),
        companies: expectedEntities(firm),
        questionnaires: expectedQuestionnaires(firm),
        templates: CANNED_TEMPLATES.length,
      });
    }
    const { rows: firms } = await su.query(`SELECT slug, name, theme_name, brand_color FROM firms ORDER BY slug`);
    expect(firms).toEqual([
      { slug: "acme", name: "Acme Tax & Advisory", theme_name: "modern", brand_color: acme.brandColor },
      { slug: "summit", name: "Summit CPA Group", theme_name: "classic", brand_color: summit.brandColor },
    ]);
  });

  it("gives the questionnaires the state of their scenario", async () => {
    const { rows } = await su.query(
      `SELECT count(*) FILTER (WHERE is_draft)::int AS drafts,
              count(*) FILTER (WHERE locked AND completed)::int AS locked,
              count(*) FILTER (WHERE completed AND NOT locked)::int AS completed,
              count(*) FILTER (WHERE in_progress)::int AS in_progress,
              count(*) FILTER (WHERE sent_at IS NOT NULL AND opened_at IS NULL)::int AS unopened,
              count(*) FILTER (WHERE firm_custom_status_id IS NOT NULL)::int AS custom_status
       FROM questionnaires`,
    );
    const all = demoFirms.flatMap((f) => f.clients.flatMap((c) => c.entities.flatMap((e) => e.questionnaires)));
    const count = (test: (q: (typeof all)[number]) => boolean) => all.filter(test).length;
    expect(rows[0]).toEqual({
      drafts: count((q) => q.status === "draft"),
      locked: count((q) => q.status === "locked"),
      completed: count((q) => q.status === "completed"),
      in_progress: count((q) => ["in_progress", "due_soon", "due_today", "overdue"].includes(q.status)),
      unopened: count((q) => q.status === "sent"),
      custom_status: count((q) => !!q.customStatus),
    });
    // In-progress questionnaires have answers; completed ones have every section done.
    const { rows: progress } = await su.query(
      `SELECT q.in_progress, q.completed,
              count(*) FILTER (WHERE x.answer IS NOT NULL OR x.special_answer IS NOT NULL OR x.answer_by IS NOT NULL)::int AS answered,
              bool_and(s.marked_completed) AS all_sections_done
       FROM questionnaires q JOIN questions x ON x.questionnaire_id = q.id JOIN sections s ON s.id = x.section_id
       WHERE q.in_progress OR q.completed GROUP BY q.id`,
    );
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) {
      expect(p.answered).toBeGreaterThan(0);
      if (p.completed) expect(p.all_sections_done).toBe(true);
    }
    const { rows: signatures } = await su.query(`SELECT count(*)::int AS n FROM engagement_signatures WHERE signed_at IS NOT NULL`);
    expect(signatures[0].n).toBeGreaterThan(0);
    const { rows: triggered } = await su.query(`SELECT count(*)::int AS n FROM sections WHERE trigger_question_id IS NOT NULL AND trigger_answer = 'Yes'`);
    expect(triggered[0].n).toBeGreaterThan(0);
  });

  it("changes nothing when run again: same counts in every table, same ids", async () => {
    await seed.seedDemo();
    expect(await tableCounts()).toEqual(firstCounts);
    expect(await ids()).toEqual(firstIds);
  });

  it("never changes what the firm changed: a second run only adds what is missing", async () => {
    const acmeId = seed.demoFirmId("acme");
    const client = acme.clients[0]!;
    const entity = client.entities[0]!;
    await su.query(`UPDATE firms SET brand_color = '#123456', name = 'Acme Renamed' WHERE id = $1`, [acmeId]);
    await su.query(`UPDATE firm_preferences SET force_2fa_on_users = NOT force_2fa_on_users WHERE firm_id = $1`, [acmeId]);
    await su.query(`UPDATE users SET fname = 'Renamed', lname = 'Person' WHERE firm_id = $1 AND email = $2`, [acmeId, client.email]);
    await su.query(`UPDATE users SET email = 'partner.moved@acme.test' WHERE firm_id = $1 AND email = 'partner@acme.test'`, [acmeId]);
    await su.query(`UPDATE companies SET city = 'Elsewhere' WHERE firm_id = $1 AND name = $2`, [acmeId, entity.name]);
    const { rows: before } = await su.query(`SELECT force_2fa_on_users AS forced FROM firm_preferences WHERE firm_id = $1`, [acmeId]);
    try {
      await seed.seedDemo();
      const { rows: firm } = await su.query(`SELECT name, brand_color FROM firms WHERE id = $1`, [acmeId]);
      expect(firm[0]).toEqual({ name: "Acme Renamed", brand_color: "#123456" });
      const { rows: prefs } = await su.query(`SELECT force_2fa_on_users AS forced FROM firm_preferences WHERE firm_id = $1`, [acmeId]);
      expect(prefs[0].forced).toBe(before[0].forced);
      const { rows: user } = await su.query(`SELECT fname, lname FROM users WHERE firm_id = $1 AND email = $2`, [acmeId, client.email]);
      expect(user[0]).toEqual({ fname: "Renamed", lname: "Person" });
      // The partner whose email changed is not created again under the demo address.
      const { rows: partners } = await su.query(`SELECT email FROM users WHERE firm_id = $1 AND email LIKE 'partner%'`, [acmeId]);
      expect(partners.map((r) => r.email)).toEqual(["partner.moved@acme.test"]);
      const { rows: company } = await su.query(`SELECT city FROM companies WHERE firm_id = $1 AND name = $2`, [acmeId, entity.name]);
      expect(company[0].city).toBe("Elsewhere");
      expect(await tableCounts()).toEqual(firstCounts);
    } finally {
      await su.query(`UPDATE users SET email = 'partner@acme.test' WHERE firm_id = $1 AND email = 'partner.moved@acme.test'`, [acmeId]);
    }
  });

  it("rebuilds the same rows with the same ids after a reset", async () => {
    await seed.seedDemo({ reset: true });
    expect(await tableCounts()).toEqual(firstCounts);
    expect(await ids()).toEqual(firstIds);
  });

  it("keeps each firm's rows out of the other firm's scope", async () => {
    const acmeId = seed.demoFirmId("acme");
    const summitId = seed.demoFirmId("summit");
    for (const [firm, other, otherSlug] of [
      [summitId, acmeId, "acme"],
      [acmeId, summitId, "summit"],
    ] as const) {
      const scoped = db.firmDb(firm);
      expect(await scoped.firm.findMany({ select: { id: true } })).toEqual([{ id: firm }]);
      expect(await scoped.user.count({ where: { firmId: other } })).toBe(0);
      expect(await scoped.user.findFirst({ where: { email: `client@${otherSlug}.test` } })).toBeNull();
      expect(await scoped.company.count({ where: { firmId: other } })).toBe(0);
      expect(await scoped.questionnaire.count({ where: { firmId: other } })).toBe(0);
      expect(await scoped.question.count({ where: { firmId: other } })).toBe(0);
      expect(await scoped.questionnaireTemplate.count({ where: { firmId: other } })).toBe(0);
      const own = firm === acmeId ? acme : summit;
      expect(await scoped.company.count()).toBe(expectedEntities(own));
      expect(await scoped.questionnaire.count()).toBe(expectedQuestionnaires(own));
    }
  });

  it("lets every demo user with an email sign in with the demo password", async () => {
    for (const firm of [acme, summit]) {
      const users = await db.firmDb(seed.demoFirmId(firm.slug)).user.findMany({
        where: { email: { not: null } },
        select: { email: true, passwordHash: true },
      });
      expect(users.length).toBeGreaterThan(25);
      const hashes = new Set(users.map((u) => u.passwordHash));
      expect(hashes.size, "one hash per run, shared by every demo user").toBe(1);
      const client = users.find((u) => u.email === `client@${firm.slug}.test`)!;
      expect(await verifyPassword(client.passwordHash, seed.DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(client.passwordHash, "Portal-Demo-2025!")).toBe(false);
      for (const staff of ["partner", "admin", "advisor"]) {
        const user = users.find((u) => u.email === `${staff}@${firm.slug}.test`)!;
        expect(await verifyPassword(user.passwordHash, seed.DEMO_PASSWORD), user.email!).toBe(true);
      }
    }
  });
});

describe("installCannedTemplates", () => {
  it("installs every canned template into a new firm quickly, once", async () => {
    const firmId = "firm_canned_check";
    const { result: installed, texts } = await db.withFirm(firmId, async (tx) => {
      await tx.firm.create({ data: { id: firmId, name: "Canned Check", slug: "canned-check" } });
      return statementsSent(() => installCannedTemplates(tx, firmId));
    });
    expect(installed).toEqual(CANNED_TEMPLATES.map((t) => t.key));
    // Quick: one read, one multi-row insert each for templates, sections and questions, and one
    // update per section shown by a trigger question, however many questions there are.
    const triggers = CANNED_TEMPLATES.reduce((n, t) => n + t.sections.filter((s) => s.trigger).length, 0);
    expect(texts.filter((text) => /^INSERT INTO "public"\."template_questions"/.test(text)).length, texts.join("\n")).toBe(1);
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(4 + triggers);

    const again = await db.withFirm(firmId, (tx) => installCannedTemplates(tx, firmId));
    expect(again).toEqual([]);

    const scoped = db.firmDb(firmId);
    expect(await scoped.questionnaireTemplate.count()).toBe(CANNED_TEMPLATES.length);
    const questionCount = CANNED_TEMPLATES.reduce((n, t) => n + t.sections.reduce((m, s) => m + (s.questions?.length ?? 0), 0), 0);
    expect(await scoped.templateQuestion.count()).toBe(questionCount);
    expect(await scoped.templateQuestion.count({ where: { followUpQuestionId: { not: null } } })).toBeGreaterThan(0);
    const triggered = await scoped.templateSection.findMany({ where: { triggerQuestionId: { not: null } }, include: { triggerQuestion: true } });
    expect(triggered.length).toBeGreaterThan(0);
    for (const section of triggered) expect(section.triggerQuestion?.templateId).toBe(section.templateId);
  });
});
