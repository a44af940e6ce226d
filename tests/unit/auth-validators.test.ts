import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES, newPasswordSchema, withPasswordConfirmation } from "~/auth/password-rules";
import { emailFirstSchema, emailStepSchema, passwordSignInSchema, signInMethodSchema, templateEmailSchema, templateSignUpSchema } from "~/auth/sign-in-schema";
import { z } from "zod";

const messages = (result: { success: boolean; error?: z.ZodError }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe("login validation (client spec §5)", () => {
  it("trims and lower-cases the email", () => {
    expect(emailStepSchema.parse({ email: "  Client@ACME.test " }).email).toBe("client@acme.test");
  });
  it("says 'Email is missing' on the email step and the password form", () => {
    expect(messages(emailStepSchema.safeParse({ email: "   " }))).toEqual(["Email is missing"]);
    expect(messages(passwordSignInSchema.safeParse({ email: "", password: "" }))).toEqual(["Email is missing", "Password is missing"]);
  });
  it("says 'Please fill out email first.' for the buttons that need it", () => {
    expect(messages(emailFirstSchema.safeParse({ email: "" }))).toEqual(["Please fill out email first."]);
  });
  it("says 'Invalid email address' for a malformed one", () => {
    expect(messages(emailStepSchema.safeParse({ email: "not-an-email" }))).toEqual(["Invalid email address"]);
    expect(messages(emailStepSchema.safeParse({ email: `${"a".repeat(250)}@x.test` }))).toEqual(["Invalid email address"]);
  });
  it("takes no non-string input as valid", () => {
    expect(emailStepSchema.safeParse({ email: ["a@b.test"] }).success).toBe(false);
    expect(passwordSignInSchema.safeParse({ email: "a@b.test", password: 12345 }).success).toBe(false);
  });
});

describe("template sign-up validation", () => {
  it("template-start asks 'Please enter your email'", () => {
    expect(messages(templateEmailSchema.safeParse({ email: "" }))).toEqual(["Please enter your email"]);
  });
  it("template-sign-up asks 'Please enter your first and last name' for either name", () => {
    expect(messages(templateSignUpSchema.safeParse({ email: "a@b.test", fname: " ", lname: "Lee" }))).toEqual(["Please enter your first and last name"]);
    expect(messages(templateSignUpSchema.safeParse({ email: "a@b.test", fname: "Ada", lname: "" }))).toEqual(["Please enter your first and last name"]);
    expect(templateSignUpSchema.parse({ email: "A@B.test", fname: " Ada ", lname: " Lee " })).toEqual({ email: "a@b.test", fname: "Ada", lname: "Lee" });
  });
});

describe("set-password and set-sign-in-method validation", () => {
  const schema = withPasswordConfirmation(z.object({ password: newPasswordSchema, confirmPassword: z.string() }));
  it("applies the spec's password rules and the match rule", () => {
    expect(messages(schema.safeParse({ password: "Short-1!", confirmPassword: "Short-1!" }))).toContain(PASSWORD_MESSAGES.length);
    expect(messages(schema.safeParse({ password: "long-enough-1!", confirmPassword: "long-enough-1!" }))).toContain(PASSWORD_MESSAGES.uppercase);
    expect(messages(schema.safeParse({ password: "Long-Enough-1", confirmPassword: "Long-Enough-1" }))).toEqual([]);
    expect(messages(schema.safeParse({ password: "Long-Enough-1!", confirmPassword: "Long-Enough-2!" }))).toEqual([PASSWORD_MESSAGES.mismatch]);
  });
  it("needs a method among password, sms and email", () => {
    expect(signInMethodSchema.safeParse("sms").success).toBe(true);
    expect(messages(signInMethodSchema.safeParse(null))).toEqual(["Please choose how you want to sign in"]);
    expect(signInMethodSchema.safeParse("fax").success).toBe(false);
  });
});
