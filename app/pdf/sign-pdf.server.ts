/**
 * Signed copies of PDFs (pdf_signature sections) and the demo PDFs, with pdf-lib.
 *
 * A signed copy is the original's pages, untouched, with each signer's signature stamped in a
 * box at the foot of the last page (the name in an italic face, the date and "Signed
 * electronically"), then a signature certificate page listing every signer with time, local time
 * and IP address. The original object is never changed: the copy is a new object and document.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { signatureCertificateLines, type SignatureRecord } from "~/questionnaires/rules";

/** The largest original a signed copy is made from in a request (the whole file is in memory). */
export const MAX_SIGNABLE_BYTES = 32 * 1024 * 1024;

const INK = rgb(0.07, 0.16, 0.4);
const GREY = rgb(0.35, 0.35, 0.4);

/** pdf-lib's standard fonts speak WinAnsi only: anything else becomes '?' rather than failing. */
function printable(text: string, font: PDFFont): string {
  const chars = Array.from(text.normalize("NFC"));
  return chars
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

function fitText(text: string, font: PDFFont, size: number, maxWidth: number): string {
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > maxWidth) t = t.slice(0, -1);
  return t === text ? t : `${t.slice(0, -3)}...`;
}

function stamp(page: PDFPage, fonts: { script: PDFFont; body: PDFFont }, signer: SignatureRecord, index: number, count: number) {
  const { width } = page.getSize();
  const margin = 36;
  const gap = 12;
  const perRow = Math.min(count, 2);
  const boxWidth = (width - margin * 2 - gap * (perRow - 1)) / perRow;
  const boxHeight = 58;
  const column = index % perRow;
  const row = Math.floor(index / perRow);
  const x = margin + column * (boxWidth + gap);
  const y = margin + row * (boxHeight + gap);
  page.drawRectangle({ x, y, width: boxWidth, height: boxHeight, color: rgb(1, 1, 1), opacity: 0.92, borderColor: INK, borderWidth: 0.8 });
  const name = fitText(printable(signer.signature, fonts.script), fonts.script, 18, boxWidth - 16);
  page.drawText(name, { x: x + 8, y: y + 30, size: 18, font: fonts.script, color: INK });
  const at = typeof signer.signedAt === "string" ? signer.signedAt : signer.signedAt.toISOString();
  const caption = fitText(printable(`Signed electronically by ${signer.userName} on ${at.slice(0, 10)}`, fonts.body), fonts.body, 8, boxWidth - 16);
  page.drawText(caption, { x: x + 8, y: y + 10, size: 8, font: fonts.body, color: GREY });
}

/** The signed copy of `original` (bytes of a PDF) with `signers` (in signing order). */
export async function signPdf(original: Uint8Array, documentName: string, signers: readonly SignatureRecord[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const fonts = { script: await pdf.embedFont(StandardFonts.TimesRomanItalic), body: await pdf.embedFont(StandardFonts.Helvetica) };
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = pdf.getPages();
  const last = pages[pages.length - 1];
  if (last) signers.forEach((signer, i) => stamp(last, fonts, signer, i, signers.length));

  // The certificate page, in US Letter.
  let page = pdf.addPage([612, 792]);
  let y = 792 - 72;
  page.drawText("Signature certificate", { x: 72, y, size: 18, font: bold, color: INK });
  y -= 30;
  for (const line of signatureCertificateLines(documentName, signers)) {
    if (y < 72) {
      page = pdf.addPage([612, 792]);
      y = 792 - 72;
    }
    if (line) page.drawText(fitText(printable(line, fonts.body), fonts.body, 11, 468), { x: 72, y, size: 11, font: fonts.body, color: rgb(0.1, 0.1, 0.1) });
    y -= 16;
  }
  pdf.setModificationDate(new Date());
  return pdf.save();
}

/** A small text PDF (demo documents and tests): a title, then paragraphs wrapped to the page, on as many pages as it takes. */
export async function textPdf(title: string, paragraphs: readonly string[], options: { pages?: number } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pageCount = Math.max(1, options.pages ?? 1);
  const perPage = Math.ceil(paragraphs.length / pageCount);
  for (let p = 0; p < pageCount; p++) {
    const page = pdf.addPage([612, 792]);
    let y = 792 - 72;
    page.drawText(printable(title, bold), { x: 72, y, size: 18, font: bold, color: INK });
    y -= 14;
    page.drawLine({ start: { x: 72, y }, end: { x: 540, y }, thickness: 1, color: INK });
    y -= 26;
    for (const paragraph of paragraphs.slice(p * perPage, (p + 1) * perPage)) {
      const words = printable(paragraph, body).split(/\s+/);
      let line = "";
      for (const word of words) {
        const next = line ? `${line} ${word}` : word;
        if (body.widthOfTextAtSize(next, 11) > 468) {
          page.drawText(line, { x: 72, y, size: 11, font: body });
          y -= 16;
          line = word;
        } else line = next;
      }
      if (line) page.drawText(line, { x: 72, y, size: 11, font: body });
      y -= 26;
    }
    page.drawText(`Page ${p + 1} of ${pageCount}`, { x: 72, y: 40, size: 9, font: body, color: GREY });
  }
  return pdf.save();
}
