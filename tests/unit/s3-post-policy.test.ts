/**
 * The POST policy rules the local S3 server enforces (scripts/lib/s3-post-policy.ts), against forms
 * made by the AWS SDK's own createPresignedPost.
 */
import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { describe, expect, it } from "vitest";

import { checkPostPolicyFields, checkPostPolicySize, isRefusal, s3ErrorXml } from "../../scripts/lib/s3-post-policy";

const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const client = new S3Client({ region: "us-east-1", endpoint: "http://127.0.0.1:1", forcePathStyle: true, credentials });
const KEY = "firms/a/entities/b/documents/0123-w2.pdf";

async function form(expires = 300) {
  const post = await createPresignedPost(client, {
    Bucket: "portal",
    Key: KEY,
    Fields: { "Content-Type": "application/pdf" },
    Conditions: [["content-length-range", 1, 1024]],
    Expires: expires,
  });
  return post.fields;
}

describe("POST policy fields", () => {
  it("accepts the SDK's own form and returns its size range", async () => {
    const result = checkPostPolicyFields({ fields: await form(), bucket: "portal", credentials });
    expect(result).toEqual({ minBytes: 1, maxBytes: 1024 });
  });

  it("refuses another key, type or bucket, extra fields, a bad signature, another access key and expiry", async () => {
    const fields = await form();
    const code = (f: Record<string, string>, bucket = "portal", now?: Date) => {
      const r = checkPostPolicyFields({ fields: f, bucket, credentials, now });
      return isRefusal(r) ? `${r.status} ${r.code}` : "ok";
    };
    expect(code({ ...fields, key: "firms/other/x.pdf" })).toBe("403 AccessDenied");
    expect(code({ ...fields, "Content-Type": "text/html" })).toBe("403 AccessDenied");
    expect(code(fields, "other-bucket")).toBe("403 AccessDenied");
    expect(code({ ...fields, acl: "public-read" })).toBe("403 AccessDenied");
    expect(code({ ...fields, "x-ignore-note": "fine" })).toBe("ok");
    expect(code({ ...fields, "X-Amz-Signature": "f".repeat(64) })).toBe("403 SignatureDoesNotMatch");
    expect(code({ ...fields, "X-Amz-Credential": fields["X-Amz-Credential"].replace("S3RVER", "SOMEONE") })).toBe("403 InvalidAccessKeyId");
    const { Policy: _policy, ...unsigned } = fields;
    expect(code(unsigned)).toBe("403 AccessDenied");
    expect(code(fields, "portal", new Date(Date.now() + 301_000))).toBe("403 AccessDenied");
    const expired = checkPostPolicyFields({ fields, bucket: "portal", credentials, now: new Date(Date.now() + 301_000) });
    expect(isRefusal(expired) && expired.message).toBe("Invalid according to Policy: Policy expired.");
  });

  it("checks the size against content-length-range, inclusive", () => {
    expect(checkPostPolicySize({ minBytes: 1, maxBytes: 1024 }, 1024)).toBeNull();
    expect(checkPostPolicySize({ minBytes: 1, maxBytes: 1024 }, 1)).toBeNull();
    expect(checkPostPolicySize({ minBytes: 1, maxBytes: 1024 }, 1025)).toMatchObject({ status: 400, code: "EntityTooLarge" });
    expect(checkPostPolicySize({ minBytes: 1, maxBytes: 1024 }, 0)).toMatchObject({ status: 400, code: "EntityTooSmall" });
  });

  it("writes S3's XML error, escaped", () => {
    const xml = s3ErrorXml({ status: 403, code: "AccessDenied", message: 'Policy Condition failed: ["eq", "$key", "<x>"]' }, "REQ1");
    expect(xml).toContain("<Code>AccessDenied</Code>");
    expect(xml).toContain("&#60;x&#62;");
    expect(xml).toContain("<RequestId>REQ1</RequestId>");
  });
});
