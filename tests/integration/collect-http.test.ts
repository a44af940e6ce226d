/**
 * Collect over HTTP with the seeded firms: the questionnaire table (filters, sort, pages, the
 * table_overview cookie, group access), the preview dialog's data, every staff action on one
 * questionnaire and on selected rows (with the spec's messages and an activity entry), bad input
 * answered 4xx with nothing changed, and the cross-firm matrix: Summit's staff get 404 for every
 * action on Acme's questionnaires and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const PAGE = "routes/_index";

let app: TestApp;
const slugOf = (b: Browser) => (b === summitPartner || b === summitGroup ? "summit" : "acme");

/** A JSON post as the page sends it: the status and the JSON answer. */
async function json(b: Browser, path: string, body: unknown) {
  const response = await b.postJson(slugOf(b), path, body);
  return { status: response.status, body: response.body };
}

async function list(b: Browser, query: string): Promise<any> {
  return (await b.data(slugOf(b), `/${query}`, PAGE)).data;
}

/** The state of a questionnaire that any action could change, and its activity count. */
async function snapshot(firmId: string, id: string) {
  return scoped(firmId, async (tx) => {
    const q = await tx.questionnaire.findUniqueOrThrow({
      where: { id },
      select: {
        locked: true,
        completed: true,
        trackChanges: true,
        dueDate: true,
        remindersDisabled: true,
        depositStatus: true,
        deletedAt: true,
        isDraft: true,
        reminderEmailSubject: true,
        lastActivityAt: true,
      },
    });
    const activities = await tx.activityLog.count({ where: { questionnaireId: id } });
    const extracted = await tx.extractedDocument.count({ where: { questionnaireId: id } });
    const openItems = await tx.questionnaire.count({ where: { relevantQuestionnaireId: id } });
    return { ...q, activities, extracted, openItems };
  });
}

