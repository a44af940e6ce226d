/**
 * A local S3-protocol server for development and tests: s3rver's storage behind a layer that
 * checks every request the way AWS S3 does. Only the layer listens (on 127.0.0.1); s3rver itself
 * has no port at all: its Koa request handler is called in-process, after the checks pass, so
 * nothing can go around the layer (an s3rver port, even on loopback, would be open to every local
 * process and to any web page's script). Bodies the layer had to read first (to check them) reach
 * s3rver as a stand-in request carrying the checked bytes.
 *
 * Usage (from another script):
 *   const s3 = await startLocalS3({ dataDir: ".data/s3", port: 4569, bucket: "portal", allowedOrigin });
 *   // …set S3_ENDPOINT=s3.endpoint, S3_BUCKET=s3.bucket, S3_ACCESS_KEY_ID=s3.accessKeyId, …
 *   await s3.stop();
 *
 * Credentials: no fixed public key. A new data directory gets a random access key id and secret,
 * kept in `<dataDir>/.credentials.json` (mode 0600; a bucket name cannot start with a dot, so the
 * store never serves it), so restarts keep working; tests use a fresh directory, so fresh keys.
 * s3rver only looks a key id up in its own list (it never checks a V4 signature: the layer does);
 * that list holds the keys of the stores running in this process, never its built-in public
 * "S3RVER" key, which is revoked.
 *
 * Every request must be one of:
 * - signed with AWS Signature Version 4 by these credentials (./s3-sigv4: the app's SDK calls
 *   with an Authorization header, presigned GET URLs with an expiry), its body matching what was
 *   signed: a hex SHA-256 is checked before s3rver sees a byte (the body is spooled to a temporary
 *   file), an aws-chunked body is decoded and its chunk signatures or trailing checksum checked
 *   (./s3-aws-chunked), UNSIGNED-PAYLOAD passes as is;
 * - a presigned POST upload (a browser's), whose form fields are checked against its policy by
 *   ./s3-post-policy (signature with these credentials, expiry, every condition, no extra fields),
 *   the file spooled while its bytes are counted, `content-length-range` checked, and only then
 *   handed to s3rver (which on its own ignores the policy);
 * - a CORS preflight, answered here (./local-s3-cors).
 * Anything else — unsigned, another key, a wrong signature, an expired URL — is refused with S3's
 * XML error (AccessDenied, InvalidAccessKeyId, SignatureDoesNotMatch…, 403).
 *
 * CORS (./local-s3-cors): only the browser's two requests — presigned POST uploads and presigned
 * GET/HEAD reads — from the origins `allowedOrigin` accepts (the app's own hosts, passed in by
 * scripts/lib/boot.ts) get CORS headers, their refusals included; no origin gets `*`, and CORS
 * headers from s3rver (a bucket CORS configuration the app may PUT) are dropped.
 * `verifyUpload()` in app/storage.server.ts re-checks size, declared type and real type after
 * every upload anyway, whatever the store.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { browserRequest, corsHeaders, preflight, type OriginRule } from "./local-s3-cors";
import { AwsChunkedError, decodeAwsChunked } from "./s3-aws-chunked";
import { checkPostPolicyFields, checkPostPolicySize, isRefusal, s3ErrorXml } from "./s3-post-policy";
import { EMPTY_SHA256, createSigV4Verifier, isS3Refusal, type S3Credentials, type S3Refusal, type VerifiedRequest } from "./s3-sigv4";

export interface LocalS3Options {
  /** Directory for buckets, objects and the store's credentials; created if missing. */
  dataDir: string;
  /** 0 picks a free port (tests). */
  port: number;
  bucket: string;
  /** Browser origins allowed to upload and read (CORS); none when omitted. */
  allowedOrigin?: OriginRule;
}

export interface LocalS3 {
  /** e.g. http://127.0.0.1:4569 — use path-style addressing. */
  endpoint: string;
  /** The address it listens on (loopback only). */
  host: string;
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  stop(): Promise<void>;
}

