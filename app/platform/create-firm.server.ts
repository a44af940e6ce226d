import { randomUUID } from "node:crypto";
import { z } from "zod";
import { DEFAULT_THEME } from "../../themes/catalog";
import { EMAIL_MESSAGES, emailSchema } from "~/auth/email-rules";
import { hashPassword } from "~/auth/password.server";
import { PASSWORD_MESSAGES, newPasswordSchema } from "~/auth/password-rules";
import { hashToken, newToken } from "~/auth/tokens.server";
import { isSubdomainTaken, withFirm } from "~/db.server";
import { SUBDOMAIN_MESSAGES, subdomainSchema } from "~/tenancy/subdomain";
import { installCannedTemplates } from "~/templates/canned.server";

export const HANDOFF_TOKEN_SECONDS = 60;

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

export type CreateFirmInput = z.infer<typeof createFirmSchema>;

export type CreateFirmResult =
  | { ok: true; firmId: string; slug: string; handoffToken: string }
  | { ok: false; field: "subdomain"; message: string };

/**
 * Firm self sign-up: the firm with default preferences and theme, the canned questionnaire
 * templates, and its partner; plus a one-time token that signs the partner in on the firm's
 * own subdomain (cookies don't cross subdomains).
 *
 * Everything runs in the new firm's scope under row-level security. Two sign-ups racing for
 * one subdomain: the unique index on firms.slug lets exactly one commit.
 */
export async function createFirm(input: CreateFirmInput): Promise<CreateFirmResult> {
  if (await isSubdomainTaken(input.subdomain)) return { ok: false, field: "subdomain", message: SUBDOMAIN_MESSAGES.taken };
  const firmId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  try {
    await withFirm(firmId, async (tx) => {
      await tx.firm.create({
        data: { id: firmId, name: input.firmName, slug: input.subdomain, themeName: DEFAULT_THEME, supportEmail: input.email },
      });
      await tx.firmPreferences.create({ data: { firmId } });
      const partner = await tx.user.create({
        data: {
          firmId,
          kind: "staff",
          firmAccess: "partner",
          isAdvisor: true,
          email: input.email,
          fname: input.firstName,
          lname: input.lastName,
          passwordHash,
          preferredSignInMethod: "password",
          enabled2fa: true,
        },
      });
      await installCannedTemplates(tx, firmId);
      await tx.signInToken.create({
        data: {
          firmId,
          userId: partner.id,
          tokenHash: hashToken(token),
          purpose: "handoff",
          expiresAt: new Date(Date.now() + HANDOFF_TOKEN_SECONDS * 1000),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "subdomain", message: SUBDOMAIN_MESSAGES.taken };
    throw error;
  }
  return { ok: true, firmId, slug: input.subdomain, handoffToken: token };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string }; message?: string } | null;
  return e?.code === "P2002" || e?.cause?.code === "23505" || /unique constraint/i.test(e?.message ?? "");
}