let acmePartner: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let target: { id: string; companyId: string };
let depositQ: string;
let draftQ: string;
let otherAcme: string[];
let unattached: { recent: string; old: string };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await bootApp({
    name: "collect-http",
    beforeServe: async () => {
      await scoped(ACME, async (tx) => {
        const open = await tx.questionnaire.findFirstOrThrow({
          where: { locked: false, completed: false, isDraft: false, deletedAt: null, depositAmountCents: null },
          orderBy: { id: "asc" },
          select: { id: true, companyId: true },
        });
        target = open;
        depositQ = (await tx.questionnaire.findFirstOrThrow({ where: { depositStatus: "unpaid", deletedAt: null }, select: { id: true } })).id;
        const draft = await tx.questionnaire.findFirst({ where: { isDraft: true, deletedAt: null }, select: { id: true } });
        draftQ =
          draft?.id ??
          (
            await tx.questionnaire.update({
              where: {
                id: (
                  await tx.questionnaire.findFirstOrThrow({
                    where: { id: { not: open.id }, locked: false, completed: false, deletedAt: null, depositAmountCents: null },
                  })
                ).id,
              },
              data: { isDraft: true },
              select: { id: true },
            })
          ).id;
        otherAcme = (
          await tx.questionnaire.findMany({
            where: { deletedAt: null, id: { notIn: [open.id, depositQ, draftQ] } },
            select: { id: true },
            take: 3,
            orderBy: { id: "asc" },
          })
        ).map((q) => q.id);
        const recent = await tx.extractedDocument.create({
          data: { firmId: ACME, companyId: open.companyId, name: "W-2 Employer", status: "analysis_succeeded", documentType: "W-2" },
        });
        const old = await tx.extractedDocument.create({
          data: { firmId: ACME, companyId: open.companyId, name: "Old 1099", status: "analysis_succeeded", createdAt: new Date(Date.now() - 120 * 86_400_000) },
        });
        unattached = { recent: recent.id, old: old.id };
      });
    },
  });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("the Collect table", () => {
  it("lists the firm's live questionnaires, last activity first, 10 a page", async () => {
    const total = await scoped(ACME, (tx) =>
      tx.questionnaire.count({ where: { deletedAt: null, company: { deletedAt: null, entityType: { not: "drop_link" } } } }),
    );
    const d = await list(acmePartner, "");
    expect(d.page.total).toBe(total);
    expect(d.rows).toHaveLength(10);
    expect(d.state).toMatchObject({ sort: "last_activity", dir: "desc", size: 10 });
    const at = d.rows.map((r: any) => r.lastActivityAt ?? "");
    expect([...at].sort().reverse()).toEqual(at);
    const summitIds = new Set((await scoped(SUMMIT, (tx) => tx.questionnaire.findMany({ select: { id: true } }))).map((q) => q.id));
    const all = await list(acmePartner, "?size=50&page=1");
    const all2 = await list(acmePartner, "?size=50&page=2");
    expect([...all.rows, ...all2.rows].some((r: any) => summitIds.has(r.id))).toBe(false);
  });

  it("filters by status, year and search, sorts by the ordering rule, and pages", async () => {
    const locked = await list(acmePartner, "?status=locked&size=50");
    const lockedCount = await scoped(ACME, (tx) => tx.questionnaire.count({ where: { deletedAt: null, locked: true } }));
    expect(locked.page.total).toBe(lockedCount);
    expect(locked.rows.every((r: any) => r.locked)).toBe(true);
    const y2024 = await list(acmePartner, "?year=2024&size=50");
    expect(y2024.rows.length).toBeGreaterThan(0);
    expect(y2024.rows.every((r: any) => r.taxYear === 2024)).toBe(true);
    const search = await list(acmePartner, "?q=S-Corporation&size=50");
    expect(search.rows.length).toBeGreaterThan(0);
    expect(search.rows.every((r: any) => /S-Corporation/i.test(r.name) || /S-Corporation/i.test(r.client))).toBe(true);
    const ordered = await list(acmePartner, "?sort=status&dir=asc&size=50");
    const { compareQuestionnaires } = await import("~/collect/overview/table");
    for (let i = 1; i < ordered.rows.length; i++) expect(compareQuestionnaires(ordered.rows[i - 1], ordered.rows[i])).toBeLessThanOrEqual(0);
    const p2 = await list(acmePartner, "?page=2");
    expect(p2.page.page).toBe(2);
    expect(p2.page.label).toBe(`11-20 of ${p2.page.total}`);
    const past = await list(acmePartner, "?page=999");
    expect(past.page.page).toBe(past.page.lastPage);
    expect(past.rows.length).toBeGreaterThan(0);
  });

  it("keeps the state in the table_overview cookie for a year", async () => {
    const browser = await app.signIn("acme", "admin@acme.test");
    const set = await browser.get("acme", "/?size=20&sort=due_date&dir=asc&status=opened");
    expect(set.status).toBe(200);
    const header = (set.headers["set-cookie"] ?? []).find((c) => c.startsWith("table_overview="));
    expect(header).toMatch(/Max-Age=31536000/);
    const d = await list(browser, "");
    expect(d.state).toMatchObject({ page: 1, size: 20, sort: "due_date", dir: "asc", filters: { status: ["opened"] } });
    expect(d.rows.every((r: any) => !r.locked && !r.completed && r.openedAt)).toBe(true);
  });

  it("answers bad table parameters with the defaults, not an error", async () => {
    const d = await list(acmePartner, "?sort=;drop&dir=sideways&size=7&page=-3&year=abc&status=nope");
    expect(d.state).toMatchObject({ sort: "last_activity", size: 10, page: 1 });
  });

  it("shows group-access staff only their group's and groupless clients' questionnaires", async () => {
    const all = await list(summitPartner, "?size=50");
    const mine = await list(summitGroup, "?size=50");
    expect(mine.page.total).toBeLessThan(all.page.total);
    expect(mine.rows.every((r: any) => r.firmGroup === null || r.firmGroup === "Individual Tax")).toBe(true);
    expect(mine.options.groups.map((g: any) => g.label)).toEqual(["Individual Tax"]);
  });

  it("reports the queue's backlog count", async () => {
    const r = await acmePartner.get("acme", "/api/staff/questionnaires/queue");
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ backlog_count: 0 });
    await scoped(ACME, (tx) =>
      tx.importJob.create({ data: { firmId: ACME, fileType: "client_list", fileName: "a.csv", storageKey: "k", status: "processing" } }),
    );
    expect(JSON.parse((await acmePartner.get("acme", "/api/staff/questionnaires/queue")).text)).toEqual({ backlog_count: 1 });
    expect(JSON.parse((await summitPartner.get("summit", "/api/staff/questionnaires/queue")).text)).toEqual({ backlog_count: 0 });
  });
});

