/**
 * The storage layer against a real S3-protocol server (s3rver), no mocks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PortalError } from "../../app/errors";
import { createS3Storage, storageConfig, type FileStorage, type StorageErrorCode } from "../../app/storage.server";
import { contentDisposition, entityDocumentKey, entityDocumentPrefix, firmLogoKey } from "../../app/storage/keys";
import { LOGO_KINDS, MAX_LOGO_BYTES, MAX_UPLOAD_BYTES, sniffFileType } from "../../app/storage/uploads";
import { postToGrant, startTestS3, type TestS3 } from "../support/s3";

const FIRM = "firm_a";
const LOOKALIKE_FIRM = "firm_ab";
const OTHER_FIRM = "firm_b";
const COMPANY = "co_1";

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
    "trailer << /Root 1 0 R >>\n%%EOF\n",
);
// A 1×1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

/** `start`, then spaces up to `size` bytes (cut when `start` is longer). */
function padded(start: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size).fill(0x20);
  out.set(start.subarray(0, size));
  return out;
}

async function expectStorageError(promise: Promise<unknown>, code: StorageErrorCode) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected a storage refusal ${code}`).toBeInstanceOf(PortalError);
  expect((error as PortalError).code).toBe(code);
  return error as PortalError;
}

let s3: TestS3;
let storage: FileStorage;

beforeAll(async () => {
  // The app at https://portal.test: its firms' pages (https://acme.portal.test) may upload and read.
  s3 = await startTestS3({ appOrigin: { protocol: "https", domain: "portal.test" } });
  storage = s3.storage;
});
afterAll(() => s3?.stop());

describe("upload, confirm and download", () => {
  it("uploads with a grant, sees the object, and downloads the same bytes under the file name", async () => {
    const fileName = "Relevé 2024 (final).pdf";
    const key = entityDocumentKey(FIRM, COMPANY, fileName);
    const grant = await storage.createUploadGrant({
      firmId: FIRM,
      key,
      contentType: "application/pdf",
      maxBytes: MAX_UPLOAD_BYTES,
    });
    expect(grant.key).toBe(key);
    expect(grant.fields.key).toBe(key);
    expect(grant.fields["Content-Type"]).toBe("application/pdf");
    expect(new Date(grant.expiresAt).getTime()).toBeGreaterThan(Date.now() + 240_000);

    // The policy a real store enforces: exact key, exact Content-Type, size 1..maxBytes.
    const policy = JSON.parse(atob(grant.fields.Policy)) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual(["content-length-range", 1, MAX_UPLOAD_BYTES]);
    expect(policy.conditions).toContainEqual({ key });
    expect(policy.conditions).toContainEqual({ "Content-Type": "application/pdf" });
    expect(new Date(policy.expiration).toISOString()).toBe(new Date(grant.expiresAt).toISOString().replace(/\.\d{3}Z$/, ".000Z"));

    const response = await postToGrant(grant, PDF, fileName, { Origin: "https://acme.portal.test" });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://acme.portal.test");

    const head = await storage.headObject({ firmId: FIRM, key });
    expect(head).toMatchObject({ size: PDF.length, contentType: "application/pdf" });

    const firstBytes = await storage.readObjectHead({ firmId: FIRM, key });
    expect(firstBytes).toEqual(PDF.subarray(0, 16));
    expect(sniffFileType(firstBytes!)).toBe("pdf");

    const verified = await storage.verifyUpload({
      firmId: FIRM,
      key,
      contentType: grant.contentType,
      maxBytes: grant.maxBytes,
    });
    expect(verified).toEqual({ key, size: PDF.length, kind: "pdf", contentType: "application/pdf" });

    const url = await storage.createDownloadUrl({ firmId: FIRM, key, fileName });
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    expect(download.headers.get("content-disposition")).toBe(contentDisposition(fileName));
    expect(download.headers.get("content-disposition")).toContain("filename*=UTF-8''Relev%C3%A9%202024%20%28final%29.pdf");
  });

  it("gives download URLs that stop working after their expiry", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "short.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    expect((await postToGrant(grant, PDF)).status).toBe(204);
    // The signature's date is whole seconds, so a URL signed late in a second has up to a second
    // less than it asks for: give it enough to be fetched on a busy machine, then wait until the
    // signed date plus the expiry has certainly passed.
    const expiresInSeconds = 4;
    const url = await storage.createDownloadUrl({ firmId: FIRM, key, fileName: "short.pdf", expiresInSeconds });
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe(String(expiresInSeconds));
    expect((await fetch(url)).status).toBe(200);
    const signedAt = new URL(url).searchParams.get("X-Amz-Date")!;
    const signedMs = Date.parse(signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    expect(Number.isFinite(signedMs)).toBe(true);
    const expiredAt = signedMs + expiresInSeconds * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt - Date.now()) + 1100));
    expect((await fetch(url)).status).toBe(403);
  });

  it("reads only the first bytes of a large object", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "big.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1 << 20 });
    const content = padded(PDF, 300_000);
    expect((await postToGrant(grant, content)).status).toBe(204);
    expect(await storage.readObjectHead({ firmId: FIRM, key, bytes: 5 })).toEqual(new TextEncoder().encode("%PDF-"));
    expect((await storage.headObject({ firmId: FIRM, key }))?.size).toBe(300_000);
  });
});

describe("upload limits hold whatever the store enforces", () => {
  it("never accepts an upload over the grant's size limit", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "too-big.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    const response = await postToGrant(grant, padded(PDF, 4096), "too-big.pdf");

    if (response.ok) {
      // The store did not enforce content-length-range (s3rver): the confirm step must.
      const error = await expectStorageError(
        storage.verifyUpload({ firmId: FIRM, key, contentType: grant.contentType, maxBytes: grant.maxBytes }),
        "storage.too_large",
      );
      expect(error.status).toBe(413);
      expect(error.message).toBe("The file is larger than the 1 KB limit.");
    } else {
      // A real S3 refuses it (EntityTooLarge) and keeps nothing.
      await expectStorageError(storage.verifyUpload({ firmId: FIRM, key, contentType: grant.contentType, maxBytes: grant.maxBytes }), "storage.missing");
    }
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("refuses an empty upload", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "empty.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    const response = await postToGrant(grant, new Uint8Array(), "empty.pdf");
    if (response.ok) {
      await expectStorageError(storage.verifyUpload({ firmId: FIRM, key, contentType: grant.contentType, maxBytes: grant.maxBytes }), "storage.empty");
    }
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("refuses and deletes a .pdf that is really a PNG", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "scan.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    expect((await postToGrant(grant, PNG, "scan.pdf")).status).toBe(204);
    expect(sniffFileType((await storage.readObjectHead({ firmId: FIRM, key }))!)).toBe("png");

    const error = await expectStorageError(
      storage.verifyUpload({ firmId: FIRM, key, contentType: grant.contentType, maxBytes: grant.maxBytes }),
      "storage.wrong_type",
    );
    expect(error.message).toBe("File type not supported yet");
    expect(error.status).toBe(415);
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("refuses an upload whose Content-Type differs from the grant's", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "page.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    const tampered = { ...grant, fields: { ...grant.fields, "Content-Type": "text/html" } };
    const response = await postToGrant(tampered, PDF, "page.pdf");
    if (response.ok) {
      await expectStorageError(storage.verifyUpload({ firmId: FIRM, key, contentType: grant.contentType, maxBytes: grant.maxBytes }), "storage.wrong_type");
    }
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("refuses to confirm a missing upload", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "never-sent.pdf");
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
    expect(await storage.readObjectHead({ firmId: FIRM, key })).toBeNull();
    const error = await expectStorageError(storage.verifyUpload({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 }), "storage.missing");
    expect(error.message).toBe("File upload failed, please try again.");
  });

  it("refuses grants for unsupported types and out-of-range limits", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "logo.svg");
    for (const contentType of ["image/svg+xml", "text/html", "application/octet-stream", ""]) {
      await expectStorageError(storage.createUploadGrant({ firmId: FIRM, key, contentType, maxBytes: 1024 }), "storage.wrong_type");
    }
    for (const maxBytes of [0, -1, 1.5, MAX_UPLOAD_BYTES + 1]) {
      await expectStorageError(storage.createUploadGrant({ firmId: FIRM, key, contentType: "image/png", maxBytes }), "storage.invalid_request");
    }
    await expectStorageError(
      storage.createUploadGrant({ firmId: FIRM, key, contentType: "image/png", maxBytes: 1024, expiresInSeconds: 0 }),
      "storage.invalid_request",
    );
  });
});

/** The XML error a store answered with: its status and <Code>. */
async function storeError(response: Response): Promise<{ status: number; code: string | null; message: string | null }> {
  const text = await response.text();
  return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null, message: /<Message>([^<]+)<\/Message>/.exec(text)?.[1] ?? null };
}

describe("the store itself enforces the POST policy (the local server's policy layer, as AWS S3)", () => {
  it("refuses an oversize file with EntityTooLarge and stores nothing", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "policy-too-big.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    const refused = await storeError(await postToGrant(grant, padded(PDF, 1025), "policy-too-big.pdf"));
    expect(refused).toMatchObject({ status: 400, code: "EntityTooLarge", message: "Your proposed upload exceeds the maximum allowed size" });
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
    // Exactly at the limit is fine.
    expect((await postToGrant(grant, padded(PDF, 1024), "policy-too-big.pdf")).status).toBe(204);
    expect((await storage.headObject({ firmId: FIRM, key }))?.size).toBe(1024);
    await storage.deleteObject({ firmId: FIRM, key });
  });

  it("refuses an empty file with EntityTooSmall", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "policy-empty.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    expect(await storeError(await postToGrant(grant, new Uint8Array(), "policy-empty.pdf"))).toMatchObject({ status: 400, code: "EntityTooSmall" });
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("refuses an off-key upload (another firm's prefix) with AccessDenied", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "policy-key.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    const otherKey = entityDocumentKey(OTHER_FIRM, COMPANY, "elsewhere.pdf");
    const refused = await storeError(await postToGrant({ ...grant, fields: { ...grant.fields, key: otherKey } }, PDF, "elsewhere.pdf"));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe("AccessDenied");
    expect(refused.message).toContain("Policy Condition failed");
    expect(refused.message).toContain("$key");
    expect(await storage.headObject({ firmId: OTHER_FIRM, key: otherKey })).toBeNull();
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("refuses another Content-Type, extra fields, a forged signature, an expired policy and unsigned forms", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "policy-fields.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    const attempts: [Record<string, string>, number, string][] = [
      [{ ...grant.fields, "Content-Type": "text/html" }, 403, "AccessDenied"],
      [{ ...grant.fields, "Cache-Control": "public" }, 403, "AccessDenied"],
      [{ ...grant.fields, "X-Amz-Signature": "0".repeat(64) }, 403, "SignatureDoesNotMatch"],
      [
        { ...grant.fields, Policy: Buffer.from(JSON.stringify({ expiration: "2099-01-01T00:00:00Z", conditions: [] })).toString("base64") },
        403,
        "SignatureDoesNotMatch",
      ],
      [{ key, "Content-Type": "application/pdf" }, 403, "AccessDenied"],
    ];
    for (const [fields, status, code] of attempts) {
      expect(await storeError(await postToGrant({ url: grant.url, fields }, PDF, "policy-fields.pdf"))).toMatchObject({ status, code });
    }
    const shortLived = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024, expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await storeError(await postToGrant(shortLived, PDF, "policy-fields.pdf"));
    expect(expired).toMatchObject({ status: 403, code: "AccessDenied", message: "Invalid according to Policy: Policy expired." });
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });

  it("answers a browser's refused upload with CORS headers, so the page can read the error", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "policy-cors.pdf");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 16 });
    const response = await postToGrant(grant, padded(PDF, 64), "policy-cors.pdf", { origin: "https://acme.portal.test" });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://acme.portal.test");
  });
});

describe("firm isolation", () => {
  let otherKey: string;

  beforeAll(async () => {
    otherKey = entityDocumentKey(OTHER_FIRM, COMPANY, "their-return.pdf");
    const grant = await storage.createUploadGrant({
      firmId: OTHER_FIRM,
      key: otherKey,
      contentType: "application/pdf",
      maxBytes: 1024,
    });
    expect((await postToGrant(grant, PDF)).status).toBe(204);
  });

  it("writes, reads by range, lists and deletes a firm's generated files", async () => {
    const key = entityDocumentKey(FIRM, COMPANY, "generated.pdf");
    await storage.putObject({ firmId: FIRM, key, bytes: PDF, contentType: "application/pdf" });
    expect(await storage.readObject({ firmId: FIRM, key, maxBytes: 1024 * 1024 })).toEqual(PDF);
    expect(await storage.readObjectRange({ firmId: FIRM, key, start: 0, end: 3 })).toEqual(PDF.subarray(0, 4));
    await expectStorageError(storage.readObject({ firmId: FIRM, key, maxBytes: 4 }), "storage.too_large");
    const listed = await storage.listObjectsPage({ firmId: FIRM, prefix: entityDocumentPrefix(FIRM, COMPANY) });
    expect(listed.objects.map((o) => o.key)).toContain(key);
    expect(listed.objects.every((o) => o.key.startsWith(entityDocumentPrefix(FIRM, COMPANY)))).toBe(true);
    const everyFirm = await storage.listAllFirmObjectsPage();
    expect(everyFirm.objects.map((o) => o.key)).toContain(key);
    await storage.deleteObjects({ firmId: FIRM, keys: [key] });
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
    expect(await storage.readObject({ firmId: FIRM, key, maxBytes: 1024 })).toBeNull();
  });

  it("refuses every operation on a key outside the firm's prefix", async () => {
    const lookalikeKey = entityDocumentKey(LOOKALIKE_FIRM, COMPANY, "a.pdf");
    const foreignKeys = [
      otherKey,
      lookalikeKey,
      `firms/${FIRM}/../${OTHER_FIRM}/entities/${COMPANY}/documents/x.pdf`,
      `/firms/${FIRM}/x.pdf`,
      `firms/${FIRM}`,
      "x.pdf",
    ];
    for (const key of foreignKeys) {
      await expectStorageError(storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 }), "storage.key_not_allowed");
      await expectStorageError(storage.createDownloadUrl({ firmId: FIRM, key, fileName: "a.pdf" }), "storage.key_not_allowed");
      await expectStorageError(storage.createInlineUrl({ firmId: FIRM, key }), "storage.key_not_allowed");
      await expectStorageError(storage.logoUrl({ firmId: FIRM, key }), "storage.key_not_allowed");
      await expectStorageError(storage.headObject({ firmId: FIRM, key }), "storage.key_not_allowed");
      await expectStorageError(storage.readObjectHead({ firmId: FIRM, key }), "storage.key_not_allowed");
      await expectStorageError(storage.verifyUpload({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 }), "storage.key_not_allowed");
      await expectStorageError(storage.deleteObject({ firmId: FIRM, key }), "storage.key_not_allowed");
      await expectStorageError(storage.readObject({ firmId: FIRM, key, maxBytes: 1024 }), "storage.key_not_allowed");
      await expectStorageError(storage.readObjectRange({ firmId: FIRM, key, start: 0, end: 3 }), "storage.key_not_allowed");
      await expectStorageError(storage.putObject({ firmId: FIRM, key, bytes: PDF, contentType: "application/pdf" }), "storage.key_not_allowed");
      await expectStorageError(storage.deleteObjects({ firmId: FIRM, keys: [key] }), "storage.key_not_allowed");
    }
    for (const prefix of [`firms/${OTHER_FIRM}/`, `firms/${LOOKALIKE_FIRM}/`, `firms/${FIRM}`, "firms/", `firms/${FIRM}/../${OTHER_FIRM}/`]) {
      await expectStorageError(storage.listObjectsPage({ firmId: FIRM, prefix }), "storage.key_not_allowed");
    }
    const refused = await expectStorageError(storage.headObject({ firmId: FIRM, key: otherKey }), "storage.key_not_allowed");
    expect(refused.status).toBe(404);
    // The other firm's file is untouched and still theirs.
    expect(await storage.headObject({ firmId: OTHER_FIRM, key: otherKey })).toMatchObject({ size: PDF.length });
  });
});

describe("firm logos", () => {
  it("serves a confirmed logo inline as an image, with one cached URL per key", async () => {
    const key = firmLogoKey(FIRM, "logo.png");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "image/png", maxBytes: MAX_LOGO_BYTES });
    expect((await postToGrant(grant, PNG, "logo.png")).status).toBe(204);
    await storage.verifyUpload({ firmId: FIRM, key, contentType: "image/png", maxBytes: MAX_LOGO_BYTES, allowedKinds: LOGO_KINDS });

    const url = await storage.logoUrl({ firmId: FIRM, key });
    expect(await storage.logoUrl({ firmId: FIRM, key })).toBe(url);
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("3600");
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toBe("inline");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    await storage.deleteObject({ firmId: FIRM, key });
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
    // Deleting twice is fine.
    await storage.deleteObject({ firmId: FIRM, key });
  });

  it("does not confirm a document type as a logo", async () => {
    const key = firmLogoKey(FIRM, "logo.png");
    const grant = await storage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: MAX_LOGO_BYTES });
    expect((await postToGrant(grant, PDF)).status).toBe(204);
    await expectStorageError(
      storage.verifyUpload({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: MAX_LOGO_BYTES, allowedKinds: LOGO_KINDS }),
      "storage.wrong_type",
    );
    expect(await storage.headObject({ firmId: FIRM, key })).toBeNull();
  });
});

describe("ensureBucket", () => {
  it("creates a missing bucket that the app's pages can upload to, and can run again", async () => {
    const fresh = s3.storageFor("fresh-bucket");
    await fresh.ensureBucket();
    await fresh.ensureBucket();

    const key = entityDocumentKey(FIRM, COMPANY, "a.pdf");
    const grant = await fresh.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    expect(new URL(grant.url).pathname).toBe("/fresh-bucket");
    const preflight = await fetch(grant.url, {
      method: "OPTIONS",
      headers: { Origin: "https://acme.portal.test", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://acme.portal.test");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");

    expect((await postToGrant(grant, PDF)).status).toBe(204);
    expect(await fresh.headObject({ firmId: FIRM, key })).toMatchObject({ size: PDF.length });
  });
});

describe("configuration", () => {
  it("names every missing or invalid setting", () => {
    expect(() => storageConfig({})).toThrow(/S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    const invalid = () => storageConfig({ S3_BUCKET: "Bad_Bucket", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_ENDPOINT: "nope" });
    expect(invalid).toThrow(/S3_ENDPOINT must be a URL/);
    expect(invalid).toThrow(/S3_BUCKET must be a valid bucket name/);
  });

  it("defaults to path-style addressing with a custom endpoint", () => {
    const base = { S3_BUCKET: "portal", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" };
    expect(storageConfig(base)).toMatchObject({ region: "us-east-1", forcePathStyle: false, endpoint: undefined });
    expect(storageConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:4569" })).toMatchObject({ forcePathStyle: true });
    expect(storageConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:4569", S3_FORCE_PATH_STYLE: "false" })).toMatchObject({
      forcePathStyle: false,
    });
    expect(storageConfig({ ...base, S3_REGION: "", S3_PUBLIC_ENDPOINT: "" })).toMatchObject({
      region: "us-east-1",
      publicEndpoint: undefined,
    });
  });

  it("signs browser URLs for the public endpoint and talks to the store on the internal one", async () => {
    const publicStorage = createS3Storage({ ...s3.config, publicEndpoint: "http://files.portal.test:9000" });
    const key = entityDocumentKey(FIRM, COMPANY, "public.pdf");
    const grant = await publicStorage.createUploadGrant({ firmId: FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
    expect(grant.url).toBe(`http://files.portal.test:9000/${s3.config.bucket}`);
    const url = await publicStorage.createDownloadUrl({ firmId: FIRM, key, fileName: "public.pdf" });
    expect(url.startsWith(`http://files.portal.test:9000/${s3.config.bucket}/${key}?`)).toBe(true);
    expect(await publicStorage.headObject({ firmId: FIRM, key })).toBeNull();
  });
});
