/**
 * Deliver upload and classification over HTTP, with the built app, a real S3-protocol server and
 * pg-boss: grant → the store → confirm → the processing job → `action_required` with the page
 * count and bookmarks; a protected PDF is refused with the spec's text (and a job finding one marks
 * the return `error`); several PDFs are merged in order; classify → send → draft; an unclassified
 * return is refused (409); another firm's or group's entity or return is 404 with nothing written.
 */
import { PDFDocument, PDFName, PDFNumber, PDFString, type PDFRef } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";

const PROTECTED = "The PDFs you uploaded are either password-protected or cannot be opened. Please either remove the password or upload alternative files.";
const UPLOAD = "/api/staff/tax-returns/upload";

let app: TestApp;
let acme: Browser;
let summit: Browser;
let nina: Browser;
let rivera: string;

/** A PDF of `pages` pages (page i says "Page i"), with one bookmark per entry of `bookmarks` (title → page). */
async function makePdf(pages: number, bookmarks: [string, number][] = [], label = "Page"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const refs: PDFRef[] = [];
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`${label} ${i + 1}`, { x: 50, y: 700, size: 24 });
    refs.push(page.ref);
  }
  if (bookmarks.length) {
    const ctx = pdf.context;
    const outlinesRef = ctx.nextRef();
    const itemRefs = bookmarks.map(() => ctx.nextRef());
    bookmarks.forEach(([title, page], i) => {
      const item = ctx.obj({ Title: PDFString.of(title), Parent: outlinesRef, Dest: [refs[page - 1]!, PDFName.of("Fit")] });
      if (i > 0) item.set(PDFName.of("Prev"), itemRefs[i - 1]!);
      if (i < bookmarks.length - 1) item.set(PDFName.of("Next"), itemRefs[i + 1]!);
      ctx.assign(itemRefs[i]!, item);
    });
    ctx.assign(outlinesRef, ctx.obj({ Type: "Outlines", First: itemRefs[0]!, Last: itemRefs[itemRefs.length - 1]!, Count: PDFNumber.of(bookmarks.length) }));
    pdf.catalog.set(PDFName.of("Outlines"), outlinesRef);
  }
  return pdf.save({ useObjectStreams: false });
}

/** A PDF whose trailer carries an /Encrypt entry, as a password-protected PDF's does. */
async function encryptedPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await makePdf(1)).toString("latin1");
  return new Uint8Array(Buffer.from(text.replace(/trailer\s*<</, "trailer\n<< /Encrypt << /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >>"), "latin1"));
}

async function grantAndStore(browser: Browser, slug: string, target: object, fileName: string, bytes: Uint8Array) {
  const grant = await browser.postJson(slug, UPLOAD, { intent: "grant", ...target, fileName, size: bytes.length });
  expect(grant.status, grant.text).toBe(200);
  expect((await postToGrant(grant.body.grant, bytes, fileName)).ok).toBe(true);
  return grant.body.grant.key as string;
}

async function upload(browser: Browser, slug: string, target: object, files: [string, Uint8Array][], sendDraftForApproval = true) {
  const stored = [];
  for (const [fileName, bytes] of files) stored.push({ key: await grantAndStore(browser, slug, target, fileName, bytes), fileName });
  return browser.postJson(slug, UPLOAD, { intent: "confirm", ...target, taxYear: 2025, sendDraftForApproval, files: stored });
}

/** The tax return once its processing job is over, read again until then (up to a minute). */
async function waitProcessed(slug: string, id: string) {
  return vi.waitFor(
    async () => {
      const row = await app.tx(slug, (t) => t.taxReturn.findUniqueOrThrow({ where: { id } }));
      expect(row.status, `tax return ${id} still processing`).not.toBe("processing");
      return row;
    },
    { timeout: 60_000, interval: 200 },
  );
}

const classificationPath = (id: string, companyId: string) => `/tax-return-delivery-admin-view/${id}/classification?companyId=${companyId}`;

