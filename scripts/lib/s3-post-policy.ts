/**
 * The rules AWS S3 applies to a browser-based POST upload (a presigned POST policy, Signature
 * Version 4), as pure functions, so the local S3 server can refuse what S3 would refuse:
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 *
 * - the form carries a base64 JSON `policy` and `x-amz-signature` = HMAC-SHA256 of the policy
 *   under the SigV4 signing key of `x-amz-credential` (access key / date / region / s3);
 * - the policy has not expired;
 * - every condition holds: exact matches (`{"key": …}` or `["eq", "$key", …]`), `starts-with`,
 *   and `content-length-range` for the file's size;
 * - every form field except `policy`, `x-amz-signature`, `file` and `x-ignore-*` is named by a
 *   condition ("Extra input fields").
 * Refusals carry S3's error code, HTTP status and message, for an S3-style XML error body.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface PostPolicyRefusal {
  status: number;
  code: "AccessDenied" | "SignatureDoesNotMatch" | "InvalidAccessKeyId" | "InvalidPolicyDocument" | "EntityTooLarge" | "EntityTooSmall" | "InvalidArgument";
  message: string;
  /** Extra elements of the XML error (e.g. ProposedSize, MaxSizeAllowed). */
  details?: Record<string, string | number>;
}

export interface PostPolicyCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What the field checks leave for the file: the size range the policy allows. */
export interface PostPolicyAccepted {
  minBytes: number;
  maxBytes: number;
}

type Condition = { kind: "eq" | "starts-with"; field: string; value: string } | { kind: "range"; min: number; max: number };

const EXEMPT_FIELDS = new Set(["policy", "x-amz-signature", "file"]);

function deny(message: string): PostPolicyRefusal {
  return { status: 403, code: "AccessDenied", message };
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** The SigV4 signature of a POST policy (hex). */
export function signPostPolicy(policyBase64: string, secretAccessKey: string, date: string, region: string): string {
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), "s3"), "aws4_request");
  return createHmac("sha256", signingKey).update(policyBase64, "utf8").digest("hex");
}

function parseConditions(raw: unknown): Condition[] | null {
  if (!Array.isArray(raw)) return null;
  const conditions: Condition[] = [];
  for (const c of raw) {
    if (Array.isArray(c)) {
      const [op, a, b] = c as unknown[];
      if (typeof op !== "string") return null;
      if (op.toLowerCase() === "content-length-range") {
        const min = Number(a);
        const max = Number(b);
        if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) return null;
        conditions.push({ kind: "range", min, max });
      } else if ((op === "eq" || op === "starts-with") && typeof a === "string" && a.startsWith("$") && typeof b === "string") {
        conditions.push({ kind: op, field: a.slice(1).toLowerCase(), value: b });
      } else {
        return null;
      }
    } else if (c && typeof c === "object") {
      const entries = Object.entries(c as Record<string, unknown>);
      if (entries.length !== 1 || typeof entries[0][1] !== "string") return null;
      conditions.push({ kind: "eq", field: entries[0][0].toLowerCase(), value: entries[0][1] as string });
    } else {
      return null;
    }
  }
  return conditions;
}

function conditionText(c: Condition): string {
  return c.kind === "range" ? `["content-length-range", ${c.min}, ${c.max}]` : `["${c.kind}", "$${c.field}", "${c.value}"]`;
}

/**
 * Checks a POST form's fields (everything sent before the file) against its policy, for `bucket`.
 * `fields` are the form fields as sent (names in any case). Returns the refusal, or the size
 * range the file must fall in.
 */
