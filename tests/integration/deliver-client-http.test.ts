/**
 * The client's side of Deliver over HTTP (built app, real PostgreSQL and S3): approving a draft,
 * signing a return with two signers (taxpayer and spouse, each through their own sign-in), the
 * signed copy with its audit page and hashes, and the refusals (foreign ids 404 with nothing
 * written, wrong state and someone else's field 409, bad signature images 422).
 */
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";

let app: TestApp;
let jordan: Browser;
let casey: Browser;
let otherClient: Browser;
let summitClient: Browser;
let entity: { id: string; jordanId: string; caseyId: string };
let foreignEntityId: string;

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function makePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) pdf.addPage([612, 792]).drawText(`Return page ${i}`, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

/** A 1x1 PNG padded to `size` bytes with a trailing chunk (still starts like a PNG). */
function pngOf(size = 0): string {
  const base = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  return `data:image/png;base64,${Buffer.concat([base, Buffer.alloc(Math.max(0, size - base.length))]).toString("base64")}`;
}

interface Inserted {
  id: string;
  original: Uint8Array;
  fields: { taxpayerSig: string; taxpayerDate: string; spouseSig: string; spouseDate: string };
}

async function insertReturn(status: "draft" | "sent", companyId = entity.id): Promise<Inserted> {
  const original = await makePdf(3);
  const key = `firms/firm_acme/entities/${companyId}/tax-returns/${Math.random().toString(16).slice(2)}-return.pdf`;
  await app.s3!.storage.putObject({ firmId: "firm_acme", key, bytes: original, contentType: "application/pdf" });
  return app.tx("acme", async (t) => {
    const row = await t.taxReturn.create({
      data: {
        firmId: "firm_acme",
        companyId,
        taxYear: 2025,
        taxReturnName: "2025 Form 1040",
        status,
        draftStatus: status === "draft" ? "draft" : null,
        storageKey: key,
        fileName: "2025 Form 1040.pdf",
        sizeBytes: original.length,
        pageCount: 3,
        outline: [
          { title: "Form 1040", page: 1, children: [] },
          { title: "Form 8879", page: 3, children: [] },
        ],
        sentAt: new Date(),
      },
    });
    const form = await t.eSignForm.create({ data: { firmId: "firm_acme", taxReturnId: row.id, formId: "8879", pages: [3] } });
    await t.paymentVoucher.create({
      data: { firmId: "firm_acme", taxReturnId: row.id, voucherId: "1040-V", amountCents: 123456, dueDate: new Date("2026-04-15") },
    });
    const taxpayer = await t.taxReturnSigner.create({
      data: {
        firmId: "firm_acme",
        taxReturnId: row.id,
        role: "taxpayer",
        userId: entity.jordanId,
        fname: "Jordan",
        lname: "Rivera",
        email: "client@acme.test",
      },
    });
    const spouse = await t.taxReturnSigner.create({
      data: {
        firmId: "firm_acme",
        taxReturnId: row.id,
        role: "spouse",
        userId: entity.caseyId,
        fname: "Casey",
        lname: "Rivera",
        email: "casey.rivera@example.com",
      },
    });
    const field = (signerId: string, kind: "signature" | "date", x: number, y: number) =>
      t.signatureField.create({
        data: {
          firmId: "firm_acme",
          taxReturnId: row.id,
          eSignFormId: form.id,
          signerId,
          kind,
          page: 3,
          x,
          y,
          width: kind === "date" ? 0.15 : 0.35,
          height: 0.05,
        },
        select: { id: true },
      });
    return {
      id: row.id,
      original,
      fields: {
        taxpayerSig: (await field(taxpayer.id, "signature", 0.1, 0.6)).id,
        taxpayerDate: (await field(taxpayer.id, "date", 0.6, 0.6)).id,
        spouseSig: (await field(spouse.id, "signature", 0.1, 0.7)).id,
        spouseDate: (await field(spouse.id, "date", 0.6, 0.7)).id,
      },
    };
  });
}

/** Everything a client call could write, in both firms. */
async function snapshot(): Promise<string> {
  const parts = [];
  for (const slug of ["acme", "summit"]) {
    parts.push(
      await app.tx(slug, async (t) => ({
        returns: await t.taxReturn.findMany({ select: { id: true, status: true, draftComment: true, signedFileKey: true }, orderBy: { id: "asc" } }),
        signers: await t.taxReturnSigner.findMany({ select: { id: true, signedAt: true }, orderBy: { id: "asc" } }),
        fields: await t.signatureField.count({ where: { filledAt: { not: null } } }),
        signatures: await t.eSignFormSignature.count(),
        activity: await t.activityLog.count(),
      })),
    );
  }
  return JSON.stringify(parts);
}

const api = (id: string, action: string) => `/api/tax-returns/${id}/${action}`;

beforeAll(async () => {
  app = await bootApp({
    name: "deliver-client-http",
    s3: true,
    env: { TRUST_PROXY: "true" },
    jobs: { only: ["deliver-signed-copy", "deliver-outbound-message"], pollingIntervalSeconds: 0.5 },
  });
  const ids = await app.tx("acme", async (t) => {
    const j = await t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } });
    const c = await t.user.findFirstOrThrow({ where: { email: "casey.rivera@example.com" }, select: { id: true } });
    const company = await t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true } });
    // The first entity (in the seed's order) that is not Jordan's and has a client with an email among its owners.
    const foreign = await t.company.findFirstOrThrow({
      where: {
        deletedAt: null,
        owners: { none: { userId: j.id }, some: { user: { kind: "client", email: { not: null }, deletedAt: null, id: { not: c.id } } } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    const other = await t.user.findFirstOrThrow({
      where: { kind: "client", email: { not: null }, deletedAt: null, id: { notIn: [j.id, c.id] }, ownerships: { some: { companyId: foreign.id } } },
      orderBy: { id: "asc" },
      select: { email: true },
    });
    return { jordanId: j.id, caseyId: c.id, companyId: company.id, foreignId: foreign.id, otherEmail: other.email! };
  });
  entity = { id: ids.companyId, jordanId: ids.jordanId, caseyId: ids.caseyId };
  foreignEntityId = ids.foreignId;
  jordan = await app.signIn("acme", "client@acme.test");
  casey = await app.signIn("acme", "casey.rivera@example.com");
  otherClient = await app.signIn("acme", ids.otherEmail);
  summitClient = await app.signIn("summit", "client@summit.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("draft review", () => {
  it("approves a draft once; the second approve is 409 with the conflict text", async () => {
    const r = await insertReturn("draft");
    const first = await jordan.postJson("acme", api(r.id, "approve"), { companyId: entity.id });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe("Tax return approved successfully");
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.status).toBe("approved");
    expect(row.draftStatus).toBe("approved");
    const second = await jordan.postJson("acme", api(r.id, "approve"), { companyId: entity.id });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("This tax return is not a draft awaiting approval.");
    const events = await app.tx("acme", (t) => t.activityLog.findMany({ where: { taxReturnId: r.id }, select: { title: true } }));
    expect(events.map((e) => e.title)).toEqual(["Draft approved"]);
  });

  it("requests changes with a reason (required)", async () => {
    const r = await insertReturn("draft");
    const empty = await jordan.postJson("acme", api(r.id, "request-changes"), { companyId: entity.id, reason: "  " });
    expect(empty.status).toBe(400);
    const ok = await jordan.postJson("acme", api(r.id, "request-changes"), { companyId: entity.id, reason: "Schedule C is missing my home office." });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe("Tax return changes requested successfully");
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.status).toBe("change_requested");
    expect(row.draftComment).toBe("Schedule C is missing my home office.");
  });

  it("another client, another firm or a foreign companyId get 404 and nothing is written", async () => {
    const r = await insertReturn("draft");
    const before = await snapshot();
    expect((await otherClient.postJson("acme", api(r.id, "approve"), {})).status).toBe(404);
    expect((await summitClient.postJson("summit", api(r.id, "approve"), {})).status).toBe(404);
    expect((await jordan.postJson("acme", api(r.id, "approve"), { companyId: foreignEntityId })).status).toBe(404);
    expect((await jordan.postJson("acme", api(r.id, "request-changes"), { companyId: foreignEntityId, reason: "x" })).status).toBe(404);
    expect((await otherClient.get("acme", `/tax-return-delivery/${r.id}?companyId=${entity.id}`)).status).toBe(404);
    expect((await jordan.get("acme", `/tax-return-delivery/${r.id}?companyId=${foreignEntityId}`)).status).toBe(404);
    expect(await snapshot()).toBe(before);
    const page = await jordan.get("acme", `/tax-return-delivery/${r.id}?companyId=${entity.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("2025 Form 1040");
  });
});

describe("signing", () => {
  it("taxpayer signs once (409 twice, 409 on the spouse's field), the spouse signs, the signed copy has the audit page", async () => {
    const r = await insertReturn("sent");
    const signBody = (fieldIds: string[], signature: object = { method: "drawn", image: pngOf() }) => ({ companyId: entity.id, signature, fieldIds });

    // Someone else's field: 409, nothing written.
    const before = await snapshot();
    const foreignField = await jordan.postJson("acme", api(r.id, "sign"), signBody([r.fields.taxpayerSig, r.fields.taxpayerDate, r.fields.spouseSig]));
    expect(foreignField.status, foreignField.text).toBe(409);
    expect(await snapshot()).toBe(before);
    // Missing their date field: 422.
    expect((await jordan.postJson("acme", api(r.id, "sign"), signBody([r.fields.taxpayerSig]))).status).toBe(422);
    // A foreign firm or client: 404.
    expect((await summitClient.postJson("summit", api(r.id, "sign"), signBody([r.fields.spouseSig]))).status).toBe(404);
    expect((await otherClient.postJson("acme", api(r.id, "sign"), signBody([r.fields.spouseSig]))).status).toBe(404);
    expect(await snapshot()).toBe(before);

    const browserOf = { "user-agent": "DeliverTest/1.0 (signing)", "x-forwarded-for": "203.0.113.77" };
    const signed = await jordan.postJson("acme", api(r.id, "sign"), signBody([r.fields.taxpayerSig, r.fields.taxpayerDate]), browserOf);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.status).toBe("sent");
    const twice = await jordan.postJson("acme", api(r.id, "sign"), signBody([r.fields.taxpayerSig, r.fields.taxpayerDate]));
    expect(twice.status).toBe(409);

    const done = await casey.postJson(
      "acme",
      api(r.id, "sign"),
      signBody([r.fields.spouseSig, r.fields.spouseDate], { method: "typed", text: "Casey Rivera" }),
      browserOf,
    );
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("signed");

    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.status).toBe("signed");
    expect(row.lastSignedAt).not.toBeNull();
    expect(row.signedFileKey).toMatch(new RegExp(`^firms/firm_acme/entities/${entity.id}/tax-returns/`));
    expect(row.unsignedSha256).toBe(sha(r.original));
    // Filed in the entity's documents too, as its own object (staff spec §9's delivery folder).
    const filed = await app.tx("acme", (t) =>
      t.document.findMany({
        where: { companyId: entity.id, path: "/_soraban/Tax Return Delivery/2025", deletedAt: null },
        select: { name: true, storageKey: true },
      }),
    );
    expect(filed.map((d) => d.name)).toContain("2025 Form 1040 (signed).pdf");
    const filedKey = filed.find((d) => d.name === "2025 Form 1040 (signed).pdf")!.storageKey!;
    expect(filedKey).not.toBe(row.signedFileKey);
    expect(sha(Buffer.from((await app.s3!.storage.readObject({ firmId: "firm_acme", key: filedKey, maxBytes: 10_000_000 }))!))).toBe(row.signedSha256);
    const signers = await app.tx("acme", (t) => t.taxReturnSigner.findMany({ where: { taxReturnId: r.id }, orderBy: { role: "asc" } }));
    expect(signers.map((s) => s.method)).toEqual(["drawn", "typed"]);
    expect(signers[0].signatureImageKey).toMatch(new RegExp(`^firms/firm_acme/entities/${entity.id}/tax-returns/`));
    expect(signers.map((s) => [s.ipAddress, s.userAgent, s.signedAt !== null])).toEqual([
      ["203.0.113.77", "DeliverTest/1.0 (signing)", true],
      ["203.0.113.77", "DeliverTest/1.0 (signing)", true],
    ]);
    expect(await app.tx("acme", (t) => t.eSignFormSignature.count({ where: { signerId: { in: signers.map((s) => s.id) } } }))).toBe(2);
    const events = await app.tx("acme", (t) =>
      t.activityLog.findMany({ where: { taxReturnId: r.id }, select: { title: true }, orderBy: { createdAt: "asc" } }),
    );
    expect(events.map((e) => e.title)).toEqual(["Signed by Jordan Rivera", "Signed by Casey Rivera", "All signatures completed"]);

    const copy = (await app.s3!.storage.readObject({ firmId: "firm_acme", key: row.signedFileKey!, maxBytes: 10_000_000 }))!;
    expect(row.signedSha256).toBe(sha(copy));
    const pdf = await PDFDocument.load(copy);
    expect(pdf.getPageCount()).toBe(3 + 1);
    const text = await pageText(copy, 4);
    expect(text).toContain("Jordan Rivera");
    expect(text).toContain("Casey Rivera");
    expect(text).toContain(signers[0].ipAddress!);
    expect(text).toContain(sha(r.original));
    expect(text).toMatch(/SHA-256 of the signed pages[^]*[0-9a-f]{64}/);
    expect(text).toContain("Identity check: not required");
    // The date boxes carry the signing date, on the forms' page.
    expect(await pageText(copy, 3)).toMatch(/\d\d\/\d\d\/\d{4}/);
    expect(await pageText(copy, 3)).toContain("Casey Rivera");
  });

  it("an invoice paid before the signatures: the return stays sent and signable, and the last signature makes it invoice_paid", async () => {
    const r = await insertReturn("sent");
    await app.tx("acme", (t) => t.taxReturn.update({ where: { id: r.id }, data: { invoiceAmountCents: 45000 } }));
    const { invoicePaidByCheckout } = await import("~/payments/invoice.server");
    expect(await app.tx("acme", (t) => invoicePaidByCheckout(t, "firm_acme", r.id))).toBe("invoice paid");
    const paidFirst = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect([paidFirst.status, paidFirst.invoicePaid]).toEqual(["sent", true]);

    const first = await jordan.postJson("acme", api(r.id, "sign"), {
      companyId: entity.id,
      signature: { method: "typed", text: "Jordan Rivera" },
      fieldIds: [r.fields.taxpayerSig, r.fields.taxpayerDate],
    });
    expect(first.status, first.text).toBe(200);
    const last = await casey.postJson("acme", api(r.id, "sign"), {
      companyId: entity.id,
      signature: { method: "typed", text: "Casey Rivera" },
      fieldIds: [r.fields.spouseSig, r.fields.spouseDate],
    });
    expect(last.status, last.text).toBe(200);
    const after = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect([after.status, after.invoicePaid, after.lastSignedAt !== null]).toEqual(["invoice_paid", true, true]);
  });

  it("refuses a signature image over 1 MB or that is not an image (422, nothing written)", async () => {
    const r = await insertReturn("sent");
    const before = await snapshot();
    const fieldIds = [r.fields.taxpayerSig, r.fields.taxpayerDate];
    const big = await jordan.postJson("acme", api(r.id, "sign"), {
      companyId: entity.id,
      signature: { method: "drawn", image: pngOf(1.5 * 1024 * 1024) },
      fieldIds,
    });
    expect(big.status, big.text.slice(0, 200)).toBe(422);
    const text = `data:image/png;base64,${Buffer.from("this is not a png at all, just some text").toString("base64")}`;
    const notImage = await jordan.postJson("acme", api(r.id, "sign"), { companyId: entity.id, signature: { method: "drawn", image: text }, fieldIds });
    expect(notImage.status).toBe(422);
    expect(notImage.body.error).toBe("The signature must be a PNG image.");
    const tooLong = await jordan.postJson("acme", api(r.id, "sign"), { companyId: entity.id, signature: { method: "typed", text: "x".repeat(101) }, fieldIds });
    expect(tooLong.status).toBe(422);
    expect(await snapshot()).toBe(before);
  });

  it("a finished return has nothing to sign (409)", async () => {
    const r = await insertReturn("sent");
    await app.tx("acme", (t) => t.taxReturn.update({ where: { id: r.id }, data: { status: "finished" } }));
    const refused = await jordan.postJson("acme", api(r.id, "sign"), {
      companyId: entity.id,
      signature: { method: "typed", text: "Jordan" },
      fieldIds: [r.fields.taxpayerSig, r.fields.taxpayerDate],
    });
    expect(refused.status).toBe(409);
  });
});

describe("read-only and large returns", () => {
  it("a read-only entity can neither approve nor sign (403, nothing written)", async () => {
    const draft = await insertReturn("draft");
    const sent = await insertReturn("sent");
    await app.tx("acme", (t) => t.company.update({ where: { id: entity.id }, data: { readonlyAccess: true } }));
    try {
      const before = await snapshot();
      expect((await jordan.postJson("acme", api(draft.id, "approve"), { companyId: entity.id })).status).toBe(403);
      const sign = await jordan.postJson("acme", api(sent.id, "sign"), {
        companyId: entity.id,
        signature: { method: "typed", text: "Jordan Rivera" },
        fieldIds: [sent.fields.taxpayerSig, sent.fields.taxpayerDate],
      });
      expect(sign.status).toBe(403);
      expect(await snapshot()).toBe(before);
    } finally {
      await app.tx("acme", (t) => t.company.update({ where: { id: entity.id }, data: { readonlyAccess: false } }));
    }
  });

  it("a return over the in-request size gets its signed copy from the job", async () => {
    const r = await insertReturn("sent");
    // What the row says decides (the file itself is small here).
    await app.tx("acme", (t) => t.taxReturn.update({ where: { id: r.id }, data: { sizeBytes: 20 * 1024 * 1024 } }));
    const typed = (text: string, fieldIds: string[]) => ({ companyId: entity.id, signature: { method: "typed", text }, fieldIds });
    expect((await jordan.postJson("acme", api(r.id, "sign"), typed("Jordan Rivera", [r.fields.taxpayerSig, r.fields.taxpayerDate]))).status).toBe(200);
    const last = await casey.postJson("acme", api(r.id, "sign"), typed("Casey Rivera", [r.fields.spouseSig, r.fields.spouseDate]));
    expect(last.status, last.text).toBe(200);
    // Signed in the request; the copy is the job's (queued by the request: the worker may already be on it).
    expect((await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }))).status).toBe("signed");
    const queued = await app.su.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deliver-signed-copy' AND singleton_key = $1`, [r.id]);
    expect(queued.rows[0].n).toBe(1);
    await expect
      .poll(async () => (await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }))).signedFileKey, { timeout: 30_000 })
      .toMatch(/-signed\.pdf$/);
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    const copy = (await app.s3!.storage.readObject({ firmId: "firm_acme", key: row.signedFileKey!, maxBytes: 10_000_000 }))!;
    expect(row.signedSha256).toBe(sha(copy));
    expect((await PDFDocument.load(copy)).getPageCount()).toBe(4);
  });
});

