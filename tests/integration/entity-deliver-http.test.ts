/**
 * The staff entity page's tax returns and signature requests (/admin/{companyHash}, staff spec
 * 'Company details: ... signature requests, tax returns'), loaded as the browser does (single
 * fetch): the entity's own returns and requests of the demo seed with their statuses, newest tax
 * year first; another firm's never listed; deleted ones not listed; no card without the firm's
 * preference; at most 20 with 'more' past that; who may start an upload from there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTITY_DELIVER_LIMIT } from "~/deliver/entity/entity-deliver";
import type { EntityDeliver } from "~/deliver/entity/entity-deliver.server";
import { bootApp, type Browser, type TestApp } from "../support/app";

const VIEW = "routes/admin.$companyHash._index";
const ACME = "firm_acme";
const SUMMIT = "firm_summit";

let app: TestApp;
let partner: Browser;
let summitPartner: Browser;

interface Entity {
  id: string;
  hashId: string;
}

/** The firm's first entity (by name) with demo tax returns and signature requests, neither deleted. */
async function entityWithBoth(firmId: string): Promise<Entity> {
  const { rows } = await app.su.query<{ id: string; hash_id: string }>(
    `SELECT c.id, c.hash_id FROM companies c
      WHERE c.firm_id = $1 AND c.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM tax_returns t WHERE t.company_id = c.id AND t.deleted_at IS NULL)
        AND EXISTS (SELECT 1 FROM signature_requests r WHERE r.company_id = c.id AND r.deleted_at IS NULL)
      ORDER BY c.name LIMIT 1`,
    [firmId],
  );
  expect(rows[0], `${firmId} has an entity with demo tax returns and signature requests`).toBeTruthy();
  return { id: rows[0]!.id, hashId: rows[0]!.hash_id };
}

/** What the database holds for the entity, in the page's order (newest tax year, then last updated). */
async function stored(table: "tax_returns" | "signature_requests", companyId: string) {
  const { rows } = await app.su.query<{ id: string; status: string; tax_year: number }>(
    `SELECT id, status::text AS status, tax_year FROM ${table} WHERE company_id = $1 AND deleted_at IS NULL ORDER BY tax_year DESC, updated_at DESC, id DESC`,
    [companyId],
  );
  return rows.map((r) => ({ id: r.id, status: r.status, taxYear: r.tax_year }));
}

async function deliverOf(b: Browser, slug: string, entity: Entity): Promise<EntityDeliver> {
  const page = await b.data(slug, `/admin/${entity.hashId}`, VIEW);
  return page.deliver as EntityDeliver;
}

const shown = (list: { rows: { id: string; status: string; taxYear: number }[] } | null) =>
  (list?.rows ?? []).map((r) => ({ id: r.id, status: r.status, taxYear: r.taxYear }));

let acme: Entity;
let summit: Entity;