describe("the preview dialog's actions", () => {
  const url = () => `/api/staff/questionnaires/${target.id}`;

  it("loads sections, documents, activities and unattached documents from the last 3 months", async () => {
    const r = await acmePartner.get("acme", url());
    expect(r.status).toBe(200);
    const d = JSON.parse(r.text);
    expect(d.questionnaire.id).toBe(target.id);
    expect(d.sections.length).toBeGreaterThan(0);
    expect(d.unattached.map((u: any) => u.id)).toEqual([unattached.recent]);
    expect(Array.isArray(d.activities)).toBe(true);
  });

  it("locks and unlocks, with an activity entry each", async () => {
    const before = await snapshot(ACME, target.id);
    expect(await json(acmePartner, url(), { intent: "lock", locked: true })).toEqual({
      status: 200,
      body: { ok: true, message: "Questionnaire locked", count: 1 },
    });
    expect((await snapshot(ACME, target.id)).locked).toBe(true);
    // Additional items and attaching are refused while locked.
    const items = await json(acmePartner, url(), { intent: "additional_items", dueDate: inDays(7), items: [{ text: "W-2", questionType: "upload" }] });
    expect(items).toMatchObject({ status: 409, body: { error: "Questionnaire is locked" } });
    expect((await json(acmePartner, url(), { intent: "lock", locked: false })).body.message).toBe("Questionnaire unlocked");
    const after = await snapshot(ACME, target.id);
    expect(after.locked).toBe(false);
    expect(after.activities).toBe(before.activities + 2);
    expect(after.openItems).toBe(before.openItems);
  });

  it("marks completed and not completed, toggles track changes", async () => {
    expect((await json(acmePartner, url(), { intent: "complete", completed: true })).body.message).toBe("Questionnaire marked completed");
    expect((await snapshot(ACME, target.id)).completed).toBe(true);
    expect((await json(acmePartner, url(), { intent: "complete", completed: false })).body.message).toBe("Questionnaire marked not completed");
    expect((await json(acmePartner, url(), { intent: "track_changes", trackChanges: true })).body.message).toBe("Tracking changes enabled");
    expect((await snapshot(ACME, target.id)).trackChanges).toBe(true);
    expect((await json(acmePartner, url(), { intent: "track_changes", trackChanges: false })).body.message).toBe("Tracking changes disabled");
  });

  it("edits the due date and reminders with the spec's validation", async () => {
    const before = await snapshot(ACME, target.id);
    expect(await json(acmePartner, url(), { intent: "due_date", dueDate: "2020-01-01" })).toEqual({
      status: 422,
      body: { error: "Due date must be in the future" },
    });
    expect(await json(acmePartner, url(), { intent: "due_date", dueDate: "2026-02-31" })).toEqual({
      status: 422,
      body: { error: "Please select a valid due date" },
    });
    expect((await snapshot(ACME, target.id)).dueDate).toEqual(before.dueDate);
    const dueDate = inDays(14);
    expect((await json(acmePartner, url(), { intent: "due_date", dueDate, remindersDisabled: true })).status).toBe(200);
    const after = await snapshot(ACME, target.id);
    expect(after.dueDate?.toISOString().slice(0, 10)).toBe(dueDate);
    expect(after.remindersDisabled).toBe(true);
    const rem = await json(acmePartner, url(), { intent: "reminders", remindersDisabled: false, reminderEmailSubject: "Checking in" });
    expect(rem.body).toMatchObject({ ok: true, message: "Reminder updated" });
    expect(await snapshot(ACME, target.id)).toMatchObject({ remindersDisabled: false, reminderEmailSubject: "Checking in" });
  });

  it("marks the deposit paid and unpaid", async () => {
    const u = `/api/staff/questionnaires/${depositQ}`;
    expect((await json(acmePartner, u, { intent: "deposit", paid: true })).body.message).toBe("Questionnaire marked as paid");
    expect((await snapshot(ACME, depositQ)).depositStatus).toBe("marked_paid");
    expect((await json(acmePartner, u, { intent: "deposit", paid: false })).body.message).toBe("Questionnaire marked as unpaid");
    expect((await snapshot(ACME, depositQ)).depositStatus).toBe("pending");
    // No deposit on this one: refused, not a 500.
    expect((await json(acmePartner, url(), { intent: "deposit", paid: true })).status).toBe(409);
  });

  it("attaches an unattached document, never one older than 3 months", async () => {
    const old = await json(acmePartner, url(), { intent: "attach", extractedDocumentIds: [unattached.old] });
    expect(old).toEqual({ status: 404, body: { error: "Error attaching document to questionnaire" } });
    const ok = await json(acmePartner, url(), { intent: "attach", extractedDocumentIds: [unattached.recent] });
    expect(ok.body).toMatchObject({ ok: true, message: "Document(s) attached successfully", count: 1 });
    expect((await snapshot(ACME, target.id)).extracted).toBe(1);
    const again = await json(acmePartner, url(), { intent: "attach", extractedDocumentIds: [unattached.recent] });
    expect(again.status).toBe(404);
  });

  it("requests additional items with the 'Please upload ' prefix and refuses bad items", async () => {
    const period = await json(acmePartner, url(), {
      intent: "additional_items",
      dueDate: inDays(7),
      items: [{ text: "W-2", questionType: "upload", options: ["Employer 1.0"] }],
    });
    expect(period).toEqual({ status: 422, body: { error: "Document options cannot contain slashes or periods" } });
    const blank = await json(acmePartner, url(), { intent: "additional_items", dueDate: inDays(7), items: [{ text: "  ", questionType: "text" }] });
    expect(blank.body.error).toBe("Please enter the item's text");
    const past = await json(acmePartner, url(), { intent: "additional_items", dueDate: "2020-01-01", items: [{ text: "W-2", questionType: "upload" }] });
    expect(past.body.error).toBe("Due date must be in the future");
    expect((await snapshot(ACME, target.id)).openItems).toBe(0);
    const ok = await json(acmePartner, url(), {
      intent: "additional_items",
      dueDate: inDays(7),
      items: [
        { text: "Your 2025 W-2", questionType: "upload", options: ["Employer A"] },
        { text: "Any new dependents?", questionType: "boolean" },
      ],
    });
    expect(ok.body).toMatchObject({ ok: true, message: "Additional items requested" });
    const texts = await scoped(ACME, (tx) =>
      tx.question.findMany({ where: { questionnaireId: ok.body.questionnaireId }, orderBy: { order: "asc" }, select: { text: true, options: true } }),
    );
    expect(texts).toEqual([
      { text: "Please upload your 2025 W-2", options: ["Employer A"] },
      { text: "Any new dependents?", options: [] },
    ]);
    const created = await scoped(ACME, (tx) =>
      tx.questionnaire.findUniqueOrThrow({ where: { id: ok.body.questionnaireId }, select: { isOpenItem: true, relevantQuestionnaireId: true } }),
    );
    expect(created).toEqual({ isOpenItem: true, relevantQuestionnaireId: target.id });
  });

  it("gives a link except for drafts", async () => {
    const link = await json(acmePartner, url(), { intent: "link" });
    expect(link.body.link).toMatch(new RegExp(`^http://acme\\.localhost:${app.port}/questionnaire/[^?]+\\?questionnaireId=${target.id}$`));
    expect((await json(acmePartner, `/api/staff/questionnaires/${draftQ}`, { intent: "link" })).status).toBe(409);
  });

  it("deletes and restores", async () => {
    const other = otherAcme[0]!;
    expect((await json(acmePartner, `/api/staff/questionnaires/${other}`, { intent: "delete" })).body.message).toBe("Questionnaire deleted");
    expect((await snapshot(ACME, other)).deletedAt).not.toBeNull();
    const deleted = await list(acmePartner, "?deleted=only");
    expect(deleted.rows.map((r: any) => r.id)).toContain(other);
    expect((await list(acmePartner, "?size=50")).rows.map((r: any) => r.id)).not.toContain(other);
    // Acting on a deleted questionnaire (other than restoring) is a 404.
    expect((await json(acmePartner, `/api/staff/questionnaires/${other}`, { intent: "lock", locked: true })).status).toBe(404);
    expect((await json(acmePartner, `/api/staff/questionnaires/${other}`, { intent: "restore" })).body.message).toBe("Questionnaires restored successfully");
    expect((await snapshot(ACME, other)).deletedAt).toBeNull();
  });

  it("answers malformed input with 400 and unknown ids with 404, never 500", async () => {
    expect((await acmePartner.postJson("acme", url(), "{not json")).status).toBe(400);
    expect((await json(acmePartner, url(), { intent: "explode" })).status).toBe(400);
    expect((await json(acmePartner, url(), { intent: "lock", locked: "maybe" })).status).toBe(400);
    expect((await json(acmePartner, url(), { intent: "attach", extractedDocumentIds: "x" })).status).toBe(400);
    expect((await json(acmePartner, "/api/staff/questionnaires/nope", { intent: "lock", locked: true })).status).toBe(404);
    expect((await acmePartner.get("acme", "/api/staff/questionnaires/nope")).status).toBe(404);
    expect((await acmePartner.get("acme", "/api/staff/questionnaires/bad%20id")).status).toBe(404);
    expect((await json(acmePartner, "/api/staff/questionnaires", { intent: "lock", questionnaireIds: [] })).body.error).toBe(
      "Please select at least one questionnaire",
    );
  });

  it("leaves advisor-only actions to advisors (403, nothing changed) and the rest to all staff", async () => {
    await scoped(ACME, (tx) => tx.user.updateMany({ where: { email: "admin@acme.test" }, data: { isAdvisor: false } }));
    try {
      const admin = await app.signIn("acme", "admin@acme.test");
      const before = await snapshot(ACME, target.id);
      for (const body of [
        { intent: "lock", locked: true },
        { intent: "complete", completed: true },
        { intent: "additional_items", dueDate: inDays(7), items: [{ text: "W-2", questionType: "upload" }] },
      ]) {
        const r = await json(admin, url(), body);
        expect(r.status, JSON.stringify(body)).toBe(403);
        expect(r.body).toEqual({ error: expect.any(String) });
      }
      expect((await json(admin, `/api/staff/questionnaires/${depositQ}`, { intent: "deposit", paid: true })).status).toBe(403);
      expect((await json(admin, "/api/staff/questionnaires", { intent: "lock", questionnaireIds: [target.id] })).status).toBe(403);
      expect(await snapshot(ACME, target.id)).toEqual(before);
      expect((await json(admin, url(), { intent: "track_changes", trackChanges: false })).status).toBe(200);
    } finally {
      await scoped(ACME, (tx) => tx.user.updateMany({ where: { email: "admin@acme.test" }, data: { isAdvisor: true } }));
    }
  });

  it("refuses clients", async () => {
    const client = await app.signIn("acme", "client@acme.test");
    const before = await snapshot(ACME, target.id);
    const r = await json(client, url(), { intent: "lock", locked: true });
    expect([401, 403, 404]).toContain(r.status);
    expect(await snapshot(ACME, target.id)).toEqual(before);
  });
});

