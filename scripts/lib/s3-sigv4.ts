/**
 * AWS Signature Version 4 checks for the local S3-protocol server (./local-s3), for the two ways a
 * request can be signed:
 * - an `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` header (the
 *   app's SDK calls), with `x-amz-date` and `x-amz-content-sha256` signed;
 * - presigned query parameters (`X-Amz-Algorithm`, `X-Amz-Credential`, `X-Amz-Date`,
 *   `X-Amz-Expires`, `X-Amz-SignedHeaders`, `X-Amz-Signature`: the browser's download URLs).
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 *
 * The signing math is @smithy/signature-v4's, the AWS SDK's own signer: the request is rebuilt
 * from what arrived (method, raw path, query, the headers it names as signed), signed again with
 * the store's secret, and the two signatures are compared in constant time. S3 signs the path as
 * sent (no second URI-encoding), and a presigned request's payload is always UNSIGNED-PAYLOAD.
 *
 * What the body must then satisfy is returned as `payload`: a hex SHA-256 the body must hash to,
 * UNSIGNED-PAYLOAD (nothing), or an aws-chunked body (./s3-aws-chunked) whose chunk signatures
 * chain from the request's signature (`chunkSignature`).
 *
 * Refusals are S3's: 403 AccessDenied (unsigned, malformed, expired), InvalidAccessKeyId,
 * SignatureDoesNotMatch, RequestTimeTooSkewed.
 */
import { createHash, createHmac, timingSafeEqual, type Hash as NodeHash, type Hmac } from "node:crypto";
import type http from "node:http";

import { ALGORITHM_IDENTIFIER, EVENT_ALGORITHM_IDENTIFIER, SignatureV4, getCanonicalHeaders } from "@smithy/signature-v4";
import type { HeaderBag, HttpRequest, SourceData } from "@smithy/types";

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3 error answer: status, code and message for the XML body. */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
  /** Extra elements of the XML error (e.g. ProposedSize, MaxSizeAllowed). */
  details?: Record<string, string | number>;
}

/** What the request's body must be, by its `x-amz-content-sha256`. */
export type PayloadRule =
  { kind: "sha256"; hash: string } | { kind: "unsigned" } | { kind: "chunked"; signed: boolean; trailer: string | null; decodedLength: number | null };

export interface VerifiedRequest {
  mechanism: "header" | "query";
  payload: PayloadRule;
  /** The request's signature: the seed of an aws-chunked body's chunk signatures. */
  signature: string;
  /** The signature of one chunk of a signed aws-chunked body, given the one before it. */
  chunkSignature(previous: string, chunkSha256: string): Promise<string>;
}

