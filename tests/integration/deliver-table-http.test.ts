/**
 * Deliver's table over HTTP (staff spec §2 'Tax returns table (Deliver)', §9 page sizes, cookies
 * and sorting rules): the page's paging, the signatures and payments sorts done in SQL, the
 * filters and the per-table cookie; another firm's and another group's returns stay out of the
 * list and are 'not found' to every row action with nothing written; each row action changes what
 * it says, records its event, and answers 409 when the return's state does not allow it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentsCell, paymentsSortKey, paymentsSortNumber, signatureCell, signatureSortKey, signatureSortNumber } from "~/deliver/rules";
import { REMINDER_FACTS } from "~/deliver/table/set-reminders.server";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { bootApp, type Browser, type TestApp } from "../support/app";

let app: TestApp;
let partner: Browser;
let summitPartner: Browser;
let nina: Browser;

const ROUTE = "routes/tax-returns";
const API = (id: string, tail = "") => `/api/staff/tax-returns/${id}${tail}`;

interface Fixture {
  status?: TaxReturnStatus;
  taxYear?: number;
  name?: string;
  /** Signatures asked per signer: true when signed. */
  signatures?: boolean[];
  vouchers?: boolean[];
  invoice?: { cents: number; paid: boolean } | null;
  reminderDisabled?: boolean;
  updatedAt?: Date;
}

async function entity(slug: string, name: string) {
  return app.tx(slug, (t) => t.company.findFirstOrThrow({ where: { name }, select: { id: true, firmId: true, owners: { select: { userId: true } } } }));
}

/** A return inserted directly (the classification that would make one is not this table's). */
async function insertReturn(slug: string, entityName: string, f: Fixture = {}): Promise<{ id: string; companyId: string }> {
  const company = await entity(slug, entityName);
  return app.tx(slug, async (t) => {
    const row = await t.taxReturn.create({
      data: {
        firmId: company.firmId,
        companyId: company.id,
        taxYear: f.taxYear ?? 2019,
        taxReturnName: f.name ?? "Fixture return",
        status: f.status ?? "sent",
        invoiceAmountCents: f.invoice?.cents ?? null,
        invoicePaid: f.invoice?.paid ?? false,
        reminderDisabled: f.reminderDisabled ?? false,
        ...(f.updatedAt ? { updatedAt: f.updatedAt } : {}),
      },
      select: { id: true, companyId: true },
    });
    if (f.signatures?.length) {
      const form = await t.eSignForm.create({ data: { firmId: company.firmId, taxReturnId: row.id, formId: "8879", pages: [1] } });
      for (const [i, signed] of f.signatures.entries()) {
        const signer = await t.taxReturnSigner.create({
          data: { firmId: company.firmId, taxReturnId: row.id, fname: `Signer${i}`, lname: "Fixture", role: i === 0 ? "taxpayer" : "spouse" },
        });
        await t.eSignFormSignature.create({
          data: {
            firmId: company.firmId,
            eSignFormId: form.id,
            signerId: signer.id,
            signatureData: signed ? "Signed" : null,
            signedAt: signed ? new Date() : null,
          },
        });
      }
    }
    for (const paid of f.vouchers ?? []) {
      await t.paymentVoucher.create({ data: { firmId: company.firmId, taxReturnId: row.id, voucherId: "1040-V", amountCents: 1000, isPaid: paid } });
    }
    return row;
  });
}

async function listOf(b: Browser, slug: string, search: string) {
  return b.data(slug, `/tax-returns${search}`, ROUTE);
}

async function snapshot(slug: string, id: string) {
  return app.tx(slug, async (t) =>
    JSON.stringify({
      row: await t.taxReturn.findUnique({ where: { id }, include: { paymentVouchers: { orderBy: { id: "asc" } } } }),
      events: await t.activityLog.count({ where: { taxReturnId: id } }),
    }),
  );
}

beforeAll(async () => {
  app = await bootApp({ name: "deliver-table-http" });
  partner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  nina = await app.signIn("summit", "nina.patel@summit.test");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("the demo seed", () => {
  it("gives both demo firms Deliver and a return in every status staff meet", async () => {
    for (const slug of ["acme", "summit"]) {
      const { rows } = await app.su.query<{ status: string; on: boolean }>(
        `SELECT t.status::text AS status, p.new_tax_return_delivery_enabled AS on FROM tax_returns t JOIN firm_preferences p ON p.firm_id = t.firm_id WHERE t.firm_id = $1`,
        [`firm_${slug}`],
      );
      expect(rows.length, slug).toBe(8);
      expect(rows.every((r) => r.on)).toBe(true);
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["action_required", "draft", "change_requested", "approved", "sent", "signed", "finished"]));
    }
  });
});

