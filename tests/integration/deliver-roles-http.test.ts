/**
 * Deliver's firm role columns over HTTP (staff spec §2 'Tax returns table (Deliver)', §9 sorting):
 * with use_firm_roles, one column per firm role showing who holds it on each row's entity (read
 * for the whole page in one statement, as Collect), sortable, offered in the column choice; none
 * with it off; another firm's roles never appear; group-access staff see only their group's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { bootApp, type Browser, type TestApp } from "../support/app";

let app: TestApp;
let partner: Browser;
let summitPartner: Browser;
let nina: Browser;

const ROUTE = "routes/tax-returns";

interface Row {
  id: string;
  companyId: string;
  companyName: string;
  roleHolders?: Record<string, string[]>;
}

async function listOf(b: Browser, slug: string, search: string) {
  return b.data(slug, `/tax-returns${search}`, ROUTE);
}

/** A return of the entity named `entityName`, inserted directly, in tax year `taxYear` (so a test reads its own rows). */
async function insertReturn(slug: string, entityName: string, taxYear: number, name: string) {
  return app.tx(slug, async (t) => {
    const company = await t.company.findFirstOrThrow({ where: { name: entityName }, select: { id: true, firmId: true } });
    return t.taxReturn.create({
      data: { firmId: company.firmId, companyId: company.id, taxYear, taxReturnName: name, status: "sent" },
      select: { id: true, companyId: true },
    });
  });
}

/** A firm role with `holders` (staff emails) on the entity named `entityName`. */
async function giveRole(slug: string, roleName: string, entityName: string, holders: string[]) {
  return app.tx(slug, async (t) => {
    const company = await t.company.findFirstOrThrow({ where: { name: entityName }, select: { id: true, firmId: true } });
    const role = await t.firmRole.upsert({
      where: { firmId_roleName: { firmId: company.firmId, roleName } },
      create: { firmId: company.firmId, roleName },
      update: {},
    });
    for (const email of holders) {
      const user = await t.user.findFirstOrThrow({ where: { email }, select: { id: true } });
      await t.firmRoleAssignment.create({ data: { firmId: company.firmId, companyId: company.id, firmRoleId: role.id, userId: user.id } });
    }
    return role;
  });
}

async function setUseFirmRoles(slug: string, on: boolean) {
  await app.tx(slug, (t) => t.firmPreferences.update({ where: { firmId: `firm_${slug}` }, data: { useFirmRoles: on } }));
}

/** The firm cache may hold the old preferences for a moment: read the page until `done` holds. */
async function pageUntil(b: Browser, slug: string, search: string, done: (d: { roles: unknown[] }) => boolean) {
  let page = await listOf(b, slug, search);
  for (let i = 0; i < 40 && !done(page); i++) {
    await new Promise((r) => setTimeout(r, 250));
    page = await listOf(b, slug, search);
  }
  return page;
}

