import { describe, expect, it } from "vitest";
import type { IdentityVerificationStatus } from "~/generated/prisma/enums";
import { clientIdentityPrompt, eventIsNewer, identityAuditText, identityCell, identityLabel, identityUpdateFrom, isVerified } from "~/payments/identity-rules";
import { rowActions } from "~/deliver/table/rows";

const ALL: IdentityVerificationStatus[] = ["not_started", "requires_input", "processing", "verified", "canceled", "failed"];

describe("identity verification status labels (staff spec §4)", () => {
  it("names every status; any error_code shows Failed", () => {
    expect(ALL.map((status) => identityLabel({ status }))).toEqual(["Not Started", "Needs Info", "Processing", "Verified", "Cancelled", "Failed"]);
    for (const status of ALL) expect(identityLabel({ status, errorCode: "document_expired" })).toBe("Failed");
    for (const status of ALL) expect(identityCell([{ status, errorCode: "x" }])).toBe("Failed");
  });

  it("the Deliver cell: one signer's label, the signer furthest from verified, Verified only when all are, — without signers", () => {
    expect(identityCell([])).toBe("—");
    for (const status of ALL) expect(identityCell([{ status }])).toBe(identityLabel({ status }));
    expect(identityCell([{ status: "verified" }, { status: "verified" }])).toBe("Verified");
    expect(identityCell([{ status: "verified" }, { status: "not_started" }])).toBe("Not Started");
    expect(identityCell([{ status: "processing" }, { status: "requires_input" }])).toBe("Needs Info");
    expect(identityCell([{ status: "verified", errorCode: "x" }, { status: "canceled" }])).toBe("Failed");
  });

  it("only a verified status without an error code lets a signer sign", () => {
    expect(ALL.filter((status) => isVerified({ status }))).toEqual(["verified"]);
    expect(isVerified({ status: "verified", errorCode: "x" })).toBe(false);
    expect(isVerified(null)).toBe(false);
  });
});

describe("the provider's session → our status", () => {
  it("maps each Stripe status; requires_input with last_error is failed with its code", () => {
    expect(identityUpdateFrom({ status: "verified" })).toEqual({ status: "verified", errorCode: null, errorDescription: null });
    expect(identityUpdateFrom({ status: "processing" })?.status).toBe("processing");
    expect(identityUpdateFrom({ status: "canceled" })?.status).toBe("canceled");
    expect(identityUpdateFrom({ status: "requires_input", last_error: null })).toEqual({ status: "requires_input", errorCode: null, errorDescription: null });
    expect(identityUpdateFrom({ status: "requires_input", last_error: { code: "selfie_face_mismatch", reason: "No match" } })).toEqual({
      status: "failed",
      errorCode: "selfie_face_mismatch",
      errorDescription: "No match",
    });
    expect(identityUpdateFrom({ status: "something_new" })).toBeNull();
  });

  it("an older event never wins; at the same second processing does not replace an outcome", () => {
    const t = new Date("2026-01-01T00:00:10Z");
    expect(eventIsNewer("verified", t, null)).toBe(true);
    expect(eventIsNewer("verified", new Date("2026-01-01T00:00:09Z"), t)).toBe(false);
    expect(eventIsNewer("failed", t, t)).toBe(true);
    expect(eventIsNewer("processing", t, t)).toBe(false);
    expect(eventIsNewer("processing", new Date("2026-01-01T00:00:11Z"), t)).toBe(true);
  });
});

describe("texts", () => {
  it("the client's prompt per status", () => {
    expect(clientIdentityPrompt({ status: "not_started" })).toMatchObject({ action: "Verify your identity", tone: "info" });
    expect(clientIdentityPrompt({ status: "failed", errorCode: "x" })).toMatchObject({ action: "Try again", tone: "warning" });
    expect(clientIdentityPrompt({ status: "requires_input" })).toMatchObject({ action: "Continue verification" });
    expect(clientIdentityPrompt({ status: "canceled" })).toMatchObject({ action: "Verify your identity" });
    expect(clientIdentityPrompt({ status: "processing" }).action).toBeNull();
    expect(clientIdentityPrompt({ status: "verified" })).toEqual({ text: "Identity verified", tone: "success", action: null });
  });

  it("the audit page names the session and the time", () => {
    expect(identityAuditText({ providerSessionId: "vs_test_1", verifiedAt: new Date("2026-03-02T15:04:05.123Z") })).toBe(
      "verified (Stripe Identity, vs_test_1, 2026-03-02 15:04:05 UTC)",
    );
  });

  it("the row menu offers Verification checks only with the preference on and signers", () => {
    const row = {
      status: "sent" as const,
      reminder: { on: true, disabled: false },
      vouchers: [],
      owners: [],
      signatures: { total: 1 } as never,
      signerCount: 2,
    };
    expect(rowActions(row, false, true)).toContain("identity");
    expect(rowActions(row, false, false)).not.toContain("identity");
    expect(rowActions({ ...row, signerCount: 0 }, false, true)).not.toContain("identity");
  });
});
