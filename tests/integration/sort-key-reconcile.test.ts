/**
 * reconcile-sort-keys (app/staff/sort-keys.server.ts) against a real database under row-level
 * security: keys left behind (made stale here with the triggers off, as two changes committed
 * at the same moment can leave them) are put right, in every table, from their sources; keys that
 * are right are not written; one firm's run touches no other firm's rows; the daily job does
 * every firm.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as SortKeysModule from "~/staff/sort-keys.server";
import type * as RegistryModule from "~/jobs/registry.server";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";

let t: TestDb;
let keys: typeof SortKeysModule;
let registry: typeof RegistryModule;

/** Rows of the firm whose key differs from its source (what the triggers would have written). */
async function wrongKeys(firmId: string): Promise<Record<string, number>> {
  const { rows } = await t.su.query(
    `SELECT
       (SELECT count(*)::int FROM users u LEFT JOIN users a ON a.firm_id = u.firm_id AND a.id = u.assigned_advisor_id
         WHERE u.firm_id = $1 AND (u.advisor_sort_lname IS DISTINCT FROM lower(a.lname) OR u.advisor_sort_fname IS DISTINCT FROM lower(a.fname))) AS users,
       (SELECT count(*)::int FROM companies c LEFT JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
         WHERE c.firm_id = $1 AND (c.owner_sort_lname IS DISTINCT FROM lower(o.lname) OR c.owner_sort_fname IS DISTINCT FROM lower(o.fname))) AS companies,
       (SELECT count(*)::int FROM questionnaires q JOIN companies c ON c.id = q.company_id LEFT JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
         WHERE q.firm_id = $1 AND (q.advisor_sort_lname IS DISTINCT FROM o.advisor_sort_lname OR q.advisor_sort_fname IS DISTINCT FROM o.advisor_sort_fname)) AS questionnaires,
       (SELECT count(*)::int FROM tax_returns r JOIN companies c ON c.id = r.company_id LEFT JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id
         WHERE r.firm_id = $1 AND (r.advisor_sort_lname IS DISTINCT FROM o.advisor_sort_lname OR r.advisor_sort_fname IS DISTINCT FROM o.advisor_sort_fname)) AS tax_returns`,
    [firmId],
  );
  return rows[0];
}

/** Leaves some of the firm's keys behind, with the triggers off (as a concurrent change can). */
async function makeStale(firmId: string) {
  const c = t.su;
  try {
    await c.query("BEGIN");
    await c.query("SET LOCAL session_replication_role = replica");
    await c.query(
      `UPDATE users SET advisor_sort_lname = 'aaa stale' WHERE id IN (SELECT id FROM users WHERE firm_id = $1 AND assigned_advisor_id IS NOT NULL ORDER BY id LIMIT 2)`,
      [firmId],
    );
    await c.query(
      `UPDATE users SET advisor_sort_fname = 'stale' WHERE id IN (SELECT id FROM users WHERE firm_id = $1 AND assigned_advisor_id IS NULL ORDER BY id LIMIT 1)`,
      [firmId],
    );
    await c.query(`UPDATE companies SET owner_sort_lname = 'stale' WHERE id IN (SELECT id FROM companies WHERE firm_id = $1 ORDER BY id LIMIT 2)`, [firmId]);
    await c.query(
      `UPDATE questionnaires SET advisor_sort_lname = 'zzz stale' WHERE id IN (SELECT id FROM questionnaires WHERE firm_id = $1 ORDER BY id LIMIT 3)`,
      [firmId],
    );
    await c.query(`UPDATE tax_returns SET advisor_sort_fname = 'stale' WHERE id IN (SELECT id FROM tax_returns WHERE firm_id = $1 ORDER BY id LIMIT 2)`, [
      firmId,
    ]);
    await c.query("COMMIT");
  } catch (error) {
    await c.query("ROLLBACK");
    throw error;
  }
}

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
  keys = await import("~/staff/sort-keys.server");
  registry = await import("~/jobs/registry.server");
}, 180_000);

afterAll(() => t?.close());

