/**
 * Upload rules shared by the server and the browser: allowed file types, size limits, the real
 * type of a file from its first bytes, and the shape of an upload grant. Pure; no Node APIs.
 */

/**
 * The file types the product accepts: documents (spec: pdf, png, gif, jpeg, heic), and the data
 * files staff import (csv, zip), which only the import accepts.
 */
export type FileKind = "pdf" | "png" | "gif" | "jpeg" | "heic" | "csv" | "zip";

/** The Content-Type stored with an object of each kind. */
export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  gif: "image/gif",
  jpeg: "image/jpeg",
  heic: "image/heic",
  csv: "text/csv",
  zip: "application/zip",
};

/** Client documents (questionnaire uploads, drop-off, document checklist). */
export const DOCUMENT_KINDS: readonly FileKind[] = ["pdf", "png", "gif", "jpeg", "heic"];

/**
 * Firm logos. No SVG: an SVG is a document that can carry script, and a logo URL is opened in the
 * browser, so an uploaded SVG would be stored cross-site scripting. HEIC is left out because most
 * browsers cannot display it.
 */
export const LOGO_KINDS: readonly FileKind[] = ["png", "jpeg", "gif"];

/** Spec: "max 150 MB" per file. */
export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;

/** Firm logos are small images shown on every page. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** "150 MB", "2 MB", "1.5 MB", "200 KB", "12 bytes": for messages about limits. */
export function formatFileSize(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024, "MB"],
    [1024, "KB"],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

/** How many leading bytes `sniffFileType` needs. */
export const SNIFF_BYTES = 16;

/** What a browser receives to upload one file straight to the store (a presigned POST). */
export interface UploadGrant {
  /** The form's action URL. */
  url: string;
  /** Form fields to send, in this order, before the file field (named "file", always last). */
  fields: Record<string, string>;
  /** The object key the file will have; the app confirms the upload by this key. */
  key: string;
  contentType: string;
  maxBytes: number;
  /** ISO 8601; the store refuses the form after this. */
  expiresAt: string;
}

const EXTENSION_KINDS: Record<string, FileKind> = {
  pdf: "pdf",
  png: "png",
  gif: "gif",
  jpg: "jpeg",
  jpeg: "jpeg",
  jpe: "jpeg",
  jfif: "jpeg",
  heic: "heic",
  heif: "heic",
};

const CONTENT_TYPE_KINDS: Record<string, FileKind> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/gif": "gif",
  "image/jpeg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/heic": "heic",
  "image/heif": "heic",
  "image/heic-sequence": "heic",
  "image/heif-sequence": "heic",
  "text/csv": "csv",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
};

/** The kind a file name claims by its extension, or null. */
export function kindFromFileName(fileName: string): FileKind | null {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return null;
  return (
    EXTENSION_KINDS[
      fileName
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    ] ?? null
  );
}

/** The kind a Content-Type names (parameters ignored), or null. */
export function kindFromContentType(contentType: string | null | undefined): FileKind | null {
  if (!contentType) return null;
  const bare = contentType.split(";")[0].trim().toLowerCase();
  return CONTENT_TYPE_KINDS[bare] ?? null;
}

/**
 * The kind an upload should be stored as: from the browser's type when it names one we know,
 * otherwise from the extension (browsers often report HEIC files as "" or application/octet-stream).
 * Null means the type is not supported.
 */
export function declaredKind(fileName: string, browserType: string | null | undefined): FileKind | null {
  return kindFromContentType(browserType) ?? kindFromFileName(fileName);
}

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "heif"]);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let text = "";
  for (let i = start; i < end && i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

/**
 * The real type of a file from its first bytes (at least SNIFF_BYTES), or null when it is none of
 * the accepted kinds. This is what decides; the extension and the declared Content-Type are claims.
 * - pdf: "%PDF-" at offset 0
 * - png: 89 50 4E 47 0D 0A 1A 0A
 * - gif: "GIF87a" or "GIF89a"
 * - jpeg: FF D8 FF
 * - heic: an ISO-BMFF "ftyp" box at offset 4 with a HEIF brand (heic, heix, hevc, mif1, …)
 */
export function sniffFileType(bytes: Uint8Array): FileKind | null {
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    ascii(bytes, 1, 4) === "PNG" &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return "png";
  }
  const gif = ascii(bytes, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "gif";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heic";
  return null;
}

/**
 * Whether a file's first bytes fit the kind it was granted as: the magic numbers for documents
 * (`sniffFileType`), "PK" headers for zip, and for CSV text (no NUL or other control characters
 * than tab and line breaks, and none of the binary signatures).
 */
export function bytesMatchKind(bytes: Uint8Array, kind: FileKind): boolean {
  if (kind === "zip")
    return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
  if (kind === "csv") {
    if (bytes.length === 0 || sniffFileType(bytes) !== null) return false;
    return bytes.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d);
  }
  return sniffFileType(bytes) === kind;
}