/** Everything a refused call must leave as it was. */
async function snapshot(slug: string) {
  return app.tx(slug, async (t) =>
    JSON.stringify([
      await t.taxReturn.findMany({ orderBy: { id: "asc" } }),
      await t.eSignForm.count(),
      await t.signatureField.count(),
      await t.taxReturnSigner.count(),
      await t.paymentVoucher.count(),
    ]),
  );
}

beforeAll(async () => {
  app = await bootApp({ name: "deliver-classify-http", s3: true, jobs: { only: ["process-tax-return"], pollingIntervalSeconds: 0.5 } });
  acme = await app.signIn("acme", "partner@acme.test");
  summit = await app.signIn("summit", "partner@summit.test");
  nina = await app.signIn("summit", "nina.patel@summit.test");
  rivera = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true } }))).id;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

let processedId: string;

describe("upload → processing", () => {
  it("finds the entities the staff member may see", async () => {
    const r = await acme.get("acme", `${UPLOAD}?q=rivera`);
    expect(r.status).toBe(200);
    expect(r.body.entities).toContainEqual({ id: rivera, name: "Jordan & Casey Rivera" });
  });

  it("records the return in processing, and the job reads its page count and bookmarks", async () => {
    const confirm = await upload(acme, "acme", { companyId: rivera }, [
      [
        "2025 Return.pdf",
        await makePdf(3, [
          ["Form 1040", 1],
          ["Form 8879", 3],
        ]),
      ],
    ]);
    expect(confirm.status, confirm.text).toBe(200);
    processedId = confirm.body.taxReturn.id;
    const log = await app.tx("acme", (t) => t.activityLog.findMany({ where: { taxReturnId: processedId }, select: { title: true } }));
    expect(log.map((l) => l.title)).toContain("Tax return uploaded");
    const row = await waitProcessed("acme", processedId);
    expect(row).toMatchObject({
      status: "action_required",
      pageCount: 3,
      taxYear: 2025,
      companyId: rivera,
      fileName: "2025 Return.pdf",
      sendDraftForApproval: true,
    });
    expect(row.outline).toEqual([
      { title: "Form 1040", page: 1, children: [] },
      { title: "Form 8879", page: 3, children: [] },
    ]);
    expect(row.unsignedSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("merges several PDFs into one return, in the order given", async () => {
    const confirm = await upload(acme, "acme", { companyId: rivera }, [
      ["federal.pdf", await makePdf(2, [], "Federal")],
      ["state.pdf", await makePdf(1, [], "State")],
    ]);
    expect(confirm.status, confirm.text).toBe(200);
    const row = await waitProcessed("acme", confirm.body.taxReturn.id);
    expect(row).toMatchObject({ status: "action_required", pageCount: 3 });
    const url = await acme.get("acme", classificationPath(row.id, rivera));
    expect(url.status, url.text).toBe(200);
    const pdf = await PDFDocument.load(new Uint8Array(await (await fetch(url.body.url)).arrayBuffer()));
    expect(pdf.getPages().map((p) => p.getWidth())).toEqual([612, 612, 612]);
    expect(pdf.getPageCount()).toBe(3);
  });

  it("refuses a password-protected PDF at confirm with the spec's text, and records nothing", async () => {
    const before = await snapshot("acme");
    const confirm = await upload(acme, "acme", { companyId: rivera }, [["locked.pdf", await encryptedPdf()]]);
    expect(confirm.status).toBe(422);
    expect(confirm.body.error).toBe(PROTECTED);
    expect(await snapshot("acme")).toBe(before);
  });

  it("marks a return whose PDF cannot be opened by the job as error with the spec's text", async () => {
    // Recorded as uploaded, then the object is replaced by an unreadable one before the job reads it.
    const key = await grantAndStore(acme, "acme", { companyId: rivera }, "broken.pdf", await makePdf(1));
    const { putObject } = await import("~/storage.server");
    const id = await app.tx("acme", async (t) => {
      const row = await t.taxReturn.create({
        data: { firmId: "firm_acme", companyId: rivera, taxYear: 2025, taxReturnName: "broken", status: "processing", storageKey: key },
      });
      return row.id;
    });
    await putObject({ firmId: "firm_acme", key, bytes: new TextEncoder().encode("%PDF-1.7\nnot really\n%%EOF"), contentType: "application/pdf" });
    await app.jobs!.send("process-tax-return", { firmId: "firm_acme", taxReturnId: id, partKeys: [] });
    const row = await waitProcessed("acme", id);
    expect(row).toMatchObject({ status: "error", processingError: PROTECTED });
    // Idempotent: a second run changes nothing and records nothing more.
    const { runProcessTaxReturn } = await import("~/deliver/upload/processing.server");
    const logs = await app.tx("acme", (t) => t.activityLog.count({ where: { taxReturnId: id } }));
    expect(await runProcessTaxReturn({ firmId: "firm_acme", taxReturnId: id, partKeys: [] })).toEqual({ status: "skipped" });
    expect(await app.tx("acme", (t) => t.activityLog.count({ where: { taxReturnId: id } }))).toBe(logs);
  });

  it("replaces a return: entity and tax year come from it, and it is soft-deleted", async () => {
    const confirm = await upload(acme, "acme", { previousTaxReturnId: processedId }, [["2025 Return v2.pdf", await makePdf(2)]]);
    expect(confirm.status, confirm.text).toBe(200);
    const [replaced, next] = await app.tx("acme", async (t) => [
      await t.taxReturn.findUniqueOrThrow({ where: { id: processedId } }),
      await t.taxReturn.findUniqueOrThrow({ where: { id: confirm.body.taxReturn.id } }),
    ]);
    expect(replaced.deletedAt).not.toBeNull();
    expect(next).toMatchObject({ previousTaxReturnId: processedId, companyId: rivera, taxYear: 2025 });
    processedId = (await waitProcessed("acme", next.id)).id;
  });
});

describe("classify → send", () => {
  const owners = () =>
    app.tx("acme", (t) =>
      t.companyOwner.findMany({ where: { companyId: rivera }, select: { userId: true, specialRole: true }, orderBy: { specialRole: "asc" } }),
    );

  it("refuses to send an unclassified return straight for signature (409), and changes nothing", async () => {
    const confirm = await upload(acme, "acme", { companyId: rivera }, [["unclassified.pdf", await makePdf(2)]], false);
    const row = await waitProcessed("acme", confirm.body.taxReturn.id);
    const before = await snapshot("acme");
    const r = await acme.postJson("acme", classificationPath(row.id, rivera), { intent: "send" });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/not classified/);
    expect(await snapshot("acme")).toBe(before);
  });

  it("saves a classification (422 for a box off the form's pages) and sends a draft", async () => {
    const taxpayer = (await owners()).find((o) => o.specialRole === "taxpayer")!;
    const classification = {
      sendDraftForApproval: true,
      invoiceAmountCents: 25000,
      signers: [{ key: "t", role: "taxpayer", userId: taxpayer.userId }],
      forms: [{ formId: "8879", pages: [2], signerKeys: ["t"] }],
      fields: [{ signerKey: "t", kind: "signature", page: 2, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }],
      vouchers: [{ voucherId: "1040-V", pages: [1], amountCents: 120000, isDueAsap: false, dueDate: "2026-04-15" }],
    };
    const bad = await acme.postJson("acme", classificationPath(processedId, rivera), {
      intent: "save",
      classification: { ...classification, fields: [{ ...classification.fields[0], page: 1 }] },
    });
    expect(bad.status).toBe(422);
    const saved = await acme.postJson("acme", classificationPath(processedId, rivera), { intent: "save", classification });
    expect(saved.status, saved.text).toBe(200);
    // Saving again replaces, never adds.
    expect((await acme.postJson("acme", classificationPath(processedId, rivera), { intent: "save", classification })).status).toBe(200);
    const stored = await app.tx("acme", async (t) => ({
      forms: await t.eSignForm.findMany({ where: { taxReturnId: processedId }, include: { signatures: true } }),
      fields: await t.signatureField.findMany({ where: { taxReturnId: processedId } }),
      signers: await t.taxReturnSigner.findMany({ where: { taxReturnId: processedId } }),
      vouchers: await t.paymentVoucher.findMany({ where: { taxReturnId: processedId } }),
    }));
    expect(stored.forms).toHaveLength(1);
    expect(stored.forms[0]).toMatchObject({ formId: "8879", pages: [2] });
    expect(stored.forms[0]!.signatures).toHaveLength(1);
    expect(stored.signers).toEqual([
      expect.objectContaining({ role: "taxpayer", userId: taxpayer.userId, fname: "Jordan", lname: "Rivera", email: "client@acme.test" }),
    ]);
    expect(stored.fields).toEqual([expect.objectContaining({ page: 2, kind: "signature", eSignFormId: stored.forms[0]!.id, signerId: stored.signers[0]!.id })]);
    expect(stored.vouchers).toEqual([expect.objectContaining({ voucherId: "1040-V", amountCents: 120000, pages: [1] })]);

    const sent = await acme.postJson("acme", classificationPath(processedId, rivera), { intent: "send" });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ status: "draft" });
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: processedId } }));
    expect(row).toMatchObject({ status: "draft", draftStatus: "draft", invoiceAmountCents: 25000 });
    const titles = (await app.tx("acme", (t) => t.activityLog.findMany({ where: { taxReturnId: processedId } }))).map((l) => l.title);
    expect(titles).toEqual(expect.arrayContaining(["Tax return classified", "Draft sent for approval"]));
    // Sent once: a second send and a later save are refused.
    expect((await acme.postJson("acme", classificationPath(processedId, rivera), { intent: "send" })).status).toBe(409);
    expect((await acme.postJson("acme", classificationPath(processedId, rivera), { intent: "save", classification })).status).toBe(409);
  });
});

