/**
 * The sort keys copied onto rows so that the staff tables sort by a name from an index
 * (migrations staff_sort_keys, collect_advisor_sort_keys, deliver_advisor_sort_keys): a client's
 * advisor's names, an entity's primary owner's, and a questionnaire's and a tax return's entity
 * owner's advisor's. Triggers keep them; but a trigger reads the row it copies from without a
 * lock, so two changes committed at the same moment (an advisor renamed while a client is given
 * to them) can leave a key behind. `reconcile-sort-keys` puts every such key right, daily, firm
 * by firm under the firm's row-level security. Only the sorts are affected: the names shown are
 * always read live.
 */
import { withFirm } from "~/db.server";
import type { JobContext, JobDefinition } from "~/jobs.server";

export const RECONCILE_SORT_KEYS_JOB = "reconcile-sort-keys";

/**
 * Each table's keys set to what its source says, where they differ; in this order, since the
 * questionnaires' and returns' keys are copied from the owners' (users) keys. One statement, and
 * one short transaction, each: the row locks taken are only those of rows put right.
 */
const RECONCILE: { table: string; sql: string }[] = [
  {
    table: "users",
    sql: `UPDATE users u SET advisor_sort_lname = k.lname, advisor_sort_fname = k.fname
            FROM (SELECT u2.id, lower(a.lname) AS lname, lower(a.fname) AS fname
                    FROM users u2 LEFT JOIN users a ON a.firm_id = u2.firm_id AND a.id = u2.assigned_advisor_id) k
           WHERE k.id = u.id AND (u.advisor_sort_lname IS DISTINCT FROM k.lname OR u.advisor_sort_fname IS DISTINCT FROM k.fname)`,
  },
  {
    table: "companies",
    sql: `UPDATE companies c SET owner_sort_lname = k.lname, owner_sort_fname = k.fname
            FROM (SELECT c2.id, lower(o.lname) AS lname, lower(o.fname) AS fname
                    FROM companies c2 LEFT JOIN users o ON o.firm_id = c2.firm_id AND o.id = c2.primary_owner_id) k
           WHERE k.id = c.id AND (c.owner_sort_lname IS DISTINCT FROM k.lname OR c.owner_sort_fname IS DISTINCT FROM k.fname)`,
  },
  ...["questionnaires", "tax_returns"].map((table) => ({
    table,
    sql: `UPDATE ${table} t SET advisor_sort_lname = k.lname, advisor_sort_fname = k.fname
            FROM (SELECT t2.id, o.advisor_sort_lname AS lname, o.advisor_sort_fname AS fname
                    FROM ${table} t2 LEFT JOIN companies c ON c.firm_id = t2.firm_id AND c.id = t2.company_id
                    LEFT JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id) k
           WHERE k.id = t.id AND (t.advisor_sort_lname IS DISTINCT FROM k.lname OR t.advisor_sort_fname IS DISTINCT FROM k.fname)`,
  })),
];

/** Puts right the firm's sort keys that differ from their source; the rows changed, by table. */
export async function reconcileSortKeys(firmId: string): Promise<Record<string, number>> {
  const fixed: Record<string, number> = {};
  for (const { table, sql } of RECONCILE) {
    fixed[table] = await withFirm(firmId, (tx) => tx.$executeRawUnsafe(sql), { timeout: 120_000 });
  }
  return fixed;
}

/** Every firm's, one after the other. */
export async function reconcileAllSortKeys(context: Pick<JobContext, "sql">): Promise<{ firms: number; fixed: number }> {
  // The jobs' connection (the database owner's) may list the firms (policy firm_directory).
  const firms = await context.sql<{ id: string }>(`SELECT id FROM firms ORDER BY id`);
  let fixed = 0;
  for (const { id } of firms) {
    const counts = await reconcileSortKeys(id);
    fixed += Object.values(counts).reduce((a, n) => a + n, 0);
  }
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
