/**
 * Deliver's operations over HTTP (built app, real PostgreSQL, a local S3 store): a return's
 * activity log (type 5, newest first, paged; another firm's return or a client: 404); send to
 * documents (the return's PDF copied inside the store into the entity's documents, read back;
 * subject and message saved for future use prefill the dialog; another firm's return: 404,
 * nothing written); download in three variants (page counts read back with pdf-lib), for staff
 * and for the client who owns the entity.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putObject } from "~/storage.server";
import { entityFileKey } from "~/storage/keys";
import { bootApp, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";

let app: TestApp;
let partner: Browser;
let summitPartner: Browser;
let client: Browser;
let summitClient: Browser;
let companyId: string;

async function pdfOf(pages: number, label: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) pdf.addPage([300, 300]).drawText(`${label} page ${i}`, { x: 20, y: 150, size: 12 });
  return pdf.save();
}

/** A return of the client's entity: 5 pages, e-sign forms on pages 2 and 4; with `signed`, a signed copy of 6 pages (the audit page last). */
async function insertReturn(options: { signed?: boolean; status?: "sent" | "signed" } = {}): Promise<{ id: string }> {
  const key = entityFileKey(ACME, companyId, "tax-returns", "return.pdf");
  await putObject({ firmId: ACME, key, bytes: await pdfOf(5, "Return"), contentType: "application/pdf" });
  const signedKey = options.signed ? entityFileKey(ACME, companyId, "tax-returns", "return-signed.pdf") : null;
  if (signedKey) await putObject({ firmId: ACME, key: signedKey, bytes: await pdfOf(6, "Signed"), contentType: "application/pdf" });
  return app.tx("acme", async (tx) => {
    const r = await tx.taxReturn.create({
      data: {
        firmId: ACME,
        companyId,
        taxYear: 2025,
        taxReturnName: "Individual Return",
        status: options.status ?? "sent",
        storageKey: key,
        fileName: "return.pdf",
        sizeBytes: 1000,
        pageCount: 5,
        signedFileKey: signedKey,
        sentAt: new Date(),
      },
    });
    await tx.eSignForm.create({ data: { firmId: ACME, taxReturnId: r.id, formId: "8879", pages: [2], order: 0 } });
    await tx.eSignForm.create({ data: { firmId: ACME, taxReturnId: r.id, formId: "state", pages: [4], order: 1 } });
    return { id: r.id };
  });
}

async function pagesAt(url: string): Promise<string[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
  return [String(pdf.getPageCount())];
}