describe("the list", () => {
  it("pages on the server with the spec's sizes, newest change first, and keeps the choice in its cookie", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) ids.push((await insertReturn("acme", "Marcus Johnson", { taxYear: 2019, updatedAt: new Date(base + i * 60_000) })).id);
    const first = await listOf(partner, "acme", "?year=2019");
    expect(first.page).toMatchObject({ total: 15, page: 1, lastPage: 2, label: "1-10 of 15" });
    expect(first.rows.map((r: { id: string }) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = await listOf(partner, "acme", "?year=2019&page=2");
    expect(second.page.label).toBe("11-15 of 15");
    expect(second.rows.map((r: { id: string }) => r.id)).toEqual([...ids].reverse().slice(10));
    // Size 20: kept in the table's cookie for the next visit without parameters.
    const twenty = await listOf(partner, "acme", "?year=2019&size=20");
    expect(twenty.rows).toHaveLength(15);
    expect(partner.cookies.has("table_tax_returns")).toBe(true);
    const again = await listOf(partner, "acme", "");
    expect(again.state.size).toBe(20);
    expect(again.state.filters.year).toEqual(["2019"]);
    // A size the spec does not offer falls back to 10.
    expect((await listOf(partner, "acme", "?year=2019&size=37")).state.size).toBe(10);
    await app.tx("acme", (t) => t.taxReturn.updateMany({ where: { id: { in: ids } }, data: { deletedAt: new Date() } }));
    await listOf(partner, "acme", "?size=10");
  });

  it("sorts by signatures (all signed, then total, then done) and by payments (completion, then totals) in SQL", async () => {
    const none = await insertReturn("acme", "Marcus Johnson", { taxYear: 2018, name: "none", vouchers: [] });
    const oneOfTwo = await insertReturn("acme", "Marcus Johnson", { taxYear: 2018, name: "one of two", signatures: [true, false], vouchers: [true, false] });
    const zeroOfOne = await insertReturn("acme", "Marcus Johnson", { taxYear: 2018, name: "zero of one", signatures: [false], vouchers: [false] });
    const allTwo = await insertReturn("acme", "Marcus Johnson", {
      taxYear: 2018,
      name: "all of two",
      signatures: [true, true],
      vouchers: [true],
      invoice: { cents: 5000, paid: false },
    });
    const names = (data: { rows: { taxReturnName: string }[] }) => data.rows.map((r) => r.taxReturnName);
    const asc = await listOf(partner, "acme", "?year=2018&sort=signatures&dir=asc");
    expect(names(asc)).toEqual(["none", "zero of one", "one of two", "all of two"]);
    expect(asc.rows[2].signatures).toMatchObject({ total: 2, done: 1, text: "1 signature(s) still needed on these forms" });
    expect(asc.rows[3].signatures.text).toBe("All signatures completed");
    const desc = await listOf(partner, "acme", "?year=2018&sort=signatures&dir=desc");
    expect(names(desc)).toEqual(["all of two", "one of two", "zero of one", "none"]);
    // Payments: not complete first (by total), then complete (by total): 'none' has nothing to pay, so it is complete.
    const pay = await listOf(partner, "acme", "?year=2018&sort=payments&dir=asc");
    expect(names(pay)).toEqual(["zero of one", "one of two", "all of two", "none"]);
    expect(pay.rows.find((r: { taxReturnName: string }) => r.taxReturnName === "all of two").payments).toMatchObject({ total: 2, paid: 1 });
    for (const r of [none, oneOfTwo, zeroOfOne, allTwo])
      await app.tx("acme", (t) => t.taxReturn.update({ where: { id: r.id }, data: { deletedAt: new Date() } }));
  });

  it("filters by entity name, tax year, status and reminder", async () => {
    const seeded = await listOf(partner, "acme", "?size=50");
    const any = seeded.rows[0];
    const byName = await listOf(partner, "acme", `?q=${encodeURIComponent(any.companyName)}`);
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r: { companyName: string }) => r.companyName === any.companyName)).toBe(true);
    const finished = await listOf(partner, "acme", "?status=finished");
    expect(finished.rows.length).toBeGreaterThan(0);
    expect(finished.rows.every((r: { status: string }) => r.status === "finished")).toBe(true);
    const off = await insertReturn("acme", "Marcus Johnson", { taxYear: 2017, reminderDisabled: true, signatures: [false] });
    const offList = await listOf(partner, "acme", "?reminder=off");
    expect(offList.rows.map((r: { id: string }) => r.id)).toEqual([off.id]);
    expect((await listOf(partner, "acme", "?year=2017&reminder=on")).rows).toEqual([]);
    const nothing = await listOf(partner, "acme", "?q=zzzz-no-such-entity");
    expect(nothing.rows).toEqual([]);
    expect(nothing.page.label).toBe("0-0 of 0");
    await app.tx("acme", (t) => t.taxReturn.update({ where: { id: off.id }, data: { deletedAt: new Date() } }));
  });

  it("leaves another firm's returns out, and another group's for group-access staff", async () => {
    const acmeRows = (await listOf(partner, "acme", "?size=50")).rows.map((r: { id: string }) => r.id);
    const summitRows = (await listOf(summitPartner, "summit", "?size=50")).rows.map((r: { id: string }) => r.id);
    expect(acmeRows.filter((id: string) => summitRows.includes(id))).toEqual([]);
    const mine = await insertReturn("summit", "Christopher Adams", { name: "Adams fixture", taxYear: 2016 });
    const theirs = await insertReturn("summit", "Morgan Outdoor Gear Inc", { name: "Morgan fixture", taxYear: 2016 });
    const ninaRows = (await listOf(nina, "summit", "?year=2016")).rows.map((r: { id: string }) => r.id);
    expect(ninaRows).toEqual([mine.id]);
    const partnerRows = (await listOf(summitPartner, "summit", "?year=2016")).rows.map((r: { id: string }) => r.id);
    expect(partnerRows.sort()).toEqual([mine.id, theirs.id].sort());
    // Nina's row actions on the other group's return: not found, nothing written.
    const before = await snapshot("summit", theirs.id);
    for (const [tail, body] of [
      ["", { intent: "finish", companyId: theirs.companyId }],
      ["", { intent: "delete", companyId: theirs.companyId }],
      ["", { intent: "reminders", companyId: theirs.companyId, reminderDisabled: true }],
      ["/vouchers", { companyId: theirs.companyId, all: true }],
      ["/assignments", { companyId: theirs.companyId, advisorId: "x", clientIds: ["y"] }],
    ] as const) {
      const r = await nina.postJson("summit", API(theirs.id, tail), body);
      expect(r.status, `${tail} ${JSON.stringify(body)}: ${r.text}`).toBe(404);
      expect(r.body).toEqual({ error: "This tax return was not found" });
    }
    expect(await snapshot("summit", theirs.id)).toBe(before);
    await app.tx("summit", (t) => t.taxReturn.updateMany({ where: { id: { in: [mine.id, theirs.id] } }, data: { deletedAt: new Date() } }));
  });

  it("is not there for a firm without Deliver, nor for clients", async () => {
    await app.su.query(`UPDATE firm_preferences SET new_tax_return_delivery_enabled = false WHERE firm_id = 'firm_summit'`);
    try {
      // The firm's settings reach the server through its change notification: wait for it.
      await expect.poll(async () => (await summitPartner.get("summit", "/tax-returns")).status).toBe(404);
      const r = await insertReturn("summit", "Christopher Adams", { taxYear: 2015 });
      expect((await summitPartner.postJson("summit", API(r.id), { intent: "finish", companyId: r.companyId })).status).toBe(404);
      // Nor its upload, its classification page or the page's calls.
      const upload = await summitPartner.postJson("summit", "/api/staff/tax-returns/upload", {
        intent: "grant",
        companyId: r.companyId,
        fileName: "return.pdf",
        size: 1000,
      });
      expect(upload.status, upload.text).toBe(404);
      expect((await summitPartner.get("summit", "/api/staff/tax-returns/upload?q=a")).status).toBe(404);
      expect((await summitPartner.get("summit", `/tax-return-delivery-admin-view/${r.id}?companyId=${r.companyId}`)).status).toBe(404);
      expect((await summitPartner.get("summit", `/tax-return-delivery-admin-view/${r.id}/classification?companyId=${r.companyId}`)).status).toBe(404);
      await app.tx("summit", (t) => t.taxReturn.update({ where: { id: r.id }, data: { deletedAt: new Date() } }));
    } finally {
      await app.su.query(`UPDATE firm_preferences SET new_tax_return_delivery_enabled = true WHERE firm_id = 'firm_summit'`);
    }
    await expect.poll(async () => (await summitPartner.get("summit", "/tax-returns")).status).toBe(200);
    const client = await app.signIn("acme", "client@acme.test");
    const page = await client.get("acme", "/tax-returns");
    expect(page.status).toBe(302);
  });
});

