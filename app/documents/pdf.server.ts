/**
 * PDF checks and splitting with pdf-lib.
 *
 * Memory: pdf-lib needs the whole file in memory, so the confirm step only parses PDFs up to
 * FULL_CHECK_BYTES (32 MB). Larger ones (up to the 150 MB upload limit) are checked from two
 * ranged reads: the first bytes (the header) and the last TAIL_BYTES (the trailer or the xref
 * stream's dictionary, where /Encrypt lives, and %%EOF). So a confirm never holds more than 32 MB
 * of one file. Splitting runs in a background job and reads the whole PDF (capped at 150 MB).
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { readExistingObject, readObjectRange } from "~/storage.server";
import { formatRange, pagesOf, type PageRange } from "./splits/page-ranges";

export const FULL_CHECK_BYTES = 32 * 1024 * 1024;
export const TAIL_BYTES = 1024 * 1024;
export const MAX_PDF_BYTES = 150 * 1024 * 1024;

export const PDF_MESSAGES = {
  protected: "The PDFs you uploaded are either password-protected or cannot be opened. Please either remove the password or upload alternative files.",
  invalid: "We were unable to process some of uploaded files as they appear to be INVALID. Kindly check those files and try uploading them again.",
  splitFailed: "An error occurred while splitting the document.",
} as const;

export type PdfCheck = { ok: true; pageCount: number | null } | { ok: false; problem: "encrypted" | "unreadable" };

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");

/** An /Encrypt entry in a trailer or xref-stream dictionary. */
function hasEncryptEntry(text: string): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text);
}

/**
 * Checks a whole PDF in memory: encrypted (an /Encrypt entry in the trailer) or cannot be opened
 * (no %PDF- header, no %%EOF at the end — a truncated file — or pdf-lib cannot parse it).
 */
export async function checkPdfBytes(bytes: Uint8Array): Promise<PdfCheck> {
  if (!latin1(bytes.subarray(0, 1024)).includes("%PDF-")) return { ok: false, problem: "unreadable" };
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)));
  if (hasEncryptEntry(tail)) return { ok: false, problem: "encrypted" };
  if (!tail.includes("%%EOF")) return { ok: false, problem: "unreadable" };
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    if (pdf.isEncrypted) return { ok: false, problem: "encrypted" };
    // A document whose page tree pdf-lib cannot follow still opened: not flagged, page count unknown.
    let pageCount: number | null = null;
    try {
      pageCount = pdf.getPageCount();
    } catch {
      pageCount = null;
    }
    return { ok: true, pageCount };
  } catch {
    return { ok: false, problem: "unreadable" };
  }
}

/** Checks a stored PDF of `size` bytes without holding more than FULL_CHECK_BYTES (see above). */
export async function checkStoredPdf(options: { firmId: string; key: string; size: number }): Promise<PdfCheck> {
  const { firmId, key, size } = options;
  if (size <= FULL_CHECK_BYTES) return checkPdfBytes(await readExistingObject({ firmId, key, maxBytes: FULL_CHECK_BYTES }));
  const head = latin1(await readObjectRange({ firmId, key, start: 0, end: 1023 }));
  if (!head.includes("%PDF-")) return { ok: false, problem: "unreadable" };
  const tail = latin1(await readObjectRange({ firmId, key, start: -TAIL_BYTES }));
  if (!tail.includes("%%EOF")) return { ok: false, problem: "unreadable" };
  if (hasEncryptEntry(tail)) return { ok: false, problem: "encrypted" };
  return { ok: true, pageCount: null };
}

/** A stored PDF, loaded for splitting (at most MAX_PDF_BYTES); throws when encrypted or unreadable. */
export async function loadStoredPdf(options: { firmId: string; key: string }): Promise<PDFDocument> {
  const bytes = await readExistingObject({ ...options, maxBytes: MAX_PDF_BYTES });
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  if (pdf.isEncrypted) throw new Error("The PDF is encrypted");
  return pdf;
}

/** One new PDF per range, with those pages of `source` copied in order. */
export async function splitPdf(source: PDFDocument, ranges: PageRange[]): Promise<{ range: PageRange; label: string; bytes: Uint8Array; pageCount: number }[]> {
  const total = source.getPageCount();
  const parts = [];
  for (const range of ranges) {
    if (range.from < 1 || range.to > total || range.to < range.from) throw new RangeError(`Pages ${formatRange(range)} are not in this ${total}-page document`);
    const part = await PDFDocument.create();
    const pages = await part.copyPages(
      source,
      pagesOf(range).map((p) => p - 1),
    );
    for (const page of pages) part.addPage(page);
    parts.push({ range, label: formatRange(range), bytes: await part.save(), pageCount: pages.length });
  }
  return parts;
}

/** US Letter in points: converted images are scaled down to fit it, never up. */
const LETTER = { width: 612, height: 792 } as const;

/** A PNG or JPEG as a one-page PDF, the image centred on a Letter page (landscape for wide images). */
export async function imageToPdf(bytes: Uint8Array, kind: "png" | "jpeg"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = kind === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  const landscape = image.width > image.height;
  const page = pdf.addPage(landscape ? [LETTER.height, LETTER.width] : [LETTER.width, LETTER.height]);
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const scale = Math.min(1, (pageWidth - 36) / image.width, (pageHeight - 36) / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height });
  return pdf.save();
}
