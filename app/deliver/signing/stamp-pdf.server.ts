/**
 * The signed copy's bytes, with pdf-lib: each signature (drawn image or typed name in an italic
 * face) stamped into its box, the signing date into each date box, then an audit page.
 *
 * Hashes: `unsignedSha256` is of the original file; `signedPagesSha256` is of the stamped document
 * as saved just before the audit page was added (printed on the audit page, which cannot contain
 * the hash of the file it is part of); `finalSha256` is of the returned file (audit page
 * included), which the caller stores (TaxReturn.signedSha256).
 */
import { createHash } from "node:crypto";
import { PDFDocument, rgb, StandardFonts, type PDFFont } from "@cantoo/pdf-lib";
import { auditLines, signingDate, type AuditSigner } from "./rules";

const INK = rgb(0.07, 0.16, 0.4);

export interface StampField {
  signerId: string;
  kind: "signature" | "date";
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StampSigner extends AuditSigner {
  id: string;
  text: string | null;
  png: Uint8Array | null;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function printable(text: string, font: PDFFont): string {
  return Array.from(text.normalize("NFC"))
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return "?";
      }
    })
    .join("");
}

/** The largest font size (at most `max`) at which `text` fits `width` × `height`. */
function fitSize(text: string, font: PDFFont, width: number, height: number, max: number): number {
  let size = Math.min(max, height * 0.8);
  while (size > 4 && font.widthOfTextAtSize(text, size) > width * 0.95) size -= 0.5;
  return size;
}

export async function stampSignedCopy(input: {
  original: Uint8Array;
  documentName: string;
  fields: readonly StampField[];
  signers: readonly StampSigner[];
  firmTimeZone: string | null | undefined;
  completedAt: Date;
}): Promise<{ bytes: Uint8Array; unsignedSha256: string; signedPagesSha256: string; finalSha256: string }> {
  const unsignedSha256 = sha256(input.original);
  const pdf = await PDFDocument.load(input.original, { updateMetadata: false });
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = pdf.getPages();
  const signers = new Map(input.signers.map((s) => [s.id, s]));
  const images = new Map<string, Awaited<ReturnType<typeof pdf.embedPng>>>();
  for (const s of input.signers) if (s.png) images.set(s.id, await pdf.embedPng(s.png));

  for (const field of input.fields) {
    const page = pages[field.page - 1];
    const signer = signers.get(field.signerId);
    if (!page || !signer) continue;
    const { width: pw, height: ph } = page.getSize();
    // Fields are fractions of the page with the origin top-left; PDF's origin is bottom-left.
    const box = { x: field.x * pw, y: ph - (field.y + field.height) * ph, width: field.width * pw, height: field.height * ph };
    if (field.kind === "date") {
      const text = signingDate(signer.signedAt, input.firmTimeZone);
      const size = fitSize(text, body, box.width, box.height, 11);
      page.drawText(text, { x: box.x + 2, y: box.y + (box.height - size) / 2 + 1, size, font: body, color: INK });
      continue;
    }
    const image = images.get(signer.id);
    if (image) {
      const scale = Math.min(box.width / image.width, box.height / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      page.drawImage(image, { x: box.x + (box.width - w) / 2, y: box.y + (box.height - h) / 2, width: w, height: h });
    } else {
      const text = printable(signer.text ?? signer.name, script);
      const size = fitSize(text, script, box.width, box.height, 22);
      page.drawText(text, { x: box.x + 2, y: box.y + (box.height - size) / 2 + 2, size, font: script, color: INK });
    }
  }
  const signedPages = await pdf.save();
  const signedPagesSha256 = sha256(signedPages);

  const copy = await PDFDocument.load(signedPages, { updateMetadata: false });
  let page = copy.addPage([612, 792]);
  const fonts = { body: await copy.embedFont(StandardFonts.Helvetica), bold: await copy.embedFont(StandardFonts.HelveticaBold) };
  void bold;
  let y = 792 - 72;
  page.drawText("Signature audit trail", { x: 72, y, size: 18, font: fonts.bold, color: INK });
  y -= 30;
  const lines = auditLines({
    documentName: input.documentName,
    signers: input.signers,
    firmTimeZone: input.firmTimeZone,
    unsignedSha256,
    signedPagesSha256,
    completedAt: input.completedAt,
  });
  for (const line of lines) {
    if (y < 72) {
      page = copy.addPage([612, 792]);
      y = 792 - 72;
    }
    if (line) page.drawText(printable(line, fonts.body), { x: 72, y, size: line.length > 80 ? 8.5 : 10.5, font: fonts.body, color: rgb(0.1, 0.1, 0.1) });
    y -= 15;
  }
  const bytes = await copy.save();
  return { bytes, unsignedSha256, signedPagesSha256, finalSha256: sha256(bytes) };
}
