/**
 * Questionnaire exports against real PostgreSQL (demo seed) and a real S3-protocol server: the
 * background export made, streamed to the store and read back (PDF text with pdf.js, the
 * spreadsheet's cells with exceljs, the zip's entries), a formula-looking answer kept as text, the
 * PDF-only 'No'/'N/A' removal, images converted in the zip, the requester notified with the
 * download link, and another firm's, client's or group's questionnaire (404, nothing started).
 */
import type pg from "pg";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as ExportsModule from "../../app/exports/exports.server";
import type * as StorageModule from "../../app/storage.server";
import type { SessionUser } from "../../app/auth/session.server";
import type { FirmSiteContext } from "../../app/context.server";
import { setupTestDb, type TestDb } from "../support/setup";

let t: TestDb;
let su: pg.Client;
let exportsServer: typeof ExportsModule;
let storage: typeof StorageModule;
let acme: FirmSiteContext;
let advisor: SessionUser;
let q: { id: string; companyId: string; entityName: string; name: string; taxYear: number };

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
  });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  await task.destroy();
  return pages.join("\n");
}

/** Starts an export and waits for the background job to finish; the file's bytes. */
async function exportAndRead(input: Partial<Parameters<typeof exportsServer.startQuestionnaireExports>[2]>) {
  const [started] = await exportsServer.startQuestionnaireExports(acme, advisor, {
    questionnaireIds: [q.id],
    format: "pdf",
    removeNosAndNa: false,
    includeDocuments: true,
    convertImagesToPdfs: false,
    reviewedOnly: false,
    ...input,
  });
  let progress = started!;
  for (let i = 0; i < 200 && (progress.status === "pending" || progress.status === "processing"); i++) {
    await new Promise((r) => setTimeout(r, 100));
    progress = await exportsServer.exportProgress(acme, advisor, started!.id);
  }
  expect(progress.status).toBe("completed");
  expect(progress.downloadPath).toBe(`/api/staff/exports/${progress.id}/download`);
  const url = await exportsServer.exportDownloadUrl(acme, advisor, progress.id);
  const response = await fetch(url);
  expect(response.ok).toBe(true);
  return { progress, bytes: new Uint8Array(await response.arrayBuffer()), disposition: response.headers.get("content-disposition") ?? "" };
}

async function setAnswer(where: string, answer: string | null, special: string | null = null) {
  const { rows } = await su.query(
    `UPDATE questions SET answer = $2, special_answer = $3::"SpecialAnswer", answer_by = NULL
      WHERE id = (SELECT id FROM questions WHERE questionnaire_id = $1 AND deleted_at IS NULL AND follow_up_question_id IS NULL
        AND section_id IN (SELECT id FROM sections WHERE trigger_question_id IS NULL) AND ${where} ORDER BY "order" LIMIT 1) RETURNING id, text`,
    [q.id, answer, special],
  );
  return rows[0] as { id: string; text: string };
}

beforeAll(async () => {
  t = await setupTestDb({ seed: true, s3: "exports-test" });
  su = t.su;
  exportsServer = await import("../../app/exports/exports.server");
  storage = await import("../../app/storage.server");
  acme = await t.firmSite("acme");
  advisor = await t.sessionUser("advisor@acme.test", "acme", { isAdvisor: true });
  const { rows } = await su.query(
    `SELECT q.id, q.company_id, c.name AS entity, q.name, q.tax_year FROM questionnaires q JOIN companies c ON c.id = q.company_id
      JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = 'client@acme.test' AND q.deleted_at IS NULL AND q.name = '2025 Individual Tax Organizer' ORDER BY q.tax_year DESC LIMIT 1`,
  );
  q = { id: rows[0].id, companyId: rows[0].company_id, entityName: rows[0].entity, name: rows[0].name, taxYear: rows[0].tax_year };
  // Two uploaded files of the questionnaire: a PDF in a folder and a PNG.
  const pdfKey = `firms/firm_acme/entities/${q.companyId}/documents/export-w2.pdf`;
  const pngKey = `firms/firm_acme/entities/${q.companyId}/documents/export-receipt.png`;
  const pdfBytes = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
  await storage.putObject({ firmId: "firm_acme", key: pdfKey, bytes: pdfBytes, contentType: "application/pdf" });
  await storage.putObject({ firmId: "firm_acme", key: pngKey, bytes: PNG, contentType: "image/png" });
  await su.query(
    `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, size_bytes, content_type, questionnaire_id)
     VALUES ('doc_export_w2', 'firm_acme', $1, 'file', '/2025/Wages', 'W-2 Acme.pdf', $2, $3, 'application/pdf', $4),
            ('doc_export_png', 'firm_acme', $1, 'file', '/2025', 'receipt.png', $5, $6, 'image/png', $4)`,
    [q.companyId, pdfKey, pdfBytes.length, q.id, pngKey, PNG.length],
  );
}, 120_000);

