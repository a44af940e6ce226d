/**
 * Collect sorted by Assigned and Deliver sorted by Assigned advisor read the entity owner's
 * advisor's names copied onto each questionnaire and return (migrations collect_advisor_sort_keys
 * and deliver_advisor_sort_keys), against a real database under row-level security: last then
 * first name, whatever the case, no advisor last in both directions; the key follows the advisor
 * renamed, the owner's advisor changed or removed, the entity's primary owner changed, and a
 * questionnaire or return moved to another entity, all written through the app (portal_app).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ListModule from "~/collect/overview/list.server";
import type * as StateModule from "~/components/data-table/state";
import type * as TableModule from "~/collect/overview/table";
import type * as DeliverListModule from "~/deliver/table/list.server";
import type * as DeliverTableModule from "~/deliver/table/table";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = "firm_acme";

let t: TestDb;
let list: typeof ListModule;
let state: typeof StateModule;
let table: typeof TableModule;
let deliverList: typeof DeliverListModule;
let deliverTable: typeof DeliverTableModule;
let acme: Awaited<ReturnType<TestDb["firmSite"]>>;
const partner = { id: "", firmAccess: "partner" as const };

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
  list = await import("~/collect/overview/list.server");
  state = await import("~/components/data-table/state");
  table = await import("~/collect/overview/table");
  deliverList = await import("~/deliver/table/list.server");
  deliverTable = await import("~/deliver/table/table");
  acme = await t.firmSite("acme");
  partner.id = (await t.su.query(`SELECT id FROM users WHERE firm_id = $1 AND kind = 'staff' AND firm_access = 'partner' LIMIT 1`, [ACME])).rows[0].id;
  await t.su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, is_advisor, updated_at) VALUES
       ('usr_ck_adv_a', $1, 'staff', 'ck-adams@acme.test', 'Zed', 'adams', true, now()),
       ('usr_ck_adv_b', $1, 'staff', 'ck-brown@acme.test', 'Amy', 'BROWN', true, now())`,
    [ACME],
  );
  const client = (id: string, advisor: string | null) =>
    acme.db.user.create({
      data: { id, firmId: ACME, kind: "client", email: `${id}@collectkey.test`, fname: "Collectkey", lname: id, assignedAdvisorId: advisor },
    });
  await client("usr_ck_1", "usr_ck_adv_b");
  await client("usr_ck_2", "usr_ck_adv_a");
  await client("usr_ck_3", null);
  const entity = (id: string, owner: string | null) =>
    acme.db.company.create({ data: { id, firmId: ACME, hashId: id, name: `Collectkey ${id}`, entityType: "Individual", primaryOwnerId: owner } });
  await entity("cmp_ck_1", "usr_ck_1");
  await entity("cmp_ck_2", "usr_ck_2");
  await entity("cmp_ck_3", "usr_ck_3");
  await entity("cmp_ck_4", null);
  let n = 0;
  for (const company of ["cmp_ck_1", "cmp_ck_2", "cmp_ck_3", "cmp_ck_4", "cmp_ck_2"]) {
    n += 1;
    await acme.db.questionnaire.create({
      data: {
        id: `qnr_ck_${n}`,
        firmId: ACME,
        companyId: company,
        name: `Collectkey organizer ${n}`,
        taxYear: 2025,
        createdAt: new Date(Date.UTC(2026, 0, n)),
      },
    });
  }
  n = 0;
  for (const company of ["cmp_ck_1", "cmp_ck_2", "cmp_ck_3", "cmp_ck_4"]) {
    n += 1;
    await acme.db.taxReturn.create({
      data: { id: `trn_ck_${n}`, firmId: ACME, companyId: company, taxYear: 2025, taxReturnName: `Form 1040 ${n}`, updatedAt: new Date(Date.UTC(2026, 0, n)) },
    });
  }
});

afterAll(async () => {
  await t?.close();
});

/** The order of the test's questionnaires (searched by name) as `n:assigned`. */
async function order(dir: "asc" | "desc"): Promise<string[]> {
  const s = state.readTableState(new URLSearchParams(`q=Collectkey organizer&sort=assigned&dir=${dir}&size=50`), null, table.COLLECT_TABLE);
  return (await list.listCollect(acme, partner, s)).rows.map((r) => `${r.id.replace("qnr_ck_", "")}:${r.assigned ?? "-"}`);
}

