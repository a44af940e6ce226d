/**
 * A local S3-protocol server for development and tests: s3rver, behind a small layer that enforces
 * presigned POST policies the way AWS S3 does.
 *
 * Usage (from another script):
 *   const s3 = await startLocalS3({ dataDir: ".data/s3", port: 4569, bucket: "portal" });
 *   // …set S3_ENDPOINT=s3.endpoint, S3_BUCKET=s3.bucket, S3_ACCESS_KEY_ID=…, S3_FORCE_PATH_STYLE=true
 *   await s3.stop();
 *
 * s3rver 3.7 ignores the `policy` form field of a POST upload (lib/controllers/object.js), so on its
 * own it would store an oversize file, a file under another key, or one with another Content-Type.
 * The layer in front of it (the only port it listens on) reads a bucket POST's form fields, checks
 * them with ./s3-post-policy (signature, expiry, every condition, no extra fields), spools the file
 * to a temporary file on disk while counting its bytes (nothing is held in memory), checks
 * `content-length-range`, and only then hands the upload to s3rver. Refusals are S3's XML errors
 * (AccessDenied, SignatureDoesNotMatch, EntityTooLarge…), with CORS headers so a browser can read
 * them. Every other request is passed through unchanged.
 *
 * Still not enforced locally: SigV4 signatures of presigned GET/PUT URLs (s3rver checks their
 * expiry only). It listens on 127.0.0.1 only. `verifyUpload()` in app/storage.server.ts re-checks
 * size, declared type and real type after every upload anyway, whatever the store.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { checkPostPolicyFields, checkPostPolicySize, isRefusal, s3ErrorXml, type PostPolicyCredentials, type PostPolicyRefusal } from "./s3-post-policy";

/** The fixed credentials s3rver accepts (any other access key id is refused). */
const S3RVER_ACCESS_KEY_ID = "S3RVER";
const S3RVER_SECRET_ACCESS_KEY = "S3RVER";

/**
 * Browsers upload straight to the store (presigned POST) and read downloads from it, so the bucket
 * must answer CORS for any origin: the presigned signature, not the origin, is what grants access.
 */
export const LOCAL_S3_CORS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Content-Disposition</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3Options {
  /** Directory for buckets and objects; created if missing. */
  dataDir: string;
  /** 0 picks a free port (tests). */
  port: number;
  bucket: string;
  /** Refuse POST uploads their policy does not allow, as S3 does (default true). */
  enforcePostPolicy?: boolean;
}

export interface LocalS3 {
  /** e.g. http://127.0.0.1:4569 — use path-style addressing. */
  endpoint: string;
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  stop(): Promise<void>;
}

// s3rver ships no type declarations: describe the part we use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
  allowMismatchedSignatures: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

const require = createRequire(import.meta.url);

export async function startLocalS3({ dataDir, port, bucket, enforcePostPolicy = true }: LocalS3Options): Promise<LocalS3> {
  const S3rver = require("s3rver") as S3rverConstructor;
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: "127.0.0.1",
    port: enforcePostPolicy ? 0 : port,
    directory,
    silent: true,
    resetOnClose: false,
    allowMismatchedSignatures: false,
    // Path-style only: a vhost match on "bucket.localhost" is never what we mean.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [LOCAL_S3_CORS_XML] }],
  });
  const address = await server.run();
  const front = enforcePostPolicy
    ? await startPolicyLayer({ port, upstreamPort: address.port, credentials: { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY } })
    : null;
  const publicPort = front ? (front.address() as AddressInfo).port : address.port;
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${publicPort}`,
    port: publicPort,
    accessKeyId: S3RVER_ACCESS_KEY_ID,
    secretAccessKey: S3RVER_SECRET_ACCESS_KEY,
    bucket,
    region: "us-east-1",
    async stop() {
      if (stopped) return;
      stopped = true;
      if (front) {
        front.closeAllConnections();
        await new Promise<void>((resolve) => front.close(() => resolve()));
      }
      await server.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The POST policy layer

// busboy 0.3 (s3rver's own multipart parser, resolved from s3rver so the versions match).
interface BusboyInstance extends NodeJS.WritableStream {
  on(event: "field", listener: (name: string, value: string) => void): this;
  on(event: "file", listener: (name: string, stream: Readable, fileName: string, encoding: string, mimeType: string) => void): this;
  on(event: "finish" | "close", listener: () => void): this;
  on(event: "error", listener: (error: Error) => void): this;
}
type BusboyConstructor = new (options: { headers: http.IncomingHttpHeaders; limits?: { fields?: number; fieldSize?: number; files?: number } }) => BusboyInstance;

function loadBusboy(): BusboyConstructor {
  return createRequire(require.resolve("s3rver/package.json"))("busboy") as BusboyConstructor;
}

/** Path-style bucket POST: "/bucket" or "/bucket/" with no sub-resource (that is an upload form). */
function bucketOfPostUpload(request: http.IncomingMessage): string | null {
  if (request.method !== "POST" || !request.headers["content-type"]?.toLowerCase().startsWith("multipart/form-data")) return null;
  const url = new URL(request.url ?? "/", "http://local");
  if (url.search) return null;
  const match = /^\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?$/.exec(url.pathname);
  return match ? match[1] : null;
}

function sendRefusal(request: http.IncomingMessage, response: http.ServerResponse, refusal: PostPolicyRefusal): void {
  if (response.headersSent) return;
  const body = s3ErrorXml(refusal, randomBytes(8).toString("hex").toUpperCase());
  const headers: http.OutgoingHttpHeaders = { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) };
  // Like S3 with the bucket's CORS rule: a browser may read the error.
  if (request.headers.origin) Object.assign(headers, { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag, Content-Disposition", Vary: "Origin" });
  response.writeHead(refusal.status, headers);
  response.end(body);
}

/** Fresh loopback connections to s3rver: no idle socket it could close under a request. */
const upstreamAgent = new http.Agent({ keepAlive: false });

function passThrough(request: http.IncomingMessage, response: http.ServerResponse, upstreamPort: number): void {
  const upstream = http.request(
    { host: "127.0.0.1", port: upstreamPort, method: request.method, path: request.url, headers: request.headers, agent: upstreamAgent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
}

/** Multipart parts for s3rver: the checked fields, then the spooled file. */
function forwardUpload(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  upstreamPort: number,
  fields: [string, string][],
  file: { path: string; size: number; fileName: string; mimeType: string },
): Promise<void> {
  const boundary = `----local-s3-${randomBytes(12).toString("hex")}`;
  const quote = (v: string) => v.replace(/["\r\n]/g, "_");
  const head = Buffer.from(
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`).join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(file.fileName || "file")}"\r\nContent-Type: ${quote(file.mimeType || "application/octet-stream")}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: http.OutgoingHttpHeaders = {
    host: request.headers.host,
    "content-type": `multipart/form-data; boundary=${boundary}`,
    "content-length": head.length + file.size + tail.length,
  };
  if (request.headers.origin) headers.origin = request.headers.origin;
  return new Promise<void>((resolve, reject) => {
    const upstream = http.request({ host: "127.0.0.1", port: upstreamPort, method: "POST", path: request.url, headers, agent: upstreamAgent }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on("end", resolve);
      answer.on("error", reject);
    });
    upstream.on("error", reject);
    upstream.write(head);
    const body = createReadStream(file.path);
    body.on("error", reject);
    body.on("end", () => upstream.end(tail));
    body.pipe(upstream, { end: false });
  });
}

