/**
 * The sort keys copied onto rows so that the staff tables sort by a name from an index
 * (migrations staff_sort_keys, collect_advisor_sort_keys, deliver_advisor_sort_keys): a client's
 * advisor's names, an entity's primary owner's, and a questionnaire's and a tax return's entity
 * owner's advisor's. Triggers keep them; but a trigger reads the row it copies from without a
 * lock, so two changes committed at the same moment (an advisor renamed while a client is given
 * to them) can leave a key behind. `reconcile-sort-keys` puts every such key right, daily, firm
 * by firm under the firm's row-level security, a table at a time (a user's key put right also
 * moves their entities' questionnaires and returns, by the users' trigger, in the same
 * transaction). Only the sorts are affected: the names shown are always read live.
 */
import { withFirm } from "~/db.server";
import type { JobContext, JobDefinition } from "~/jobs.server";

export const RECONCILE_SORT_KEYS_JOB = "reconcile-sort-keys";

/**
 * Each table's keys set to what its source says, where they differ; in this order, since the
 * questionnaires' and returns' keys are copied from the owners' (users) keys. The key is read by
 * a subquery on the row being updated (not a join made once at the start), so that a row changed
 * and committed while the statement waited for its lock is checked again, and set, from its new
 * version: the run never writes back a key older than the change that made it.
 */
const RECONCILE: { table: string; sql: string }[] = [
  {
    table: "users",
    sql: keyUpdate("users", "advisor_sort", "lower(a.lname), lower(a.fname)", "users a ON a.firm_id = t.firm_id AND a.id = t.assigned_advisor_id"),
  },
  {
    table: "companies",
    sql: keyUpdate("companies", "owner_sort", "lower(o.lname), lower(o.fname)", "users o ON o.firm_id = t.firm_id AND o.id = t.primary_owner_id"),
  },
  ...["questionnaires", "tax_returns"].map((table) => ({
    table,
    sql: keyUpdate(
      table,
      "advisor_sort",
      "o.advisor_sort_lname, o.advisor_sort_fname",
      "(companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id) ON c.firm_id = t.firm_id AND c.id = t.company_id",
    ),
  })),
];

/** `UPDATE table t` setting `{prefix}_lname, {prefix}_fname` to `source` (read through `LEFT JOIN join`, NULLs without one) where they differ. */
function keyUpdate(table: string, prefix: string, source: string, join: string): string {
  // (SELECT 1) LEFT JOIN …: exactly one row, NULLs when the source is missing.
  const key = `SELECT ${source} FROM (SELECT 1) one LEFT JOIN ${join}`;
  return `UPDATE ${table} t SET (${prefix}_lname, ${prefix}_fname) = (${key})
           WHERE ROW(t.${prefix}_lname, t.${prefix}_fname) IS DISTINCT FROM (SELECT ROW(${source}) FROM (SELECT 1) one LEFT JOIN ${join})`;
}

/** Puts right the firm's sort keys that differ from their source; the rows changed, by table. */
export async function reconcileSortKeys(firmId: string): Promise<Record<string, number>> {
  const fixed: Record<string, number> = {};
  for (const { table, sql } of RECONCILE) {
    fixed[table] = await withFirm(firmId, (tx) => tx.$executeRawUnsafe(sql), { timeout: 120_000 });
  }
  return fixed;
}

/** Every firm's, one after the other; a firm that fails (a deadlock with a writer) does not stop the others. */
export async function reconcileAllSortKeys(context: Pick<JobContext, "sql">): Promise<{ firms: number; fixed: number }> {
  // The jobs' connection (the database owner's) may list the firms (policy firm_directory).
  const firms = await context.sql<{ id: string }>(`SELECT id FROM firms ORDER BY id`);
  let fixed = 0;
  const failed: string[] = [];
  for (const { id } of firms) {
    try {
      const counts = await reconcileSortKeys(id);
      fixed += Object.values(counts).reduce((a, n) => a + n, 0);
    } catch (error) {
      console.error(`Sort keys of firm ${id} not checked:`, error);
      failed.push(id);
    }
  }
  // Retried once later (the queue's retry) when some firm failed.
  if (failed.length) throw new Error(`Sort keys not checked for ${failed.length} firm(s): ${failed.join(", ")}`);
  return { firms: firms.length, fixed };
}

export function sortKeyJobs(): JobDefinition[] {
  return [
    {
      name: RECONCILE_SORT_KEYS_JOB,
      queue: { policy: "standard", retryLimit: 1, retryDelaySeconds: 600, retryBackoff: false, expireInSeconds: 3600 },
      everySeconds: 24 * 60 * 60,
      run: (_data, context) => reconcileAllSortKeys(context),
    },
  ];
}
