/**
 * The `process-tax-return` job { firmId, taxReturnId, partKeys }: turns an uploaded return from
 * `processing` into `action_required` (page count, bookmarks, SHA-256 of the unsigned file), or into
 * `error` with the spec's text when the PDF is password-protected, cannot be opened or has no pages.
 *
 * Idempotent: the row is the source of truth. A job finding the return no longer `processing` does
 * nothing; the status change is an `updateMany` guarded by `statusesFor(...)`, so a retry or a
 * duplicate never records anything twice; a merge already written is not written again.
 *
 * Memory, for one PDF (the usual case): the app never holds the file. The SHA-256 is computed from
 * ranged reads of HASH_CHUNK_BYTES (2 MB held at a time), and pdf.js reads only the byte ranges it
 * needs (cross-reference table, page tree, outline) through a range transport, in RANGE_CHUNK_BYTES
 * chunks. pdf.js reserves an array of the file's length but writes only the chunks it loads, and it
 * keeps them: to count pages it reads every page's dictionary, which in a large return sits beside
 * that page's scans, so the chunks are small (64 KB: about 13 MB read for a 100 MB, 200-page return,
 * where 1 MB chunks read the whole file). scripts/bench/return-memory.ts measures it. Several PDFs are merged with pdf-lib,
 * which needs every part and the merged result in memory at once (parts are capped at 150 MB each):
 * that happens only when staff upload more than one file.
 */
import { createHash } from "node:crypto";
import type * as PdfJsLegacy from "pdfjs-dist/legacy/build/pdf.mjs";
import { firmDb } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { deleteObjects, headObject, putObject, readExistingObject, readObjectRange } from "~/storage.server";
import { MAX_UPLOAD_BYTES } from "~/storage/uploads";
import { recordTaxReturnEvent } from "../events.server";
import { statusesFor, TAX_RETURN_MESSAGES } from "../rules";
import { mergePdfs } from "./merge.server";

export const PROCESS_TAX_RETURN_JOB = "process-tax-return";
export const HASH_CHUNK_BYTES = 2 * 1024 * 1024;
export const RANGE_CHUNK_BYTES = 64 * 1024;

export interface ProcessTaxReturnJob {
  firmId: string;
  taxReturnId: string;
  /** Several uploaded PDFs, in the order to merge (empty: the return's object is the upload). */
  partKeys: string[];
}

export interface OutlineNode {
  title: string;
  page: number | null;
  children: OutlineNode[];
}

export interface PdfFacts {
  pageCount: number;
  /** null when the PDF's bookmarks could not be read (the page shows 'Failed to load PDF bookmarks'). */
  outline: OutlineNode[] | null;
}

export class UnreadablePdf extends Error {}

type PdfJs = typeof PdfJsLegacy;
let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js (legacy build, for Node) once per process. */
function loadPdfJs(): Promise<PdfJs> {
  // pdf.js 6 uses Promise.withResolvers (Node 22+); older runtimes get the standard shape.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  if (!P.withResolvers)
    P.withResolvers = function withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((a, b) => {
        resolve = a;
        reject = b;
      });
      return { promise, resolve, reject };
    };
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}

const MAX_OUTLINE_ITEMS = 2000;
const MAX_OUTLINE_DEPTH = 8;

/** Page count and bookmarks of a PDF read through `readRange(begin, end)` (end exclusive), `length` bytes long. */
export async function readPdfFacts(length: number, readRange: (begin: number, end: number) => Promise<Uint8Array>): Promise<PdfFacts> {
  const lib = await loadPdfJs();
  class StoreRange extends lib.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      readRange(begin, end).then(
        (chunk) => this.onDataRange(begin, chunk),
        () => this.abort(),
      );
    }
  }
  const transport = new StoreRange(length, new Uint8Array(0));
  const task = lib.getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw new UnreadablePdf(error instanceof Error ? error.name : "unreadable");
    });
    let items = 0;
    const pageOf = async (dest: unknown): Promise<number | null> => {
      try {
        const resolved = typeof dest === "string" ? await doc.getDestination(dest) : dest;
        if (!Array.isArray(resolved) || resolved[0] == null) return null;
        const target = resolved[0] as unknown;
        if (typeof target === "number") return target + 1;
        return (await doc.getPageIndex(target as Parameters<typeof doc.getPageIndex>[0])) + 1;
      } catch {
        return null;
      }
    };
    type RawItem = { title: string; dest: unknown; items: RawItem[] };
    const walk = async (raw: RawItem[] | null, depth: number): Promise<OutlineNode[]> => {
      const out: OutlineNode[] = [];
      for (const item of raw ?? []) {
        if (items++ >= MAX_OUTLINE_ITEMS) break;
        out.push({
          title: String(item.title ?? "").slice(0, 300),
          page: await pageOf(item.dest),
          children: depth < MAX_OUTLINE_DEPTH ? await walk(item.items, depth + 1) : [],
        });
      }
      return out;
    };
    let outline: OutlineNode[] | null;
    try {
      outline = await walk((await doc.getOutline()) as RawItem[] | null, 0);
    } catch {
      outline = null;
    }
    return { pageCount: doc.numPages, outline };
  } finally {
    await task.destroy();
  }
}