describe("Collect sorted by Assigned", () => {
  it("orders by the advisor's last then first name, ignoring case, then by creation, with no advisor last both ways", async () => {
    expect(await order("asc")).toEqual(["2:Zed adams", "5:Zed adams", "1:Amy BROWN", "3:-", "4:-"]);
    expect(await order("desc")).toEqual(["1:Amy BROWN", "5:Zed adams", "2:Zed adams", "4:-", "3:-"]);
  });

  it("follows the advisor renamed, the owner's advisor changed or removed, the primary owner changed, and a questionnaire moved", async () => {
    await acme.db.user.update({ where: { id: "usr_ck_adv_a" }, data: { lname: "Young" } });
    expect(await order("asc")).toEqual(["1:Amy BROWN", "2:Zed Young", "5:Zed Young", "3:-", "4:-"]);
    await acme.db.user.update({ where: { id: "usr_ck_1" }, data: { assignedAdvisorId: null } });
    await acme.db.user.update({ where: { id: "usr_ck_3" }, data: { assignedAdvisorId: "usr_ck_adv_b" } });
    expect(await order("asc")).toEqual(["3:Amy BROWN", "2:Zed Young", "5:Zed Young", "1:-", "4:-"]);
    await acme.db.company.update({ where: { id: "cmp_ck_4" }, data: { primaryOwnerId: "usr_ck_2" } });
    await acme.db.company.update({ where: { id: "cmp_ck_2" }, data: { primaryOwnerId: null } });
    expect(await order("asc")).toEqual(["3:Amy BROWN", "4:Zed Young", "1:-", "2:-", "5:-"]);
    await acme.db.questionnaire.update({ where: { id: "qnr_ck_5" }, data: { companyId: "cmp_ck_3" } });
    expect(await order("asc")).toEqual(["3:Amy BROWN", "5:Amy BROWN", "4:Zed Young", "1:-", "2:-"]);
    const stored = await t.su.query(`SELECT id, advisor_sort_lname, advisor_sort_fname FROM questionnaires WHERE id LIKE 'qnr_ck_%' ORDER BY id`);
    expect(stored.rows).toEqual([
      { id: "qnr_ck_1", advisor_sort_lname: null, advisor_sort_fname: null },
      { id: "qnr_ck_2", advisor_sort_lname: null, advisor_sort_fname: null },
      { id: "qnr_ck_3", advisor_sort_lname: "brown", advisor_sort_fname: "amy" },
      { id: "qnr_ck_4", advisor_sort_lname: "young", advisor_sort_fname: "zed" },
      { id: "qnr_ck_5", advisor_sort_lname: "brown", advisor_sort_fname: "amy" },
    ]);
  });

  it.each([
    ["ASC", "questionnaires_collect_advisor_idx"],
    ["DESC", "questionnaires_collect_advisor_desc_idx"],
  ])("has an index in Collect's %s order, so a page need not sort every questionnaire", async (dir, index) => {
    const sort = table.collectQuery(state.readTableState(new URLSearchParams(`sort=assigned&dir=${dir.toLowerCase()}`), null, table.COLLECT_TABLE), partner, {
      today: "2026-01-01",
      hiddenEntityType: "none",
    }).orderBy;
    // With sorting made the last resort, the planner reads the order from an index if one has it
    // (on a table this small it would otherwise just sort).
    const plan = await acme.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN SELECT q.id FROM questionnaires q WHERE q.deleted_at IS NULL ORDER BY ${sort} LIMIT 10`);
    });
    const text = plan.map((p) => p["QUERY PLAN"]).join("\n");
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });
});

/** The order of the test's returns (searched by entity name) as `n:advisor`. */
async function deliverOrder(dir: "asc" | "desc"): Promise<string[]> {
  const s = state.readTableState(new URLSearchParams(`q=Collectkey cmp_ck&sort=assigned_advisor&dir=${dir}&size=50`), null, deliverTable.TAX_RETURNS_TABLE);
  return (await deliverList.listTaxReturns(acme, { ...partner, firmGroupId: null }, s)).rows.map(
    (r) => `${r.id.replace("trn_ck_", "")}:${r.assignedAdvisor ?? "-"}`,
  );
}

describe("Deliver sorted by Assigned advisor", () => {
  // After the changes above: entity 1's owner has no advisor, entity 2 no owner, entity 3's owner
  // Amy Brown, entity 4's (now client 2) Zed Young. The returns were made before the changes.
  it("orders by the advisor's names, no advisor last both ways, and followed each change", async () => {
    expect(await deliverOrder("asc")).toEqual(["3:Amy BROWN", "4:Zed Young", "1:-", "2:-"]);
    expect(await deliverOrder("desc")).toEqual(["4:Zed Young", "3:Amy BROWN", "2:-", "1:-"]);
    await acme.db.taxReturn.update({ where: { id: "trn_ck_1" }, data: { companyId: "cmp_ck_3" } });
    expect((await deliverOrder("asc")).slice(0, 2).sort()).toEqual(["1:Amy BROWN", "3:Amy BROWN"]);
  });

  it.each([
    ["asc", "tax_returns_deliver_advisor_idx"],
    ["desc", "tax_returns_deliver_advisor_desc_idx"],
  ])("has an index in Deliver's %s order", async (dir, index) => {
    const q = deliverTable.taxReturnsQuery(
      state.readTableState(new URLSearchParams(`sort=assigned_advisor&dir=${dir}`), null, deliverTable.TAX_RETURNS_TABLE),
      { ...partner, firmGroupId: null },
    );
    const plan = await acme.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN SELECT t.id FROM tax_returns t WHERE t.deleted_at IS NULL ORDER BY ${q.orderBy} LIMIT 10`);
    });
    const text = plan.map((p) => p["QUERY PLAN"]).join("\n");
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });
});
