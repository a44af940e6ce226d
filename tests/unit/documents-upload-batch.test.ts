import { describe, expect, it } from "vitest";

import { DOCUMENT_MESSAGES } from "../../app/documents/rules";
import { screenUploadBatch } from "../../app/documents/upload-batch";
import { MAX_UPLOAD_BYTES } from "../../app/storage/uploads";

const INVALID = "We were unable to process some of uploaded files as they appear to be INVALID. Kindly check those files and try uploading them again.";
const pdf = (name: string, extra: Partial<{ size: number; type: string; sniffed: "pdf" | "png" | null }> = {}) => ({
  name,
  size: 100,
  type: "application/pdf",
  sniffed: "pdf" as const,
  ...extra,
});

describe("screening an upload batch in the browser", () => {
  it("sends good files and skips a wrong type named .pdf (by its bytes), keeping the rest", () => {
    const result = screenUploadBatch(
      [pdf("a.pdf"), pdf("fake.pdf", { sniffed: "png" }), pdf("notes.txt", { type: "text/plain", sniffed: null }), pdf("b.pdf")],
      [],
    );
    expect(result.send.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(result.skipped.map((s) => [s.file.name, s.reason])).toEqual([
      ["fake.pdf", "invalid"],
      ["notes.txt", "invalid"],
    ]);
    expect(result.anyInvalid).toBe(true);
    expect(DOCUMENT_MESSAGES.invalidFiles).toBe(INVALID);
  });

  it("skips empty, oversize and duplicate files with the spec's messages", () => {
    const result = screenUploadBatch(
      [pdf("empty.pdf", { size: 0 }), pdf("huge.pdf", { size: MAX_UPLOAD_BYTES + 1 }), pdf("W2.pdf"), pdf("W2.pdf"), pdf("old.pdf")],
      ["old.pdf"],
    );
    expect(result.send.map((f) => f.name)).toEqual(["W2.pdf"]);
    expect(Object.fromEntries(result.skipped.map((s) => [s.file.name + ":" + s.reason, s.message]))).toEqual({
      "empty.pdf:empty": "The file is empty.",
      "huge.pdf:too_large": "huge.pdf: Max size 150 MB",
      "W2.pdf:duplicate": "W2.pdf was already uploaded",
      "old.pdf:duplicate": "old.pdf was already uploaded",
    });
    expect(result.anyInvalid).toBe(false);
    // Exactly 150 MB is allowed.
    expect(screenUploadBatch([pdf("max.pdf", { size: MAX_UPLOAD_BYTES })], []).send).toHaveLength(1);
  });

  it("accepts a HEIC the browser reports without a type, and refuses more than 999 files at once", () => {
    expect(screenUploadBatch([{ name: "IMG_1.HEIC", size: 10, type: "", sniffed: "heic" }], []).send).toHaveLength(1);
    const many = Array.from({ length: 1000 }, (_, i) => pdf(`${i}.pdf`));
    expect(screenUploadBatch(many, [])).toMatchObject({ tooMany: true, send: [] });
    expect(screenUploadBatch(many.slice(0, 999), []).send).toHaveLength(999);
  });
});