beforeAll(async () => {
  // The demo tax returns and signature requests are seeded only with a file store.
  app = await bootApp({ name: "entity-deliver-http", s3: true });
  acme = await entityWithBoth(ACME);
  summit = await entityWithBoth(SUMMIT);
  partner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("the entity page lists the entity's tax returns and signature requests", () => {
  it("shows the entity's own rows with their statuses, newest tax year first", async () => {
    for (const [b, slug, entity] of [
      [partner, "acme", acme],
      [summitPartner, "summit", summit],
    ] as const) {
      const deliver = await deliverOf(b, slug, entity);
      const returns = await stored("tax_returns", entity.id);
      const requests = await stored("signature_requests", entity.id);
      expect(returns.length).toBeGreaterThan(0);
      expect(requests.length).toBeGreaterThan(0);
      expect(shown(deliver.taxReturns)).toEqual(returns);
      expect(shown(deliver.signatureRequests)).toEqual(requests);
      expect(deliver.taxReturns!.rows.every((r) => r.companyId === entity.id && r.taxReturnName && r.updatedAt)).toBe(true);
      expect(deliver.signatureRequests!.rows.every((r) => r.companyId === entity.id && r.formName && r.updatedAt)).toBe(true);
      expect(deliver.taxReturns!.more).toBe(false);
      expect(deliver.signatureRequests!.more).toBe(false);
      // Both uploads are the partner's (an advisor's) to start.
      expect(deliver.taxReturns!.canUpload).toBe(true);
      expect(deliver.signatureRequests!.canUpload).toBe(true);
    }
  });

  it("never lists another firm's returns or requests, and the other firm's entity page is not found", async () => {
    const deliver = await deliverOf(partner, "acme", acme);
    const summitIds = new Set([...(await stored("tax_returns", summit.id)), ...(await stored("signature_requests", summit.id))].map((r) => r.id));
    const acmeIds = [...deliver.taxReturns!.rows, ...deliver.signatureRequests!.rows].map((r) => r.id);
    expect(acmeIds.length).toBeGreaterThan(0);
    expect(acmeIds.filter((id) => summitIds.has(id))).toEqual([]);
    // Acme's staff asking for Summit's entity page get 404 and none of its rows.
    const foreign = await partner.get("acme", `/admin/${summit.hashId}.data?_routes=${encodeURIComponent(VIEW)}`);
    expect(foreign.text).toContain("404");
    expect(foreign.text).not.toContain(summit.id);
    expect([...summitIds].some((id) => foreign.text.includes(id))).toBe(false);
  });

  it("leaves out a deleted return and a deleted request", async () => {
    const [ret] = await stored("tax_returns", acme.id);
    const [req] = await stored("signature_requests", acme.id);
    await app.su.query(`UPDATE tax_returns SET deleted_at = now() WHERE id = $1`, [ret!.id]);
    await app.su.query(`UPDATE signature_requests SET deleted_at = now() WHERE id = $1`, [req!.id]);
    try {
      const deliver = await deliverOf(partner, "acme", acme);
      expect(deliver.taxReturns!.rows.map((r) => r.id)).not.toContain(ret!.id);
      expect(deliver.signatureRequests!.rows.map((r) => r.id)).not.toContain(req!.id);
      expect(shown(deliver.taxReturns)).toEqual(await stored("tax_returns", acme.id));
    } finally {
      await app.su.query(`UPDATE tax_returns SET deleted_at = NULL WHERE id = $1`, [ret!.id]);
      await app.su.query(`UPDATE signature_requests SET deleted_at = NULL WHERE id = $1`, [req!.id]);
    }
  });

  it("has no tax returns card without new tax return delivery, and no signature requests card without signature requests", async () => {
    /** Sets Acme's preference and waits for the page to follow (the firm's settings reach the server through its change notification). */
    const turn = async (column: "new_tax_return_delivery_enabled" | "signature_requests_enabled", on: boolean) => {
      await app.su.query(`UPDATE firm_preferences SET ${column} = $2 WHERE firm_id = $1`, [ACME, on]);
      const card = column === "new_tax_return_delivery_enabled" ? "taxReturns" : "signatureRequests";
      await expect.poll(async () => (await deliverOf(partner, "acme", acme))[card] !== null).toBe(on);
    };
    await turn("new_tax_return_delivery_enabled", false);
    try {
      const deliver = await deliverOf(partner, "acme", acme);
      expect(deliver.taxReturns).toBeNull();
      expect(shown(deliver.signatureRequests)).toEqual(await stored("signature_requests", acme.id));
    } finally {
      await turn("new_tax_return_delivery_enabled", true);
    }
    await turn("signature_requests_enabled", false);
    try {
      const deliver = await deliverOf(partner, "acme", acme);
      expect(deliver.signatureRequests).toBeNull();
      expect(shown(deliver.taxReturns)).toEqual(await stored("tax_returns", acme.id));
      // The other firm's choice is its own.
      expect((await deliverOf(summitPartner, "summit", summit)).signatureRequests).not.toBeNull();
    } finally {
      await turn("signature_requests_enabled", true);
    }
  });

  it("lists at most 20 returns, newest tax year first, and says there are more", async () => {
    const { rows } = await app.su.query<{ id: string; hash_id: string }>(
      `SELECT c.id, c.hash_id FROM companies c WHERE c.firm_id = $1 AND c.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM tax_returns t WHERE t.company_id = c.id) AND c.primary_owner_id IS NOT NULL ORDER BY c.name LIMIT 1`,
      [ACME],
    );
    const entity = { id: rows[0]!.id, hashId: rows[0]!.hash_id };
    expect((await deliverOf(partner, "acme", entity)).taxReturns).toEqual({ rows: [], more: false, canUpload: true });
    await app.su.query(
      `INSERT INTO tax_returns (id, firm_id, company_id, tax_year, tax_return_name, status, updated_at)
       SELECT 'trx_many_' || n, $1, $2, 2000 + n, 'Return ' || n, 'sent', now() FROM generate_series(1, $3::int) n`,
      [ACME, entity.id, ENTITY_DELIVER_LIMIT + 1],
    );
    const list = (await deliverOf(partner, "acme", entity)).taxReturns!;
    expect(list.more).toBe(true);
    expect(list.rows.map((r) => r.taxYear)).toEqual(Array.from({ length: ENTITY_DELIVER_LIMIT }, (_, i) => 2000 + ENTITY_DELIVER_LIMIT + 1 - i));
  });

  it("offers a signature request upload to advisors only, a tax return upload to all staff of a firm with Deliver", async () => {
    await app.su.query(`UPDATE users SET is_advisor = false WHERE firm_id = $1 AND email = 'sam.whitfield@acme.test'`, [ACME]);
    const sam = await app.signIn("acme", "sam.whitfield@acme.test");
    const deliver = await deliverOf(sam, "acme", acme);
    expect(deliver.taxReturns!.canUpload).toBe(true);
    expect(deliver.signatureRequests!.canUpload).toBe(false);
    expect(shown(deliver.signatureRequests)).toEqual(await stored("signature_requests", acme.id));
  });
});
