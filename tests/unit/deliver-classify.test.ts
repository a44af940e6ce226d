import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import {
  classificationErrors,
  classificationSchema,
  formatPages,
  parseAmount,
  parsePages,
  readyToSend,
  type Classification,
} from "~/deliver/classify/classification";
import { mergePdfs } from "~/deliver/upload/merge.server";
import { uploadErrors, UPLOAD_MESSAGES } from "~/deliver/upload/upload-rules";
import { moveTo, nudge, placeAt } from "~/deliver/placement/placement";

const base: Classification = {
  sendDraftForApproval: false,
  invoiceAmountCents: null,
  signers: [
    { key: "t", role: "taxpayer", userId: "u1" },
    { key: "s", role: "spouse", userId: "u2" },
  ],
  forms: [{ formId: "8879", pages: [3], signerKeys: ["t", "s"] }],
  fields: [
    { signerKey: "t", kind: "signature", page: 3, x: 0.1, y: 0.8, width: 0.3, height: 0.05 },
    { signerKey: "s", kind: "signature", page: 3, x: 0.5, y: 0.8, width: 0.3, height: 0.05 },
  ],
  vouchers: [],
};

describe("classification", () => {
  it("accepts a classified return and finds it ready to send", () => {
    expect(classificationErrors(base, 5)).toEqual({});
    expect(readyToSend(base)).toBe(true);
  });

  it("is not ready for signature without a form, or without a signature box for each signer", () => {
    expect(readyToSend({ ...base, forms: [], fields: [] })).toBe(false);
    expect(readyToSend({ ...base, fields: base.fields.slice(0, 1) })).toBe(false);
    expect(readyToSend({ ...base, fields: base.fields.map((f) => ({ ...f, kind: "date" as const })) })).toBe(false);
  });

  it("needs nothing more for a draft for approval", () => {
    expect(readyToSend({ ...base, sendDraftForApproval: true, forms: [], fields: [] })).toBe(true);
  });

  it("refuses pages out of range, a page in two forms, boxes off a form's pages or for a non-signer, and bad vouchers", () => {
    expect(classificationErrors({ ...base, forms: [{ ...base.forms[0]!, pages: [9] }] }, 5)["forms.0.pages"]).toMatch(/between 1/);
    expect(classificationErrors({ ...base, forms: [base.forms[0]!, { formId: "8453", pages: [3], signerKeys: ["t"] }] }, 5)["forms.1.pages"]).toMatch(
      /one e-sign form/,
    );
    expect(classificationErrors({ ...base, fields: [{ ...base.fields[0]!, page: 2 }] }, 5)["fields.0"]).toMatch(/page of an e-sign form/);
    expect(classificationErrors({ ...base, forms: [{ ...base.forms[0]!, signerKeys: ["t"] }] }, 5)["fields.1"]).toMatch(/form's signers/);
    expect(
      classificationErrors({ ...base, forms: [{ formId: "custom", pages: [1], signerKeys: ["t"] }], fields: [] }, 5)["forms.0.customFormName"],
    ).toBeDefined();
    const voucher = { voucherId: "1040-V", pages: [1], amountCents: 0, isDueAsap: false, dueDate: "2026-02-30" };
    const errors = classificationErrors({ ...base, vouchers: [voucher] }, 5);
    expect(errors["vouchers.0.amountCents"]).toBeDefined();
    expect(errors["vouchers.0.dueDate"]).toBeDefined();
    expect(classificationErrors({ ...base, vouchers: [{ ...voucher, amountCents: 100, isDueAsap: true }] }, 5)).toEqual({});
    expect(classificationErrors({ ...base, signers: [base.signers[0]!, { ...base.signers[1]!, role: "taxpayer" }] }, 5).signers).toBeDefined();
  });

  it("the schema refuses unknown forms and boxes outside the page", () => {
    expect(classificationSchema.safeParse({ ...base, forms: [{ formId: "9999", pages: [1], signerKeys: [] }] }).success).toBe(false);
    expect(classificationSchema.safeParse({ ...base, fields: [{ ...base.fields[0]!, x: 1.5 }] }).success).toBe(false);
    expect(classificationSchema.safeParse(base).success).toBe(true);
  });

  it("reads and writes page lists and amounts", () => {
    expect(parsePages("3-4, 7, 3")).toEqual([3, 4, 7]);
    expect(parsePages("")).toEqual([]);
    expect(parsePages("a")).toBeNull();
    expect(formatPages([7, 3, 4])).toBe("3-4, 7");
    expect(parseAmount("$1,234.5")).toBe(123450);
    expect(parseAmount("12.345")).toBeNull();
  });
});

describe("placement", () => {
  it("keeps boxes whole on the page, and nudges with arrow keys", () => {
    const f = placeAt("t", "signature", 1, 0.99, 0.99);
    expect(f.x + f.width).toBeLessThanOrEqual(1);
    expect(f.y + f.height).toBeLessThanOrEqual(1);
    expect(nudge(moveTo(f, 0.2, 0.2), "ArrowRight", false)!.x).toBeCloseTo(0.205);
    expect(nudge(moveTo(f, 0.2, 0.2), "ArrowUp", true)!.y).toBeCloseTo(0.15);
    expect(nudge(f, "Enter", false)).toBeNull();
  });
});

describe("upload", () => {
  it("needs an entity (unless replacing) and a PDF", () => {
    expect(uploadErrors({ companyId: null, replacing: false, taxYear: 2025, files: [] })).toEqual({
      companyId: UPLOAD_MESSAGES.entityRequired,
      files: UPLOAD_MESSAGES.fileRequired,
    });
    expect(uploadErrors({ companyId: null, replacing: true, taxYear: 2025, files: [{ name: "a.pdf" }] })).toEqual({});
    expect(uploadErrors({ companyId: "c", replacing: false, taxYear: 2025, files: [{ name: "a.png" }] }).files).toBe(UPLOAD_MESSAGES.pdfOnly);
  });

  it("merges PDFs in the order given", async () => {
    const pdf = async (width: number, pages: number) => {
      const d = await PDFDocument.create();
      for (let i = 0; i < pages; i++) d.addPage([width + i, 500]);
      return d.save();
    };
    const merged = await PDFDocument.load(await mergePdfs([await pdf(300, 2), await pdf(400, 1), await pdf(200, 1)]));
    expect(merged.getPages().map((p) => p.getWidth())).toEqual([300, 301, 400, 200]);
  });
});
