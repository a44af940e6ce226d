/**
 * The row loop both list imports share (client-list.server.ts, staff-list.server.ts): from the
 * first row not done, a row papaparse could not read or the list's rules refuse is rejected, and a
 * valid row is handed to the list's `take` (which creates it, in one transaction with the import's
 * progress). A rejected row is recorded with its reason and cells for the report, together with
 * the progress past it, so a job that dies resumes at the first row not done.
 */
import { firmSql } from "~/db.server";
import type { RejectedRow } from "./import-rules";

export interface ImportRowsOptions<Valid> {
  /** The file's columns, in its order. */
  headers: string[];
  rows: Record<string, string>[];
  /** What papaparse could not read, by row index. */
  rowErrors: Map<number, string>;
  /** The first row not done (the import's processed_rows). */
  from: number;
  /** The list's rules for one row. */
  validate: (record: Record<string, string>) => Valid | { ok: false; reason: string };
  /** Creates a valid row; returns null when it is created, or why it is rejected. Throws to stop the job (it is retried from this row). */
  take: (valid: Valid, index: number) => Promise<string | null>;
}

/** Runs the import's remaining rows; returns how many were taken and how many rejected. */
export async function runImportRows<Valid extends { ok: true }>(
  firmId: string,
  importId: string,
  options: ImportRowsOptions<Valid>,
): Promise<{ taken: number; rejected: number }> {
  const { headers, rows, rowErrors } = options;
  let taken = 0;
  let rejected = 0;
  for (let i = options.from; i < rows.length; i++) {
    const record = rows[i]!;
    const values = headers.map((h): [string, string] => [h, record[h] ?? ""]);
    const reject = async (reason: string) => {
      rejected++;
      const entry: RejectedRow = { row: i + 2, reason, values };
      await firmSql(
        firmId,
        `UPDATE import_jobs SET processed_rows = $2, rejected_count = rejected_count + 1, rejected_rows = rejected_rows || $3::jsonb WHERE id = $1`,
        [importId, i + 1, JSON.stringify([entry])],
      );
    };
    const parseProblem = rowErrors.get(i);
    if (parseProblem) {
      await reject(parseProblem);
      continue;
    }
    const result = options.validate(record);
    if (!result.ok) {
      await reject(result.reason);
      continue;
    }
    const refused = await options.take(result, i);
    if (refused === null) taken++;
    else await reject(refused);
  }
  return { taken, rejected };
}