beforeAll(async () => {
  app = await bootApp({
    name: "deliver-roles-http",
    beforeServe: async ({ su }) => {
      await su.query("UPDATE firm_preferences SET use_firm_roles = true WHERE firm_id IN ('firm_acme', 'firm_summit')");
    },
  });
  partner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  nina = await app.signIn("summit", "nina.patel@summit.test");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("the Deliver table's firm role columns", () => {
  it("show who holds each of the firm's roles on the row's entity, sortable, never another firm's", async () => {
    const staff = await app.tx("acme", (t) =>
      t.user.findMany({ where: { kind: "staff", deletedAt: null, email: { not: "partner@acme.test" } }, orderBy: { email: "asc" }, take: 2 }),
    );
    const entities = await app.tx("acme", (t) =>
      t.company.findMany({
        where: { deletedAt: null, entityType: { not: UNASSIGNED_ENTITY_TYPE } },
        orderBy: { name: "asc" },
        take: 3,
        select: { name: true },
      }),
    );
    const [held, other, nobody] = entities.map((e) => e.name) as [string, string, string];
    const heldReturn = await insertReturn("acme", held, 2013, "Roles fixture held");
    await insertReturn("acme", other, 2013, "Roles fixture other");
    await insertReturn("acme", nobody, 2013, "Roles fixture nobody");
    const preparer = await giveRole("acme", "Preparer", held, [staff[0]!.email!, staff[1]!.email!]);
    const reviewer = await giveRole("acme", "Reviewer", other, [staff[1]!.email!]);
    const summitRole = await giveRole("summit", "Summit reviewer", "Christopher Adams", ["nina.patel@summit.test"]);
    const names = staff.map((s) => `${s.fname} ${s.lname}`.trim());

    const page = await listOf(partner, "acme", "?year=2013");
    expect(page.roles).toEqual([
      { id: preparer.id, name: "Preparer" },
      { id: reviewer.id, name: "Reviewer" },
    ]);
    // Offered in the column choice (a column the viewer may hide), shown at first.
    expect(page.state.hidden).not.toContain(`role_${preparer.id}`);
    const hiding = await listOf(partner, "acme", `?year=2013&cols=1&hide=role_${reviewer.id}&hide=role_${summitRole.id}`);
    expect(hiding.state.hidden).toEqual([`role_${reviewer.id}`]);
    await listOf(partner, "acme", "?year=2013&cols=1");
    const rows = page.rows as Row[];
    expect(rows).toHaveLength(3);
    const byName = new Map(rows.map((r) => [r.companyName, r]));
    expect(byName.get(held)!.roleHolders![preparer.id]!.sort()).toEqual([...names].sort());
    expect(byName.get(held)!.roleHolders![reviewer.id]).toBeUndefined();
    expect(byName.get(other)!.roleHolders).toEqual({ [reviewer.id]: [names[1]] });
    expect(byName.get(nobody)!.roleHolders).toEqual({});
    // Another firm's role: not a column, not in any row, and no sort by it.
    expect(JSON.stringify(page)).not.toContain(summitRole.id);
    expect(JSON.stringify(page)).not.toContain("Summit reviewer");
    const foreignSort = await listOf(partner, "acme", `?year=2013&sort=role_${summitRole.id}&dir=asc`);
    expect(foreignSort.state.sort).toBe("updated_at");

    // Sorted by a role: entities holding it first (ascending), those nobody holds it on last either way.
    const asc = (await listOf(partner, "acme", `?year=2013&sort=role_${preparer.id}&dir=asc`)) as { rows: Row[]; state: { sort: string } };
    expect(asc.state.sort).toBe(`role_${preparer.id}`);
    expect(asc.rows[0]!.id).toBe(heldReturn.id);
    const desc = (await listOf(partner, "acme", `?year=2013&sort=role_${preparer.id}&dir=desc`)) as { rows: Row[] };
    expect(desc.rows[0]!.id).toBe(heldReturn.id);
    // Server-side paging unchanged: the range label counts the matching returns.
    const first = await listOf(partner, "acme", `?year=2013&size=10&sort=role_${preparer.id}&dir=asc`);
    expect(first.page.label).toBe("1-3 of 3");
  });

  it("show group-access staff the holders on their group's entities only", async () => {
    const summitRole = await app.tx("summit", (t) => t.firmRole.findFirstOrThrow({ where: { roleName: "Summit reviewer" } }));
    await insertReturn("summit", "Christopher Adams", 2012, "Roles fixture Adams");
    await insertReturn("summit", "Morgan Outdoor Gear Inc", 2012, "Roles fixture Morgan");
    await giveRole("summit", "Summit reviewer", "Morgan Outdoor Gear Inc", ["partner@summit.test"]);
    const mine = (await listOf(nina, "summit", `?year=2012&sort=role_${summitRole.id}&dir=desc`)) as { rows: Row[] };
    expect(mine.rows.map((r) => r.companyName)).toEqual(["Christopher Adams"]);
    expect(mine.rows[0]!.roleHolders![summitRole.id]).toEqual(["Nina Patel"]);
    const all = (await listOf(summitPartner, "summit", `?year=2012&sort=role_${summitRole.id}&dir=desc`)) as { rows: Row[] };
    expect(all.rows.map((r) => r.companyName).sort()).toEqual(["Christopher Adams", "Morgan Outdoor Gear Inc"]);
  });

  it("are gone when the firm turns use_firm_roles off, though its roles stay", async () => {
    const role = await app.tx("summit", (t) => t.firmRole.findFirstOrThrow({ where: { roleName: "Summit reviewer" } }));
    await setUseFirmRoles("summit", false);
    try {
      const off = await pageUntil(summitPartner, "summit", `?year=2012&sort=role_${role.id}&dir=asc`, (d) => d.roles.length === 0);
      expect(off.roles).toEqual([]);
      const hiding = await listOf(summitPartner, "summit", `?year=2012&cols=1&hide=role_${role.id}`);
      expect(hiding.state.hidden).toEqual([]);
      expect(off.state.sort).toBe("updated_at");
      expect((off.rows as Row[]).length).toBe(2);
      for (const row of off.rows as Row[]) expect(row.roleHolders).toBeUndefined();
    } finally {
      await setUseFirmRoles("summit", true);
    }
    const on = await pageUntil(summitPartner, "summit", "?year=2012", (d) => d.roles.length > 0);
    expect(on.roles).toEqual([{ id: role.id, name: "Summit reviewer" }]);
  });
});
