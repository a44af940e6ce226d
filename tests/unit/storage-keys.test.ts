import { describe, expect, it } from "vitest";

import {
  contentDisposition,
  entityAreaPrefix,
  entityDocumentKey,
  entityDocumentPrefix,
  entityFileKey,
  firmLogoKey,
  isWellFormedKey,
  keyBelongsToEntity,
  keyBelongsToFirm,
  keySafeName,
  prefixBelongsToFirm,
  safeFileName,
} from "../../app/storage/keys";
import {
  LOGO_KINDS,
  MAX_LOGO_BYTES,
  MAX_UPLOAD_BYTES,
  declaredKind,
  formatFileSize,
  kindFromContentType,
  kindFromFileName,
  sniffFileType,
} from "../../app/storage/uploads";
import { grantFormData } from "../../app/components/upload/upload-with-progress";

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === "string" ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

describe("object keys", () => {
  it("puts a firm logo under the firm's branding prefix with a random part", () => {
    const key = firmLogoKey("firm_1", "My Logo.PNG");
    expect(key).toMatch(/^firms\/firm_1\/branding\/logo-[0-9a-f]{32}\.png$/);
    expect(firmLogoKey("firm_1", "logo.png")).not.toBe(firmLogoKey("firm_1", "logo.png"));
    expect(firmLogoKey("f", "photo.jpeg")).toMatch(/\.jpg$/);
    expect(keyBelongsToFirm(key, "firm_1")).toBe(true);
  });

  it("refuses logos that are not PNG, JPEG or GIF (no SVG)", () => {
    expect(() => firmLogoKey("f", "logo.svg")).toThrow(RangeError);
    expect(() => firmLogoKey("f", "logo.heic")).toThrow(RangeError);
    expect(() => firmLogoKey("f", "logo")).toThrow(RangeError);
    expect(LOGO_KINDS).not.toContain("heic");
  });

  it("puts an entity document under the entity's documents prefix", () => {
    const key = entityDocumentKey("firm1", "co1", "../../W-2 2024 (final).pdf");
    expect(key).toMatch(/^firms\/firm1\/entities\/co1\/documents\/[0-9a-f]{32}-W-2-2024-final\.pdf$/);
    expect(isWellFormedKey(key)).toBe(true);
    expect(keyBelongsToEntity(key, "firm1", "co1")).toBe(true);
    expect(entityFileKey("firm1", "co1", "tax-returns", "return.pdf")).toMatch(/^firms\/firm1\/entities\/co1\/tax-returns\/[0-9a-f]{32}-return\.pdf$/);
  });

  it("refuses ids that would change the prefix", () => {
    expect(() => entityDocumentKey("../x", "co", "a.pdf")).toThrow(RangeError);
    expect(() => entityDocumentKey("firm", "co/../other", "a.pdf")).toThrow(RangeError);
    expect(() => entityDocumentKey("", "co", "a.pdf")).toThrow(RangeError);
    expect(() => firmLogoKey("a/b", "a.png")).toThrow(RangeError);
  });

  it("keeps generated keys well formed whatever the file name", () => {
    for (const name of ["", ".", "..", "../..", "/", "\u0000\u202e", "ÿ".repeat(500), "a\\b\\..\\c.pdf", "%2e%2e.pdf"]) {
      const key = entityDocumentKey("f", "c", name);
      expect(isWellFormedKey(key), `${JSON.stringify(name)} → ${key}`).toBe(true);
      expect(keyBelongsToEntity(key, "f", "c")).toBe(true);
    }
  });
});

