/**
 * Rules of outbound email and SMS that need no database or provider: recipient formats,
 * the sender line, and when a failed delivery is tried again.
 */
import * as z from "zod";
import { PortalError } from "~/errors";

export type OutboundMessageRefusalCode = "INVALID_RECIPIENT" | "INVALID_MESSAGE";
const REFUSAL_CODES: readonly string[] = ["INVALID_RECIPIENT", "INVALID_MESSAGE"] satisfies OutboundMessageRefusalCode[];

/** Refusal of a message before it is recorded (bad address, empty body): 400 with its code. A provider failure is never thrown. */
export function refuseMessage(code: OutboundMessageRefusalCode, message: string): PortalError {
  return new PortalError(400, message, { code });
}

/** Whether `error` is a message refused before it was recorded (see `refuseMessage`). */
export function isMessageRefusal(error: unknown): error is PortalError {
  return error instanceof PortalError && error.code !== undefined && REFUSAL_CODES.includes(error.code);
}

const emailAddress = z.email();

/** The trimmed address; throws a refusal (`refuseMessage`) for anything that is not one plain address. */
export function normalizeEmailRecipient(to: string): string {
  const value = to.trim();
  if (value.length > 254 || !emailAddress.safeParse(value).success) {
    throw refuseMessage("INVALID_RECIPIENT", "Invalid email address");
  }
  return value;
}

/**
 * A phone number in E.164 (`+15551234567`). US numbers may be given as 10 digits, or 11 starting
 * with 1, with any spaces, dashes, dots or brackets; other countries need their `+` prefix.
 * Throws a refusal (`refuseMessage`) otherwise.
 */
export function toE164(phone: string): string {
  const compact = phone.trim().replace(/[\s\-().]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^\d{10}$/.test(compact)) return `+1${compact}`;
  if (/^1\d{10}$/.test(compact)) return `+${compact}`;
  throw refuseMessage("INVALID_RECIPIENT", "Invalid phone number");
}

/**
 * `"Firm name" <address>`: the firm's name as the display name of the product's sending address.
 * Quotes and backslashes are escaped and line breaks removed, so a firm name can't add headers
 * or a second address.
 */
export function senderAddress(firmName: string, address: string): string {
  const name = firmName
    .replace(/[\r\n\t]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim()
    .replace(/[\\"]/g, (c) => `\\${c}`);
  return name ? `"${name}" <${address}>` : address;
}

/** Deliveries tried per message before it is marked `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Wait before the first retry; each later one waits twice as long as the one before. */
export const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * Wait before the next try after `attempts` failed tries: 1 min, 2, 4, 8, … capped at 1 h.
 * `firstRetryMs` replaces the first minute (tests use a fraction of a second).
 */
export function retryDelayMs(attempts: number, { firstRetryMs = FIRST_RETRY_MS }: { firstRetryMs?: number } = {}): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(LONGEST_RETRY_MS, firstRetryMs * 2 ** exponent);
}

/** Provider errors are stored on the message; keep them readable and bounded. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
  const oneLine = (text || "Unknown error").replace(/\s+/g, " ").trim();
  return oneLine.length > 500 ? `${oneLine.slice(0, 497)}...` : oneLine;
}