describe("row actions", () => {
  const foreign = async (tail: string, body: (r: { companyId: string }) => unknown) => {
    // Acme's return asked for on Summit's site (RLS) and with another entity's id: 404, nothing written.
    const r = await insertReturn("acme", "Marcus Johnson", { taxYear: 2014, signatures: [false], vouchers: [false] });
    const before = await snapshot("acme", r.id);
    expect((await summitPartner.postJson("summit", API(r.id, tail), body(r))).status).toBe(404);
    const other = await entity("acme", "Jordan & Casey Rivera");
    expect((await partner.postJson("acme", API(r.id, tail), body({ companyId: other.id }))).status).toBe(404);
    expect((await partner.postJson("acme", API("no-such-return", tail), body(r))).status).toBe(404);
    expect(await snapshot("acme", r.id)).toBe(before);
    return r;
  };

  it("mark finished: finished with its event; again is a 409; a processing return is a 409", async () => {
    const r = await foreign("", (x) => ({ intent: "finish", companyId: x.companyId }));
    const done = await partner.postJson("acme", API(r.id), { intent: "finish", companyId: r.companyId });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ message: "Tax return has been marked as finished" });
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id }, select: { status: true } }));
    expect(row.status).toBe("finished");
    expect(await app.tx("acme", (t) => t.activityLog.findFirst({ where: { taxReturnId: r.id }, select: { title: true } }))).toEqual({
      title: "Marked as finished",
    });
    const again = await partner.postJson("acme", API(r.id), { intent: "finish", companyId: r.companyId });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "This tax return can't be marked as finished now." });
    const processing = await insertReturn("acme", "Marcus Johnson", { status: "processing", taxYear: 2014 });
    expect((await partner.postJson("acme", API(processing.id), { intent: "finish", companyId: processing.companyId })).status).toBe(409);
  });

  it("delete: soft, gone from the list and every action; a return being sent is a 409", async () => {
    const r = await foreign("", (x) => ({ intent: "delete", companyId: x.companyId }));
    const done = await partner.postJson("acme", API(r.id), { intent: "delete", companyId: r.companyId });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ message: "Tax return has been deleted" });
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id }, select: { deletedAt: true } }));
    expect(row.deletedAt).not.toBeNull();
    expect((await listOf(partner, "acme", "?year=2014&size=50")).rows.map((x: { id: string }) => x.id)).not.toContain(r.id);
    expect((await partner.postJson("acme", API(r.id), { intent: "delete", companyId: r.companyId })).status).toBe(404);
    const sending = await insertReturn("acme", "Marcus Johnson", { status: "sending", taxYear: 2014 });
    expect((await partner.postJson("acme", API(sending.id), { intent: "delete", companyId: sending.companyId })).status).toBe(409);
  });

  it("reminder toggle: off and on while something is left; a 409 when all is signed and paid, or before the return went out", async () => {
    const r = await foreign("", (x) => ({ intent: "reminders", companyId: x.companyId, reminderDisabled: true }));
    expect((await partner.postJson("acme", API(r.id), { intent: "reminders", companyId: r.companyId, reminderDisabled: true })).status).toBe(200);
    expect((await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }))).reminderDisabled).toBe(true);
    const list = await listOf(partner, "acme", "?year=2014&reminder=off");
    expect(list.rows.find((x: { id: string }) => x.id === r.id).reminder).toEqual({ on: false, disabled: false });
    const complete = await insertReturn("acme", "Marcus Johnson", { taxYear: 2014, status: "signed", signatures: [true], vouchers: [true] });
    const refused = await partner.postJson("acme", API(complete.id), { intent: "reminders", companyId: complete.companyId, reminderDisabled: false });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "Reminders can't be changed for this tax return now." });
    const waiting = await insertReturn("acme", "Marcus Johnson", { taxYear: 2014, status: "action_required" });
    expect((await partner.postJson("acme", API(waiting.id), { intent: "reminders", companyId: waiting.companyId, reminderDisabled: true })).status).toBe(409);
  });

  it("payment vouchers: one paid or unpaid, all paid; all paid again is a 409; another return's voucher is a 404", async () => {
    const r = await foreign("/vouchers", (x) => ({ companyId: x.companyId, all: true }));
    const voucher = await app.tx("acme", (t) => t.paymentVoucher.findFirstOrThrow({ where: { taxReturnId: r.id } }));
    const one = await partner.postJson("acme", API(r.id, "/vouchers"), { companyId: r.companyId, voucherId: voucher.id, isPaid: true });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ message: "Payment voucher updated" });
    expect((await app.tx("acme", (t) => t.paymentVoucher.findUniqueOrThrow({ where: { id: voucher.id } }))).isPaid).toBe(true);
    expect((await partner.postJson("acme", API(r.id, "/vouchers"), { companyId: r.companyId, voucherId: voucher.id, isPaid: false })).status).toBe(200);
    const all = await partner.postJson("acme", API(r.id, "/vouchers"), { companyId: r.companyId, all: true });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ message: "Payment vouchers marked as paid" });
    const again = await partner.postJson("acme", API(r.id, "/vouchers"), { companyId: r.companyId, all: true });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "All payment vouchers are already paid." });
    const other = await insertReturn("acme", "Marcus Johnson", { taxYear: 2014, vouchers: [false] });
    const otherVoucher = await app.tx("acme", (t) => t.paymentVoucher.findFirstOrThrow({ where: { taxReturnId: other.id } }));
    expect((await partner.postJson("acme", API(r.id, "/vouchers"), { companyId: r.companyId, voucherId: otherVoucher.id, isPaid: true })).status).toBe(404);
    expect((await app.tx("acme", (t) => t.paymentVoucher.findUniqueOrThrow({ where: { id: otherVoucher.id } }))).isPaid).toBe(false);
    const waiting = await insertReturn("acme", "Marcus Johnson", { taxYear: 2014, status: "action_required", vouchers: [false] });
    expect((await partner.postJson("acme", API(waiting.id, "/vouchers"), { companyId: waiting.companyId, all: true })).status).toBe(409);
  });

  it("client assignments: the chosen owners get the advisor; a non-advisor or a stranger is a 422; group access is refused", async () => {
    const r = await foreign("/assignments", (x) => ({ companyId: x.companyId, advisorId: "someone", clientIds: ["someone"] }));
    const owners = (await entity("acme", "Marcus Johnson")).owners.map((o) => o.userId);
    const advisor = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "advisor@acme.test" }, select: { id: true } }));
    const done = await partner.postJson("acme", API(r.id, "/assignments"), { companyId: r.companyId, advisorId: advisor.id, clientIds: owners });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ message: "Success!", toast: "Assignments updated successfully" });
    const users = await app.tx("acme", (t) => t.user.findMany({ where: { id: { in: owners } }, select: { assignedAdvisorId: true } }));
    expect(users.every((u) => u.assignedAdvisorId === advisor.id)).toBe(true);
    const list = await listOf(partner, "acme", "?year=2014&size=50");
    expect(list.rows.find((x: { id: string }) => x.id === r.id).assignedAdvisorId).toBe(advisor.id);
    const client = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } }));
    const stranger = await partner.postJson("acme", API(r.id, "/assignments"), { companyId: r.companyId, advisorId: advisor.id, clientIds: [client.id] });
    expect(stranger.status).toBe(422);
    const notAdvisor = await partner.postJson("acme", API(r.id, "/assignments"), { companyId: r.companyId, advisorId: client.id, clientIds: owners });
    expect(notAdvisor.status).toBe(422);
    const mine = await insertReturn("summit", "Christopher Adams", { taxYear: 2014 });
    const adams = (await entity("summit", "Christopher Adams")).owners.map((o) => o.userId);
    const ninaId = await app.tx("summit", (t) => t.user.findFirstOrThrow({ where: { email: "nina.patel@summit.test" }, select: { id: true } }));
    expect((await nina.postJson("summit", API(mine.id, "/assignments"), { companyId: mine.companyId, advisorId: ninaId.id, clientIds: adams })).status).toBe(
      403,
    );
  });

  it("answers bad input with 400, never 500", async () => {
    const r = await insertReturn("acme", "Marcus Johnson", { taxYear: 2014 });
    for (const body of [
      {},
      { intent: "finish" },
      { intent: "explode", companyId: r.companyId },
      { intent: "reminders", companyId: r.companyId, reminderDisabled: "yes" },
      [],
    ]) {
      const response = await partner.postJson("acme", API(r.id), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await partner.postJson("acme", API(r.id, "/vouchers"), { companyId: r.companyId, voucherId: "v", isPaid: "no" })).status).toBe(400);
    expect((await partner.get("acme", API(r.id))).status).toBe(404);
  });
});

