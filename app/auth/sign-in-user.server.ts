import type { FirmSiteContext } from "~/context.server";

/** What the sign-in flow reads about a user. */
export const SIGN_IN_USER_FIELDS = {
  id: true,
  kind: true,
  email: true,
  fname: true,
  phoneNumber: true,
  preferredSignInMethod: true,
  enabled2fa: true,
  passwordHash: true,
  setPasswordRequired: true,
  paying: true,
  failedSignInCount: true,
  firstFailedSignInAt: true,
  signInLockedUntil: true,
} as const;

export interface SignInUser {
  id: string;
  kind: "staff" | "client";
  email: string | null;
  fname: string;
  phoneNumber: string | null;
  preferredSignInMethod: "password" | "email" | "sms" | null;
  enabled2fa: boolean;
  passwordHash: string | null;
  setPasswordRequired: boolean;
  paying: boolean;
  failedSignInCount: number;
  firstFailedSignInAt: Date | null;
  signInLockedUntil: Date | null;
}

/**
 * A user of this firm who can sign in with this email: not deleted, and not holding a
 * placeholder address. The firm's scope means another firm's user is never found.
 */
export async function findUserByEmail(portal: FirmSiteContext, email: string): Promise<SignInUser | null> {
  return portal.db.user.findFirst({ where: { email, deletedAt: null, hasTempEmail: false }, select: SIGN_IN_USER_FIELDS });
}

export async function findUserById(portal: FirmSiteContext, id: string): Promise<SignInUser | null> {
  return portal.db.user.findFirst({ where: { id, deletedAt: null, hasTempEmail: false }, select: SIGN_IN_USER_FIELDS });
}
