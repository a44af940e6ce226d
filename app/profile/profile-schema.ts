/**
 * The profile forms' rules, shared by the browser (conform validates as the user types) and the
 * server (the same schema parses every POST). Messages are the spec's where it has one.
 */
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { EMAIL_MESSAGES, emailSchema } from "~/auth/email-rules";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "~/time-zones";
import { addressLabels, normalizePostalCode, normalizeRegion, POSTAL_MESSAGES, toCountry } from "./address";
import { PHONE_MESSAGES, phoneDigits } from "./phone";
import { PROFILE_MESSAGES } from "./profile-messages";

export const CONTACT_METHODS = [
  { value: "email", label: "Email" },
  { value: "sms", label: "Email & Text" },
] as const;

export { PROFILE_MESSAGES };

/** A checkbox or switch: "on" (browsers) or "true" means on; absent means off. */
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** Empty, or ten digits once the mask's characters are stripped; parsed to the digits. */
const optionalPhone = z
  .string()
  .max(40, PHONE_MESSAGES.length)
  .optional()
  .transform((value) => phoneDigits(value))
  .refine((digits) => digits === "" || digits.length === 10, PHONE_MESSAGES.length);

/** Empty, or a valid email (lower-cased); parsed to null when empty. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, EMAIL_MESSAGES.invalid)
  .optional()
  .refine((value) => !value || z.email().safeParse(value).success, EMAIL_MESSAGES.invalid)
  .transform((value) => (value ? value.toLowerCase() : null));

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/** The emailed link's page (/profile/confirm-email). */
export const CONFIRM_EMAIL_MESSAGES = {
  invalid: "This link is invalid or has expired. Request the change again from your profile.",
  taken: "This email already exists",
} as const;

// ─── User profile (/profile and /admin-profile) ───

export const userProfileSchema = z
  .object({
    intent: z.literal("profile"),
    email: emailSchema(EMAIL_MESSAGES.required),
    preferredContactMethod: z.enum(["email", "sms"], { error: "Choose how we contact you" }).default("email"),
    phoneNumber: optionalPhone,
    workPhoneNumber: optionalPhone,
    workPhoneExtension: z
      .string()
      .trim()
      .max(10, "Extension must be at most 10 digits")
      .regex(/^\d*$/, PROFILE_MESSAGES.extension)
      .optional()
      .transform((value) => value || null),
    timeZone: z
      .string()
      .optional()
      .transform((value) => value || DEFAULT_TIME_ZONE)
      .refine((value) => Object.hasOwn(TIME_ZONES, value), PROFILE_MESSAGES.chooseTimeZone),
    enabled2fa: checkbox,
    // Proof that it's the owner, asked for when the email, the phone or two-factor changes.
    currentPassword: z.string().max(256).optional(),
    reauthCode: z.string().max(20).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.preferredContactMethod === "sms" && !value.phoneNumber) {
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: PHONE_MESSAGES.required });
    }
  });

export type UserProfileInput = z.infer<typeof userProfileSchema>;

// ─── Addresses (entity profile and the contact dialog) ───

const addressShape = {
  street: optionalText(200, "Street"),
  city: optionalText(100, "City"),
  state: z.string().trim().max(60).optional(),
  zip: z.string().trim().max(12, POSTAL_MESSAGES.US).optional(),
  country: z
    .string()
    .optional()
    .transform((value) => value || "US")
    .refine((value) => value === "US" || value === "CA", "Choose a country")
    .transform((value) => toCountry(value)),
};

/** Checks state and zip against the country and puts them in their usual form. */
function withAddressRules<T extends { country: string; state?: string; zip?: string }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, "state" | "zip"> & { state: string | null; zip: string | null } {
  const state = normalizeRegion(value.country, value.state);
  if (state === null) ctx.addIssue({ code: "custom", path: ["state"], message: addressLabels(value.country).chooseRegion });
  const zip = normalizePostalCode(value.country, value.zip);
  if (zip === null) ctx.addIssue({ code: "custom", path: ["zip"], message: POSTAL_MESSAGES[toCountry(value.country)] });
  return { ...value, state: state || null, zip: zip || null };
}

// ─── Entity profile (/profile, 'Save Information') ───

export const entityProfileSchema = z
  .object({
    intent: z.literal("entity"),
    /** The entity's public id (hash_id). */
    entity: z.string().min(1).max(64),
    businessEmail: optionalEmail,
    otherEmail: optionalEmail,
    ...addressShape,
  })
  .transform(withAddressRules);

export type EntityProfileInput = z.infer<typeof entityProfileSchema>;

export const cancelEmailChangeSchema = z.object({ intent: z.literal("cancel-email-change") });

/** The code texted to a new phone number (it is saved only then). */
export const verifyPhoneSchema = z.object({
  intent: z.literal("verify-phone"),
  phoneCode: z.string({ error: "Enter the code we texted to your new number" }).max(20),
});

/** 'Email me a code' to confirm it's the owner (users without a password). */
export const reauthSendCodeSchema = z.object({ intent: z.literal("reauth-send-code") });

/** Everything the /profile page posts (one action, by intent). */
export const profilePageSchema = z.discriminatedUnion("intent", [
  userProfileSchema,
  entityProfileSchema,
  cancelEmailChangeSchema,
  verifyPhoneSchema,
  reauthSendCodeSchema,
]);

/** What /admin-profile posts. */
export const staffProfilePageSchema = z.discriminatedUnion("intent", [userProfileSchema, cancelEmailChangeSchema, verifyPhoneSchema, reauthSendCodeSchema]);

// ─── 'Confirm this information' (client dashboard) ───

export const confirmContactSchema = z
  .object({
    questionnaireId: z.string().min(1).max(64),
    entity: z.string().min(1).max(64),
    email: emailSchema(EMAIL_MESSAGES.required),
    phoneNumber: optionalPhone,
    sms: checkbox,
    currentPassword: z.string().max(256).optional(),
    reauthCode: z.string().max(20).optional(),
    ...addressShape,
  })
  .superRefine((value, ctx) => {
    if (value.sms && !value.phoneNumber) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: PHONE_MESSAGES.required });
  })
  .transform(withAddressRules);

export type ConfirmContactInput = z.infer<typeof confirmContactSchema>;

/** What the profile routes' actions answer, for every intent: conform's reply, and what was saved. */
export interface ProfileActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  saved?: { emailConfirmationSentTo: string | null; changed: string[]; phoneVerificationSentTo?: string | null; reauthCodeSentTo?: string | null };
}

/** What POST /profile/confirm-contact answers. */
export interface ConfirmContactActionData {
  result: SubmissionResult<string[]>;
  saved?: { emailConfirmationSentTo: string | null; phoneVerificationSentTo?: string | null };
}
