/**
 * Usage: npx tsx scripts/bench/pdf-sign.ts
 *
 * How long the signed copy of a pdf_signature section takes to make in the request (pdf-lib:
 * load, stamp the last page, add the certificate page, save), for PDFs of 1 to 200 pages, and
 * how big it gets. No database or store: the pdf-lib work only (the action adds one ranged read
 * and one write to the store).
 */
import { signPdf, textPdf } from "../../app/pdf/sign-pdf.server";

const signers = [
  { userName: "Jordan Rivera", signature: "Jordan Rivera", signedAt: new Date(), ipAddress: "203.0.113.9", clientTime: new Date().toString() },
  { userName: "Casey Rivera", signature: "Casey Rivera", signedAt: new Date(), ipAddress: "203.0.113.10", clientTime: null },
];
const paragraph =
  "Under penalties of perjury, I declare that I have examined a copy of the return and accompanying schedules and statements, and to the best of my knowledge and belief, it is true, correct, and complete.";

for (const pages of [1, 10, 50, 200]) {
  const original = await textPdf(
    `Document of ${pages} pages`,
    Array.from({ length: pages * 6 }, () => paragraph),
    { pages },
  );
  const runs: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    size = (await signPdf(original, "document.pdf", signers)).length;
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${String(pages).padStart(3)} pages, ${(original.length / 1024).toFixed(0).padStart(5)} KB → signed ${(size / 1024).toFixed(0).padStart(5)} KB: median ${runs[2].toFixed(1)} ms, max ${runs[4].toFixed(1)} ms`,
  );
}
