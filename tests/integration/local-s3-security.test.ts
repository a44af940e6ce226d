/**
 * The local S3-protocol server `npm start` runs (scripts/lib/local-s3.ts), over real HTTP: only
 * requests signed with its own random credentials get through (the app's SDK calls, presigned
 * URLs, presigned POST uploads), only the app's own hosts get CORS, and it listens on loopback.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import net from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

import { CopyObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startLocalS3 } from "../../scripts/lib/local-s3";
import { createS3Storage, type StorageConfig } from "../../app/storage.server";
import { entityDocumentKey } from "../../app/storage/keys";
import { listStoredKeys, postToGrant, startTestS3, type TestS3 } from "../support/s3";

const FIRM = "firm_a";
const OTHER_FIRM = "firm_b";
const APP = "http://acme.localhost:3000";
const EVIL = "http://evil.example";
const PDF = new TextEncoder().encode("%PDF-1.4\n% the other firm's return\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let s3: TestS3;
let key: string;

const objectUrlOf = (k: string) => `${s3.config.endpoint}/${s3.config.bucket}/${k.split("/").map(encodeURIComponent).join("/")}`;

function clientWith(
  config: StorageConfig,
  credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  checksums: "WHEN_REQUIRED" | "WHEN_SUPPORTED" = "WHEN_REQUIRED",
) {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
    maxAttempts: 1,
  });
}

/** The store's answer to an SDK call that must fail: HTTP status and S3 error code. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected the store to refuse").toBeInstanceOf(S3ServiceException);
  const e = error as S3ServiceException;
  return `${e.$metadata.httpStatusCode} ${e.name}`;
}

async function errorOf(response: Response): Promise<string> {
  const body = await response.text();
  return `${response.status} ${/<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? body.slice(0, 80)}`;
}

async function storedBytes(k = key): Promise<Uint8Array | null> {
  return s3.storage.readObject({ firmId: k.startsWith(`firms/${OTHER_FIRM}/`) ? OTHER_FIRM : FIRM, key: k, maxBytes: 1024 * 1024 });
}

beforeAll(async () => {
  s3 = await startTestS3({ bucket: "security-test", appOrigin: { protocol: "http", domain: "localhost:3000" } });
  key = entityDocumentKey(OTHER_FIRM, "co_1", "return.pdf");
  const grant = await s3.storage.createUploadGrant({ firmId: OTHER_FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
  expect((await postToGrant(grant, PDF, "return.pdf")).status).toBe(204);
  // What ensureBucket does at every start: ask the store for CORS from any origin ("*").
  await s3.storage.ensureBucket();
});
afterAll(() => s3?.stop());

describe("requests without the store's signature", () => {
  it("cannot list the bucket or the buckets", async () => {
    for (const url of [`${s3.config.endpoint}/${s3.config.bucket}?list-type=2`, `${s3.config.endpoint}/${s3.config.bucket}`, `${s3.config.endpoint}/`]) {
      const response = await fetch(url);
      const body = await response.text();
      expect(response.status, url).toBe(403);
      expect(body).toContain("<Code>AccessDenied</Code>");
      expect(body).not.toContain(key);
    }
  });

  it("cannot read, overwrite, delete or copy an object", async () => {
    const read = await fetch(objectUrlOf(key));
    expect(await errorOf(read)).toBe("403 AccessDenied");
    const head = await fetch(objectUrlOf(key), { method: "HEAD" });
    expect(head.status).toBe(403);

    const overwrite = await fetch(objectUrlOf(key), { method: "PUT", body: "<script>alert(1)</script>", headers: { "content-type": "text/html" } });
    expect(await errorOf(overwrite)).toBe("403 AccessDenied");
    const planted = await fetch(objectUrlOf(entityDocumentKey(OTHER_FIRM, "co_1", "planted.html")), { method: "PUT", body: "x" });
    expect(planted.status).toBe(403);
    const copy = await fetch(objectUrlOf(entityDocumentKey(FIRM, "co_1", "stolen.pdf")), {
      method: "PUT",
      headers: { "x-amz-copy-source": `${s3.config.bucket}/${key}` },
    });
    expect(copy.status).toBe(403);
    const remove = await fetch(objectUrlOf(key), { method: "DELETE" });
    expect(remove.status).toBe(403);
    const batch = await fetch(`${s3.config.endpoint}/${s3.config.bucket}?delete`, {
      method: "POST",
      body: `<Delete><Object><Key>${key}</Key></Object></Delete>`,
    });
    expect(batch.status).toBe(403);

    expect(await storedBytes()).toEqual(PDF);
    expect((await listStoredKeys(s3.config)).sort()).toEqual([key]);
  });

  it("refuses the old public S3RVER key, a random key and a wrong secret", async () => {
    const keys = [
      { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      { accessKeyId: "AKIARANDOMKEY0000000", secretAccessKey: "c2VjcmV0LXRoYXQtaXMtbm90LXRoZS1zdG9yZXM" },
    ];
    for (const credentials of keys) {
      const stranger = clientWith(s3.config, credentials);
      expect(await refusal(stranger.send(new ListObjectsV2Command({ Bucket: s3.config.bucket })))).toBe("403 InvalidAccessKeyId");
      expect(await refusal(stranger.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key })))).toBe("403 InvalidAccessKeyId");
      expect(await refusal(stranger.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: key, Body: "overwritten" })))).toBe("403 InvalidAccessKeyId");
      const url = await getSignedUrl(stranger, new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }), { expiresIn: 60 });
      expect(await errorOf(await fetch(url))).toBe("403 InvalidAccessKeyId");
      // A presigned POST made with another key does not upload either.
      const foreign = createS3Storage({ ...s3.config, ...credentials });
      const grant = await foreign.createUploadGrant({ firmId: OTHER_FIRM, key, contentType: "application/pdf", maxBytes: 1024 });
      expect(await errorOf(await postToGrant(grant, PDF, "return.pdf"))).toBe("403 InvalidAccessKeyId");
    }
    const wrongSecret = clientWith(s3.config, { accessKeyId: s3.config.accessKeyId, secretAccessKey: "not-the-secret" });
    expect(await refusal(wrongSecret.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: key, Body: "overwritten" })))).toBe(
      "403 SignatureDoesNotMatch",
    );
    expect(await storedBytes()).toEqual(PDF);
  });

  it("refuses a signed request whose body is not the one signed", async () => {
    const client = clientWith(s3.config);
    // Swap the body after signing, as someone replaying a captured request would.
    type Args = { request: { body: unknown } };
    const swapBody = (next: (args: Args) => unknown) => (args: Args) => {
      args.request.body = new TextEncoder().encode("%PDF-1.4 forged!!!");
      return next(args);
    };
    client.middlewareStack.addRelativeTo(swapBody as unknown as Parameters<typeof client.middlewareStack.addRelativeTo>[0], {
      relation: "after",
      toMiddleware: "httpSigningMiddleware",
      name: "swapBody",
    });
    const put = client.send(
      new PutObjectCommand({ Bucket: s3.config.bucket, Key: key, Body: new TextEncoder().encode("%PDF-1.4 original!"), ContentType: "application/pdf" }),
    );
    expect(await refusal(put)).toBe("400 XAmzContentSHA256Mismatch");
    expect(await storedBytes()).toEqual(PDF);
  });
});

describe("presigned URLs", () => {
  it("read the object when signed by the app, and nothing once changed or expired", async () => {
    const url = await s3.storage.createDownloadUrl({ firmId: OTHER_FIRM, key, fileName: "return.pdf" });
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PDF);

    const tampered = url.replace(/X-Amz-Signature=([0-9a-f]+)/, (_m, sig: string) => `X-Amz-Signature=${sig.slice(0, -1)}${sig.endsWith("0") ? "1" : "0"}`);
    expect(await errorOf(await fetch(tampered))).toBe("403 SignatureDoesNotMatch");
    const longer = url.replace(/X-Amz-Expires=\d+/, "X-Amz-Expires=604800");
    expect(await errorOf(await fetch(longer))).toBe("403 SignatureDoesNotMatch");
    const otherObject = new URL(url);
    otherObject.pathname = `/${s3.config.bucket}/${entityDocumentKey(OTHER_FIRM, "co_1", "other.pdf")}`;
    expect(await errorOf(await fetch(otherObject))).toBe("403 SignatureDoesNotMatch");
    const unsigned = new URL(url);
    unsigned.searchParams.delete("X-Amz-Signature");
    expect(await errorOf(await fetch(unsigned))).toBe("403 AccessDenied");
    const asHtml = new URL(url);
    asHtml.searchParams.set("response-content-type", "text/html");
    expect(await errorOf(await fetch(asHtml))).toBe("403 SignatureDoesNotMatch");

    // Signed two minutes ago for one minute: a correct signature, but expired.
    const expired = await getSignedUrl(clientWith(s3.config), new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    const answer = await fetch(expired);
    const body = await answer.text();
    expect(answer.status).toBe(403);
    expect(body).toContain("<Code>AccessDenied</Code>");
    expect(body).toContain("Request has expired");
  });
});

describe("the app's own calls", () => {
  it("put, head, read, list, copy and delete with the store's credentials", async () => {
    const client = clientWith(s3.config);
    const mine = entityDocumentKey(FIRM, "co_1", "split page (1).pdf");
    await client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: mine, Body: PDF, ContentType: "application/pdf", ContentLength: PDF.length }));
    expect(await s3.storage.headObject({ firmId: FIRM, key: mine })).toMatchObject({ size: PDF.length, contentType: "application/pdf" });
    expect(await s3.storage.readObjectHead({ firmId: FIRM, key: mine, bytes: 8 })).toEqual(PDF.subarray(0, 8));
    expect(await s3.storage.readObject({ firmId: FIRM, key: mine, maxBytes: 1024 })).toEqual(PDF);

    const copied = entityDocumentKey(FIRM, "co_1", "copy.pdf");
    await client.send(
      new CopyObjectCommand({ Bucket: s3.config.bucket, Key: copied, CopySource: `${s3.config.bucket}/${mine.split("/").map(encodeURIComponent).join("/")}` }),
    );
    expect(await storedBytes(copied)).toEqual(PDF);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: `firms/${FIRM}/` }));
    expect(listed.Contents?.map((o) => o.Key).sort()).toEqual([copied, mine].sort());

    // A streamed upload with a checksum: the SDK sends it aws-chunked; the store keeps the bytes.
    const streamed = entityDocumentKey(FIRM, "co_1", "streamed.pdf");
    await clientWith(s3.config, undefined, "WHEN_SUPPORTED").send(
      new PutObjectCommand({
        Bucket: s3.config.bucket,
        Key: streamed,
        Body: Readable.from([Buffer.from(PDF.subarray(0, 10)), Buffer.from(PDF.subarray(10))]),
        ContentLength: PDF.length,
        ContentType: "application/pdf",
      }),
    );
    expect(await storedBytes(streamed)).toEqual(PDF);
    expect(await s3.storage.headObject({ firmId: FIRM, key: streamed })).toMatchObject({ size: PDF.length, contentType: "application/pdf" });

    for (const k of [mine, copied, streamed]) await s3.storage.deleteObject({ firmId: FIRM, key: k });
    expect(await s3.storage.headObject({ firmId: FIRM, key: mine })).toBeNull();
    expect(await listStoredKeys(s3.config)).toEqual([key]);
  });

  it("upload through presigned POST, which still enforces its policy", async () => {
    const mine = entityDocumentKey(FIRM, "co_1", "upload.pdf");
    const grant = await s3.storage.createUploadGrant({ firmId: FIRM, key: mine, contentType: "application/pdf", maxBytes: 64 });
    expect((await postToGrant(grant, PDF.subarray(0, 32), "upload.pdf")).status).toBe(204);
    expect(await s3.storage.verifyUpload({ firmId: FIRM, key: mine, contentType: "application/pdf", maxBytes: 64 })).toMatchObject({ size: 32, kind: "pdf" });

    expect(await errorOf(await postToGrant(grant, PDF, "upload.pdf"))).toBe("400 EntityTooLarge");
    expect(await errorOf(await postToGrant({ url: grant.url, fields: { ...grant.fields, key } }, PDF, "upload.pdf"))).toBe("403 AccessDenied");
    expect(await storedBytes()).toEqual(PDF);
    await s3.storage.deleteObject({ firmId: FIRM, key: mine });
  });
});

describe("CORS", () => {
  it("answers the app's firm pages, not other sites, for uploads and reads, even with a '*' bucket rule", async () => {
    const bucketUrl = `${s3.config.endpoint}/${s3.config.bucket}`;
    const preflight = (url: string, origin: string, method: string) =>
      fetch(url, { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": method } });

    for (const [url, method] of [
      [bucketUrl, "POST"],
      [objectUrlOf(key), "GET"],
    ] as const) {
      const evil = await preflight(url, EVIL, method);
      expect(evil.status).toBe(403);
      expect(evil.headers.get("access-control-allow-origin")).toBeNull();
      const app = await preflight(url, APP, method);
      expect(app.status).toBe(200);
      expect(app.headers.get("access-control-allow-origin")).toBe(APP);
      expect(app.headers.get("access-control-allow-methods")).toContain(method);
    }
    // Writes and deletes are never a browser's business.
    expect((await preflight(objectUrlOf(key), APP, "PUT")).headers.get("access-control-allow-origin")).toBeNull();
    expect((await preflight(objectUrlOf(key), APP, "DELETE")).headers.get("access-control-allow-origin")).toBeNull();

    const url = await s3.storage.createInlineUrl({ firmId: OTHER_FIRM, key });
    const fromEvil = await fetch(url, { headers: { Origin: EVIL } });
    expect(fromEvil.headers.get("access-control-allow-origin")).toBeNull();
    expect(fromEvil.headers.get("access-control-allow-credentials")).toBeNull();
    const fromApp = await fetch(url, { headers: { Origin: APP } });
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers.get("access-control-allow-origin")).toBe(APP);
    expect(fromApp.headers.get("vary")).toContain("Origin");
    await fromEvil.arrayBuffer();
    await fromApp.arrayBuffer();

    // The page can read the store's refusal of its own request.
    const refused = await fetch(url.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${"0".repeat(64)}`), { headers: { Origin: APP } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBe(APP);
    // Unsigned requests get nothing a browser could read, whatever the origin.
    for (const origin of [APP, EVIL]) {
      const listing = await fetch(`${bucketUrl}?list-type=2`, { headers: { Origin: origin } });
      expect(listing.status).toBe(403);
      expect(listing.headers.get("access-control-allow-origin")).toBeNull();
    }

    const mine = entityDocumentKey(FIRM, "co_1", "cors.pdf");
    const grant = await s3.storage.createUploadGrant({ firmId: FIRM, key: mine, contentType: "application/pdf", maxBytes: 1024 });
    const uploadFromEvil = await postToGrant(grant, PDF, "cors.pdf", { Origin: EVIL });
    expect(uploadFromEvil.headers.get("access-control-allow-origin")).toBeNull();
    const uploadFromApp = await postToGrant(grant, PDF, "cors.pdf", { Origin: APP });
    expect(uploadFromApp.status).toBe(204);
    expect(uploadFromApp.headers.get("access-control-allow-origin")).toBe(APP);
    await s3.storage.deleteObject({ firmId: FIRM, key: mine });
  });
});

describe("the server", () => {
  it("listens on 127.0.0.1 only", async () => {
    expect(s3.local.host).toBe("127.0.0.1");
    expect(new URL(s3.config.endpoint!).hostname).toBe("127.0.0.1");
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal)
      .map((a) => a!.address);
    for (const host of [...others, "::1"]) {
      const connected = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host, port: s3.local.port, timeout: 2000 });
        socket.once("connect", () => {
          socket.destroy();
          resolve(true);
        });
        socket.once("error", () => resolve(false));
        socket.once("timeout", () => {
          socket.destroy();
          resolve(false);
        });
      });
      expect(connected, `reachable on ${host}`).toBe(false);
    }
  });

  it("keeps random credentials in its data directory (0600) across restarts, new ones for a new directory", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "local-s3-creds-"));
    const otherDir = await mkdtemp(path.join(tmpdir(), "local-s3-creds-"));
    try {
      const first = await startLocalS3({ dataDir, port: 0, bucket: "persisted" });
      expect(first.accessKeyId).not.toBe("S3RVER");
      expect(first.secretAccessKey.length).toBeGreaterThanOrEqual(32);
      const config = {
        endpoint: first.endpoint,
        region: first.region,
        bucket: first.bucket,
        accessKeyId: first.accessKeyId,
        secretAccessKey: first.secretAccessKey,
        forcePathStyle: true,
      };
      await clientWith(config).send(new PutObjectCommand({ Bucket: "persisted", Key: "firms/x/kept.pdf", Body: PDF }));
      await first.stop();
      expect((await stat(path.join(dataDir, ".credentials.json"))).mode & 0o777).toBe(0o600);

      const again = await startLocalS3({ dataDir, port: 0, bucket: "persisted" });
      expect([again.accessKeyId, again.secretAccessKey]).toEqual([first.accessKeyId, first.secretAccessKey]);
      expect(await listStoredKeys({ ...config, endpoint: again.endpoint })).toEqual(["firms/x/kept.pdf"]);
      // The old server's key does not open a store started elsewhere.
      const other = await startLocalS3({ dataDir: otherDir, port: 0, bucket: "persisted" });
      expect(other.accessKeyId).not.toBe(first.accessKeyId);
      expect(await refusal(clientWith({ ...config, endpoint: other.endpoint }).send(new ListObjectsV2Command({ Bucket: "persisted" })))).toBe(
        "403 InvalidAccessKeyId",
      );
      await other.stop();
      await again.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});
