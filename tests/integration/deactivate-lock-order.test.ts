/**
 * Deactivating a client (with their entities) takes the entities' rows before their
 * questionnaires, the order a change of an entity's primary owner takes them (its trigger updates
 * the entity's questionnaires' sort keys): the two at the same moment wait for each other in
 * turn instead of deadlocking. Against a real database: a transaction holds an entity as an owner
 * change does, the deactivation starts, then that transaction updates the entity's questionnaires.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { setupTestDb, type TestDb } from "../support/setup";

let t: TestDb;

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

it("a deactivation and an entity's owner change at the same moment both complete", async () => {
  const { deactivateUser } = await import("~/staff/users.server");
  const acme = await t.firmSite("acme");
  const { rows } = await t.su.query<{ user_id: string; company_id: string; partner: string }>(
    `SELECT u.id AS user_id, c.id AS company_id,
            (SELECT p.id FROM users p WHERE p.firm_id = u.firm_id AND p.kind = 'staff' AND p.firm_access = 'partner' LIMIT 1) AS partner
       FROM users u JOIN companies c ON c.primary_owner_id = u.id
      WHERE u.email = 'client@acme.test' AND c.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM questionnaires q WHERE q.company_id = c.id AND NOT q.locked)
      LIMIT 1`,
  );
  const { user_id: userId, company_id: companyId, partner } = rows[0]!;
  const other = new pg.Client({ connectionString: t.db.url });
  await other.connect();
  try {
    // The owner change: the entity's row first…
    await other.query("BEGIN");
    await other.query(`UPDATE companies SET name = name WHERE id = $1`, [companyId]);
    const deactivation = deactivateUser(acme, { id: partner, firmAccess: "partner", isAdvisor: true, firmGroupId: null }, userId, {
      deactivateEntities: true,
    }).then(
      () => "done",
      (error: unknown) => `failed: ${String(error).slice(0, 200)}`,
    );
    // …the deactivation now waits for a lock…
    for (let i = 0; ; i++) {
      const waiting = await t.su.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
      if (waiting.rowCount) break;
      if (i > 200) throw new Error("the deactivation never waited");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // …then the owner change's trigger updates the entity's questionnaires.
    const change = other.query(`UPDATE questionnaires SET advisor_sort_lname = advisor_sort_lname WHERE company_id = $1`, [companyId]).then(
      () => "done",
      (error: unknown) => `failed: ${String(error).slice(0, 200)}`,
    );
    expect(await change).toBe("done");
    await other.query("COMMIT");
    expect(await deactivation).toBe("done");
  } finally {
    await other.query("ROLLBACK").catch(() => {});
    await other.end();
  }
  const locked = await t.su.query(`SELECT count(*)::int AS n FROM questionnaires WHERE company_id = $1 AND NOT locked`, [companyId]);
  expect(locked.rows[0].n).toBe(0);
});