describe("keyBelongsToFirm / keyBelongsToEntity", () => {
  const good = "firms/abc/entities/co1/documents/0123-a.pdf";

  it("accepts keys inside the firm's prefix", () => {
    expect(keyBelongsToFirm(good, "abc")).toBe(true);
    expect(keyBelongsToFirm("firms/abc/branding/logo-1.png", "abc")).toBe(true);
  });

  it("rejects look-alike firm ids in both directions", () => {
    expect(keyBelongsToFirm("firms/abcd/x.pdf", "abc")).toBe(false);
    expect(keyBelongsToFirm("firms/abc/x.pdf", "abcd")).toBe(false);
    expect(keyBelongsToFirm("firms/abc", "abc")).toBe(false);
    expect(keyBelongsToFirm("firms/abc/", "abc")).toBe(false);
    expect(keyBelongsToFirm("firms/abc-x.pdf", "abc")).toBe(false);
  });

  it("rejects traversal, absolute paths, other prefixes and odd characters", () => {
    for (const key of [
      "firms/abc/../xyz/a.pdf",
      "firms/abc/./a.pdf",
      "firms/abc/a/../../xyz/a.pdf",
      "firms/abc//a.pdf",
      "/firms/abc/a.pdf",
      "firms/abc/a.pdf/",
      "firms\\abc\\a.pdf",
      "firms/abc/a%2F..%2Fb.pdf",
      "firms/abc/a b.pdf",
      "firms/abc/a\u0000.pdf",
      "firms/abc/ä.pdf",
      "uploads/firms/abc/a.pdf",
      "FIRMS/abc/a.pdf",
      "firms/ABC/a.pdf",
      `firms/abc/${"a".repeat(1100)}`,
    ]) {
      expect(keyBelongsToFirm(key, "abc"), key).toBe(false);
    }
    expect(keyBelongsToFirm(42, "abc")).toBe(false);
    expect(keyBelongsToFirm(null, "abc")).toBe(false);
    expect(keyBelongsToFirm(good, "")).toBe(false);
    expect(keyBelongsToFirm(good, "a/b")).toBe(false);
  });

  it("checks the entity as well as the firm", () => {
    expect(keyBelongsToEntity(good, "abc", "co1")).toBe(true);
    expect(keyBelongsToEntity(good, "abc", "co")).toBe(false);
    expect(keyBelongsToEntity(good, "abc", "co12")).toBe(false);
    expect(keyBelongsToEntity(good, "abd", "co1")).toBe(false);
    expect(keyBelongsToEntity("firms/abc/entities/co1", "abc", "co1")).toBe(false);
    expect(keyBelongsToEntity("firms/abc/entities/co1/../co2/documents/a.pdf", "abc", "co1")).toBe(false);
    expect(keyBelongsToEntity("firms/abc/branding/logo.png", "abc", "co1")).toBe(false);
  });
});

describe("safeFileName", () => {
  it("keeps only the last path component", () => {
    expect(safeFileName("/etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\me\\Desktop\\W2.pdf")).toBe("W2.pdf");
    expect(safeFileName("../../secret.pdf")).toBe("secret.pdf");
  });

  it("strips control and invisible characters and keeps the extension", () => {
    expect(safeFileName("inv\u0000oice\r\n.pdf")).toBe("invoice.pdf");
    expect(safeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(safeFileName("a\u200b\ufeffb.png")).toBe("ab.png");
    expect(safeFileName('my "tax" <2024>?.pdf')).toBe("my _tax_ _2024__.pdf");
  });

  it("keeps Unicode letters and normalises spacing", () => {
    expect(safeFileName("  Relevé   bancaire.pdf ")).toBe("Relevé bancaire.pdf");
    expect(safeFileName("e\u0301.pdf")).toBe("\u00e9.pdf");
  });

  it("never returns an empty, hidden or dot-ended name", () => {
    expect(safeFileName("")).toBe("file");
    expect(safeFileName("...")).toBe("file");
    expect(safeFileName(".pdf")).toBe("file.pdf");
    expect(safeFileName("report.")).toBe("report");
    expect(safeFileName("dir/")).toBe("file");
  });

  it("shortens long names but keeps the extension", () => {
    const name = safeFileName(`${"a".repeat(300)}.pdf`);
    expect(name).toHaveLength(180);
    expect(name.endsWith(".pdf")).toBe(true);
    const emoji = safeFileName(`${"😀".repeat(300)}.pdf`, 20);
    expect(Array.from(emoji)).toHaveLength(20);
    expect(emoji.endsWith(".pdf")).toBe(true);
  });
});

describe("keySafeName", () => {
  it("makes an ASCII slug with a lower-case extension", () => {
    expect(keySafeName("Relevé bancaire (1).PDF")).toBe("Releve-bancaire-1.pdf");
    expect(keySafeName("税务.pdf")).toBe("file.pdf");
    expect(keySafeName("..")).toBe("file");
    expect(keySafeName("a..b...pdf")).toBe("a.b.pdf");
    expect(keySafeName(`${"x".repeat(300)}.jpeg`)).toHaveLength(100);
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("report.pdf")).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition("Relevé 2024.pdf")).toBe(`attachment; filename="Releve 2024.pdf"; filename*=UTF-8''Relev%C3%A9%202024.pdf`);
    expect(contentDisposition("税务.pdf", "inline")).toBe(`inline; filename="__.pdf"; filename*=UTF-8''%E7%A8%8E%E5%8A%A1.pdf`);
  });

  it("cannot break out of the header", () => {
    const header = contentDisposition('evil".pdf"; x=1\r\nSet-Cookie: a=b\\%41');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const quoted = /filename="([^"]*)"/.exec(header)?.[1];
    expect(quoted).toBeDefined();
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).not.toContain("\\");
    expect(header.split(";").map((p) => p.trim().split("=")[0])).toEqual(["attachment", "filename", "filename*"]);
    expect(contentDisposition("it's (1)*.pdf")).toContain("filename*=UTF-8''it%27s%20%281%29_.pdf");
  });
});

