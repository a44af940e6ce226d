import type { FirmSiteContext } from "~/context.server";
import { verifyPassword } from "./password.server";

export const SIGN_IN_MESSAGES = {
  unknownUser: "Sorry, we couldn't find a user with that email address",
  invalidPassword: "Invalid password",
  restricted:
    "Access to this account has been temporarily restricted. Please try again later or reset your password for immediate access.",
  inactive: "Your account is not active. Please contact your firm.",
  noPassword: "Sorry, there was a problem signing you in",
} as const;

/** After this many wrong passwords in a row, the account is restricted for a while. */
export const MAX_FAILED_SIGN_INS = 10;
export const RESTRICTION_MINUTES = 15;

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; field: "email" | "password" | "form"; message: string };

/**
 * The `login` state of /signin: checks the email and password of a user of this firm.
 * Wrong passwords are counted on the user; past the limit the account is restricted for
 * RESTRICTION_MINUTES (checked across every app server, since the count lives in the database).
 */
export async function signInWithPassword(portal: FirmSiteContext, email: string, password: string): Promise<SignInResult> {
  const { db } = portal;
  const user = await db.user.findFirst({
    where: { email, deletedAt: null },
    select: { id: true, passwordHash: true, paying: true, failedSignInCount: true, signInLockedUntil: true },
  });
  if (!user) {
    await verifyPassword(null, password);
    return { ok: false, field: "email", message: SIGN_IN_MESSAGES.unknownUser };
  }
  if (user.signInLockedUntil && user.signInLockedUntil > new Date()) {
    return { ok: false, field: "form", message: SIGN_IN_MESSAGES.restricted };
  }
  const valid = await verifyPassword(user.passwordHash, password);
  if (!valid) {
    const failed = (user.failedSignInCount ?? 0) + 1;
    const restrict = failed >= MAX_FAILED_SIGN_INS;
    await db.user.update({
      where: { id: user.id },
      data: {
        failedSignInCount: restrict ? 0 : failed,
        signInLockedUntil: restrict ? new Date(Date.now() + RESTRICTION_MINUTES * 60_000) : user.signInLockedUntil,
      },
    });
    if (restrict) return { ok: false, field: "form", message: SIGN_IN_MESSAGES.restricted };
    return { ok: false, field: "password", message: user.passwordHash ? SIGN_IN_MESSAGES.invalidPassword : SIGN_IN_MESSAGES.noPassword };
  }
  if (!user.paying) return { ok: false, field: "form", message: SIGN_IN_MESSAGES.inactive };
  if (user.failedSignInCount || user.signInLockedUntil) {
    await db.user.update({ where: { id: user.id }, data: { failedSignInCount: 0, signInLockedUntil: null } });
  }
  return { ok: true, userId: user.id };
}
