import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PASSWORD_MESSAGES, newPasswordSchema, passwordProblems, withPasswordConfirmation } from "~/auth/password-rules";
import { EMAIL_MESSAGES, emailSchema } from "~/auth/email-rules";

describe("password rules", () => {
  it("accepts a password that meets every rule", () => {
    expect(passwordProblems("Portal-Demo-2026!")).toEqual([]);
    expect(passwordProblems("Abcdefgh1#")).toEqual([]);
  });
  it("needs at least 10 characters", () => {
    expect(passwordProblems("Abcdefg1#")).toEqual([PASSWORD_MESSAGES.length]);
  });
  it("needs upper, lower, number and a special from #?!@$%^&*-", () => {
    expect(passwordProblems("abcdefghi1#")).toEqual([PASSWORD_MESSAGES.uppercase]);
    expect(passwordProblems("ABCDEFGHI1#")).toEqual([PASSWORD_MESSAGES.lowercase]);
    expect(passwordProblems("Abcdefghij#")).toEqual([PASSWORD_MESSAGES.number]);
    expect(passwordProblems("Abcdefghij1")).toEqual([PASSWORD_MESSAGES.special]);
    // Specials outside the spec's set don't count.
    expect(passwordProblems("Abcdefghij1+")).toEqual([PASSWORD_MESSAGES.special]);
    for (const special of "#?!@$%^&*-") expect(passwordProblems(`Abcdefghi1${special}`)).toEqual([]);
  });
  it("reports a missing password", () => {
    expect(passwordProblems("")).toEqual([PASSWORD_MESSAGES.missing]);
  });
  it("schema reports the first problem and the mismatch", () => {
    const result = newPasswordSchema.safeParse("short");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.length);
    const form = withPasswordConfirmation(z.object({ password: newPasswordSchema, confirmPassword: z.string() }));
    const mismatch = form.safeParse({ password: "Portal-Demo-2026!", confirmPassword: "Portal-Demo-2026?" });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual([PASSWORD_MESSAGES.mismatch]);
    expect(form.safeParse({ password: "Portal-Demo-2026!", confirmPassword: "Portal-Demo-2026!" }).success).toBe(true);
  });
});

describe("email rules", () => {
  it("trims and lower-cases", () => {
    expect(emailSchema().parse("  Partner@Acme.TEST ")).toBe("partner@acme.test");
  });
  it("uses the spec's messages", () => {
    expect(emailSchema().safeParse("").error?.issues[0]?.message).toBe(EMAIL_MESSAGES.required);
    expect(emailSchema().safeParse("not-an-email").error?.issues[0]?.message).toBe(EMAIL_MESSAGES.invalid);
    expect(emailSchema(EMAIL_MESSAGES.missing).safeParse("   ").error?.issues[0]?.message).toBe(EMAIL_MESSAGES.missing);
  });
});