afterAll(() => t?.close());

describe("questionnaire export", () => {
  it("makes the PDF by section and question with notes and the uploaded files; 'PDF only' drops No and N/A", async () => {
    const text = await setAnswer(`question_type = 'text'`, "Lives in Springfield");
    const no = await setAnswer(`question_type = 'boolean'`, "No");
    const na = await setAnswer(`question_type IN ('textarea', 'select', 'date')`, null, "not_applicable");
    await su.query(
      `INSERT INTO question_comments (id, firm_id, question_id, author_id, body) SELECT 'note_export', 'firm_acme', $1, id, 'We moved in March' FROM users WHERE email = 'client@acme.test' AND firm_id = 'firm_acme'`,
      [text.id],
    );
    const { bytes, progress, disposition } = await exportAndRead({ format: "pdf" });
    expect(progress.name).toMatch(new RegExp(`^${q.entityName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} - ${q.name} \\(${q.taxYear}\\) \\d{4}-\\d{2}-\\d{2}$`));
    expect(decodeURIComponent(disposition)).toContain(".pdf");
    const all = await pdfText(bytes);
    expect(all).toContain(`${q.name} (${q.taxYear})`);
    expect(all).toContain("Lives in Springfield");
    expect(all).toMatch(/Note: .*: We moved in March/);
    expect(all).toContain(no.text.slice(0, 30));
    expect(all).toContain(na.text.slice(0, 30));
    expect(all).toContain("Uploaded files");
    expect(all).toContain("W-2 Acme.pdf");

    const trimmed = await pdfText((await exportAndRead({ format: "pdf", removeNosAndNa: true })).bytes);
    expect(trimmed).toContain(text.text.slice(0, 30));
    expect(trimmed).not.toContain(no.text.slice(0, 30));
    expect(trimmed).not.toContain(na.text.slice(0, 30));
  });

  it("makes the spreadsheet: one row per question, and a formula-looking answer stays text", async () => {
    const formula = await setAnswer(`question_type = 'text'`, '=HYPERLINK("http://evil.test","x")');
    const plus = await setAnswer(`question_type = 'textarea'`, "+1 555 0100");
    const { bytes } = await exportAndRead({ format: "spreadsheet", removeNosAndNa: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Answers")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Section", "#", "Question", "Answer", "Status", "Files", "Notes"]);
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push(row));
    // 'PDF only' does not apply to spreadsheets: the No answer is there.
    const { rows: count } = await su.query(
      `SELECT count(*)::int AS n FROM questions WHERE questionnaire_id = $1 AND deleted_at IS NULL AND follow_up_question_id IS NULL`,
      [q.id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(count[0].n - 5);
    const formulaRow = rows.find((r) => r.getCell(3).value === formula.text)!;
    expect(formulaRow.getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(formulaRow.getCell(4).value).toBe('=HYPERLINK("http://evil.test","x")');
    expect(formulaRow.getCell(4).formula).toBeUndefined();
    expect(formulaRow.getCell(5).value).toBe("Completed");
    const plusRow = rows.find((r) => r.getCell(3).value === plus.text)!;
    expect(plusRow.getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(plusRow.getCell(4).value).toBe("+1 555 0100");
    // The raw XML holds no formula element at all.
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
    expect(xml).not.toContain("<f>");
  });

  it("makes the zip: the answers PDF and every uploaded document in its folder, images as PDFs when asked", async () => {
    const { bytes, progress } = await exportAndRead({ format: "zip", convertImagesToPdfs: true });
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    const root = progress.name;
    expect(names).toContain(`${root}/${root}.pdf`);
    expect(names).toContain(`${root}/2025/Wages/W-2 Acme.pdf`);
    expect(names).toContain(`${root}/2025/receipt.pdf`);
    expect(await pdfText(await zip.file(`${root}/2025/receipt.pdf`)!.async("uint8array"))).toBe("");
    expect(
      Buffer.from(await zip.file(`${root}/2025/receipt.pdf`)!.async("uint8array"))
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(progress.done).toBe(progress.total);
    expect(progress.total).toBe(3);

    const unconverted = await exportAndRead({ format: "zip" });
    const names2 = Object.keys((await JSZip.loadAsync(unconverted.bytes)).files);
    expect(names2).toContain(`${unconverted.progress.name}/2025/receipt.png`);
  });

  it("tells the requester in the bell, with the download link; the file is under the firm's exports prefix", async () => {
    const { progress } = await exportAndRead({ format: "pdf", saveAsNames: ["My export"] });
    expect(progress.name).toBe("My export");
    const { rows } = await su.query(`SELECT text, link FROM notifications WHERE user_id = $1 AND link = $2`, [advisor.id, progress.downloadPath]);
    expect(rows).toEqual([{ text: "Your export My export.pdf is ready to download", link: progress.downloadPath }]);
    const { rows: job } = await su.query(`SELECT storage_key FROM export_jobs WHERE id = $1`, [progress.id]);
    expect(job[0].storage_key).toMatch(new RegExp(`^firms/firm_acme/exports/${progress.id}/`));
  });
});

describe("who may export", () => {
  it("another firm's questionnaire, an unknown id, or a mix with one is 404 and starts nothing", async () => {
    const summit = await t.firmSite("summit");
    const summitAdvisor = await t.sessionUser("advisor@summit.test", "summit", { isAdvisor: true });
    const before = (await su.query(`SELECT count(*)::int AS n FROM export_jobs`)).rows[0].n;
    const base = { format: "pdf" as const, removeNosAndNa: false, includeDocuments: true, convertImagesToPdfs: false, reviewedOnly: false };
    await expect(exportsServer.startQuestionnaireExports(summit, summitAdvisor, { ...base, questionnaireIds: [q.id] })).rejects.toMatchObject({ status: 404 });
    await expect(exportsServer.startQuestionnaireExports(acme, advisor, { ...base, questionnaireIds: [q.id, "nope"] })).rejects.toMatchObject({ status: 404 });
    const client = await t.sessionUser("client@acme.test", "acme");
    await expect(exportsServer.startQuestionnaireExports(acme, client, { ...base, questionnaireIds: [q.id] })).rejects.toMatchObject({ status: 404 });
    const notAdvisor = await t.sessionUser("advisor@acme.test", "acme", { isAdvisor: false });
    await expect(exportsServer.startQuestionnaireExports(acme, notAdvisor, { ...base, questionnaireIds: [q.id] })).rejects.toMatchObject({ status: 403 });
    expect((await su.query(`SELECT count(*)::int AS n FROM export_jobs`)).rows[0].n).toBe(before);
  });

  it("group access exports only its own group's questionnaires", async () => {
    const summit = await t.firmSite("summit");
    const nina = await t.sessionUser("nina.patel@summit.test", "summit", { isAdvisor: true });
    const { rows } = await su.query(
      `SELECT q.id, (o.firm_group_id = (SELECT firm_group_id FROM users WHERE id = $1)) AS own
         FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users o ON o.id = c.primary_owner_id
        WHERE q.firm_id = 'firm_summit' AND q.deleted_at IS NULL AND c.deleted_at IS NULL AND o.firm_group_id IS NOT NULL`,
      [nina.id],
    );
    const other = rows.find((r) => !r.own);
    const own = rows.find((r) => r.own);
    const base = { format: "spreadsheet" as const, removeNosAndNa: false, includeDocuments: true, convertImagesToPdfs: false, reviewedOnly: false };
    await expect(exportsServer.startQuestionnaireExports(summit, nina, { ...base, questionnaireIds: [other.id] })).rejects.toMatchObject({ status: 404 });
    const [started] = await exportsServer.startQuestionnaireExports(summit, nina, { ...base, questionnaireIds: [own.id] });
    expect(started!.status).toBe("pending");
  });

  it("only the requester follows or downloads an export: another staff member or firm gets 404", async () => {
    const [started] = await exportsServer.startQuestionnaireExports(acme, advisor, {
      questionnaireIds: [q.id],
      format: "pdf",
      removeNosAndNa: false,
      includeDocuments: true,
      convertImagesToPdfs: false,
      reviewedOnly: false,
    });
    const partner = await t.sessionUser("partner@acme.test", "acme");
    await expect(exportsServer.exportProgress(acme, partner, started!.id)).rejects.toMatchObject({ status: 404 });
    await expect(exportsServer.exportDownloadUrl(acme, partner, started!.id)).rejects.toMatchObject({ status: 404 });
    const summit = await t.firmSite("summit");
    await expect(exportsServer.exportProgress(summit, { ...advisor, firmId: "firm_summit" } as SessionUser, started!.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(exportsServer.exportProgress(acme, advisor, "../../etc")).rejects.toMatchObject({ status: 404 });
  });
});
