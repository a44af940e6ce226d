import { describe, expect, it } from "vitest";
import {
  identityLabel,
  nextStatus,
  paymentsCell,
  paymentsSortKey,
  reminderToggle,
  signatureCell,
  signatureRequestFolder,
  signatureSortKey,
  signedCopyDocumentName,
  statusesFor,
  taxReturnDeliveryFolder,
  voucherDue,
} from "~/deliver/rules";

describe("tax return status machine", () => {
  it("follows the spec's flow: processing → action_required → sending → draft → approved → sending → sent → signed → finished", () => {
    expect(nextStatus("processing", "processed")).toBe("action_required");
    expect(nextStatus("action_required", "send")).toBe("sending");
    expect(nextStatus("sending", "delivered_draft")).toBe("draft");
    expect(nextStatus("draft", "approve")).toBe("approved");
    expect(nextStatus("approved", "send")).toBe("sending");
    expect(nextStatus("sending", "delivered")).toBe("sent");
    expect(nextStatus("sent", "all_signed")).toBe("signed");
    expect(nextStatus("signed", "mark_finished")).toBe("finished");
    expect(nextStatus("draft", "request_changes")).toBe("change_requested");
    expect(nextStatus("processing", "processing_failed")).toBe("error");
  });

  it("refuses events that don't fit the status", () => {
    expect(nextStatus("sent", "approve")).toBeNull();
    expect(nextStatus("approved", "approve")).toBeNull();
    expect(nextStatus("processing", "send")).toBeNull();
    expect(nextStatus("draft", "send")).toBeNull();
    expect(nextStatus("signed", "all_signed")).toBeNull();
    expect(nextStatus("finished", "mark_finished")).toBeNull();
    expect(statusesFor("approve")).toEqual(["draft"]);
  });
});

describe("signature cell", () => {
  const form = (signed: boolean[], wet = false, wetDone: boolean[] = []) => ({
    formId: "8879",
    wetSignaturesRequired: wet,
    signatures: signed.map((s, i) => ({ signerName: `Signer ${i + 1}`, signed: s, wetSignature: wetDone[i] ?? false })),
  });

  it("says none requested, all completed, or how many are still needed and where", () => {
    expect(signatureCell([]).text).toBe("No signatures requested.");
    expect(signatureCell([form([true, true])]).text).toBe("All signatures completed");
    const cell = signatureCell([form([true, false]), { ...form([false]), formId: "custom", customFormName: "Consent" }]);
    expect(cell.text).toBe("2 signature(s) still needed on these forms");
    expect(cell.missing).toEqual(["Form 8879 - IRS e-file Signature Authorization (Signer 2)", "Consent (Signer 1)"]);
    expect(cell).toMatchObject({ total: 3, done: 1, allSigned: false });
  });

  it("counts a wet-signature form as done only when its wet signature exists", () => {
    expect(signatureCell([form([true], true, [false])]).done).toBe(0);
    expect(signatureCell([form([false], true, [true])]).allSigned).toBe(true);
  });

  it("sorts by all-signed, then total, then done", () => {
    expect(signatureSortKey(signatureCell([form([true, false])]))).toEqual([0, 2, 1]);
    expect(signatureSortKey(signatureCell([form([true])]))).toEqual([1, 1, 1]);
  });
});

describe("payments cell", () => {
  const voucher = (isPaid: boolean, due: string | null, asap = false) => ({ voucherId: "1040-V", amountCents: 12_345, isPaid, isDueAsap: asap, dueDate: due });

  it("counts vouchers plus the tax service invoice and lists what is still due", () => {
    expect(paymentsCell([], { amountCents: null, paid: false }).text).toBe("No tax payments requested.");
    const cell = paymentsCell([voucher(false, "2027-04-15"), voucher(false, null, true), voucher(false, null), voucher(true, null)], {
      amountCents: 50_000,
      paid: false,
    });
    expect(cell).toMatchObject({ total: 5, paid: 1, allPaid: false, text: "4 payment(s) still needed" });
    expect(cell.missing).toEqual([
      "Tax Service Invoice - Due now",
      "Form 1040-V - Payment Voucher - Apr 15, 2027",
      "Form 1040-V - Payment Voucher - ASAP",
      "Form 1040-V - Payment Voucher - Not specified",
    ]);
    expect(paymentsCell([voucher(true, null)], { amountCents: 100, paid: true }).text).toBe("All tax payments completed");
    expect(paymentsSortKey(cell)).toEqual([0, 5]);
  });

  it("formats due dates without time-zone drift", () => {
    expect(voucherDue({ isDueAsap: false, dueDate: "2027-01-01" })).toBe("Jan 1, 2027");
  });
});

describe("reminder toggle and identity labels", () => {
  it("is off and disabled when everything is signed and paid", () => {
    expect(reminderToggle({ reminderDisabled: false, allSigned: true, allPaid: true, signaturesTotal: 2 })).toEqual({ on: false, disabled: true });
    expect(reminderToggle({ reminderDisabled: false, allSigned: false, allPaid: true, signaturesTotal: 2 })).toEqual({ on: true, disabled: false });
    expect(reminderToggle({ reminderDisabled: true, allSigned: true, allPaid: false, signaturesTotal: 2 })).toEqual({ on: false, disabled: false });
  });

  it("shows Failed for any error code", () => {
    expect(identityLabel({ status: "verified", errorCode: "document_expired" })).toBe("Failed");
    expect(identityLabel({ status: "requires_input" })).toBe("Needs Info");
    expect(identityLabel({ status: "canceled" })).toBe("Cancelled");
  });
});

describe("file names of a return", () => {
  it("put the tax year in front once, not twice when the return's name already starts with it", async () => {
    const { downloadFileName } = await import("~/deliver/ops/download-rules");
    const { defaultDocumentName } = await import("~/deliver/ops/send-to-documents");
    expect(downloadFileName(2025, "2025 Form 1040", "signature_pages", true)).toBe("2025 Form 1040 - signature pages.pdf");
    expect(downloadFileName(2025, "Individual Return", "plain", false)).toBe("2025 Individual Return.pdf");
    expect(defaultDocumentName(2025, "2025 Form 1040")).toBe("2025 Form 1040.pdf");
    expect(defaultDocumentName(2025, "Individual Return")).toBe("2025 Individual Return.pdf");
  });
});

describe("folders (staff spec §9)", () => {
  it("files signature requests and delivered tax returns in their year's folder", () => {
    expect(signatureRequestFolder(2025)).toBe("/_soraban/Signature Requests/2025");
    expect(taxReturnDeliveryFolder(2024)).toBe("/_soraban/Tax Return Delivery/2024");
  });

  it("names a signed copy after its document, once, as a PDF", () => {
    expect(signedCopyDocumentName("2025 Engagement Letter")).toBe("2025 Engagement Letter (signed).pdf");
    expect(signedCopyDocumentName("Consent.PDF")).toBe("Consent (signed).pdf");
    expect(signedCopyDocumentName("  ")).toBe("Document (signed).pdf");
  });
});
