/**
 * The local S3 server's Signature Version 4 checks (scripts/lib/s3-sigv4.ts) against the worked
 * examples of AWS's own documentation (credentials AKIAIOSFODNN7EXAMPLE, 24 May 2013), and the
 * changes to them that must be refused.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { createSigV4Verifier, isS3Refusal, type IncomingParts } from "../../scripts/lib/s3-sigv4";

const { verify } = createSigV4Verifier({ accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" });
const NOW = new Date("2013-05-24T00:00:10Z");
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** AWS's "GET Object" example: a header-signed ranged read. */
const getObject = (): IncomingParts => ({
  method: "GET",
  url: "/test.txt",
  headers: {
    host: "examplebucket.s3.amazonaws.com",
    range: "bytes=0-9",
    "x-amz-content-sha256": EMPTY,
    "x-amz-date": "20130524T000000Z",
    authorization:
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
  },
});

const PRESIGNED_QUERY =
  "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";
/** AWS's presigned URL example: GET /test.txt, valid for a day. */
const presigned = (query = PRESIGNED_QUERY): IncomingParts => ({
  method: "GET",
  url: `/test.txt?${query}`,
  headers: { host: "examplebucket.s3.amazonaws.com" },
});

async function outcome(request: IncomingParts, now = NOW): Promise<string> {
  const result = await verify(request, now);
  return isS3Refusal(result) ? `${result.status} ${result.code}` : `ok ${result.mechanism}`;
}

describe("header-signed requests", () => {
  it("accepts AWS's example and says what the body must hash to", async () => {
    const result = await verify(getObject(), NOW);
    expect(result).toMatchObject({ mechanism: "header", payload: { kind: "sha256", hash: EMPTY } });
  });

  it("refuses any change to what was signed", async () => {
    const base = getObject();
    const auth = base.headers.authorization as string;
    const changed = (change: (r: IncomingParts) => void) => {
      const r = getObject();
      change(r);
      return outcome(r);
    };
    expect(await changed((r) => (r.url = "/other.txt"))).toBe("403 SignatureDoesNotMatch");
    expect(await changed((r) => (r.method = "DELETE"))).toBe("403 SignatureDoesNotMatch");
    expect(await changed((r) => (r.url = "/test.txt?acl"))).toBe("403 SignatureDoesNotMatch");
    expect(await changed((r) => (r.headers.range = "bytes=0-99"))).toBe("403 SignatureDoesNotMatch");
    expect(await changed((r) => (r.headers.host = "evil.example"))).toBe("403 SignatureDoesNotMatch");
    expect(await changed((r) => (r.headers.authorization = auth.replace(/.$/, "0")))).toBe("403 SignatureDoesNotMatch");
    // An x-amz-* header the signer did not sign would change what the store does.
    expect(await changed((r) => (r.headers["x-amz-copy-source"] = "examplebucket/secret.txt"))).toBe("403 AccessDenied");
    // A signed header that is not there, or required headers left out of the signature.
    expect(await changed((r) => delete r.headers.range)).toBe("403 AccessDenied");
    expect(await changed((r) => (r.headers.authorization = auth.replace("host;range;", "range;")))).toBe("403 AccessDenied");
  });

  it("refuses another key, no signature, other schemes and an old request", async () => {
    const auth = getObject().headers.authorization as string;
    const r = getObject();
    r.headers.authorization = auth.replace("AKIAIOSFODNN7EXAMPLE", "S3RVER");
    expect(await outcome(r)).toBe("403 InvalidAccessKeyId");
    const unsigned = getObject();
    delete unsigned.headers.authorization;
    expect(await outcome(unsigned)).toBe("403 AccessDenied");
    const v2 = getObject();
    v2.headers.authorization = "AWS S3RVER:c2lnbmF0dXJl";
    expect(await outcome(v2)).toBe("403 AccessDenied");
    expect(await outcome(getObject(), new Date("2013-05-24T00:20:00Z"))).toBe("403 RequestTimeTooSkewed");
  });

  it("accepts AWS's chunked-upload example and signs its first chunk as AWS does", async () => {
    const streaming: IncomingParts = {
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
    };
    const result = await verify(streaming, NOW);
    expect(result).toMatchObject({ mechanism: "header", payload: { kind: "chunked", signed: true, trailer: null, decodedLength: 66560 } });
    if (isS3Refusal(result)) return;
    const firstChunk = createHash("sha256").update(Buffer.alloc(65536, "a")).digest("hex");
    expect(await result.chunkSignature(result.signature, firstChunk)).toBe("ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648");
  });
});

describe("presigned URLs", () => {
  it("accepts AWS's example within its day", async () => {
    expect(await outcome(presigned())).toBe("ok query");
    expect(await outcome(presigned(), new Date("2013-05-24T23:59:59Z"))).toBe("ok query");
  });

  it("refuses it once expired, or before its time", async () => {
    const expired = await verify(presigned(), new Date("2013-05-25T00:00:01Z"));
    expect(expired).toMatchObject({ status: 403, code: "AccessDenied", message: "Request has expired" });
    expect(await outcome(presigned(), new Date("2013-05-23T23:00:00Z"))).toBe("403 AccessDenied");
  });

  it("refuses a changed signature, expiry, path or host, and a missing part", async () => {
    expect(await outcome(presigned(PRESIGNED_QUERY.replace(/.$/, "5")))).toBe("403 SignatureDoesNotMatch");
    expect(await outcome(presigned(PRESIGNED_QUERY.replace("X-Amz-Expires=86400", "X-Amz-Expires=604800")))).toBe("403 SignatureDoesNotMatch");
    expect(await outcome(presigned(`${PRESIGNED_QUERY}&response-content-type=text%2Fhtml`))).toBe("403 SignatureDoesNotMatch");
    expect(await outcome({ ...presigned(), url: `/secret.txt?${PRESIGNED_QUERY}` })).toBe("403 SignatureDoesNotMatch");
    expect(await outcome({ ...presigned(), headers: { host: "other.example" } })).toBe("403 SignatureDoesNotMatch");
    expect(await outcome(presigned(PRESIGNED_QUERY.replace(/&X-Amz-Signature=[0-9a-f]+/, "")))).toBe("403 AccessDenied");
    expect(await outcome(presigned(PRESIGNED_QUERY.replace("AKIAIOSFODNN7EXAMPLE", "S3RVER")))).toBe("403 InvalidAccessKeyId");
    // Both mechanisms at once is not a request S3 accepts.
    expect(await outcome({ ...presigned(), headers: { ...getObject().headers } })).toBe("400 InvalidArgument");
  });
});
