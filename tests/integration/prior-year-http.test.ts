/**
 * Prior-year items and rollover line items of an entity over HTTP (/api/staff/prior-year/{hash}):
 * advisors add, edit and delete items and line items (a line item marked not removable stays),
 * every change logged; non-advisors are refused; another firm's staff and group-access staff of
 * another group get 404 with nothing written; bad input gets the message, never a 500. An item
 * added here is what 'include prior year items' sends next year.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const api = (hash: string) => `/api/staff/prior-year/${hash}`;

let app: TestApp;
let partner: Browser;
let nonAdvisor: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let hash: string;
let companyId: string;

const counts = () =>
  scoped(ACME, async (tx) => ({
    items: await tx.priorYearItem.count(),
    lines: await tx.rolloverLineItem.count(),
    logs: await tx.activityLog.count(),
  }));

beforeAll(async () => {
  app = await bootApp({
    name: "prior-year-http",
    // The admin is not an advisor here: advisors only manage rollover items.
    beforeServe: async () => {
      await scoped(ACME, (tx) => tx.user.updateMany({ where: { email: "admin@acme.test" }, data: { isAdvisor: false } }));
    },
  });
  partner = await app.signIn("acme", "partner@acme.test");
  nonAdvisor = await app.signIn("acme", "admin@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
  const entity = await scoped(ACME, (tx) => tx.company.findFirstOrThrow({ where: { name: "Emily Chen" }, select: { id: true, hashId: true } }));
  hash = entity.hashId;
  companyId = entity.id;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("prior-year items", () => {
  it("lists nothing at first, and lets an advisor add, edit and delete items and line items", async () => {
    const empty = JSON.parse((await partner.get("acme", api(hash))).text);
    expect(empty).toEqual({ items: [], canManage: true });

    const added = await partner.submit("acme", api(hash), { intent: "add", name: "Brokerage 1099-B", year: "2025" });
    expect(added).toEqual({ status: 200, body: { ok: true, message: "Prior year item added" } });
    const [item] = await scoped(ACME, (tx) => tx.priorYearItem.findMany({ where: { companyId } }));
    expect(item).toMatchObject({ name: "Brokerage 1099-B", year: 2025, doNotRollover: false });

    const line = await partner.submit("acme", api(hash), { intent: "line-add", priorYearItemId: item!.id, category: "Account", value: "Fidelity ****1234" });
    expect(line.body).toEqual({ ok: true, message: "Line item added" });
    const updated = await partner.submit("acme", api(hash), { intent: "update", id: item!.id, name: "Brokerage statement", year: "2024", doNotRollover: "on" });
    expect(updated.body).toEqual({ ok: true, message: "Prior year item updated" });
    const list = JSON.parse((await partner.get("acme", api(hash))).text);
    expect(list.items).toEqual([
      expect.objectContaining({
        name: "Brokerage statement",
        year: 2024,
        doNotRollover: true,
        lineItems: [expect.objectContaining({ category: "Account", value: "Fidelity ****1234", removable: true })],
      }),
    ]);
    // The line item follows its item's year.
    expect((await scoped(ACME, (tx) => tx.rolloverLineItem.findFirstOrThrow({ where: { companyId } }))).year).toBe(2024);

    // A line item marked not removable stays.
    const fixed = await scoped(ACME, (tx) =>
      tx.rolloverLineItem.create({
        data: { firmId: ACME, companyId, priorYearItemId: item!.id, year: 2024, category: "Carryover", value: "$3,000", removable: false },
      }),
    );
    const refused = await partner.submit("acme", api(hash), { intent: "line-delete", id: fixed.id });
    expect(refused).toEqual({ status: 409, body: { ok: false, error: "This line item can't be removed." } });
    const removable = list.items[0].lineItems[0].id as string;
    expect((await partner.submit("acme", api(hash), { intent: "line-delete", id: removable })).body).toEqual({ ok: true, message: "Line item deleted" });

    expect((await partner.submit("acme", api(hash), { intent: "delete", id: item!.id })).body).toEqual({ ok: true, message: "Prior year item deleted" });
    expect(await scoped(ACME, (tx) => tx.priorYearItem.count({ where: { companyId } }))).toBe(0);
    expect(await scoped(ACME, (tx) => tx.rolloverLineItem.count({ where: { companyId } }))).toBe(0);
    const logs = await scoped(ACME, (tx) =>
      tx.activityLog.findMany({
        where: {
          companyId,
          title: { in: ["Prior year item added", "Prior year item updated", "Prior year item deleted", "Line item added", "Line item deleted"] },
        },
      }),
    );
    expect(logs).toHaveLength(5);
  });

  it("answers bad input with the message and writes nothing", async () => {
    const before = await counts();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "add", name: "  ", year: "2025" }, 422, "Please enter a name"],
      [{ intent: "add", name: "W-2", year: "nineteen" }, 422, "Please enter a valid year"],
      [{ intent: "add", name: "W-2", year: "1850" }, 422, "Please enter a valid year"],
      [{ intent: "line-add", priorYearItemId: "nope", category: "", value: "x" }, 422, "Please enter a category"],
      [{ intent: "line-add", priorYearItemId: "nope", category: "A", value: "x" }, 404, "Not found"],
      [{ intent: "update", id: "nope", name: "X", year: "2025" }, 404, "Not found"],
      [{ intent: "explode" }, 422, ""],
    ];
    for (const [form, status, message] of cases) {
      const r = await partner.submit("acme", api(hash), form);
      expect(r.status, JSON.stringify(form)).toBe(status);
      expect(r.body.ok).toBe(false);
      if (message) expect(r.body.error).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("is for advisors: others see the list but change nothing", async () => {
    const before = await counts();
    expect(JSON.parse((await nonAdvisor.get("acme", api(hash))).text).canManage).toBe(false);
    const r = await nonAdvisor.submit("acme", api(hash), { intent: "add", name: "W-2", year: "2025" });
    expect(r.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("keeps other firms and other groups out: 404 and nothing written", async () => {
    await partner.submit("acme", api(hash), { intent: "add", name: "K-1 from Cascade", year: "2025" });
    const item = await scoped(ACME, (tx) => tx.priorYearItem.findFirstOrThrow({ where: { companyId } }));
    const before = await counts();
    expect((await summitPartner.get("summit", api(hash))).status).toBe(404);
    for (const form of <Record<string, string>[]>[
      { intent: "add", name: "Stolen", year: "2025" },
      { intent: "update", id: item.id, name: "Stolen", year: "2025" },
      { intent: "delete", id: item.id },
      { intent: "line-add", priorYearItemId: item.id, category: "A", value: "B" },
    ]) {
      expect((await summitPartner.submit("summit", api(hash), form)).status, form.intent).toBe(404);
    }
    // Summit's own entity, naming Acme's item: still not found.
    const summitEntity = await scoped(SUMMIT, (tx) => tx.company.findFirstOrThrow({ where: { name: "Taylor & Jamie Morgan" }, select: { hashId: true } }));
    expect((await summitPartner.submit("summit", api(summitEntity.hashId), { intent: "delete", id: item.id })).status).toBe(404);
    // Group-access staff (Nina, Individual Tax) and an entity whose owner is in Business Services.
    const otherGroup = await scoped(SUMMIT, (tx) => tx.company.findFirstOrThrow({ where: { name: "Morgan Outdoor Gear Inc" }, select: { hashId: true } }));
    expect((await summitGroup.get("summit", api(otherGroup.hashId))).status).toBe(404);
    expect((await summitGroup.submit("summit", api(otherGroup.hashId), { intent: "add", name: "X", year: "2025" })).status).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await scoped(ACME, (tx) => tx.priorYearItem.findFirstOrThrow({ where: { id: item.id } }))).toMatchObject({ name: "K-1 from Cascade" });
  });
});