describe("bulk actions", () => {
  const BULK = "/api/staff/tax-returns/bulk";
  const statusOf = (slug: string, id: string) =>
    app.tx(slug, (t) => t.taxReturn.findUniqueOrThrow({ where: { id }, select: { status: true, reminderDisabled: true } }));
  const events = (slug: string, id: string) => app.tx(slug, (t) => t.activityLog.findMany({ where: { taxReturnId: id }, select: { title: true } }));

  it("mark finished: one call changes the returns that allow it, skips the rest, and never touches another firm's", async () => {
    const a = await insertReturn("acme", "Marcus Johnson", { taxYear: 2013, signatures: [false] });
    const b = await insertReturn("acme", "Marcus Johnson", { taxYear: 2013, status: "approved" });
    const processing = await insertReturn("acme", "Marcus Johnson", { taxYear: 2013, status: "processing" });
    const theirs = await insertReturn("summit", "Christopher Adams", { taxYear: 2013, signatures: [false] });
    const before = await snapshot("summit", theirs.id);
    const response = await partner.postJson("acme", BULK, { intent: "finish", ids: [a.id, b.id, processing.id, theirs.id, "no-such-return"] });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      changed: 2,
      skipped: 3,
      message: "2 of 5 tax return(s) updated; 3 skipped because they can't take this change now.",
    });
    expect((await statusOf("acme", a.id)).status).toBe("finished");
    expect((await statusOf("acme", b.id)).status).toBe("finished");
    expect(await events("acme", a.id)).toEqual([{ title: "Marked as finished" }]);
    expect((await statusOf("acme", processing.id)).status).toBe("processing");
    expect(await events("acme", processing.id)).toEqual([]);
    expect(await snapshot("summit", theirs.id)).toBe(before);
    // Every one changes: the spec's text.
    const c = await insertReturn("acme", "Marcus Johnson", { taxYear: 2013 });
    const all = await partner.postJson("acme", BULK, { intent: "finish", ids: [c.id] });
    expect(all.body).toEqual({ ok: true, changed: 1, skipped: 0, message: "Tax return has been marked as finished" });
    // Only another firm's return: not found, nothing written.
    const foreign = await partner.postJson("acme", BULK, { intent: "finish", ids: [theirs.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "This tax return was not found" });
    expect(await snapshot("summit", theirs.id)).toBe(before);
  });

  it("reminders off: only returns still waiting for a signature or payment, with an event each", async () => {
    const waiting = await insertReturn("acme", "Marcus Johnson", { taxYear: 2012, signatures: [true, false] });
    const done = await insertReturn("acme", "Marcus Johnson", { taxYear: 2012, signatures: [true], vouchers: [true] });
    const already = await insertReturn("acme", "Marcus Johnson", { taxYear: 2012, signatures: [false], reminderDisabled: true });
    const notOut = await insertReturn("acme", "Marcus Johnson", { taxYear: 2012, status: "action_required", signatures: [false] });
    const theirs = await insertReturn("summit", "Christopher Adams", { taxYear: 2012, signatures: [false] });
    const before = await snapshot("summit", theirs.id);
    const response = await partner.postJson("acme", BULK, { intent: "reminders_off", ids: [waiting.id, done.id, already.id, notOut.id, theirs.id] });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ changed: 1, skipped: 4 });
    expect((await statusOf("acme", waiting.id)).reminderDisabled).toBe(true);
    expect(await events("acme", waiting.id)).toEqual([{ title: "Reminders turned off" }]);
    for (const r of [done, notOut]) expect((await statusOf("acme", r.id)).reminderDisabled).toBe(false);
    for (const r of [done, already, notOut]) expect(await events("acme", r.id)).toEqual([]);
    expect(await snapshot("summit", theirs.id)).toBe(before);
  });

  it("answers bad input with 400 and a firm without Deliver or a client with 404", async () => {
    expect((await partner.postJson("acme", BULK, { intent: "finish", ids: [] })).status).toBe(400);
    expect((await partner.postJson("acme", BULK, { intent: "delete", ids: ["x"] })).status).toBe(400);
    expect((await partner.postJson("acme", BULK, { intent: "finish", ids: Array.from({ length: 51 }, (_, i) => `id${i}`) })).status).toBe(400);
    const client = await app.signIn("acme", "client@acme.test");
    const r = await insertReturn("acme", "Marcus Johnson", { taxYear: 2011 });
    expect((await client.postJson("acme", BULK, { intent: "finish", ids: [r.id] })).status).toBe(404);
    expect((await statusOf("acme", r.id)).status).toBe("sent");
  });
});

