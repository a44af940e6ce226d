/**
 * Usage: npx tsx --expose-gc scripts/bench/return-memory.ts [--large-mb 100] [--small-mb 10]
 *
 * The app's memory while an uploaded tax return is processed (the `process-tax-return` job of
 * app/deliver/upload/processing.server.ts): page count and bookmarks read by pdf.js through ranged
 * reads of the store, and the SHA-256 of the stored file read in 8 MB chunks. A --large-mb return
 * (100 MB: 200 pages, each with an incompressible image-sized stream) and a --small-mb one are
 * processed in the same run, the store in its own process so this one holds only what the app
 * holds; RSS, heap and buffers are sampled every 20 ms. Target: the 100 MB return's peak above
 * idle within a few MiB of the small one's (memory flat in the file's size). It also prints how much
 * of the file pdf.js asked for: pdf.js keeps every range it has read, and a return whose page
 * objects are spread through the file (each page beside its scans) is read whole to count its pages.
 * Printed beside it, not a target: a return uploaded in two parts is merged into one file first
 * (@cantoo/pdf-lib, every part in memory), so merging two halves of the large return holds about twice
 * its size.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { gcAvailable, MB, measureMemory, mib } from "./lib/memory";
import { startStoreProcess } from "./lib/store-process";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const LARGE_MB = arg("large-mb", 100);
const SMALL_MB = arg("small-mb", 10);
const FIRM = "firm_bench";

/** A PDF of about `mb` MB: pages of 512 KB random streams (drawn as form XObjects), with a bookmark per 10 pages. */
async function buildPdf(mb: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const pages = Math.max(1, Math.round((mb * MB) / (512 * 1024)));
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([612, 792]);
    const blob = pdf.context.register(pdf.context.stream(randomBytes(512 * 1024), { Type: "XObject", Subtype: "Form", BBox: [0, 0, 1, 1] }));
    page.node.setXObject(PDFName.of(`B${i}`), blob);
    page.drawText(`Page ${i + 1}`, { x: 72, y: 720, size: 12 });
  }
  return pdf.save({ useObjectStreams: false });
}

function measure(run: () => Promise<unknown>) {
  return measureMemory(run, { sampleMs: 20 });
}

const keyOf = (name: string) => `firms/${FIRM}/entities/bench/tax-returns/${name}.pdf`;

/** --build: stores the returns (whole and in two halves, for the merge) and exits; run in a child process. */
async function build() {
  const storage = await import("../../app/storage.server");
  for (const [name, mb] of [
    ["small", SMALL_MB],
    ["large", LARGE_MB],
  ] as const) {
    const bytes = await buildPdf(mb);
    await storage.putObject({ firmId: FIRM, key: keyOf(name), bytes, contentType: "application/pdf" });
    const half = await buildPdf(mb / 2);
    await storage.putObject({ firmId: FIRM, key: keyOf(`${name}-part-1`), bytes: half, contentType: "application/pdf" });
    await storage.putObject({ firmId: FIRM, key: keyOf(`${name}-part-2`), bytes: half, contentType: "application/pdf" });
  }
}

function buildInChild(env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [fileURLToPath(import.meta.url), "--build", ...args], {
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Building the returns failed (${code})`))));
  });
}

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), "bench-return-memory-"));
  const store = await startStoreProcess(path.join(workDir, "s3"));
  Object.assign(process.env, store.env);
  try {
    const storage = await import("../../app/storage.server");
    const processing = await import("../../app/deliver/upload/processing.server");
    await storage.ensureBucket({});
    console.log(
      `Processing an uploaded tax return: ${LARGE_MB} MB beside ${SMALL_MB} MB, the store in its own process; global.gc ${
        gcAvailable() ? "available" : "not available (run with npx tsx --expose-gc)"
      }.`,
    );

    // Built and stored by a child process, so this one's memory is only what the app holds.
    await buildInChild(store.env);
    console.log(
      `built and stored the returns; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );

    /** What the job does with one stored file: pdf.js's facts by ranged reads, then the file's hash. */
    const processOne = async (key: string) => {
      const head = await storage.headObject({ firmId: FIRM, key });
      if (!head) throw new Error(`No object at ${key}`);
      let ranged = 0;
      const facts = await processing.readPdfFacts(head.size, (begin, end) => {
        ranged += end - begin;
        return storage.readObjectRange({ firmId: FIRM, key, start: begin, end: end - 1 });
      });
      const sha256 = await processing.storedSha256(FIRM, key, head.size);
      return { size: head.size, pages: facts.pageCount, sha256, ranged };
    };

    // pdf.js and the store's client loaded once before measuring.
    await processOne(keyOf("small"));
    const rows = [];
    for (const name of ["small", "large"] as const) {
      const run = await measure(() => processOne(keyOf(name)));
      rows.push({ name, ...run, facts: run.result as Awaited<ReturnType<typeof processOne>> });
    }
    for (const r of rows) {
      console.log(
        `  process ${r.name.padEnd(5)} ${mib(r.facts.size).padStart(10)} ${String(r.facts.pages).padStart(4)} pages (pdf.js read ${mib(r.facts.ranged)}) in ${(r.ms / 1000).toFixed(1)} s, CPU ${(r.cpuMs / 1000).toFixed(1)} s;` +
          ` peak above idle: RSS +${mib(r.peak.rss - r.idle.rss)}, heap +${mib(r.peak.heap - r.idle.heap)}, buffers +${mib(r.peak.external - r.idle.external)} (idle RSS ${mib(r.idle.rss)})`,
      );
    }
    const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const growth = large.peak.rss - large.idle.rss - (small.peak.rss - small.idle.rss);
    const pagesRight = rows.every((r) => r.facts.pages === Math.max(1, Math.round((r.name === "small" ? SMALL_MB : LARGE_MB) * 2)));
    console.log(
      `  the ${LARGE_MB} MB return's peak above idle differs by ${mib(growth)} from the ${SMALL_MB} MB one's (${(large.facts.size / small.facts.size).toFixed(1)}× the bytes). ` +
        `Target: memory flat (within 32 MiB), every page counted: ${Math.abs(growth) < 32 * MB && pagesRight ? "met" : "NOT met"}.`,
    );

    for (const name of ["small", "large"] as const) {
      const target = keyOf(`${name}-merged`);
      const run = await measure(() => processing.mergeParts(FIRM, target, [keyOf(`${name}-part-1`), keyOf(`${name}-part-2`)]));
      const head = await storage.headObject({ firmId: FIRM, key: target });
      console.log(
        `  merge two halves (${name}) into ${mib(head?.size ?? 0)} in ${(run.ms / 1000).toFixed(1)} s, CPU ${(run.cpuMs / 1000).toFixed(1)} s;` +
          ` peak above idle: RSS +${mib(run.peak.rss - run.idle.rss)}, buffers +${mib(run.peak.external - run.idle.external)} (not a target: the parts are held to merge)`,
      );
    }
    console.log(
      `load average after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    store.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

(args.includes("--build") ? build() : main()).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
