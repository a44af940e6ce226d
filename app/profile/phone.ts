/**
 * Phone numbers (client spec §5): ten digits, shown with the mask `(___) ___-____` (at most 14
 * characters) and sent with the non-digits stripped.
 */

export const PHONE_MESSAGES = {
  length: "Phone number must be 10 digits",
  required: "Phone is required",
  smsNeedsPhone: "You must have a phone number to receive SMS notifications.",
} as const;

export const PHONE_MASK = "(___) ___-____";
export const PHONE_MASK_LENGTH = PHONE_MASK.length;

/**
 * The digits of what was typed or pasted. A pasted US/Canada country code (`+1 503 555 0142`)
 * is dropped, so eleven digits starting with 1 become ten.
 */
export function phoneDigits(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * Digits shown through the mask as far as they go: "503" → "(503", "5035550142" →
 * "(503) 555-0142". Extra digits are cut at ten, so the result never exceeds the mask.
 */
export function formatPhone(value: string | null | undefined): string {
  const d = phoneDigits(value).slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The spec's message for a phone value, or null when it is empty or ten digits. */
export function phoneProblem(value: string | null | undefined): string | null {
  const d = phoneDigits(value);
  return d.length === 0 || d.length === 10 ? null : PHONE_MESSAGES.length;
}