describe("file types", () => {
  it("recognises each accepted type by its magic numbers", () => {
    expect(sniffFileType(bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"))).toBe("pdf");
    expect(sniffFileType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR"))).toBe("png");
    expect(sniffFileType(bytes("GIF89a", 1, 0, 1, 0))).toBe("gif");
    expect(sniffFileType(bytes("GIF87a", 1, 0, 1, 0))).toBe("gif");
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF"))).toBe("jpeg");
    expect(sniffFileType(bytes(0, 0, 0, 24, "ftypheic", 0, 0, 0, 0))).toBe("heic");
    expect(sniffFileType(bytes(0, 0, 0, 24, "ftypheix", 0, 0, 0, 0))).toBe("heic");
    expect(sniffFileType(bytes(0, 0, 0, 24, "ftypmif1", 0, 0, 0, 0))).toBe("heic");
  });

  it("rejects everything else", () => {
    expect(sniffFileType(bytes("<svg xmlns="))).toBeNull();
    expect(sniffFileType(bytes("<!DOCTYPE html>"))).toBeNull();
    expect(sniffFileType(bytes("PK", 3, 4))).toBeNull();
    expect(sniffFileType(bytes(0, 0, 0, 24, "ftypmp42"))).toBeNull();
    expect(sniffFileType(bytes(0, 0, 0, 24, "ftypavif"))).toBeNull();
    expect(sniffFileType(bytes(" %PDF-1.7"))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
    expect(sniffFileType(bytes(0x89, "PNG"))).toBeNull();
  });

  it("maps names and content types to kinds", () => {
    expect(kindFromFileName("a.JPG")).toBe("jpeg");
    expect(kindFromFileName("a.heif")).toBe("heic");
    expect(kindFromFileName("a.pdf.exe")).toBeNull();
    expect(kindFromFileName("pdf")).toBeNull();
    expect(kindFromContentType("application/pdf; charset=binary")).toBe("pdf");
    expect(kindFromContentType("image/svg+xml")).toBeNull();
    expect(kindFromContentType("text/html")).toBeNull();
    expect(declaredKind("IMG_0001.HEIC", "")).toBe("heic");
    expect(declaredKind("IMG_0001.HEIC", "application/octet-stream")).toBe("heic");
    expect(declaredKind("scan.pdf", "image/png")).toBe("png");
  });

  it("has the spec's limits", () => {
    expect(MAX_UPLOAD_BYTES).toBe(157_286_400);
    expect(MAX_LOGO_BYTES).toBe(2_097_152);
  });
});

describe("grantFormData", () => {
  it("sends every granted field, then the file last", () => {
    const form = grantFormData(
      { fields: { key: "firms/f/a.pdf", "Content-Type": "application/pdf", Policy: "p", "X-Amz-Signature": "s" } },
      new Blob(["%PDF-"]),
      "a.pdf",
    );
    const names = Array.from(form.keys());
    expect(names).toEqual(["key", "Content-Type", "Policy", "X-Amz-Signature", "file"]);
    expect((form.get("file") as File).name).toBe("a.pdf");
  });
});

describe("formatFileSize", () => {
  it("says limits in the unit people use", () => {
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe("150 MB");
    expect(formatFileSize(MAX_LOGO_BYTES)).toBe("2 MB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(12)).toBe("12 bytes");
  });
});

describe("key prefixes", () => {
  it("name the folder every generated key of an entity's area lies in", () => {
    expect(entityDocumentPrefix("firm_a", "co_1")).toBe("firms/firm_a/entities/co_1/documents/");
    expect(entityAreaPrefix("firm_a", "co_1", "tax-returns")).toBe("firms/firm_a/entities/co_1/tax-returns/");
    expect(entityDocumentKey("firm_a", "co_1", "W-2.pdf").startsWith(entityDocumentPrefix("firm_a", "co_1"))).toBe(true);
    expect(() => entityDocumentPrefix("firm_a", "../x")).toThrow(RangeError);
  });

  it("belong to a firm only when well formed and within its prefix", () => {
    expect(prefixBelongsToFirm("firms/firm_a/", "firm_a")).toBe(true);
    expect(prefixBelongsToFirm("firms/firm_a/entities/", "firm_a")).toBe(true);
    expect(prefixBelongsToFirm(entityDocumentPrefix("firm_a", "co_1"), "firm_a")).toBe(true);
    for (const prefix of [
      "firms/",
      "firms/firm_a",
      "firms/firm_ab/",
      "firms/firm_b/",
      "firms/firm_a/../firm_b/",
      "firms/firm_a//",
      "/firms/firm_a/",
      "firms/firm_a/entities",
    ]) {
      expect(prefixBelongsToFirm(prefix, "firm_a"), prefix).toBe(false);
    }
    expect(prefixBelongsToFirm(42, "firm_a")).toBe(false);
    expect(prefixBelongsToFirm("firms/../", "..")).toBe(false);
  });
});
