/**
 * The start of a list import job, shared by the client and staff lists: the job's data, its
 * ImportJob (read in that firm's scope), the stored CSV read and parsed (papaparse), and each way
 * it can end before the first row, recorded on the import with the reason the dialog shows:
 * not this kind of import, the file gone, over the size limit, or without the columns it needs.
 *
 *   const opened = await openImportFile(data, { accepts: (job) => job.fileType === "staff_list", ... });
 *   if (!opened) return;          // finished before, or failed now (the reason is on the import)
 *   await runImportRows(opened.firmId, opened.importId, { headers: opened.headers, rows: opened.rows, ... });
 *
 * A store that can't be reached throws, so pg-boss tries the job again.
 */
import Papa from "papaparse";
import * as z from "zod";
import { firmDb } from "~/db.server";
import { PortalError } from "~/errors";
import type { ImportJob } from "~/generated/prisma/client";
import { readObject } from "~/storage.server";
import { MAX_IMPORT_BYTES } from "./import-rules";

const jobData = z.object({ firmId: z.string().min(1).max(64), importId: z.string().min(1).max(64) });

export const IMPORT_FILE_FAILURES = {
  missing: "The uploaded file could not be found. Please upload it again.",
  tooLarge: "The file is larger than the 150 MB limit.",
} as const;

export interface OpenImportOptions {
  /** Whether the job is this list's kind (else it fails with `wrongType`). */
  accepts: (job: ImportJob) => boolean;
  wrongType: string;
  /** Whether the header row has the columns the list needs (else it fails with `noColumns`). */
  hasColumns: (headers: string[]) => boolean;
  noColumns: string;
}

export interface OpenedImport {
  firmId: string;
  importId: string;
  job: ImportJob;
  headers: string[];
  rows: Record<string, string>[];
  /** What papaparse could not read, by row index. */
  rowErrors: Map<number, string>;
}

async function finishImport(firmId: string, importId: string, status: "completed" | "failed", error: string | null): Promise<void> {
  await firmDb(firmId).importJob.update({ where: { id: importId }, data: { status, error, completedAt: new Date() } });
}

/** The import's rows, or null when it finished before or failed here (the reason recorded). */
export async function openImportFile(data: unknown, options: OpenImportOptions): Promise<OpenedImport | null> {
  const { firmId, importId } = jobData.parse(data);
  const db = firmDb(firmId);
  const job = await db.importJob.findFirst({ where: { id: importId } });
  if (!job || job.status === "completed" || job.status === "failed") return null;
  const fail = async (reason: string) => {
    await finishImport(firmId, importId, "failed", reason);
    return null;
  };
  if (!options.accepts(job)) return fail(options.wrongType);
  if (job.status === "pending") await db.importJob.update({ where: { id: importId }, data: { status: "processing" } });

  let bytes: Uint8Array | null;
  try {
    bytes = await readObject({ firmId, key: job.storageKey, maxBytes: MAX_IMPORT_BYTES });
  } catch (error) {
    if (error instanceof PortalError) return fail(IMPORT_FILE_FAILURES.tooLarge);
    throw error; // the store is unreachable: pg-boss retries
  }
  if (!bytes) return fail(IMPORT_FILE_FAILURES.missing);

  const text = new TextDecoder("utf-8").decode(bytes); // drops a UTF-8 byte order mark
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  const headers = parsed.meta.fields ?? [];
  if (!options.hasColumns(headers)) return fail(options.noColumns);

  const rows = parsed.data;
  const rowErrors = new Map<number, string>();
  for (const e of parsed.errors) {
    if (typeof e.row === "number" && !rowErrors.has(e.row)) {
      rowErrors.set(
        e.row,
        e.code === "TooManyFields" || e.code === "TooFewFields" ? `This row has a different number of columns than the header (${e.message})` : e.message,
      );
    }
  }
  if (job.totalRows !== rows.length) await db.importJob.update({ where: { id: importId }, data: { totalRows: rows.length } });
  return { firmId, importId, job, headers, rows, rowErrors };
}