/** SHA-256 (hex) of a stored object from ranged reads (HASH_CHUNK_BYTES held at a time). */
export async function storedSha256(firmId: string, key: string, size: number): Promise<string> {
  const hash = createHash("sha256");
  for (let start = 0; start < size; start += HASH_CHUNK_BYTES) {
    hash.update(await readObjectRange({ firmId, key, start, end: Math.min(size, start + HASH_CHUNK_BYTES) - 1 }));
  }
  return hash.digest("hex");
}

/** Writes the merged return once (a retry finds it written), then removes the parts. */
export async function mergeParts(firmId: string, storageKey: string, partKeys: string[]): Promise<void> {
  if (!(await headObject({ firmId, key: storageKey }))) {
    const parts: Uint8Array[] = [];
    for (const key of partKeys) parts.push(await readExistingObject({ firmId, key, maxBytes: MAX_UPLOAD_BYTES }));
    const merged = await mergePdfs(parts).catch(() => {
      throw new UnreadablePdf("merge");
    });
    parts.length = 0;
    await putObject({ firmId, key: storageKey, bytes: merged, contentType: "application/pdf" });
  }
  await deleteObjects({ firmId, keys: partKeys.filter((k) => k !== storageKey) }).catch(() => {});
}

export async function runProcessTaxReturn(data: unknown): Promise<{ status: string }> {
  const job = data as ProcessTaxReturnJob;
  if (!job || typeof job.firmId !== "string" || typeof job.taxReturnId !== "string") return { status: "ignored" };
  const db = firmDb(job.firmId);
  const row = await db.taxReturn.findFirst({ where: { id: job.taxReturnId }, select: { id: true, companyId: true, status: true, storageKey: true } });
  if (!row) throw new Error(`Tax return ${job.taxReturnId} is not visible yet`);
  if (!statusesFor("processed").includes(row.status) || !row.storageKey) return { status: "skipped" };
  const key = row.storageKey;

  let facts: (PdfFacts & { sha256: string; size: number }) | null = null;
  try {
    if (job.partKeys?.length > 1) await mergeParts(job.firmId, key, job.partKeys);
    const head = await headObject({ firmId: job.firmId, key });
    if (!head || head.size < 1) throw new UnreadablePdf("missing");
    const read = await readPdfFacts(head.size, (begin, end) => readObjectRange({ firmId: job.firmId, key, start: begin, end: end - 1 }));
    if (read.pageCount < 1) throw new UnreadablePdf("no pages");
    facts = { ...read, sha256: await storedSha256(job.firmId, key, head.size), size: head.size };
  } catch (error) {
    if (!(error instanceof UnreadablePdf)) throw error; // the store or the database: retried
  }

  await db.$transaction(async (tx) => {
    if (facts) {
      const { count } = await tx.taxReturn.updateMany({
        where: { id: row.id, status: { in: statusesFor("processed") } },
        data: {
          status: "action_required",
          pageCount: facts.pageCount,
          outline: facts.outline === null ? Prisma.DbNull : (facts.outline as unknown as object),
          unsignedSha256: facts.sha256,
          sizeBytes: Math.min(facts.size, 2_147_483_647),
          processingError: null,
        },
      });
      if (count)
        await recordTaxReturnEvent(tx, job.firmId, {
          taxReturnId: row.id,
          companyId: row.companyId,
          title: "Tax return processed",
          description: `${facts.pageCount} page(s)`,
        });
    } else {
      const { count } = await tx.taxReturn.updateMany({
        where: { id: row.id, status: { in: statusesFor("processing_failed") } },
        data: { status: "error", processingError: TAX_RETURN_MESSAGES.protectedPdf },
      });
      if (count)
        await recordTaxReturnEvent(tx, job.firmId, {
          taxReturnId: row.id,
          companyId: row.companyId,
          title: "Tax return processing failed",
          description: TAX_RETURN_MESSAGES.protectedPdf,
        });
    }
  });
  return { status: facts ? "action_required" : "error" };
}