describe("bulk actions on selected rows", () => {
  it("locks, edits due dates and reminders, sends drafts", async () => {
    const ids = otherAcme.slice(1, 3);
    const bulk = (body: unknown) => json(acmePartner, "/api/staff/questionnaires", body);
    expect((await bulk({ intent: "due_dates", questionnaireIds: ids, dueDate: "2000-01-01" })).body.error).toBe("Due date must be in the future");
    expect((await bulk({ intent: "due_dates", questionnaireIds: ids, dueDate: inDays(30) })).body).toMatchObject({ ok: true, count: 2 });
    expect((await bulk({ intent: "reminders", questionnaireIds: ids, remindersDisabled: true })).body).toMatchObject({
      ok: true,
      message: "Reminder updated",
      count: 2,
    });
    expect((await bulk({ intent: "lock", questionnaireIds: ids })).body).toMatchObject({ ok: true, message: "Questionnaire locked", count: 2 });
    for (const id of ids) expect(await snapshot(ACME, id)).toMatchObject({ locked: true, remindersDisabled: true });
    expect((await bulk({ intent: "send_drafts", questionnaireIds: ids })).status).toBe(409);
    const sent = await bulk({ intent: "send_drafts", questionnaireIds: [draftQ, ...ids] });
    expect(sent.body).toMatchObject({ ok: true, count: 1 });
    expect((await snapshot(ACME, draftQ)).isDraft).toBe(false);
  });
});

