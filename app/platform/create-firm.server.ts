import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { DEFAULT_THEME } from "../../themes/catalog";
import { hashPassword } from "~/auth/password.server";
import { hashToken, newToken } from "~/auth/tokens.server";
import { isSubdomainTaken, withFirm } from "~/db.server";
import { ROOT_SITE, hitThrottle, type ThrottleResult } from "~/rate-limit.server";
import { SUBDOMAIN_MESSAGES } from "~/tenancy/subdomain";
import type { createFirmSchema } from "./create-firm-schema";
import { SIGN_UP_THROTTLE, signUpBucket } from "./sign-up-limit";
import { installCannedTemplates } from "~/templates/canned.server";

export const HANDOFF_TOKEN_SECONDS = 60;

export type CreateFirmInput = z.infer<typeof createFirmSchema>;

export type CreateFirmResult = { ok: true; firmId: string; slug: string; handoffToken: string } | { ok: false; field: "subdomain"; message: string };

/** Counts a sign-up from this client address (SIGN_UP_THROTTLE); refused past the limit. */
export function throttleSignUp(clientAddress: string | null, now = new Date()): Promise<ThrottleResult> {
  return hitThrottle(ROOT_SITE, signUpBucket(clientAddress), SIGN_UP_THROTTLE, now);
}

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
