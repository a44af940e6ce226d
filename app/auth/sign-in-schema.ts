import * as z from "zod";
import { EMAIL_MESSAGES, emailSchema } from "./email-rules";
import { PHONE_MESSAGES, phoneDigits } from "~/profile/phone";
import { PASSWORD_MESSAGES, newPasswordSchema, withPasswordConfirmation } from "./password-rules";
import { SIGN_IN_MESSAGES, normalizeCode } from "./sign-in-rules";

/** The `login` state with email and password in one post (browser and server share it). */
export const passwordSignInSchema = z.object({
  email: emailSchema(EMAIL_MESSAGES.missing),
  password: z.string({ error: PASSWORD_MESSAGES.missing }).min(1, PASSWORD_MESSAGES.missing).max(256, SIGN_IN_MESSAGES.invalidPassword),
  redirect: z.string().max(2000).optional(),
});

/** The email step of `login`. */
export const emailStepSchema = z.object({ email: emailSchema(EMAIL_MESSAGES.missing) });

/** Buttons that need the email typed above them ('Forgot password?', 'Email me a link'). */
export const emailFirstSchema = z.object({ email: emailSchema(SIGN_IN_MESSAGES.fillEmailFirst) });

/** 'Forgot password?': an email typed (any text: the next state shows it). */
export const forgotPasswordSchema = z.object({
  email: z.string({ error: SIGN_IN_MESSAGES.fillEmailFirst }).trim().min(1, SIGN_IN_MESSAGES.fillEmailFirst),
});

/** A code sent to sign in (or as the second factor): six digits, spaces and dashes ignored. */
export const signInCodeSchema = z.object({
  code: z.string({ error: SIGN_IN_MESSAGES.invalidCode }).refine((value) => normalizeCode(value) !== null, SIGN_IN_MESSAGES.invalidCode),
});

/** set-password: the new password twice. */
export const setPasswordSchema = withPasswordConfirmation(
  z.object({ password: newPasswordSchema, confirmPassword: z.string({ error: "Please confirm the password" }) }),
);

/** set-phone-number, first step: ten digits (the mask's other characters ignored). */
export const setPhoneSchema = z.object({
  phone: z
    .string({ error: PHONE_MESSAGES.required })
    .refine((value) => phoneDigits(value).length > 0, PHONE_MESSAGES.required)
    .refine((value) => phoneDigits(value).length === 0 || phoneDigits(value).length === 10, PHONE_MESSAGES.length),
});

/** template-start. */
export const templateEmailSchema = z.object({ email: emailSchema(SIGN_IN_MESSAGES.templateEmailMissing) });

/** template-sign-up: both names, or the spec's one message. */
export const templateSignUpSchema = z.object({
  email: emailSchema(SIGN_IN_MESSAGES.templateEmailMissing),
  fname: z.string({ error: SIGN_IN_MESSAGES.templateNamesMissing }).trim().min(1, SIGN_IN_MESSAGES.templateNamesMissing).max(80, "First name is too long"),
  lname: z.string({ error: SIGN_IN_MESSAGES.templateNamesMissing }).trim().min(1, SIGN_IN_MESSAGES.templateNamesMissing).max(80, "Last name is too long"),
});

export const channelSchema = z.enum(["email", "sms"]);

export const signInMethodSchema = z.enum(["password", "email", "sms"], { error: SIGN_IN_MESSAGES.methodMissing });

/** set-sign-in-method's form. */
export const signInMethodFormSchema = z.object({ method: signInMethodSchema });