describe("the spouse's signing link", () => {
  it("the taxpayer emails the spouse a single-use sign-in link that lands on the return's page", async () => {
    const r = await insertReturn("sent");
    // Only the taxpayer sends it; another client gets 404.
    expect((await casey.postJson("acme", api(r.id, "signing-link"), { companyId: entity.id })).status).toBe(403);
    expect((await otherClient.postJson("acme", api(r.id, "signing-link"), { companyId: entity.id })).status).toBe(404);
    const sent = await jordan.postJson("acme", api(r.id, "signing-link"), { companyId: entity.id });
    expect(sent.status, sent.text).toBe(200);
    const message = await app.tx("acme", (t) =>
      t.outboundMessage.findFirstOrThrow({ where: { to: "casey.rivera@example.com" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
    );
    const token = /\/auth\/link\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
    expect(token).toBeTruthy();
    const spouse = app.browser();
    const used = await spouse.post("acme", "/auth/link", { token: token! });
    expect(used.status).toBe(302);
    expect(used.location).toBe(`/tax-return-delivery/${r.id}?companyId=${entity.id}`);
    const page = await spouse.get("acme", used.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("2025 Form 1040");
    expect((await app.browser().post("acme", "/auth/link", { token: token! })).status).toBe(410);
    // Signed in by the link, the spouse signs their own fields.
    const signed = await spouse.postJson("acme", api(r.id, "sign"), {
      companyId: entity.id,
      signature: { method: "typed", text: "Casey Rivera" },
      fieldIds: [r.fields.spouseSig, r.fields.spouseDate],
    });
    expect(signed.status, signed.text).toBe(200);
    // Nobody left to send it to.
    expect((await jordan.postJson("acme", api(r.id, "signing-link"), { companyId: entity.id })).status).toBe(409);
  });
});

async function pageText(bytes: Uint8Array, page: number): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
  });
  const doc = await task.promise;
  const content = await (await doc.getPage(page)).getTextContent();
  const text = content.items.map((i) => ("str" in i ? i.str : "")).join("\n");
  await task.destroy();
  return text;
}