describe("sort keys", () => {
  /** The stored keys against rules.ts's numbers for the return's cells as they stand. */
  async function expectKeys(id: string) {
    const row = await app.tx("acme", (t) =>
      t.taxReturn.findUniqueOrThrow({ where: { id }, select: { signatureSortKey: true, paymentsSortKey: true, ...REMINDER_FACTS } }),
    );
    const signatures = signatureCell(
      row.eSignForms.map((f) => ({
        formId: f.formId,
        wetSignaturesRequired: f.wetSignaturesRequired,
        signatures: f.signatures.map((x) => ({ signerName: "", signed: x.signatureData !== null, wetSignature: x.wetSignatureKey !== null })),
      })),
    );
    const payments = paymentsCell(
      row.paymentVouchers.map((v) => ({ ...v, dueDate: null })),
      { amountCents: row.invoiceAmountCents, paid: row.invoicePaid },
    );
    expect({ signatures: row.signatureSortKey, payments: row.paymentsSortKey }).toEqual({
      signatures: signatureSortNumber(signatureSortKey(signatures)),
      payments: paymentsSortNumber(paymentsSortKey(payments)),
    });
  }

  it("keeps each return's signature and payment sort keys as rules.ts counts its cells, through signing, paying and reclassifying", async () => {
    const fixtures = [
      {},
      { signatures: [true, false], vouchers: [true, false] },
      { signatures: [true, true], vouchers: [true], invoice: { cents: 5000, paid: false } },
      { signatures: [false], invoice: { cents: 100, paid: true } },
    ];
    const ids: string[] = [];
    for (const f of fixtures) ids.push((await insertReturn("acme", "Marcus Johnson", { taxYear: 2010, ...f })).id);
    for (const id of ids) await expectKeys(id);
    const [, oneOfTwo, allTwo, zeroOfOne] = ids as [string, string, string, string];
    // The second signer signs; a voucher is paid; the invoice is paid.
    await app.tx("acme", (t) => t.eSignFormSignature.updateMany({ where: { eSignForm: { taxReturnId: oneOfTwo } }, data: { signatureData: "Signed" } }));
    await app.tx("acme", (t) => t.paymentVoucher.updateMany({ where: { taxReturnId: oneOfTwo }, data: { isPaid: true } }));
    await app.tx("acme", (t) => t.taxReturn.update({ where: { id: allTwo }, data: { invoicePaid: true } }));
    // A form turned wet-signature: its drawn signatures no longer count.
    await app.tx("acme", (t) => t.eSignForm.updateMany({ where: { taxReturnId: allTwo }, data: { wetSignaturesRequired: true } }));
    // Reclassified: forms and vouchers removed, a voucher added.
    await app.tx("acme", async (t) => {
      await t.eSignForm.deleteMany({ where: { taxReturnId: zeroOfOne } });
      await t.paymentVoucher.create({ data: { firmId: "firm_acme", taxReturnId: zeroOfOne, voucherId: "1040-V", amountCents: 500 } });
    });
    for (const id of ids) await expectKeys(id);
    const keys = await app.tx("acme", (t) => t.taxReturn.findMany({ where: { id: { in: ids } }, select: { id: true, signatureSortKey: true } }));
    expect(keys.find((k) => k.id === oneOfTwo)!.signatureSortKey).toBe(1_002_002);
    expect(keys.find((k) => k.id === allTwo)!.signatureSortKey).toBe(2000);
    await app.tx("acme", (t) => t.taxReturn.updateMany({ where: { id: { in: ids } }, data: { deletedAt: new Date() } }));
  });
});
