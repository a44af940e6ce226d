/**
 * The phone rules set-phone-number needs (client spec §5): ten digits, the mask `(___) ___-____`,
 * sent with the non-digits stripped.
 */
export const PHONE_MESSAGES = {
  length: "Phone number must be 10 digits",
  required: "Phone is required",
} as const;

/** The digits typed or pasted; a leading US/Canada country code 1 on eleven digits is dropped. */
export function phoneDigits(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Digits shown through the mask as far as they go: "503555" → "(503) 555". */
export function formatPhone(value: string | null | undefined): string {
  const d = phoneDigits(value).slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