async function handlePostUpload(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  bucket: string,
  upstreamPort: number,
  credentials: PostPolicyCredentials,
): Promise<void> {
  const Busboy = loadBusboy();
  const form = new Busboy({ headers: request.headers, limits: { fields: 100, fieldSize: 64 * 1024, files: 1 } });
  const fields: [string, string][] = [];
  type Spooled = { path: string; size: number; fileName: string; mimeType: string; dir: string };
  // Set from busboy's callbacks; read through these so TypeScript does not narrow them to null.
  let refusal = null as PostPolicyRefusal | null;
  let spooled = null as Spooled | null;
  const work: Promise<void>[] = [];

  form.on("field", (name, value) => {
    if (spooled || refusal) return; // S3 ignores fields after the file
    if (name === "file") {
      refusal = { status: 400, code: "InvalidArgument", message: "POST requires exactly one file upload per request." };
      return;
    }
    fields.push([name, value]);
  });
  form.on("file", (name, stream, fileName, _encoding, mimeType) => {
    if (name !== "file" || spooled || refusal) {
      stream.resume();
      return;
    }
    const checked = checkPostPolicyFields({ fields: Object.fromEntries(fields), bucket, credentials });
    if (isRefusal(checked)) {
      refusal = checked;
      stream.resume();
      return;
    }
    work.push(
      (async () => {
        const dir = await mkdtemp(path.join(tmpdir(), "local-s3-post-"));
        const file = path.join(dir, "upload");
        let size = 0;
        let kept = 0;
        const out = createWriteStream(file);
        // Count every byte; stop writing past the limit (the upload is refused then anyway).
        await pipeline(stream, async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (kept <= checked.maxBytes) {
              kept += chunk.length;
              yield chunk;
            }
          }
        }, out);
        spooled = { path: file, size, fileName, mimeType, dir };
        refusal = checkPostPolicySize(checked, size);
      })(),
    );
  });

  try {
    // The whole request is read before answering: closing a socket with unread bytes resets it,
    // and the browser would see a network error instead of S3's answer.
    const ended = new Promise<void>((resolve, reject) => {
      request.on("end", resolve);
      request.on("error", reject);
    });
    ended.catch(() => {}); // an error is also the form's, and handled there
    await new Promise<void>((resolve, reject) => {
      form.on("finish", resolve);
      form.on("error", reject);
      request.on("error", reject);
      request.pipe(form);
    });
    if (!request.readableEnded) {
      request.unpipe(form);
      request.resume();
      await ended;
    }
    await Promise.all(work);
    const file = spooled;
    if (refusal) return sendRefusal(request, response, refusal);
    if (!file) return sendRefusal(request, response, { status: 400, code: "InvalidArgument", message: "POST requires exactly one file upload per request." });
    try {
      await forwardUpload(request, response, upstreamPort, fields, file);
    } finally {
      await rm(file.dir, { recursive: true, force: true });
    }
  } catch {
    const file = spooled;
    if (file) await rm(file.dir, { recursive: true, force: true });
    sendRefusal(request, response, { status: 400, code: "InvalidArgument", message: "The body of your POST request is not well-formed multipart/form-data." });
  }
}

async function startPolicyLayer(options: { port: number; upstreamPort: number; credentials: PostPolicyCredentials }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const bucket = bucketOfPostUpload(request);
    if (!bucket) return passThrough(request, response, options.upstreamPort);
    void handlePostUpload(request, response, bucket, options.upstreamPort, options.credentials);
  });
  // Clients keep connections open between requests; a long idle timeout (like S3's) keeps a
  // client from sending a request on a socket the server is just closing (a reset, not an answer).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  return server;
}