describe("isolation", () => {
  it("answers another firm's entity and return 404, with nothing written", async () => {
    const before = await snapshot("acme");
    const grant = await summit.postJson("summit", UPLOAD, { intent: "grant", companyId: rivera, fileName: "x.pdf", size: 10 });
    expect(grant.status).toBe(404);
    const replace = await summit.postJson("summit", UPLOAD, { intent: "grant", previousTaxReturnId: processedId, fileName: "x.pdf", size: 10 });
    expect(replace.status).toBe(404);
    for (const body of [
      { intent: "send" },
      { intent: "save", classification: { sendDraftForApproval: true, invoiceAmountCents: null, signers: [], forms: [], fields: [], vouchers: [] } },
    ]) {
      const r = await summit.postJson("summit", `/tax-return-delivery-admin-view/${processedId}/classification`, body);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("This tax return was not found");
    }
    expect((await summit.get("summit", `/tax-return-delivery-admin-view/${processedId}/classification`)).status).toBe(404);
    expect((await acme.get("acme", `/tax-return-delivery-admin-view/${processedId}/classification?companyId=someoneelse`)).status).toBe(404);
    expect(await snapshot("acme")).toBe(before);
  });

  it("answers another group's entity and return 404 to a group-access staff member", async () => {
    const other = (await app.tx("summit", (t) => t.company.findFirstOrThrow({ where: { name: "Morgan Outdoor Gear Inc" }, select: { id: true } }))).id;
    const confirm = await upload(summit, "summit", { companyId: other }, [["morgan.pdf", await makePdf(1)]]);
    expect(confirm.status, confirm.text).toBe(200);
    const id = (await waitProcessed("summit", confirm.body.taxReturn.id)).id;
    const before = await snapshot("summit");
    expect((await nina.postJson("summit", UPLOAD, { intent: "grant", companyId: other, fileName: "x.pdf", size: 10 })).status).toBe(404);
    expect((await nina.postJson("summit", UPLOAD, { intent: "grant", previousTaxReturnId: id, fileName: "x.pdf", size: 10 })).status).toBe(404);
    expect((await nina.postJson("summit", classificationPath(id, other), { intent: "send" })).status).toBe(404);
    expect((await nina.get("summit", classificationPath(id, other))).status).toBe(404);
    const search = await nina.get("summit", `${UPLOAD}?q=Morgan`);
    expect(search.body.entities).toEqual([]);
    expect(await snapshot("summit")).toBe(before);
  });
});
