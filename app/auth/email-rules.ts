import * as z from "zod";

export const EMAIL_MESSAGES = {
  required: "Email is required",
  invalid: "Invalid email address",
  missing: "Email is missing",
} as const;

/** Trimmed, lower-cased email with the spec's messages. */
export function emailSchema(requiredMessage: string = EMAIL_MESSAGES.required) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, EMAIL_MESSAGES.invalid)
    .pipe(z.email({ error: EMAIL_MESSAGES.invalid }))
    .transform((value) => value.toLowerCase());
}