beforeAll(async () => {
  app = await bootApp({
    name: "deliver-ops-http",
    s3: true,
    beforeServe: async ({ su }) => {
      await su.query(`UPDATE firm_preferences SET new_tax_return_delivery_enabled = true`);
    },
  });
  partner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  client = await app.signIn("acme", "client@acme.test");
  summitClient = await app.signIn("summit", "client@summit.test");
  companyId = (
    await app.tx("acme", (tx) =>
      tx.company.findFirstOrThrow({
        where: { deletedAt: null, owners: { some: { user: { email: "client@acme.test" } } } },
        select: { id: true },
        orderBy: { createdAt: "asc" },
      }),
    )
  ).id;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("activity log", () => {
  it("lists the return's tax return entries newest first, ten a page, with who did it; others get 404", async () => {
    const r = await insertReturn();
    const partnerId = (await app.su.query(`SELECT id FROM users WHERE email = 'partner@acme.test'`)).rows[0].id;
    for (let i = 0; i < 12; i++) {
      await app.su.query(
        `INSERT INTO activity_logs (id, firm_id, type_id, title, company_id, tax_return_id, actor_id, created_at) VALUES ($1, $2, 5, $3, $4, $5, $6, now() - ($7 || ' minutes')::interval)`,
        [`act${r.id}${i}`, ACME, `Step ${i}`, companyId, r.id, i === 0 ? partnerId : null, String(i)],
      );
    }
    await app.su.query(`INSERT INTO activity_logs (id, firm_id, type_id, title, company_id, tax_return_id) VALUES ($1, $2, 3, 'Questionnaire thing', $3, $4)`, [
      `q${r.id}`,
      ACME,
      companyId,
      r.id,
    ]);
    const path = `/api/staff/tax-returns/${r.id}/activity?companyId=${companyId}`;
    const first = await partner.get("acme", path);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(12);
    expect(first.body.totalPages).toBe(2);
    expect(first.body.entries.map((e: { title: string }) => e.title).slice(0, 3)).toEqual(["Step 0", "Step 1", "Step 2"]);
    expect(first.body.entries[0].actor).toMatch(/\w+ \w+/);
    expect(first.body.entries[1].actor).toBeNull();
    const second = await partner.get("acme", `${path}&page=2`);
    expect(second.body.entries.map((e: { title: string }) => e.title)).toEqual(["Step 10", "Step 11"]);
    // Another firm's staff (on their own site), the client, a wrong entity: 404.
    expect((await summitPartner.get("summit", path)).status).toBe(404);
    expect((await client.get("acme", path)).status).toBe(404);
    expect((await partner.get("acme", `/api/staff/tax-returns/${r.id}/activity?companyId=someoneelse`)).status).toBe(404);
    expect((await partner.get("acme", `/api/staff/tax-returns/${r.id}/activity?page=0`)).status).toBe(400);
  });
});

describe("send to documents", () => {
  it("copies the return into the entity's documents at the path and name, tells the client, and saves the texts that prefill the dialog", async () => {
    const r = await insertReturn({ signed: true, status: "signed" });
    const url = `/api/staff/tax-returns/${r.id}/send-to-documents`;
    const defaults = await partner.get("acme", `${url}?companyId=${companyId}`);
    expect(defaults.status).toBe(200);
    expect(defaults.body.defaults.path).toBe("/2025/Tax Return");
    expect(defaults.body.defaults.documentName).toBe("2025 Individual Return.pdf");

    const sent = await partner.postJson("acme", url, {
      companyId,
      path: "/2025/Tax Return",
      document_name: "Signed return",
      notify_client: true,
      subject: "Your signed return is filed",
      message: "We filed your signed return in your documents.",
      save_subject_for_future_use: true,
      save_message_for_future_use: true,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message).toBe("Sent to documents successfully");
    const doc = await app.tx("acme", (tx) => tx.document.findUniqueOrThrow({ where: { id: sent.body.documentId } }));
    expect(doc).toMatchObject({ companyId, path: "/2025/Tax Return", name: "Signed return.pdf", itemType: "file", contentType: "application/pdf" });
    // The signed copy (6 pages) was copied: read it back through the documents' own download.
    const { createDownloadUrl } = await import("~/storage.server");
    expect(await pagesAt(await createDownloadUrl({ firmId: ACME, key: doc.storageKey!, fileName: "x.pdf" }))).toEqual(["6"]);
    expect(doc.storageKey).not.toBe((await app.tx("acme", (tx) => tx.taxReturn.findUniqueOrThrow({ where: { id: r.id } }))).signedFileKey);
    const told = await app.su.query(`SELECT text, link FROM notifications WHERE company_id = $1 AND text = 'Your signed return is filed'`, [companyId]);
    expect(told.rows.length).toBeGreaterThan(0);

    // The saved subject and message prefill the dialog next time.
    const again = await partner.get("acme", `${url}?companyId=${companyId}`);
    expect(again.body.defaults.subject).toBe("Your signed return is filed");
    expect(again.body.defaults.message).toBe("We filed your signed return in your documents.");
  });

  it("refuses another firm's return (404, nothing written), and a bad path with the field's message", async () => {
    const r = await insertReturn();
    const count = async () => Number((await app.su.query(`SELECT count(*) FROM documents WHERE company_id = $1`, [companyId])).rows[0].count);
    const before = await count();
    const body = { companyId, path: "/2025/Tax Return", document_name: "Return" };
    expect((await summitPartner.postJson("summit", `/api/staff/tax-returns/${r.id}/send-to-documents`, body)).status).toBe(404);
    expect((await client.postJson("acme", `/api/staff/tax-returns/${r.id}/send-to-documents`, body)).status).toBe(404);
    const bad = await partner.postJson("acme", `/api/staff/tax-returns/${r.id}/send-to-documents`, { ...body, path: "../etc" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Enter a folder path that starts with /");
    expect(await count()).toBe(before);
  });
});

describe("download", () => {
  const variants = [
    ["plain", {}],
    ["signature pages", { only_signature_pages: true }],
    ["all pages", { include_other_pages: true }],
  ] as const;

  it("before signing: the return as uploaded (5), the e-sign form pages (2), all pages (5)", async () => {
    const r = await insertReturn();
    const counts: string[] = [];
    for (const [, flags] of variants) {
      const res = await partner.postJson("acme", `/api/staff/tax-returns/${r.id}/download`, { companyId, ...flags });
      expect(res.status, res.text).toBe(200);
      counts.push(...(await pagesAt(res.body.url)));
    }
    expect(counts).toEqual(["5", "2", "5"]);
  });

  it("once signed: the signed copy (6), the signed form pages with the audit page (3), all pages (6); the client gets the same, others 404", async () => {
    const r = await insertReturn({ signed: true, status: "signed" });
    const counts: string[] = [];
    for (const [, flags] of variants) {
      const res = await partner.postJson("acme", `/api/staff/tax-returns/${r.id}/download`, { companyId, ...flags });
      counts.push(...(await pagesAt(res.body.url)));
    }
    expect(counts).toEqual(["6", "3", "6"]);
    // Cached in the store: a second ask signs a link to the same object.
    const keys = await app.s3!.storage.listObjectsPage({ firmId: ACME, prefix: `firms/${ACME}/entities/${companyId}/tax-returns/derived/` });
    expect(keys.objects.filter((o) => o.key.includes(r.id))).toHaveLength(1);

    const mine = await client.postJson("acme", `/api/tax-returns/${r.id}/download`, { companyId, only_signature_pages: true });
    expect(mine.status, mine.text).toBe(200);
    expect(await pagesAt(mine.body.url)).toEqual(["3"]);
    expect((await summitClient.postJson("summit", `/api/tax-returns/${r.id}/download`, { companyId })).status).toBe(404);
    expect((await summitPartner.postJson("summit", `/api/staff/tax-returns/${r.id}/download`, { companyId })).status).toBe(404);
    expect((await client.postJson("acme", `/api/staff/tax-returns/${r.id}/download`, { companyId })).status).toBe(404);
  });
});
