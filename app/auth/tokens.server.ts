import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "~/env.server";
import { CODE_LENGTH } from "./sign-in-rules";

/** A random token for a URL or cookie (32 bytes = 256 bits by default); only its hash is stored. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A verification code: CODE_LENGTH digits from the operating system's CSPRNG, uniformly. */
export function newVerificationCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
}

/**
 * What is stored for a code: a keyed hash of the code and its row id. A million codes are easy to
 * try against a plain hash; without the server's secret a stolen table gives nothing away, and
 * the row id makes two rows with the same code differ.
 */
export function hashCode(rowId: string, code: string): string {
  return createHmac("sha256", sessionSecret()).update(`${rowId}:${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