describe("reconcile-sort-keys", () => {
  it("starts from keys that are right (the triggers keep them)", async () => {
    expect(await wrongKeys(ACME)).toEqual({ users: 0, companies: 0, questionnaires: 0, tax_returns: 0 });
    expect(await wrongKeys(SUMMIT)).toEqual({ users: 0, companies: 0, questionnaires: 0, tax_returns: 0 });
  });

  it("puts right every key left behind in the firm, and only there", async () => {
    await makeStale(ACME);
    await makeStale(SUMMIT);
    const before = await wrongKeys(ACME);
    expect(before.users).toBe(3);
    expect(before.companies).toBe(2);
    expect(before.questionnaires).toBeGreaterThanOrEqual(3);
    // (more than were made stale: a return or questionnaire follows its owner's stale key)
    expect(before.tax_returns).toBeGreaterThanOrEqual(2);
    const summitBefore = await wrongKeys(SUMMIT);

    const fixed = await keys.reconcileSortKeys(ACME);
    expect(await wrongKeys(ACME)).toEqual({ users: 0, companies: 0, questionnaires: 0, tax_returns: 0 });
    expect(fixed.users).toBe(3);
    expect(fixed.companies).toBe(2);
    // (some questionnaires and returns are put right by the owners' keys' own triggers)
    expect(fixed.questionnaires! + fixed.tax_returns!).toBeGreaterThan(0);
    // The other firm's rows are out of reach of this firm's run.
    expect(await wrongKeys(SUMMIT)).toEqual(summitBefore);

    // Right keys are not written again.
    expect(await keys.reconcileSortKeys(ACME)).toEqual({ users: 0, companies: 0, questionnaires: 0, tax_returns: 0 });
  });

  it("never writes back a key older than a change committed while it waited for the row", async () => {
    const { rows: advisors } = await t.su.query(
      `SELECT id, lower(lname) AS lname FROM users WHERE firm_id = $1 AND kind = 'staff' AND is_advisor ORDER BY id LIMIT 2`,
      [ACME],
    );
    const [a, b] = advisors;
    const { rows: clients } = await t.su.query(`SELECT id FROM users WHERE firm_id = $1 AND kind = 'client' ORDER BY id LIMIT 1`, [ACME]);
    const client = clients[0].id;
    await t.su.query(`UPDATE users SET assigned_advisor_id = $2 WHERE id = $1`, [client, a.id]);
    // The client's key left behind (triggers off)...
    await t.su.query("BEGIN");
    await t.su.query("SET LOCAL session_replication_role = replica");
    await t.su.query(`UPDATE users SET advisor_sort_lname = 'stale' WHERE id = $1`, [client]);
    await t.su.query("COMMIT");
    // ...then given to another advisor in a transaction that commits while the run waits for the row.
    const other = new pg.Client({ connectionString: t.db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query(`UPDATE users SET assigned_advisor_id = $2 WHERE id = $1`, [client, b.id]);
      const run = keys.reconcileSortKeys(ACME);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await other.query("COMMIT");
      await run;
    } finally {
      await other.end();
    }
    const { rows } = await t.su.query(`SELECT advisor_sort_lname FROM users WHERE id = $1`, [client]);
    expect(rows[0].advisor_sort_lname).toBe(b.lname);
    expect(await wrongKeys(ACME)).toEqual({ users: 0, companies: 0, questionnaires: 0, tax_returns: 0 });
  });

  it("the daily job does every firm", async () => {
    await makeStale(ACME);
    const job = registry.productJobs().find((j) => j.name === keys.RECONCILE_SORT_KEYS_JOB);
    expect(job?.everySeconds).toBe(24 * 60 * 60);
    const sql = async <R>(text: string, values?: unknown[]) => (await t.su.query(text, values)).rows as R[];
    const result = (await job!.run({}, { sql, send: async () => null })) as { firms: number; fixed: number };
    expect(result.firms).toBeGreaterThanOrEqual(2);
    expect(result.fixed).toBeGreaterThan(0);
    for (const firm of [ACME, SUMMIT]) expect(await wrongKeys(firm)).toEqual({ users: 0, companies: 0, questionnaires: 0, tax_returns: 0 });
  });
});
