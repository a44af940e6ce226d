/**
 * Usage: npx tsx scripts/bench/signed-copy.ts [--pages 120] [--runs 10]
 *
 * How long the signed copy of a tax return takes (app/deliver/signing/stamp-pdf.server.ts): a
 * return of --pages pages (text on every page, as a tax software export has), two signers — one
 * drawn signature (a PNG), one typed — with a signature and a date box each on two e-sign form
 * pages, stamped and given its audit page, --runs times. Prints p50/p95/max, the bytes in and out,
 * the CPU per copy and the process RSS. Target: a 120-page return's signed copy in ≤ 1 s.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { stampSignedCopy, type StampField, type StampSigner } from "~/deliver/signing/stamp-pdf.server";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function makeReturn(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Form 1040 (2025) - page ${n}`, { x: 72, y: 720, size: 14, font });
    for (let line = 0; line < 40; line += 1)
      page.drawText(`Line ${line + 1}: ${"amount ".repeat(6)} ${(n * 1000 + line).toLocaleString("en-US")}`, { x: 72, y: 690 - line * 15, size: 9, font });
  }
  return pdf.save();
}

/** A drawn signature as the signature pad sends it: a PNG of a few strokes. */
async function signaturePng(): Promise<Uint8Array> {
  // 300×100, 8-bit grey, one sine-wave stroke: the shape and size of what the pad sends.
  const { deflateSync, crc32 } = await import("node:zlib");
  const width = 300;
  const height = 100;
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width + 1)] = 0;
    for (let x = 0; x < width; x += 1) if (Math.abs(y - 50 - Math.round(30 * Math.sin(x / 20))) < 2) rows[y * (width + 1) + 1 + x] = 20;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const pages = arg("pages", 120);
  const runs = arg("runs", 10);
  const original = await makeReturn(pages);
  const png = await signaturePng();
  const signedAt = new Date();
  const signers: StampSigner[] = [
    {
      id: "taxpayer",
      name: "Jordan Rivera",
      email: "jordan@example.com",
      ipAddress: "203.0.113.7",
      signedAt,
      method: "drawn",
      identity: "not required",
      text: null,
      png,
    },
    {
      id: "spouse",
      name: "Casey Rivera",
      email: "casey@example.com",
      ipAddress: "203.0.113.8",
      signedAt,
      method: "typed",
      identity: "not required",
      text: "Casey Rivera",
      png: null,
    },
  ];
  const fields: StampField[] = [pages - 3, pages - 1].flatMap((page) =>
    signers.flatMap((s, i) => [
      { signerId: s.id, kind: "signature" as const, page, x: 0.1, y: 0.7 + i * 0.1, width: 0.4, height: 0.06 },
      { signerId: s.id, kind: "date" as const, page, x: 0.6, y: 0.7 + i * 0.1, width: 0.2, height: 0.04 },
    ]),
  );
  const input = { original, documentName: "2025 Form 1040", fields, signers, firmTimeZone: "America/New_York", completedAt: signedAt };
  await stampSignedCopy(input); // warm-up
  const times: number[] = [];
  let out = 0;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const copy = await stampSignedCopy(input);
    times.push(performance.now() - start);
    out = copy.bytes.length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  console.log(`signed copy of a ${pages}-page return (${(original.length / 1024).toFixed(0)} KiB in, ${(out / 1024).toFixed(0)} KiB out), ${runs} runs`);
  console.log(
    `  p50 ${ms(percentile(times, 50))}   p95 ${ms(percentile(times, 95))}   max ${ms(times[times.length - 1])}   target p95 ≤ 1000 ms: ${percentile(times, 95) <= 1000 ? "met" : "NOT met"}`,
  );
  console.log(`  CPU per copy ${((cpu.user + cpu.system) / 1000 / runs).toFixed(0)} ms; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
}

void main();
