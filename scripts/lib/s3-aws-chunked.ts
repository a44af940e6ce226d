/**
 * The aws-chunked body encoding of S3 uploads (`Content-Encoding: aws-chunked`), decoded for the
 * local S3-protocol server, which would otherwise store the framing as the object's bytes:
 *
 *   <hex size>[;chunk-signature=<sig>]\r\n<bytes>\r\n … 0[;chunk-signature=<sig>]\r\n[<trailer>\r\n]\r\n
 *
 * - STREAMING-AWS4-HMAC-SHA256-PAYLOAD: every chunk (the last, empty one too) carries a signature
 *   chained from the request's own (./s3-sigv4 `chunkSignature`); one wrong or missing signature
 *   refuses the body.
 * - STREAMING-UNSIGNED-PAYLOAD-TRAILER (what the AWS SDK sends for a stream with a checksum): no
 *   chunk signatures, and a trailer with the checksum named by `x-amz-trailer`, checked here for
 *   CRC32, SHA-1 and SHA-256 (other algorithms are not computed locally).
 * The decoded length must match `x-amz-decoded-content-length` when it is given.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

import { EMPTY_SHA256, type S3Refusal } from "./s3-sigv4";

export class AwsChunkedError extends Error {
  constructor(readonly refusal: S3Refusal) {
    super(refusal.message);
    this.name = "AwsChunkedError";
  }
}

export interface AwsChunkedOptions {
  /** Present for signed chunks: the request's signature and the chunk signer. */
  signing?: { seed: string; chunkSignature(previous: string, chunkSha256: string): Promise<string> };
  /** The trailer header carrying a checksum (`x-amz-trailer`), e.g. "x-amz-checksum-crc32". */
  trailer?: string | null;
  decodedLength?: number | null;
}

const MAX_LINE = 4096;
const incomplete = () => new AwsChunkedError({ status: 400, code: "IncompleteBody", message: "The aws-chunked body ended before it was complete." });
const malformed = (message: string) => new AwsChunkedError({ status: 400, code: "InvalidRequest", message });

/** A running checksum for the trailer algorithms that can be computed here. */
function trailerChecksum(name: string | null | undefined): { update(data: Buffer): void; base64(): string } | null {
  if (name === "x-amz-checksum-crc32") {
    let value = 0;
    return {
      update: (data) => (value = crc32(data, value)),
      base64: () => {
        const out = Buffer.alloc(4);
        out.writeUInt32BE(value >>> 0);
        return out.toString("base64");
      },
    };
  }
  const algorithm = name === "x-amz-checksum-sha256" ? "sha256" : name === "x-amz-checksum-sha1" ? "sha1" : null;
  if (!algorithm) return null;
  const hash = createHash(algorithm);
  return { update: (data) => hash.update(data), base64: () => hash.digest("base64") };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Decodes an aws-chunked body, yielding the object's bytes; throws AwsChunkedError on any fault. */
export async function* decodeAwsChunked(source: AsyncIterable<Buffer>, options: AwsChunkedOptions = {}): AsyncGenerator<Buffer> {
  const input = source[Symbol.asyncIterator]();
  let buffer: Buffer = Buffer.alloc(0);
  const fill = async (): Promise<void> => {
    const next = await input.next();
    if (next.done) throw incomplete();
    buffer = buffer.length ? Buffer.concat([buffer, next.value]) : next.value;
  };
  const readLine = async (): Promise<string> => {
    for (;;) {
      const end = buffer.indexOf("\r\n");
      if (end >= 0) {
        const line = buffer.subarray(0, end).toString("latin1");
        buffer = buffer.subarray(end + 2);
        return line;
      }
      if (buffer.length > MAX_LINE) throw malformed("An aws-chunked line is too long.");
      await fill();
    }
  };

  const checksum = trailerChecksum(options.trailer);
  let previous = options.signing?.seed ?? "";
  let total = 0;
  for (;;) {
    const header = /^([0-9a-fA-F]{1,16})(?:;(.*))?$/.exec(await readLine());
    if (!header) throw malformed("An aws-chunked chunk header is malformed.");
    const size = Number.parseInt(header[1], 16);
    if (!Number.isSafeInteger(size)) throw malformed("An aws-chunked chunk is too large.");
    const given = /(?:^|;)chunk-signature=([0-9a-f]{64})(?:;|$)/.exec(header[2] ?? "")?.[1];
    if (options.signing && !given)
      throw new AwsChunkedError({ status: 403, code: "SignatureDoesNotMatch", message: "A chunk of the body carries no chunk-signature." });

    const chunkHash = options.signing ? createHash("sha256") : null;
    let remaining = size;
    while (remaining > 0) {
      if (!buffer.length) await fill();
      const piece = buffer.subarray(0, Math.min(remaining, buffer.length));
      buffer = buffer.subarray(piece.length);
      remaining -= piece.length;
      chunkHash?.update(piece);
      checksum?.update(piece);
      total += piece.length;
      if (options.decodedLength != null && total > options.decodedLength) throw malformed("The body is longer than x-amz-decoded-content-length.");
      yield piece;
    }
    if (size > 0 && (await readLine()) !== "") throw malformed("An aws-chunked chunk does not end where its size says.");

    if (options.signing && chunkHash) {
      const expected = await options.signing.chunkSignature(previous, size > 0 ? chunkHash.digest("hex") : EMPTY_SHA256);
      if (!same(expected, given!)) {
        throw new AwsChunkedError({
          status: 403,
          code: "SignatureDoesNotMatch",
          message: "The chunk signature we calculated does not match the one you provided.",
        });
      }
      previous = expected;
    }
    if (size === 0) break;
  }

  // Trailers, up to the empty line that ends the body.
  const digest = checksum?.base64();
  let checked = false;
  for (let line = await readLine(); line !== ""; line = await readLine()) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw malformed("An aws-chunked trailer is malformed.");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (digest !== undefined && name === options.trailer) {
      if (!same(digest, value)) {
        throw new AwsChunkedError({ status: 400, code: "BadDigest", message: `The ${name} you specified did not match the calculated checksum.` });
      }
      checked = true;
    }
  }
  if (digest !== undefined && !checked) throw malformed(`The body has no ${options.trailer} trailer.`);
  if (options.decodedLength != null && total !== options.decodedLength) throw incomplete();
}
