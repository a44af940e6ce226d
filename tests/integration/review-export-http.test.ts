/**
 * Review and export (Connect) over HTTP, against the built app, real PostgreSQL and a real
 * S3-protocol server: the page and its calls exist only while the firm has review and export on
 * (turned on from the preferences page); an advisor marks and unmarks answers and documents
 * (each recorded as activity type 6), marks all, and exports the reviewed set, whose file holds
 * exactly the reviewed answers and documents; documents follow the firm's custom export order;
 * staff who aren't advisors may look but not mark (403); bad input is 400; another firm's
 * questionnaire, a draft or an item of another questionnaire is 404.
 */
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putObject } from "~/storage.server";
import { entityDocumentKey } from "~/storage/keys";
import { actionDataPath, bootApp, loaderDataPath, type Browser, type TestApp } from "../support/app";

const LIST = "routes/review-and-export._index";
const SCREEN = "routes/review-and-export.$questionnaireId";

let app: TestApp;
let summitPartner: Browser;
let acmePartner: Browser;
let q: { id: string; companyId: string };

interface Screen {
  questionnaire: { id: string; name: string };
  items: { questions: { id: string; question: string; answer: string }[]; documents: { id: string; name: string }[] };
  marked: string[];
  progress: { reviewed: number; total: number };
  canMark: boolean;
}

const screenOf = (b: Browser, slug = "summit", id = q.id) => b.data<Screen>(slug, `/review-and-export/${id}`, SCREEN);
const change = (b: Browser, body: unknown, slug = "summit", id = q.id) => b.postJson(slug, `/api/staff/review/${id}`, body);

