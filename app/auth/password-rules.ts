import * as z from "zod";

/** The spec's password rules. Shared by sign-up, set-password and profile forms. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_SPECIALS = "#?!@$%^&*-";

export const PASSWORD_MESSAGES = {
  missing: "Password is missing",
  length: "Password must be greater than 10 characters",
  uppercase: "Password must contain an uppercase letter",
  lowercase: "Password must contain a lowercase letter",
  number: "Password must contain a number",
  special: `Password must contain a special character (${PASSWORD_SPECIALS})`,
  mismatch: "Passwords do not match",
  tooLong: "Password must be at most 128 characters",
} as const;

/** Every rule the password breaks, in the order a user would fix them. */
export function passwordProblems(password: string): string[] {
  if (!password) return [PASSWORD_MESSAGES.missing];
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.length);
  if (password.length > 128) problems.push(PASSWORD_MESSAGES.tooLong);
  if (!/[A-Z]/.test(password)) problems.push(PASSWORD_MESSAGES.uppercase);
  if (!/[a-z]/.test(password)) problems.push(PASSWORD_MESSAGES.lowercase);
  if (!/[0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.number);
  if (![...password].some((c) => PASSWORD_SPECIALS.includes(c))) problems.push(PASSWORD_MESSAGES.special);
  return problems;
}

/** A new password field: reports the first broken rule. */
export const newPasswordSchema = z.string({ error: PASSWORD_MESSAGES.missing }).superRefine((value, ctx) => {
  const [first] = passwordProblems(value);
  if (first) ctx.addIssue({ code: "custom", message: first });
});

/** Adds the "Passwords do not match" rule to an object with password and confirmPassword. */
export function withPasswordConfirmation<T extends z.ZodObject<{ password: z.ZodTypeAny; confirmPassword: z.ZodTypeAny }>>(schema: T) {
  return schema.superRefine((value: { password?: unknown; confirmPassword?: unknown }, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_MESSAGES.mismatch });
    }
  });
}
