/**
 * The staff Users (/clients) and Entities (/admin) tables over HTTP with the seeded firms: pages,
 * sorting, filters, the per-table cookie, another firm's rows never listed, group-access staff
 * limited to their group and users in no group, and the drop-link entity never listed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";

let app: TestApp;

const USERS = "routes/clients._index";
const ENTITIES = "routes/admin._index";

let acmePartner: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let acmeClients: number;

beforeAll(async () => {
  app = await bootApp({
    name: "staff-lists-http",
    beforeServe: async () => {
      // 23 more Acme clients, so the table has pages; one is inactive.
      await scoped(ACME, (tx) =>
        tx.user.createMany({
          data: Array.from({ length: 23 }, (_, i) => ({
            id: `usr_list_${i}`,
            firmId: ACME,
            kind: "client" as const,
            email: `list${String(i).padStart(2, "0")}@example.com`,
            fname: "Listed",
            lname: `Client${String(i).padStart(2, "0")}`,
            paying: i !== 7,
            createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
          })),
        }),
      );
      acmeClients = await scoped(ACME, (tx) => tx.user.count({ where: { kind: "client", deletedAt: null } }));
    },
  });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("users table", () => {
  it("renders the first page, newest first, with the range label", async () => {
    const page = await acmePartner.get("acme", "/clients");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`1-10 of ${acmeClients}`);
    const d = await acmePartner.data("acme", "/clients?size=10", USERS);
    expect(d.rows).toHaveLength(10);
    const created = d.rows.map((r: any) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("pages, sorts, searches and filters", async () => {
    const last = await acmePartner.data("acme", "/clients?page=99&size=10", USERS);
    expect(last.page.page).toBe(Math.ceil(acmeClients / 10));
    expect(last.page.label).toBe(`${(last.page.page - 1) * 10 + 1}-${acmeClients} of ${acmeClients}`);
    const byName = await acmePartner.data("acme", "/clients?sort=name&dir=asc&q=Listed&size=20", USERS);
    expect(byName.page.total).toBe(23);
    expect(byName.rows[0].name).toBe("Listed Client00");
    expect(byName.rows[19].name).toBe("Listed Client19");
    const inactive = await acmePartner.data("acme", "/clients?status=inactive&q=listed", USERS);
    expect(inactive.rows.map((r: any) => r.email)).toEqual(["list07@example.com"]);
    const active = await acmePartner.data("acme", "/clients?status=active&q=listed", USERS);
    expect(active.page.total).toBe(22);
  });

  it("keeps the state in a one-year cookie and uses it when the URL says nothing", async () => {
    const browser = await app.signIn("acme", "admin@acme.test");
    const set = await browser.get("acme", "/clients?size=20&sort=name&dir=asc&status=active");
    const header = (set.headers["set-cookie"] ?? []).find((c) => c.startsWith("table_users="));
    expect(header).toMatch(/Max-Age=31536000/);
    const d = await browser.data("acme", "/clients", USERS);
    expect(d.state).toMatchObject({ page: 1, size: 20, sort: "name", dir: "asc", filters: { status: ["active"] } });
    expect(d.rows).toHaveLength(20);
  });

  it("never lists another firm's users, and another firm's user page is not found", async () => {
    const summit = await summitPartner.data("summit", "/clients?size=50", USERS);
    expect(summit.rows.some((r: any) => String(r.email).endsWith("@example.com") && r.email.startsWith("list"))).toBe(false);
    expect((await summitPartner.get("summit", "/clients/usr_list_0")).status).toBe(404);
    const own = await acmePartner.get("acme", "/clients/usr_list_0");
    expect(own.status).toBe(200);
    expect(own.text).toContain("Back to Users");
  });

  it("shows group-access staff only their group and users in no group", async () => {
    const groups = await scoped(SUMMIT, (tx) =>
      tx.user.findMany({ where: { kind: "client", deletedAt: null }, select: { id: true, firmGroup: { select: { name: true } } } }),
    );
    const allowed = groups.filter((u) => !u.firmGroup || u.firmGroup.name === "Individual Tax");
    const hidden = groups.filter((u) => u.firmGroup && u.firmGroup.name !== "Individual Tax");
    expect(hidden.length).toBeGreaterThan(0);
    const d = await summitGroup.data("summit", "/clients?size=50", USERS);
    expect(d.page.total).toBe(allowed.length);
    expect(d.rows.every((r: any) => r.group === null || r.group === "Individual Tax")).toBe(true);
    expect((await summitGroup.get("summit", `/clients/${hidden[0]!.id}`)).status).toBe(404);
    expect(d.options.groups.map((g: any) => g.label)).toEqual(["Individual Tax"]);
    const partner = await summitPartner.data("summit", "/clients?size=50", USERS);
    expect(partner.page.total).toBe(groups.length);
  });

  it("is for staff only", async () => {
    expect((await app.get("acme", "/clients")).status).toBe(302);
    const client = await app.signIn("acme", "client@acme.test");
    expect((await client.get("acme", "/clients")).status).toBe(404);
    expect((await client.get("acme", "/admin")).status).toBe(404);
  });
});

describe("entities table", () => {
  it("lists the firm's entities without the drop-link entity, with status and owner", async () => {
    const { UNASSIGNED_ENTITY_TYPE } = await import("~/drop-off/link-rules");
    const expected = await scoped(ACME, (tx) => tx.company.count({ where: { deletedAt: null, entityType: { not: UNASSIGNED_ENTITY_TYPE } } }));
    const d = await acmePartner.data("acme", "/admin?size=50", ENTITIES);
    expect(d.page.total).toBe(expected);
    expect(d.rows.some((r: any) => r.type === UNASSIGNED_ENTITY_TYPE)).toBe(false);
    expect(d.rows.every((r: any) => ["active", "inactive", "readonly"].includes(r.status))).toBe(true);
    const page = await acmePartner.get("acme", "/admin");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`of ${expected}`);
  });

  it("sorts by name and filters by status", async () => {
    const d = await acmePartner.data("acme", "/admin?size=50&sort=name&dir=asc", ENTITIES);
    const names = d.rows.map((r: any) => r.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const ro = await acmePartner.data("acme", "/admin?status=readonly", ENTITIES);
    expect(ro.rows.every((r: any) => r.status === "readonly")).toBe(true);
  });

  it("opens an entity's overview with its nav; another firm's entity is not found", async () => {
    const d = await acmePartner.data("acme", "/admin?size=10", ENTITIES);
    const hash = d.rows[0].hashId;
    const page = await acmePartner.get("acme", `/admin/${hash}`);
    expect(page.status).toBe(200);
    for (const label of ["Overview", "Back to Entities", "Dashboard", "Messages", "Documents"]) expect(page.text).toContain(label);
    expect((await summitPartner.get("summit", `/admin/${hash}`)).status).toBe(404);
    const docs = await acmePartner.get("acme", `/admin/${hash}/documents`);
    expect(docs.status).toBe(200);
  });

  it("never lists another firm's entities; group-access staff see their group's", async () => {
    const acme = await acmePartner.data("acme", "/admin?size=50", ENTITIES);
    const summit = await summitPartner.data("summit", "/admin?size=50", ENTITIES);
    const acmeIds = new Set(acme.rows.map((r: any) => r.id));
    expect(summit.rows.some((r: any) => acmeIds.has(r.id))).toBe(false);
    const grouped = await summitGroup.data("summit", "/admin?size=50", ENTITIES);
    expect(grouped.page.total).toBeLessThan(summit.page.total);
    const owners = await scoped(SUMMIT, (tx) =>
      tx.company.findMany({
        where: { id: { in: grouped.rows.map((r: any) => r.id) } },
        select: { primaryOwner: { select: { firmGroup: { select: { name: true } } } } },
      }),
    );
    expect(owners.every((c) => !c.primaryOwner?.firmGroup || c.primaryOwner.firmGroup.name === "Individual Tax")).toBe(true);
  });
});

describe("a large firm", () => {
  it("counts at most 10,000 matching rows: the range label reads 'of 10,000+' until search narrows it", async () => {
    await scoped(
      SUMMIT,
      (tx) =>
        tx.$executeRaw`INSERT INTO users (id, firm_id, kind, fname, lname)
        SELECT 'bulk_' || g, ${SUMMIT}, 'client'::"UserKind", 'Bulk', 'Client ' || g FROM generate_series(1, 10050) g`,
    );
    try {
      const d = await summitPartner.data("summit", "/clients?size=10", USERS);
      expect(d.page.label).toBe("1-10 of 10,000+");
      expect(d.page.hasNext).toBe(true);
      const narrowed = await summitPartner.data("summit", "/clients?size=10&q=Client%20100", USERS);
      expect(narrowed.page.label).toMatch(/^1-10 of \d{2,3}$/);
    } finally {
      await scoped(SUMMIT, (tx) => tx.$executeRaw`DELETE FROM users WHERE id LIKE 'bulk\_%'`);
    }
  });
});