export function checkPostPolicyFields(options: {
  fields: Record<string, string>;
  bucket: string;
  credentials: PostPolicyCredentials;
  now?: Date;
}): PostPolicyRefusal | PostPolicyAccepted {
  const now = options.now ?? new Date();
  const fields = new Map<string, string>();
  for (const [name, value] of Object.entries(options.fields)) fields.set(name.toLowerCase(), value);
  // The bucket is the one the form is posted to (the URL), whatever a form field says.
  fields.set("bucket", options.bucket);

  const policyBase64 = fields.get("policy");
  const signature = fields.get("x-amz-signature");
  const credential = fields.get("x-amz-credential");
  if (!policyBase64 || !signature || !credential || fields.get("x-amz-algorithm") !== "AWS4-HMAC-SHA256") {
    return deny("Access Denied");
  }

  const [accessKeyId, date, region, service, terminal] = credential.split("/");
  if (accessKeyId !== options.credentials.accessKeyId) {
    return { status: 403, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  }
  if (!/^\d{8}$/.test(date ?? "") || !region || service !== "s3" || terminal !== "aws4_request") {
    return { status: 400, code: "InvalidArgument", message: "Error parsing the X-Amz-Credential parameter." };
  }
  const expected = Buffer.from(signPostPolicy(policyBase64, options.credentials.secretAccessKey, date, region), "utf8");
  const given = Buffer.from(signature.toLowerCase(), "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      status: 403,
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    };
  }

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, "base64").toString("utf8"));
  } catch {
    return { status: 400, code: "InvalidPolicyDocument", message: "Invalid Policy: Invalid JSON." };
  }
  const expiration = typeof policy.expiration === "string" ? Date.parse(policy.expiration) : NaN;
  if (Number.isNaN(expiration)) return { status: 400, code: "InvalidPolicyDocument", message: "Invalid Policy: Policy missing expiration." };
  if (expiration <= now.getTime()) return deny("Invalid according to Policy: Policy expired.");
  const conditions = parseConditions(policy.conditions);
  if (!conditions) return { status: 400, code: "InvalidPolicyDocument", message: "Invalid Policy: Invalid 'conditions' value." };

  const named = new Set<string>();
  let minBytes = 0;
  let maxBytes = Number.MAX_SAFE_INTEGER;
  for (const c of conditions) {
    if (c.kind === "range") {
      minBytes = Math.max(minBytes, c.min);
      maxBytes = Math.min(maxBytes, c.max);
      continue;
    }
    named.add(c.field);
    const value = fields.get(c.field) ?? "";
    const holds = c.kind === "eq" ? value === c.value : value.startsWith(c.value);
    if (!holds) return deny(`Invalid according to Policy: Policy Condition failed: ${conditionText(c)}`);
  }
  const extra = [...fields.keys()].filter((f) => !EXEMPT_FIELDS.has(f) && !f.startsWith("x-ignore-") && f !== "bucket" && !named.has(f));
  if (extra.length) return deny(`Invalid according to Policy: Extra input fields: ${extra.join(", ")}`);
  return { minBytes, maxBytes };
}

/** The size check, once the file's length is known. */
export function checkPostPolicySize(accepted: PostPolicyAccepted, size: number): PostPolicyRefusal | null {
  if (size > accepted.maxBytes) {
    return {
      status: 400,
      code: "EntityTooLarge",
      message: "Your proposed upload exceeds the maximum allowed size",
      details: { ProposedSize: size, MaxSizeAllowed: accepted.maxBytes },
    };
  }
  if (size < accepted.minBytes) {
    return {
      status: 400,
      code: "EntityTooSmall",
      message: "Your proposed upload is smaller than the minimum allowed size",
      details: { ProposedSize: size, MinSizeAllowed: accepted.minBytes },
    };
  }
  return null;
}

export function isRefusal(result: PostPolicyRefusal | PostPolicyAccepted | null): result is PostPolicyRefusal {
  return result !== null && "code" in result;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** S3's XML error body. */
export function s3ErrorXml(refusal: { status?: number; code: string; message: string; details?: Record<string, string | number> }, requestId: string): string {
  const details = Object.entries(refusal.details ?? {})
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message>${details}<RequestId>${requestId}</RequestId></Error>`;
}