beforeAll(async () => {
  app = await bootApp({ name: "review-export-http", s3: true });
  summitPartner = await app.signIn("summit", "partner@summit.test");
  acmePartner = await app.signIn("acme", "partner@acme.test");
  const list = await summitPartner.data<{ rows: { id: string }[]; total: number }>("summit", "/review-and-export", LIST);
  expect(list.total).toBeGreaterThan(0);
  const id = list.rows[0]!.id;
  const row = await app.tx("summit", (t) => t.questionnaire.findUniqueOrThrow({ where: { id }, select: { id: true, companyId: true } }));
  q = { id: row.id, companyId: row.companyId };
  // Three uploaded documents of the questionnaire, typed 1099-INT, W-2 and unknown.
  for (const [name, type] of [
    ["interest.pdf", "1099-INT"],
    ["wages.pdf", "W-2"],
    ["other.pdf", null],
  ] as const) {
    const key = entityDocumentKey("firm_summit", q.companyId, `review-${name}`);
    await putObject({ firmId: "firm_summit", key, bytes: new TextEncoder().encode(`%PDF-1.4 ${name}\n%%EOF\n`), contentType: "application/pdf" });
    await app.tx("summit", async (t) => {
      const extracted = await t.extractedDocument.create({
        data: { firmId: "firm_summit", companyId: q.companyId, questionnaireId: q.id, documentType: type, status: "identify_succeeded" },
      });
      await t.document.create({
        data: {
          firmId: "firm_summit",
          companyId: q.companyId,
          questionnaireId: q.id,
          path: "/Review",
          name,
          storageKey: key,
          contentType: "application/pdf",
          sizeBytes: 20,
          extractedDocumentId: extracted.id,
        },
      });
    });
  }
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("the firm's preference", () => {
  it("off: Connect is not in the navigation, the page and its calls are 404; on (preferences page): all there", async () => {
    const nav = async () => (await acmePartner.data<{ nav: { to: string }[] }>("acme", "/", "root")).nav.map((i) => i.to);
    expect(await nav()).not.toContain("/review-and-export");
    expect((await acmePartner.get("acme", "/review-and-export")).status).toBe(404);
    const acmeQ = await app.tx("acme", (t) =>
      t.questionnaire.findFirstOrThrow({ where: { deletedAt: null, submittedAt: { not: null } }, select: { id: true } }),
    );
    expect((await acmePartner.get("acme", `/review-and-export/${acmeQ.id}`)).status).toBe(404);
    expect((await change(acmePartner, { intent: "mark_all" }, "acme", acmeQ.id)).status).toBe(404);

    const saved = await acmePartner.post("acme", actionDataPath("/firm/preferences/documents", "routes/firm_.preferences.$group"), {
      reviewAndExportEnabled: "on",
    });
    expect(saved.status, saved.text.slice(0, 200)).toBe(200);
    expect(await nav()).toContain("/review-and-export");
    expect((await acmePartner.get("acme", "/review-and-export")).status).toBe(200);
    expect((await acmePartner.get("acme", `/review-and-export/${acmeQ.id}`)).status).toBe(200);
  });
});

describe("reviewing", () => {
  it("lists documents in the firm's custom export order, unknown types last", async () => {
    await app.tx("summit", (t) => t.firmPreferences.update({ where: { firmId: "firm_summit" }, data: { customDocumentExportOrder: ["W-2", "1099-INT"] } }));
    const screen = await screenOf(summitPartner);
    expect(screen.items.documents.map((d) => d.name)).toEqual(["wages.pdf", "interest.pdf", "other.pdf"]);
    expect(screen.items.questions.length).toBeGreaterThan(1);
    expect(screen.progress).toEqual({ reviewed: 0, total: screen.items.questions.length + 3 });
    expect(screen.canMark).toBe(true);
  });

  it("marks and unmarks an answer and a document (activity type 6), with the progress each time", async () => {
    const screen = await screenOf(summitPartner);
    const [first, second] = screen.items.questions;
    const wages = screen.items.documents[0]!;
    const activity = () => app.tx("summit", (t) => t.activityLog.count({ where: { questionnaireId: q.id, typeId: 6 } }));
    const before = await activity();

    let r = await change(summitPartner, { intent: "mark", itemKind: "question", itemId: first!.id, reviewed: true });
    expect(r.status, r.text.slice(0, 200)).toBe(200);
    expect(r.body.progress).toEqual({ reviewed: 1, total: screen.progress.total });
    r = await change(summitPartner, { intent: "mark", itemKind: "question", itemId: second!.id, reviewed: true });
    r = await change(summitPartner, { intent: "mark", itemKind: "question", itemId: second!.id, reviewed: false });
    expect(r.body.progress.reviewed).toBe(1);
    r = await change(summitPartner, { intent: "mark", itemKind: "document", itemId: wages.id, reviewed: true });
    expect(r.body.marked.sort()).toEqual([`document:${wages.id}`, `question:${first!.id}`].sort());
    // Marking again changes nothing and records nothing.
    await change(summitPartner, { intent: "mark", itemKind: "document", itemId: wages.id, reviewed: true });
    expect(await activity()).toBe(before + 4);
    const marks = await app.tx("summit", (t) => t.reviewMark.findMany({ where: { questionnaireId: q.id }, select: { itemKind: true, itemId: true } }));
    expect(marks).toHaveLength(2);
    expect((await screenOf(summitPartner)).progress.reviewed).toBe(2);
  });

  it("exports the reviewed set: only the reviewed answers and documents are in the file", async () => {
    const screen = await screenOf(summitPartner);
    const reviewedQuestion = screen.items.questions.find((x) => screen.marked.includes(`question:${x.id}`))!;
    const other = screen.items.questions.find((x) => !screen.marked.includes(`question:${x.id}`))!;

    const sheet = await exportFile(summitPartner, "spreadsheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(sheet) as unknown as ArrayBuffer);
    const questions: unknown[] = [];
    workbook.getWorksheet("Answers")!.eachRow((row, n) => n > 1 && questions.push(row.getCell(3).value));
    expect(questions).toEqual([reviewedQuestion.question]);
    expect(questions).not.toContain(other.question);

    const zip = await JSZip.loadAsync(await exportFile(summitPartner, "zip"));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names.some((n) => n.endsWith("/Review/wages.pdf"))).toBe(true);
    expect(names.some((n) => n.endsWith("interest.pdf") || n.endsWith("other.pdf"))).toBe(false);
    const activity = await app.tx("summit", (t) => t.activityLog.findFirst({ where: { questionnaireId: q.id, title: "Exported the reviewed answers" } }));
    expect(activity?.typeId).toBe(6);
  });

  it("marks all: every item reviewed, the count full", async () => {
    const r = await change(summitPartner, { intent: "mark_all" });
    expect(r.status).toBe(200);
    expect(r.body.progress.reviewed).toBe(r.body.progress.total);
    const count = await app.tx("summit", (t) => t.reviewMark.count({ where: { questionnaireId: q.id } }));
    expect(count).toBe(r.body.progress.total);
  });
});

async function exportFile(b: Browser, format: "spreadsheet" | "zip"): Promise<Uint8Array> {
  const started = await b.postJson("summit", "/api/staff/exports", { questionnaireIds: [q.id], format, reviewedOnly: true });
  expect(started.status, started.text.slice(0, 200)).toBe(200);
  const id = started.body.exports[0].id as string;
  let status = "pending";
  for (let i = 0; i < 300 && (status === "pending" || status === "processing"); i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await b.get("summit", `/api/staff/exports/${id}`)).body.export.status;
  }
  expect(status).toBe("completed");
  const download = await b.get("summit", `/api/staff/exports/${id}/download`);
  expect(download.status).toBe(302);
  const file = await fetch(download.location!);
  expect(file.ok).toBe(true);
  return new Uint8Array(await file.arrayBuffer());
}

describe("refusals", () => {
  it("answers bad input 400, never 500", async () => {
    for (const body of [
      {},
      { intent: "mark" },
      { intent: "mark", itemKind: "section", itemId: "x", reviewed: true },
      { intent: "mark", itemKind: "question", itemId: "a b", reviewed: true },
    ]) {
      const r = await change(summitPartner, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const text = await summitPartner.request("summit", `/api/staff/review/${q.id}`, { json: "not json" });
    expect(text.status).toBeLessThan(500);
  });

  it("another firm's questionnaire, an unknown id, a draft, or another questionnaire's item: 404, nothing written", async () => {
    const before = await app.tx("summit", (t) => t.reviewMark.count());
    expect((await change(acmePartner, { intent: "mark_all" }, "acme", q.id)).status).toBe(404);
    expect((await acmePartner.get("acme", loaderDataPath(`/review-and-export/${q.id}`, SCREEN))).status).toBe(404);
    expect((await change(summitPartner, { intent: "mark_all" }, "summit", "unknown_questionnaire")).status).toBe(404);
    const draft = await app.tx("summit", (t) =>
      t.questionnaire.findFirst({ where: { deletedAt: null, OR: [{ isDraft: true }, { submittedAt: null, completed: false }] }, select: { id: true } }),
    );
    if (draft) expect((await change(summitPartner, { intent: "mark_all" }, "summit", draft.id)).status).toBe(404);
    const foreign = await app.tx("summit", (t) => t.question.findFirstOrThrow({ where: { questionnaireId: { not: q.id } }, select: { id: true } }));
    expect((await change(summitPartner, { intent: "mark", itemKind: "question", itemId: foreign.id, reviewed: true })).status).toBe(404);
    expect(await app.tx("summit", (t) => t.reviewMark.count())).toBe(before);
  });

  it("staff who aren't advisors see the review but can't mark (403)", async () => {
    await app.su.query(`UPDATE users SET is_advisor = false WHERE email = 'admin@summit.test'`);
    const admin = await app.signIn("summit", "admin@summit.test");
    const screen = await screenOf(admin);
    expect(screen.canMark).toBe(false);
    const r = await change(admin, { intent: "mark", itemKind: "question", itemId: screen.items.questions[0]!.id, reviewed: false });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("Only advisors can mark answers and documents reviewed.");
    expect((await change(admin, { intent: "mark_all" })).status).toBe(403);
  });
});