export interface IncomingParts {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
}

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
const STREAMING_SIGNED = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD";
const STREAMING_UNSIGNED_TRAILER = "STREAMING-UNSIGNED-PAYLOAD-TRAILER";
/** S3 refuses header-signed requests more than 15 minutes off the server's clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

const denied = (message = "Access Denied"): S3Refusal => ({ status: 403, code: "AccessDenied", message });
const SIGNATURE_MISMATCH: S3Refusal = {
  status: 403,
  code: "SignatureDoesNotMatch",
  message: "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
};

export function isS3Refusal(value: unknown): value is S3Refusal {
  return typeof value === "object" && value !== null && "code" in value && "status" in value;
}

/** node:crypto behind the hash interface the signer takes (SHA-256, or HMAC-SHA256 with a key). */
class NodeSha256 {
  private readonly hash: NodeHash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", toBytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBytes(data: SourceData): Uint8Array {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

interface Scope {
  /** "20260101T120000Z" */
  longDate: string;
  date: Date;
  /** "20260101/us-east-1/s3/aws4_request" */
  text: string;
  region: string;
}

/** The SDK's signer, with its canonical-request steps opened up for checking a signature. */
class Verifier extends SignatureV4 {
  constructor(credentials: S3Credentials) {
    super({ credentials, region: "us-east-1", service: "s3", sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  }

  async requestSignature(request: HttpRequest, canonicalHeaders: HeaderBag, payloadHash: string, scope: Scope): Promise<string> {
    const canonicalRequest = this.createCanonicalRequest(request, canonicalHeaders, payloadHash);
    const stringToSign = await this.createStringToSign(scope.longDate, scope.text, canonicalRequest, ALGORITHM_IDENTIFIER);
    return this.sign(stringToSign, { signingDate: scope.date, signingRegion: scope.region, signingService: "s3" });
  }

  chunkSignature(previous: string, chunkSha256: string, scope: Scope): Promise<string> {
    const stringToSign = [EVENT_ALGORITHM_IDENTIFIER, scope.longDate, scope.text, previous, EMPTY_SHA256, chunkSha256].join("\n");
    return this.sign(stringToSign, { signingDate: scope.date, signingRegion: scope.region, signingService: "s3" });
  }
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "20260101T120000Z" → Date, or null. */
function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "AKID/20260101/us-east-1/s3/aws4_request" at `longDate` → the key id and scope, or a refusal. */
function parseCredential(credential: string, longDate: string | undefined, credentials: S3Credentials): { scope: Scope } | S3Refusal {
  const parts = credential.split("/");
  if (parts.length !== 5) return denied("Error parsing the X-Amz-Credential parameter.");
  const [accessKeyId, day, region, service, terminal] = parts;
  if (accessKeyId !== credentials.accessKeyId) {
    return { status: 403, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  }
  const date = parseAmzDate(longDate);
  if (!date || !longDate) return denied("AWS authentication requires a valid X-Amz-Date.");
  if (day !== longDate.slice(0, 8) || !/^[a-z0-9-]{1,32}$/.test(region) || service !== "s3" || terminal !== "aws4_request") {
    return denied("The credential scope does not match the request.");
  }
  return { scope: { longDate, date, text: `${day}/${region}/s3/aws4_request`, region } };
}

/** The query as the signer takes it: decoded names and values, repeated names as arrays. */
function parseQuery(search: string): Record<string, string | string[]> | null {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const part of search.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      value = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1));
    } catch {
      return null;
    }
    const existing = query[name];
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

function headerValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * The signed headers as the canonical request lists them, or a refusal when one is missing, the
 * list is not the sorted lower-case one, a required header is not signed, or an x-amz-* header
 * rides along unsigned (it would change what the store does without the signer's say).
 */
function signedHeaders(headers: http.IncomingHttpHeaders, list: string, required: string[]): HeaderBag | S3Refusal {
  const names = list.split(";");
  const subset: HeaderBag = {};
  for (const name of names) {
    const value = headerValue(headers, name);
    if (!name || value === undefined) return denied(`The signed header ${name || "(empty)"} is missing from the request.`);
    subset[name] = value;
  }
  for (const name of required) if (!names.includes(name)) return denied(`The ${name} header must be signed.`);
  const unsigned = Object.keys(headers).filter((name) => name.startsWith("x-amz-") && !names.includes(name));
  if (unsigned.length) return denied(`There were headers present in the request which were not signed: ${unsigned.join(", ")}`);
  const canonical = getCanonicalHeaders({ method: "GET", protocol: "http:", hostname: "", path: "/", query: {}, headers: subset }, undefined, new Set(names));
  if (Object.keys(canonical).sort().join(";") !== list) return denied("SignedHeaders must list lower-case header names in order.");
  return canonical;
}

function payloadRule(value: string | undefined, headers: http.IncomingHttpHeaders): PayloadRule | S3Refusal {
  if (value === undefined) return { status: 400, code: "InvalidRequest", message: "Missing required header for this request: x-amz-content-sha256" };
  if (/^[0-9a-f]{64}$/i.test(value)) return { kind: "sha256", hash: value.toLowerCase() };
  if (value === UNSIGNED_PAYLOAD) return { kind: "unsigned" };
  if (value === STREAMING_SIGNED || value === STREAMING_UNSIGNED_TRAILER) {
    const decoded = headerValue(headers, "x-amz-decoded-content-length");
    const decodedLength = decoded === undefined ? null : Number(decoded);
    if (decodedLength !== null && !(Number.isSafeInteger(decodedLength) && decodedLength >= 0)) {
      return { status: 400, code: "InvalidArgument", message: "x-amz-decoded-content-length must be a non-negative integer." };
    }
    return { kind: "chunked", signed: value === STREAMING_SIGNED, trailer: headerValue(headers, "x-amz-trailer")?.toLowerCase() ?? null, decodedLength };
  }
  return {
    status: 400,
    code: "InvalidArgument",
    message: "x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER or a SHA-256 in hex.",
  };
}

/** Checks requests against one set of credentials. */
export function createSigV4Verifier(credentials: S3Credentials) {
  const verifier = new Verifier(credentials);

  async function verify(request: IncomingParts, now = new Date()): Promise<VerifiedRequest | S3Refusal> {
    const url = request.url ?? "";
    if (!url.startsWith("/")) return denied();
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = parseQuery(queryAt < 0 ? "" : url.slice(queryAt + 1));
    if (!query) return denied("The query string is not well-formed.");
    const method = (request.method ?? "GET").toUpperCase();
    const authorization = headerValue(request.headers, "authorization");
    const presigned = "X-Amz-Algorithm" in query || "X-Amz-Signature" in query || "X-Amz-Credential" in query;
    if (authorization !== undefined && presigned) {
      return {
        status: 400,
        code: "InvalidArgument",
        message: "Only one auth mechanism allowed: the X-Amz-Algorithm query parameter or the Authorization header.",
      };
    }
    const httpRequest = (): HttpRequest => ({ method, protocol: "http:", hostname: "", path, query, headers: {} });
    const bound = (scope: Scope) => (previous: string, chunkSha256: string) => verifier.chunkSignature(previous, chunkSha256, scope);

    if (authorization !== undefined) {
      const m = /^AWS4-HMAC-SHA256 (.+)$/.exec(authorization.trim());
      if (!m) return denied("Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted.");
      const parts = new Map<string, string>();
      for (const component of m[1].split(",")) {
        const eq = component.indexOf("=");
        if (eq > 0) parts.set(component.slice(0, eq).trim(), component.slice(eq + 1).trim());
      }
      const credential = parts.get("Credential");
      const list = parts.get("SignedHeaders");
      const signature = parts.get("Signature");
      if (parts.size !== 3 || !credential || !list || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
        return denied("The authorization header is malformed: it needs Credential, SignedHeaders and Signature.");
      }
      const longDate = headerValue(request.headers, "x-amz-date");
      const parsed = parseCredential(credential, longDate, credentials);
      if (isS3Refusal(parsed)) return parsed;
      const { scope } = parsed;
      if (Math.abs(now.getTime() - scope.date.getTime()) > MAX_SKEW_MS) {
        return { status: 403, code: "RequestTimeTooSkewed", message: "The difference between the request time and the current time is too large." };
      }
      const canonical = signedHeaders(request.headers, list, ["host", "x-amz-date", "x-amz-content-sha256"]);
      if (isS3Refusal(canonical)) return canonical;
      const contentSha256 = headerValue(request.headers, "x-amz-content-sha256");
      const payload = payloadRule(contentSha256, request.headers);
      if (isS3Refusal(payload)) return payload;
      const expected = await verifier.requestSignature(httpRequest(), canonical, contentSha256!, scope);
      if (!sameSignature(expected, signature)) return SIGNATURE_MISMATCH;
      return { mechanism: "header", payload, signature: expected, chunkSignature: bound(scope) };
    }

    if (presigned) {
      const single = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : undefined);
      const algorithm = single("X-Amz-Algorithm");
      const credential = single("X-Amz-Credential");
      const longDate = single("X-Amz-Date");
      const expires = single("X-Amz-Expires");
      const list = single("X-Amz-SignedHeaders");
      const signature = single("X-Amz-Signature");
      if (algorithm !== ALGORITHM_IDENTIFIER) return denied("X-Amz-Algorithm only supports AWS4-HMAC-SHA256.");
      if (!credential || !longDate || !expires || !list || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
        return denied(
          "Query-string authentication requires X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature.",
        );
      }
      const parsed = parseCredential(credential, longDate, credentials);
      if (isS3Refusal(parsed)) return parsed;
      const { scope } = parsed;
      const seconds = /^\d{1,7}$/.test(expires) ? Number(expires) : NaN;
      if (!(seconds >= 1 && seconds <= MAX_PRESIGN_SECONDS)) return denied("X-Amz-Expires must be from 1 to 604800 seconds.");
      if (now.getTime() > scope.date.getTime() + seconds * 1000) return denied("Request has expired");
      if (scope.date.getTime() - now.getTime() > MAX_SKEW_MS) return denied("Request is not valid yet");
      const canonical = signedHeaders(request.headers, list, ["host"]);
      if (isS3Refusal(canonical)) return canonical;
      const expected = await verifier.requestSignature(httpRequest(), canonical, UNSIGNED_PAYLOAD, scope);
      if (!sameSignature(expected, signature)) return SIGNATURE_MISMATCH;
      return { mechanism: "query", payload: { kind: "unsigned" }, signature: expected, chunkSignature: bound(scope) };
    }

    return denied();
  }

  return { verify };
}
