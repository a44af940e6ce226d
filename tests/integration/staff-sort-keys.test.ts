/**
 * The Users table sorted by assigned advisor and the Entities table sorted by primary owner read
 * the person's names copied onto each row (migration staff_sort_keys), against a real database
 * under row-level security: the order is by last then first name, whatever the case, with nobody
 * assigned last in both directions; it follows a person renamed, an advisor or owner changed or
 * removed, and rows written through the app (as portal_app) as well as by the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ListsModule from "~/staff/lists.server";
import type * as StateModule from "~/components/data-table/state";
import type * as TablesModule from "~/staff/tables";
import { setupTestDb, type TestDb } from "../support/setup";

const ACME = "firm_acme";

let t: TestDb;
let lists: typeof ListsModule;
let state: typeof StateModule;
let tables: typeof TablesModule;
let acme: Awaited<ReturnType<TestDb["firmSite"]>>;
const partner = { id: "", firmAccess: "partner" as const };

beforeAll(async () => {
  t = await setupTestDb({ seed: true });
  lists = await import("~/staff/lists.server");
  state = await import("~/components/data-table/state");
  tables = await import("~/staff/tables");
  acme = await t.firmSite("acme");
  partner.id = (await t.su.query(`SELECT id FROM users WHERE firm_id = $1 AND kind = 'staff' AND firm_access = 'partner' LIMIT 1`, [ACME])).rows[0].id;
  // Two advisors, written by the owner (as a migration or the seed would).
  await t.su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, is_advisor, updated_at) VALUES
       ('usr_sk_adv_a', $1, 'staff', 'sk-adams@acme.test', 'Zed', 'adams', true, now()),
       ('usr_sk_adv_b', $1, 'staff', 'sk-brown@acme.test', 'Amy', 'BROWN', true, now())`,
    [ACME],
  );
  // Clients written through the app's scoped client (portal_app, row-level security).
  const client = (id: string, advisor: string | null) =>
    acme.db.user.create({
      data: { id, firmId: ACME, kind: "client", email: `${id}@sortkey.test`, fname: "Sortkey", lname: id, assignedAdvisorId: advisor },
    });
  await client("usr_sk_1", "usr_sk_adv_b");
  await client("usr_sk_2", "usr_sk_adv_a");
  await client("usr_sk_3", null);
  await client("usr_sk_4", "usr_sk_adv_a");
  const entity = (id: string, owner: string | null) =>
    acme.db.company.create({ data: { id, firmId: ACME, hashId: id, name: `Sortkey ${id}`, entityType: "Individual", primaryOwnerId: owner } });
  await entity("cmp_sk_1", "usr_sk_1");
  await entity("cmp_sk_2", "usr_sk_2");
  await entity("cmp_sk_3", null);
});

afterAll(async () => {
  await t?.close();
});

async function userOrder(dir: "asc" | "desc"): Promise<string[]> {
  const s = state.readTableState(new URLSearchParams(`q=sortkey.test&sort=advisor&dir=${dir}`), null, tables.USERS_TABLE);
  return (await lists.listUsers(acme, partner, s)).rows.map((r) => `${r.id.replace("usr_sk_", "")}:${r.advisor ?? "-"}`);
}

async function entityOrder(dir: "asc" | "desc"): Promise<string[]> {
  const s = state.readTableState(new URLSearchParams(`q=Sortkey cmp_sk&sort=owner&dir=${dir}`), null, tables.ENTITIES_TABLE);
  return (await lists.listEntities(acme, partner, s)).rows.map((r) => `${r.id.replace("cmp_sk_", "")}:${r.owner ?? "-"}`);
}

describe("sort by assigned advisor", () => {
  it("orders by the advisor's last then first name, ignoring case, with no advisor last both ways", async () => {
    expect(await userOrder("asc")).toEqual(["2:Zed adams", "4:Zed adams", "1:Amy BROWN", "3:-"]);
    expect(await userOrder("desc")).toEqual(["1:Amy BROWN", "4:Zed adams", "2:Zed adams", "3:-"]);
  });

  it("follows an advisor renamed through the app, and a client's advisor changed or removed", async () => {
    await acme.db.user.update({ where: { id: "usr_sk_adv_a" }, data: { lname: "Young" } });
    expect(await userOrder("asc")).toEqual(["1:Amy BROWN", "2:Zed Young", "4:Zed Young", "3:-"]);
    await acme.db.user.update({ where: { id: "usr_sk_1" }, data: { assignedAdvisorId: null } });
    await acme.db.user.update({ where: { id: "usr_sk_3" }, data: { assignedAdvisorId: "usr_sk_adv_b" } });
    expect(await userOrder("asc")).toEqual(["3:Amy BROWN", "2:Zed Young", "4:Zed Young", "1:-"]);
    const stored = await t.su.query(`SELECT id, advisor_sort_lname, advisor_sort_fname FROM users WHERE id LIKE 'usr_sk_%' AND kind = 'client' ORDER BY id`);
    expect(stored.rows).toEqual([
      { id: "usr_sk_1", advisor_sort_lname: null, advisor_sort_fname: null },
      { id: "usr_sk_2", advisor_sort_lname: "young", advisor_sort_fname: "zed" },
      { id: "usr_sk_3", advisor_sort_lname: "brown", advisor_sort_fname: "amy" },
      { id: "usr_sk_4", advisor_sort_lname: "young", advisor_sort_fname: "zed" },
    ]);
  });
});

describe("sort by primary owner", () => {
  it("orders by the owner's names, follows an owner renamed or changed, and leaves entities without one last", async () => {
    // Owners usr_sk_1 (lname usr_sk_1) and usr_sk_2.
    expect(await entityOrder("asc")).toEqual(["1:Sortkey usr_sk_1", "2:Sortkey usr_sk_2", "3:-"]);
    expect(await entityOrder("desc")).toEqual(["2:Sortkey usr_sk_2", "1:Sortkey usr_sk_1", "3:-"]);
    await acme.db.user.update({ where: { id: "usr_sk_2" }, data: { lname: "Aardvark" } });
    expect(await entityOrder("asc")).toEqual(["2:Sortkey Aardvark", "1:Sortkey usr_sk_1", "3:-"]);
    await acme.db.company.update({ where: { id: "cmp_sk_3" }, data: { primaryOwnerId: "usr_sk_4" } });
    await acme.db.company.update({ where: { id: "cmp_sk_1" }, data: { primaryOwnerId: null } });
    expect(await entityOrder("asc")).toEqual(["2:Sortkey Aardvark", "3:Sortkey usr_sk_4", "1:-"]);
  });
});