describe("another firm's questionnaires", () => {
  const intents: Record<string, unknown>[] = [
    { intent: "lock", locked: true },
    { intent: "complete", completed: true },
    { intent: "track_changes", trackChanges: true },
    { intent: "deposit", paid: true },
    { intent: "due_date", dueDate: inDays(20) },
    { intent: "reminders", remindersDisabled: true, reminderEmailSubject: "x" },
    { intent: "additional_items", dueDate: inDays(7), items: [{ text: "W-2", questionType: "upload" }] },
    { intent: "attach", extractedDocumentIds: ["any"] },
    { intent: "delete" },
    { intent: "restore" },
    { intent: "link" },
  ];

  it("are 404 for every action from Summit's partner and group staff, with nothing changed", async () => {
    const ids = [target.id, depositQ];
    const before = await Promise.all(ids.map((id) => snapshot(ACME, id)));
    for (const browser of [summitPartner, summitGroup]) {
      for (const id of ids) {
        expect((await browser.get("summit", `/api/staff/questionnaires/${id}`)).status).toBe(404);
        for (const body of intents) {
          const r = await json(browser, `/api/staff/questionnaires/${id}`, body);
          expect(r.status, JSON.stringify(body)).toBe(404);
        }
      }
      for (const intent of ["lock", "send_drafts", "restore"])
        expect((await json(browser, "/api/staff/questionnaires", { intent, questionnaireIds: ids })).status).toBe(404);
      expect((await json(browser, "/api/staff/questionnaires", { intent: "due_dates", questionnaireIds: ids, dueDate: inDays(9) })).status).toBe(404);
      expect((await json(browser, "/api/staff/questionnaires", { intent: "reminders", questionnaireIds: ids, remindersDisabled: true })).status).toBe(404);
    }
    expect(await Promise.all(ids.map((id) => snapshot(ACME, id)))).toEqual(before);
  });

  it("are 404 for Summit's group-access staff outside their group", async () => {
    const hidden = await scoped(SUMMIT, (tx) =>
      tx.questionnaire.findFirstOrThrow({
        where: { deletedAt: null, company: { primaryOwner: { firmGroup: { name: { not: "Individual Tax" } } } } },
        select: { id: true },
      }),
    );
    const before = await snapshot(SUMMIT, hidden.id);
    expect((await summitGroup.get("summit", `/api/staff/questionnaires/${hidden.id}`)).status).toBe(404);
    expect((await json(summitGroup, `/api/staff/questionnaires/${hidden.id}`, { intent: "due_date", dueDate: inDays(9) })).status).toBe(404);
    expect((await json(summitGroup, "/api/staff/questionnaires", { intent: "reminders", questionnaireIds: [hidden.id], remindersDisabled: true })).status).toBe(
      404,
    );
    expect(await snapshot(SUMMIT, hidden.id)).toEqual(before);
    // Summit's partner sees it.
    expect((await summitPartner.get("summit", `/api/staff/questionnaires/${hidden.id}`)).status).toBe(200);
  });
});
