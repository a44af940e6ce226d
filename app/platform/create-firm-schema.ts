import * as z from "zod";
import { EMAIL_MESSAGES, emailSchema } from "~/auth/email-rules";
import { PASSWORD_MESSAGES, newPasswordSchema } from "~/auth/password-rules";
import { subdomainSchema } from "~/tenancy/subdomain";

/** Firm self sign-up at /create-firm (the browser and the server share it). */
export const createFirmSchema = z
  .object({
    firmName: z.string({ error: "Firm name is required" }).trim().min(2, "Firm name is required").max(120, "Firm name must be at most 120 characters"),
    subdomain: subdomainSchema,
    firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(80),
    lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(80),
    email: emailSchema(EMAIL_MESSAGES.required),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_MESSAGES.mismatch });
    }
  });
