/**
 * The three export formats, each made as a stream for the store (never held whole, except the
 * answers PDF, which holds text only):
 * - `answersPdf`: answers by section and question, with the client's notes and files, then the list
 *   of uploaded files (pdf-lib).
 * - `answersSpreadsheet`: one row per question (section, question, answer, status, files, notes),
 *   written row by row with exceljs's streaming WorkbookWriter; every value is a string cell, so
 *   nothing is ever read as a formula.
 * - `answersZip`: the answers PDF plus every uploaded document in its folder (archiver), each read
 *   from the store as a stream; images become PDFs when asked.
 */
import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { ZipArchive } from "archiver";
import ExcelJS from "exceljs";

import { printable, wrap } from "~/conversations/export.server";
import { imageToPdf } from "~/documents/pdf.server";
import { convertibleImage } from "~/documents/rules";
import { createDownloadUrl } from "~/storage.server";
import { formatDateTime } from "~/time-zones";
import type { ExportedFile, ExportRow } from "./rules";
import { safeExportName, uniqueNames, zipFolder } from "./rules";

export interface AnswersDocument {
  title: string;
  entityName: string;
  firmName: string;
  timeZone: string | null;
  rows: ExportRow[];
  files: ExportedFile[];
  now: Date;
}

const PAGE = { width: 612, height: 792, margin: 54 } as const;

export async function answersPdf(doc: AnswersDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(doc.title));
  pdf.setProducer(printable(doc.firmName));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const grey = rgb(0.4, 0.4, 0.45);
  const line = (text: string, font: PDFFont, size: number, indent = 0, color = rgb(0.1, 0.1, 0.12)) => {
    if (y - size < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    page.drawText(text, { x: PAGE.margin + indent, y: y - size, size, font, color });
    y -= size * 1.4;
  };
  const para = (text: string, font: PDFFont, size: number, indent = 0, color?: ReturnType<typeof rgb>) => {
    for (const l of wrap(text, font, size, width - indent)) line(l, font, size, indent, color);
  };
  para(doc.title, bold, 16);
  para(`${doc.entityName} · ${doc.firmName} · exported ${formatDateTime(doc.now, doc.timeZone)}`, regular, 9, 0, grey);
  y -= 8;
  let section: string | null = null;
  if (doc.rows.length === 0) para("No answers to export.", regular, 11);
  for (const row of doc.rows) {
    if (row.section !== section) {
      section = row.section;
      y -= 6;
      para(row.section, bold, 13);
    }
    para(`${row.number} ${row.question}`.trim(), bold, 10, 8);
    para(row.answer || "(no answer)", regular, 10, 20, row.answer ? undefined : grey);
    para(`Status: ${row.status}`, regular, 8, 20, grey);
    if (row.files.length) para(`Files: ${row.files.join(", ")}`, regular, 9, 20);
    for (const note of row.notes) para(`Note: ${note}`, regular, 9, 20);
    y -= 4;
  }
  y -= 8;
  para("Uploaded files", bold, 13);
  if (doc.files.length === 0) para("No files were uploaded.", regular, 10, 8);
  for (const f of doc.files)
    para(`${f.path === "/" ? "" : `${f.path.replace(/^\/+/, "")}/`}${f.name}${f.documentType ? ` (${f.documentType})` : ""}`, regular, 9, 8);
  return pdf.save();
}

/** The .xlsx, streamed: rows are committed as they are written (the writer keeps none of them). */
export function answersSpreadsheet(doc: AnswersDocument): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = doc.firmName;
  workbook.created = doc.now;
  const write = async () => {
    const sheet = workbook.addWorksheet("Answers");
    sheet.columns = [
      { header: "Section", key: "section", width: 28 },
      { header: "#", key: "number", width: 6 },
      { header: "Question", key: "question", width: 50 },
      { header: "Answer", key: "answer", width: 40 },
      { header: "Status", key: "status", width: 12 },
      { header: "Files", key: "files", width: 40 },
      { header: "Notes", key: "notes", width: 40 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const row of doc.rows) {
      const values = [row.section, row.number, row.question, row.answer, row.status, row.files.join(", "), row.notes.join("\n")];
      const added = sheet.addRow([]);
      // Each value is set as a string cell: "=SUM(A1)" stays the text the client typed.
      values.forEach((v, i) => {
        added.getCell(i + 1).value = v;
      });
      added.commit();
    }
    sheet.commit();
    const files = workbook.addWorksheet("Files");
    files.columns = [
      { header: "Folder", key: "folder", width: 30 },
      { header: "File", key: "name", width: 40 },
      { header: "Document type", key: "type", width: 24 },
    ];
    files.getRow(1).font = { bold: true };
    for (const f of doc.files) files.addRow([f.path, f.name, f.documentType ?? ""]).commit();
    files.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

export interface ZipInput {
  name: string;
  pdf: Uint8Array;
  files: ExportedFile[];
  firmId: string;
  convertImages: boolean;
  /** After each document is added (progress). */
  onFile?: (done: number) => Promise<void> | void;
}

/**
 * The zip: '{name}/{name}.pdf' and each document at '{name}/{its folder}/{file}', read one after
 * the other from the store through a short presigned URL (one chunk in memory at a time).
 */
export function answersZip(input: ZipInput): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const root = safeExportName(input.name);
  const documents = input.files.filter((f) => f.storageKey);
  const convert = (f: ExportedFile) => (input.convertImages ? convertibleImage(f.contentType) : null);
  const names = uniqueNames([
    `${root}/${root}.pdf`,
    ...documents.map((f) => {
      const base = safeExportName(f.name);
      const named = convert(f) ? `${base.replace(/\.[^.]+$/, "")}.pdf` : base;
      return `${zipFolder(input.name, f.path)}/${named}`;
    }),
  ]);
  (async () => {
    // Each entry's listeners go once it is in (500 documents must not leave 500 error listeners).
    const added = () =>
      new Promise<void>((resolve, reject) => {
        const onEntry = () => {
          archive.off("error", onError);
          resolve();
        };
        const onError = (error: Error) => {
          archive.off("entry", onEntry);
          reject(error);
        };
        archive.once("entry", onEntry);
        archive.once("error", onError);
      });
    let wait = added();
    archive.append(Buffer.from(input.pdf), { name: names[0]! });
    await wait;
    for (const [i, f] of documents.entries()) {
      const url = await createDownloadUrl({ firmId: input.firmId, key: f.storageKey!, fileName: f.name, expiresInSeconds: 300 });
      const response = await fetch(url);
      if (!response.ok || !response.body) throw new Error(`Could not read ${f.storageKey}: ${response.status}`);
      wait = added();
      const kind = convert(f);
      if (kind) archive.append(Buffer.from(await imageToPdf(new Uint8Array(await response.arrayBuffer()), kind)), { name: names[i + 1]! });
      else archive.append(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), { name: names[i + 1]! });
      await wait;
      await input.onFile?.(i + 1);
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}
