import { describe, expect, it } from "vitest";
import { clientStage, nextStepLabel } from "~/deliver/client/stage";
import { auditLines, checkFieldsComplete, checkSignature, MAX_SIGNATURE_IMAGE_BYTES, signerDone, signingDate, SIGNING_MESSAGES } from "~/deliver/signing/rules";

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const png = (padTo = 0) => {
  const base = Buffer.from(PNG_1X1, "base64");
  return `data:image/png;base64,${Buffer.concat([base, Buffer.alloc(Math.max(0, padTo - base.length))]).toString("base64")}`;
};

describe("checkSignature", () => {
  it("accepts a real PNG data URL up to 1 MB", () => {
    const r = checkSignature({ method: "drawn", image: png() });
    expect(r.ok && r.signature.method === "drawn" && r.signature.png[0]).toBe(0x89);
    expect(checkSignature({ method: "drawn", image: png(MAX_SIGNATURE_IMAGE_BYTES) }).ok).toBe(true);
  });
  it("refuses an image over 1 MB", () => {
    expect(checkSignature({ method: "drawn", image: png(MAX_SIGNATURE_IMAGE_BYTES + 1) })).toEqual({ ok: false, message: SIGNING_MESSAGES.imageTooLarge });
  });
  it("refuses what is not a PNG (other type, bad base64, text pretending)", () => {
    for (const image of [
      "data:image/jpeg;base64,/9j/4AAQ",
      "data:image/png;base64,@@@",
      `data:image/png;base64,${Buffer.from("hello world, not a png image at all").toString("base64")}`,
      "hello",
    ]) {
      expect(checkSignature({ method: "drawn", image })).toEqual({ ok: false, message: SIGNING_MESSAGES.notAnImage });
    }
  });
  it("takes a typed name of 1..100 characters (trimmed)", () => {
    expect(checkSignature({ method: "typed", text: "  Jordan   Rivera " })).toEqual({ ok: true, signature: { method: "typed", text: "Jordan Rivera" } });
    expect(checkSignature({ method: "typed", text: "   " }).ok).toBe(false);
    expect(checkSignature({ method: "typed", text: "x".repeat(100) }).ok).toBe(true);
    expect(checkSignature({ method: "typed", text: "x".repeat(101) })).toEqual({ ok: false, message: SIGNING_MESSAGES.typedTooLong });
  });
});

describe("checkFieldsComplete", () => {
  const fields = [
    { id: "a", signerId: "me", filledAt: null },
    { id: "b", signerId: "me", filledAt: null },
    { id: "c", signerId: "spouse", filledAt: null },
    { id: "d", signerId: "me", filledAt: new Date() },
  ];
  it("is exactly the signer's unfilled fields", () => {
    expect(checkFieldsComplete("me", fields, ["b", "a"])).toEqual({ ok: true, fieldIds: ["a", "b"] });
  });
  it("refuses another signer's field or an unknown id", () => {
    expect(checkFieldsComplete("me", fields, ["a", "b", "c"])).toEqual({ ok: false, reason: "not_yours" });
    expect(checkFieldsComplete("me", fields, ["a", "b", "zzz"])).toEqual({ ok: false, reason: "not_yours" });
  });
  it("refuses a field filled before, and a signer with nothing left", () => {
    expect(checkFieldsComplete("me", fields, ["a", "b", "d"])).toEqual({ ok: false, reason: "already_filled" });
    expect(
      checkFieldsComplete(
        "me",
        fields.map((f) => ({ ...f, filledAt: new Date() })),
        ["a"],
      ),
    ).toEqual({ ok: false, reason: "already_filled" });
  });
  it("says incomplete when one of theirs is missing", () => {
    expect(checkFieldsComplete("me", fields, ["a"])).toEqual({ ok: false, reason: "incomplete" });
  });
  it("signerDone: Finish only once every field is done", () => {
    expect(signerDone([{ id: "a" }, { id: "b" }], new Set(["a"]))).toBe(false);
    expect(signerDone([{ id: "a" }, { id: "b" }], new Set(["a", "b"]))).toBe(true);
    expect(signerDone([], new Set())).toBe(false);
  });
});

describe("audit lines and dates", () => {
  const at = new Date("2026-03-10T05:30:00Z");
  it("writes the date in the firm's time zone", () => {
    expect(signingDate(at, "Pacific Time (US & Canada)")).toBe("03/09/2026");
    expect(signingDate(at, "Eastern Time (US & Canada)")).toBe("03/10/2026");
  });
  it("lists each signer's name, email, IP, UTC and firm time, method, identity result, and both hashes named", () => {
    const lines = auditLines({
      documentName: "2025 Form 1040",
      signers: [
        { name: "Jordan Rivera", email: "j@x.test", ipAddress: "203.0.113.9", signedAt: at, method: "drawn", identity: "not required" },
        { name: "Casey Rivera", email: null, ipAddress: null, signedAt: at, method: "typed", identity: "not required" },
      ],
      firmTimeZone: "Pacific Time (US & Canada)",
      unsignedSha256: "a".repeat(64),
      signedPagesSha256: "b".repeat(64),
      completedAt: at,
    }).join("\n");
    expect(lines).toContain("Signer 1: Jordan Rivera");
    expect(lines).toContain("Email: j@x.test");
    expect(lines).toContain("IP address: 203.0.113.9");
    expect(lines).toContain("Signed (UTC): 2026-03-10 05:30:00 UTC");
    expect(lines).toContain("Signed (firm time zone): Mar 9, 2026, 10:30 PM PDT");
    expect(lines).toContain("Method: drawn signature");
    expect(lines).toContain("Method: typed signature");
    expect(lines).toContain("Identity check: not required");
    expect(lines).toMatch(/original \(unsigned\) file:\na{64}/);
    expect(lines).toMatch(/signed pages \(this file as saved before this audit page was added\):\nb{64}/);
  });
});

describe("client stage", () => {
  it("names the next step for each status", () => {
    expect(nextStepLabel("draft", false)).toBe("Review Draft");
    expect(nextStepLabel("sent", true)).toBe("Sign");
    expect(nextStepLabel("sent", false)).toBe("View");
    expect(nextStepLabel("finished", true)).toBe("View");
    expect(clientStage("finished")).toBe("done");
    expect(clientStage("change_requested")).toBe("changes_requested");
  });
});