// s3rver ships no type declarations: describe the part we use.
type StoreHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
interface S3rverInstance {
  configureBuckets(): Promise<unknown>;
  callback(): StoreHandler;
  logger: { close(): void };
}
type S3rverConstructor = new (options: {
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
  allowMismatchedSignatures: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;
interface S3rverAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  revokeAccessKey(accessKeyId: string): void;
}

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Credentials

const CREDENTIALS_FILE = ".credentials.json";

interface StoredObjectInput {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface FilesystemStorePrototype {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObjectInput): Promise<{ size: number; md5: string }>;
  __writesComplete?: boolean;
}

/**
 * s3rver's filesystem store answers an upload once it has *read* the body, not once the bytes are
 * on disk, so a HEAD right after an upload can see an empty or short object (real S3 is strongly
 * consistent: an acknowledged PUT or POST is readable at once). This store's putObject waits for
 * the file to be written before the upload is acknowledged.
 */
function completeWritesBeforeAnswering(): void {
  const Store = require("s3rver/lib/stores/filesystem") as { prototype: FilesystemStorePrototype };
  const proto = Store.prototype;
  if (proto.__writesComplete) return;
  proto.__writesComplete = true;
  proto.putObject = async function putObject(this: FilesystemStorePrototype, object: StoredObjectInput) {
    const objectPath = this.getResourcePath(object.bucket, object.key, "object");
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash("md5");
    let size = 0;
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          md5.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(objectPath),
    );
    const digest = md5.digest("hex");
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

function randomCredentials(): S3Credentials {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const id = [...randomBytes(16)].map((b) => alphabet[b % 32]).join("");
  return { accessKeyId: `LOCAL${id}`, secretAccessKey: randomBytes(30).toString("base64url") };
}

/** The store's credentials from `<directory>/.credentials.json`, created (0600) when missing. */
export async function loadOrCreateCredentials(directory: string): Promise<S3Credentials> {
  const file = path.join(directory, CREDENTIALS_FILE);
  try {
    await writeFile(file, `${JSON.stringify(randomCredentials(), null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  await chmod(file, 0o600);
  const stored = JSON.parse(await readFile(file, "utf8")) as Partial<S3Credentials>;
  if (
    typeof stored.accessKeyId !== "string" ||
    !/^[A-Z0-9]{16,128}$/.test(stored.accessKeyId) ||
    typeof stored.secretAccessKey !== "string" ||
    stored.secretAccessKey.length < 32
  ) {
    throw new Error(`${file} does not hold valid credentials (accessKeyId, secretAccessKey): delete it to get new ones.`);
  }
  return { accessKeyId: stored.accessKeyId, secretAccessKey: stored.secretAccessKey };
}

// ---------------------------------------------------------------------------------------------
// The store

export async function startLocalS3({ dataDir, port, bucket, allowedOrigin = () => false }: LocalS3Options): Promise<LocalS3> {
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const credentials = await loadOrCreateCredentials(directory);

  const S3rver = require("s3rver") as S3rverConstructor;
  completeWritesBeforeAnswering();
  const { DUMMY_ACCOUNT } = require("s3rver/lib/models/account") as { DUMMY_ACCOUNT: S3rverAccount };
  DUMMY_ACCOUNT.revokeAccessKey("S3RVER");
  DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);

  const store = new S3rver({
    directory,
    silent: true,
    resetOnClose: false,
    allowMismatchedSignatures: false,
    // Path-style only: a vhost match on "bucket.localhost" is never what we mean.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await store.configureBuckets();
  const layer = await startLayer({ port, credentials, allowedOrigin, storeHandler: store.callback() });
  const address = layer.address() as AddressInfo;
  let stopped = false;
  return {
    endpoint: `http://${address.address}:${address.port}`,
    host: address.address,
    port: address.port,
    ...credentials,
    bucket,
    region: "us-east-1",
    async stop() {
      if (stopped) return;
      stopped = true;
      layer.closeAllConnections();
      await new Promise<void>((resolve) => layer.close(() => resolve()));
      DUMMY_ACCOUNT.revokeAccessKey(credentials.accessKeyId);
      store.logger.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The layer

interface LayerContext {
  credentials: S3Credentials;
  allowedOrigin: OriginRule;
  storeHandler: StoreHandler;
  verify: ReturnType<typeof createSigV4Verifier>["verify"];
}

function sendError(response: http.ServerResponse, status: number, error: { code: string; message: string; details?: Record<string, string | number> }): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = s3ErrorXml(error, randomBytes(8).toString("hex").toUpperCase());
  // CORS headers set earlier on `response` (allowed browser requests) stay: the page may read it.
  response.writeHead(status, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}

const refuse = (response: http.ServerResponse, refusal: S3Refusal) => sendError(response, refusal.status, refusal);

/** s3rver's CORS answers (from whatever bucket CORS configuration it holds) never go out. */
const STORE_CORS_HEADER = /^(access-control-|vary$)/i;

/** An IncomingMessage for s3rver with another body (a checked, spooled or decoded one). */
function withBody(request: http.IncomingMessage, body: Readable, headers: http.IncomingHttpHeaders): http.IncomingMessage {
  const stream = new PassThrough();
  body.on("error", (error) => stream.destroy(error));
  body.pipe(stream);
  return Object.assign(stream, {
    headers,
    rawHeaders: Object.entries(headers).flatMap(([name, value]) => [name, String(value)]),
    method: request.method,
    url: request.url,
    httpVersion: request.httpVersion,
    httpVersionMajor: request.httpVersionMajor,
    httpVersionMinor: request.httpVersionMinor,
    socket: request.socket,
    connection: request.socket,
    complete: true,
    aborted: false,
    trailers: {},
    rawTrailers: [],
  }) as unknown as http.IncomingMessage;
}

/** Hands a checked request to s3rver, in-process. */
function toStore(
  context: LayerContext,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  replacement?: { body: Readable; headers: http.IncomingHttpHeaders },
): void {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = ((name: string, value: number | string | readonly string[]) =>
    STORE_CORS_HEADER.test(name) ? response : setHeader(name, value)) as typeof response.setHeader;
  context.storeHandler(replacement ? withBody(request, replacement.body, replacement.headers) : request, response);
}

interface Spooled {
  dir: string;
  path: string;
  size: number;
}

/** Writes `source` to a temporary file, calling `onChunk` on every chunk. */
async function spool(source: AsyncIterable<Buffer>, onChunk?: (chunk: Buffer) => void): Promise<Spooled> {
  const dir = await mkdtemp(path.join(tmpdir(), "local-s3-body-"));
  const file = path.join(dir, "body");
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          onChunk?.(chunk);
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, path: file, size };
}

function hasBody(request: http.IncomingMessage): boolean {
  return request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;
}

/** Forwards a spooled body to s3rver, then deletes it once the answer is out. */
function forwardSpooled(
  context: LayerContext,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  spooled: Spooled,
  headers: http.IncomingHttpHeaders,
): void {
  response.on("close", () => void rm(spooled.dir, { recursive: true, force: true }));
  const { "transfer-encoding": _chunked, ...rest } = headers;
  toStore(context, request, response, { body: createReadStream(spooled.path), headers: { ...rest, "content-length": String(spooled.size) } });
}

/** A request whose signature checked out: make its body match what was signed, then store it. */
async function forwardVerified(context: LayerContext, request: http.IncomingMessage, response: http.ServerResponse, verified: VerifiedRequest): Promise<void> {
  const { payload } = verified;
  if (payload.kind === "unsigned") return toStore(context, request, response);

  if (payload.kind === "sha256") {
    const mismatch: S3Refusal = {
      status: 400,
      code: "XAmzContentSHA256Mismatch",
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
    if (!hasBody(request)) return payload.hash === EMPTY_SHA256 ? toStore(context, request, response) : refuse(response, mismatch);
    const hash = createHash("sha256");
    const spooled = await spool(request, (chunk) => hash.update(chunk));
    if (hash.digest("hex") !== payload.hash) {
      await rm(spooled.dir, { recursive: true, force: true });
      return refuse(response, mismatch);
    }
    return forwardSpooled(context, request, response, spooled, request.headers);
  }

  let spooled: Spooled;
  try {
    spooled = await spool(
      decodeAwsChunked(request, {
        signing: payload.signed ? { seed: verified.signature, chunkSignature: verified.chunkSignature } : undefined,
        trailer: payload.trailer,
        decodedLength: payload.decodedLength,
      }),
    );
  } catch (error) {
    if (error instanceof AwsChunkedError) {
      request.resume();
      return refuse(response, error.refusal);
    }
    throw error;
  }
  // S3 keeps Content-Encoding without aws-chunked; the framing headers go.
  const encoding = String(request.headers["content-encoding"] ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v && v.toLowerCase() !== "aws-chunked")
    .join(", ");
  const { "content-encoding": _encoding, "x-amz-decoded-content-length": _decoded, "x-amz-trailer": _trailer, ...headers } = request.headers;
  return forwardSpooled(context, request, response, spooled, encoding ? { ...headers, "content-encoding": encoding } : headers);
}

async function handle(context: LayerContext, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = request.url ?? "/";
  const queryAt = url.indexOf("?");
  const requestPath = queryAt < 0 ? url : url.slice(0, queryAt);
  const search = queryAt < 0 ? "" : url.slice(queryAt + 1);
  const method = (request.method ?? "GET").toUpperCase();
  const origin = typeof request.headers.origin === "string" ? request.headers.origin : undefined;

  if (method === "OPTIONS") {
    const answer = preflight(
      {
        path: requestPath,
        origin,
        method: request.headers["access-control-request-method"] as string | undefined,
        requestHeaders: request.headers["access-control-request-headers"] as string | undefined,
      },
      context.allowedOrigin,
    );
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    request.resume();
    if (answer.error) return sendError(response, answer.status, answer.error);
    response.writeHead(answer.status, { "Content-Length": 0 });
    response.end();
    return;
  }

  const browser = browserRequest(method, requestPath, search);
  if (browser) for (const [name, value] of Object.entries(corsHeaders(origin, context.allowedOrigin))) response.setHeader(name, value);

  const bucket =
    browser === "upload" && request.headers["content-type"]?.toLowerCase().startsWith("multipart/form-data") ? requestPath.replace(/^\/|\/$/g, "") : null;
  if (bucket) return handlePostUpload(context, request, response, bucket);

  const verified = await context.verify(request);
  if (isS3Refusal(verified)) {
    request.resume();
    return refuse(response, verified);
  }
  return forwardVerified(context, request, response, verified);
}

async function startLayer(options: { port: number; credentials: S3Credentials; allowedOrigin: OriginRule; storeHandler: StoreHandler }): Promise<http.Server> {
  const context: LayerContext = { ...options, verify: createSigV4Verifier(options.credentials).verify };
  const server = http.createServer((request, response) => {
    handle(context, request, response).catch(() => {
      request.resume();
      sendError(response, 500, { code: "InternalError", message: "We encountered an internal error. Please try again." });
    });
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

// ---------------------------------------------------------------------------------------------
// Presigned POST uploads

// busboy 0.3 (s3rver's own multipart parser, resolved from s3rver so the versions match).
interface BusboyInstance extends NodeJS.WritableStream {
  on(event: "field", listener: (name: string, value: string) => void): this;
  on(event: "file", listener: (name: string, stream: Readable, fileName: string, encoding: string, mimeType: string) => void): this;
  on(event: "finish" | "close", listener: () => void): this;
  on(event: "error", listener: (error: Error) => void): this;
}
type BusboyConstructor = new (options: {
  headers: http.IncomingHttpHeaders;
  limits?: { fields?: number; fieldSize?: number; files?: number };
}) => BusboyInstance;

function loadBusboy(): BusboyConstructor {
  return createRequire(require.resolve("s3rver/package.json"))("busboy") as BusboyConstructor;
}

/** The checked fields, then the spooled file, as the multipart body s3rver reads. */
function forwardUpload(
  context: LayerContext,
  request: http.IncomingMessage,
  response: http.ServerResponse,
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
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* createReadStream(file.path);
      yield tail;
    })(),
  );
  const headers: http.IncomingHttpHeaders = {
    host: request.headers.host,
    "content-type": `multipart/form-data; boundary=${boundary}`,
    "content-length": String(head.length + file.size + tail.length),
  };
  return new Promise<void>((resolve) => {
    response.on("close", resolve);
    toStore(context, request, response, { body, headers });
  });
}

async function handlePostUpload(context: LayerContext, request: http.IncomingMessage, response: http.ServerResponse, bucket: string): Promise<void> {
  const Busboy = loadBusboy();
  const form = new Busboy({ headers: request.headers, limits: { fields: 100, fieldSize: 64 * 1024, files: 1 } });
  const fields: [string, string][] = [];
  type Spooled = { path: string; size: number; fileName: string; mimeType: string; dir: string };
  // Set from busboy's callbacks; read through these so TypeScript does not narrow them to null.
  let refusal = null as S3Refusal | null;
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
    const checked = checkPostPolicyFields({ fields: Object.fromEntries(fields), bucket, credentials: context.credentials });
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
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (kept <= checked.maxBytes) {
                kept += chunk.length;
                yield chunk;
              }
            }
          },
          out,
        );
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
    if (refusal) return refuse(response, refusal);
    if (!file) return refuse(response, { status: 400, code: "InvalidArgument", message: "POST requires exactly one file upload per request." });
    try {
      await forwardUpload(context, request, response, fields, file);
    } finally {
      await rm(file.dir, { recursive: true, force: true });
    }
  } catch {
    const file = spooled;
    if (file) await rm(file.dir, { recursive: true, force: true });
    refuse(response, { status: 400, code: "InvalidArgument", message: "The body of your POST request is not well-formed multipart/form-data." });
  }
}
