import { describe, expect, it } from "vitest";
import {
  canMarkCompleted,
  nextRequestStatus,
  openRequest,
  placementError,
  REQUEST_MESSAGES,
  requestStatusesFor,
  requestUploadErrors,
  SIGNATURE_REQUEST_STATUSES,
  type SignatureRequestStatus,
} from "~/deliver/requests/rules";

describe("signature request status machine", () => {
  it("moves processing → action_required → sending → sent → signed", () => {
    expect(nextRequestStatus("processing", "processed")).toBe("action_required");
    expect(nextRequestStatus("processing", "processing_failed")).toBe("error");
    expect(nextRequestStatus("action_required", "send")).toBe("sending");
    expect(nextRequestStatus("sending", "delivered")).toBe("sent");
    expect(nextRequestStatus("sent", "all_signed")).toBe("signed");
  });

  it("refuses events out of order", () => {
    expect(nextRequestStatus("processing", "send")).toBeNull();
    expect(nextRequestStatus("sent", "send")).toBeNull();
    expect(nextRequestStatus("action_required", "all_signed")).toBeNull();
    expect(nextRequestStatus("signed", "all_signed")).toBeNull();
    expect(nextRequestStatus("sent", "processed")).toBeNull();
  });

  it("places boxes only before sending", () => {
    expect(requestStatusesFor("place")).toEqual(["action_required"]);
  });

  it("offers 'Mark as completed' unless already completed", () => {
    for (const status of SIGNATURE_REQUEST_STATUSES) {
      expect(canMarkCompleted(status)).toBe(status !== "completed");
      expect(nextRequestStatus(status, "complete")).toBe(status === "completed" ? null : "completed");
    }
  });

  it("a processing request shows the spec's toast instead of opening", () => {
    expect(openRequest({ id: "r1", companyId: "c1", status: "processing" })).toEqual({
      toast: "The signature request is still processing. Please wait for a few seconds.",
    });
    for (const status of SIGNATURE_REQUEST_STATUSES.filter((s) => s !== "processing") as SignatureRequestStatus[])
      expect(openRequest({ id: "r1", companyId: "c 1", status })).toEqual({ href: "/review-signature-request/r1?companyId=c%201" });
  });
});

describe("placement", () => {
  const sig = (signerKey: string, page = 1) => ({ signerKey, kind: "signature" as const, page, x: 0.1, y: 0.1, width: 0.3, height: 0.05 });
  it("needs a signature box for every signer to send", () => {
    expect(placementError({ signers: [], fields: [] }, 2, true)).toBe(REQUEST_MESSAGES.signerRequired);
    expect(placementError({ signers: ["a", "b"], fields: [sig("a")] }, 2, true)).toBe(REQUEST_MESSAGES.signatureBoxRequired);
    expect(placementError({ signers: ["a", "b"], fields: [sig("a")] }, 2, false)).toBeNull();
    expect(placementError({ signers: ["a", "b"], fields: [sig("a"), sig("b", 2)] }, 2, true)).toBeNull();
  });
  it("refuses boxes off the pages or for someone not chosen", () => {
    expect(placementError({ signers: ["a"], fields: [sig("a", 3)] }, 2, false)).toBe(REQUEST_MESSAGES.fieldOutOfRange);
    expect(placementError({ signers: ["a"], fields: [{ ...sig("a"), x: 0.9 }] }, 2, false)).toBe(REQUEST_MESSAGES.fieldOutOfRange);
    expect(placementError({ signers: ["a"], fields: [sig("z")] }, 2, false)).toBe(REQUEST_MESSAGES.signerRequired);
  });
});

describe("upload dialog rules", () => {
  const file = { name: "letter.pdf", size: 10 };
  it("needs exactly one entity and a non-empty PDF", () => {
    expect(requestUploadErrors({ companyIds: ["c"], taxYear: 2025, formName: "Letter", files: [file] })).toEqual({});
    expect(requestUploadErrors({ companyIds: [], taxYear: 2025, formName: "Letter", files: [file] }).companyId).toBe("Select exactly one entity.");
    expect(requestUploadErrors({ companyIds: ["a", "b"], taxYear: 2025, formName: "Letter", files: [file] }).companyId).toBe("Select exactly one entity.");
    expect(requestUploadErrors({ companyIds: ["c"], taxYear: 2025, formName: "Letter", files: [] }).files).toBe(REQUEST_MESSAGES.fileRequired);
    expect(requestUploadErrors({ companyIds: ["c"], taxYear: 2025, formName: "Letter", files: [{ name: "a.pdf", size: 0 }] }).files).toBe(
      REQUEST_MESSAGES.emptyFile,
    );
    expect(requestUploadErrors({ companyIds: ["c"], taxYear: 2025, formName: "Letter", files: [{ name: "a.doc", size: 3 }] }).files).toBe(
      REQUEST_MESSAGES.pdfOnly,
    );
    expect(requestUploadErrors({ companyIds: ["c"], taxYear: null, formName: " ", files: [file] })).toMatchObject({
      taxYear: REQUEST_MESSAGES.taxYear,
      formName: REQUEST_MESSAGES.nameRequired,
    });
  });
});
