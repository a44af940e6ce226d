/**
 * aws-chunked bodies as the local S3 server decodes them (scripts/lib/s3-aws-chunked.ts): AWS's
 * signed-chunk example (66,560 bytes of "a" in chunks of 64 KiB, 1 KiB and the empty last one), and
 * the unsigned body with a CRC32 trailer the AWS SDK sends for a streamed upload.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html
 */
import { crc32 } from "node:zlib";

import { describe, expect, it } from "vitest";

import { AwsChunkedError, decodeAwsChunked, type AwsChunkedOptions } from "../../scripts/lib/s3-aws-chunked";
import { createSigV4Verifier, isS3Refusal } from "../../scripts/lib/s3-sigv4";

const SIGNATURES = [
  "ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648",
  "0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497",
  "b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9",
];

function signedBody({ signatures = SIGNATURES, data = [Buffer.alloc(65536, "a"), Buffer.alloc(1024, "a")], last = true } = {}): Buffer {
  const parts: Buffer[] = [];
  data.forEach((chunk, i) => parts.push(Buffer.from(`${chunk.length.toString(16)};chunk-signature=${signatures[i]}\r\n`), chunk, Buffer.from("\r\n")));
  if (last) parts.push(Buffer.from(`0;chunk-signature=${signatures[data.length]}\r\n\r\n`));
  return Buffer.concat(parts);
}

/** The chunk signer of AWS's example request (its seed signature ends in …a0a9). */
async function exampleSigning(): Promise<NonNullable<AwsChunkedOptions["signing"]>> {
  const { verify } = createSigV4Verifier({ accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" });
  const verified = await verify(
    {
      method: "PUT",
      url: "/examplebucket/chunkObject.txt",
      headers: {
        host: "s3.amazonaws.com",
        "x-amz-date": "20130524T000000Z",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": "STREAMING-AWS4-HMAC-SHA256-PAYLOAD",
        "content-encoding": "aws-chunked",
        "x-amz-decoded-content-length": "66560",
        "content-length": "66824",
        authorization:
          "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9",
      },
    },
    new Date("2013-05-24T00:00:10Z"),
  );
  if (isS3Refusal(verified)) throw new Error(verified.message);
  return { seed: verified.signature, chunkSignature: verified.chunkSignature };
}

/** Feeds `body` in small pieces (chunk boundaries fall anywhere), returns the decoded bytes or the refusal code. */
async function decode(body: Buffer, options: AwsChunkedOptions): Promise<Buffer | string> {
  async function* pieces() {
    for (let i = 0; i < body.length; i += 997) yield body.subarray(i, i + 997);
  }
  const out: Buffer[] = [];
  try {
    for await (const piece of decodeAwsChunked(pieces(), options)) out.push(Buffer.from(piece));
  } catch (error) {
    if (error instanceof AwsChunkedError) return `${error.refusal.status} ${error.refusal.code}`;
    throw error;
  }
  return Buffer.concat(out);
}

describe("signed chunks", () => {
  it("decodes AWS's example and checks every chunk signature", async () => {
    const body = signedBody();
    expect(body.length).toBe(66824);
    const decoded = await decode(body, { signing: await exampleSigning(), decodedLength: 66560 });
    expect(decoded).toEqual(Buffer.alloc(66560, "a"));
  });

  it("refuses changed data, a changed or missing signature, and a body cut short", async () => {
    const signing = await exampleSigning();
    expect(await decode(signedBody({ data: [Buffer.alloc(65536, "b"), Buffer.alloc(1024, "a")] }), { signing })).toBe("403 SignatureDoesNotMatch");
    expect(await decode(signedBody({ signatures: [SIGNATURES[0], "0".repeat(64), SIGNATURES[2]] }), { signing })).toBe("403 SignatureDoesNotMatch");
    expect(await decode(Buffer.from("3\r\nabc\r\n0\r\n\r\n"), { signing })).toBe("403 SignatureDoesNotMatch");
    // Without the signed empty last chunk, a body could be truncated by anyone on the way.
    expect(await decode(signedBody({ last: false }), { signing })).toBe("400 IncompleteBody");
  });
});

describe("unsigned chunks with a trailing checksum", () => {
  const crc = (data: Buffer) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(crc32(data) >>> 0);
    return out.toString("base64");
  };

  it("decodes the SDK's body and checks its CRC32", async () => {
    const body = Buffer.from(`5\r\nhello\r\n0\r\nx-amz-checksum-crc32:${crc(Buffer.from("hello"))}\r\n\r\n`);
    expect(await decode(body, { trailer: "x-amz-checksum-crc32", decodedLength: 5 })).toEqual(Buffer.from("hello"));
  });

  it("refuses a wrong checksum, a missing trailer, a wrong length and broken framing", async () => {
    const options = { trailer: "x-amz-checksum-crc32", decodedLength: 5 };
    expect(await decode(Buffer.from(`5\r\nhellO\r\n0\r\nx-amz-checksum-crc32:${crc(Buffer.from("hello"))}\r\n\r\n`), options)).toBe("400 BadDigest");
    expect(await decode(Buffer.from("5\r\nhello\r\n0\r\n\r\n"), options)).toBe("400 InvalidRequest");
    expect(await decode(Buffer.from(`3\r\nhel\r\n0\r\nx-amz-checksum-crc32:${crc(Buffer.from("hel"))}\r\n\r\n`), options)).toBe("400 IncompleteBody");
    expect(await decode(Buffer.from("5\r\nhelloXX\r\n0\r\n\r\n"), {})).toBe("400 InvalidRequest");
    expect(await decode(Buffer.from("zz\r\n"), {})).toBe("400 InvalidRequest");
  });
});
