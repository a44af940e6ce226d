import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";

/** Titles of the sign-in entries in the activity log (one place, so tests and pages agree). */
export const AUTH_ACTIVITY = {
  signedIn: "Signed in",
  signInFailed: "Sign-in failed",
  accountLocked: "Account locked",
  codeSent: "Verification code sent",
  linkSent: "Sign-in link sent",
  resetLinkSent: "Password reset link sent",
  methodChanged: "Sign-in method changed",
  passwordChanged: "Password changed",
  signedOut: "Signed out",
  accountCreated: "Account created",
  staffSentLink: "Sign-in link sent by staff",
} as const;

/**
 * The routine sign-in entries (every sign-in makes a few): the activity log leaves them out
 * unless staff ask for them. Failures that lock an account and changes to how one signs in stay.
 */
export const ROUTINE_SIGN_IN_TITLES: readonly string[] = [
  AUTH_ACTIVITY.signedIn,
  AUTH_ACTIVITY.signInFailed,
  AUTH_ACTIVITY.codeSent,
  AUTH_ACTIVITY.linkSent,
  AUTH_ACTIVITY.resetLinkSent,
  AUTH_ACTIVITY.signedOut,
];

export interface AuthEvent {
  title: (typeof AUTH_ACTIVITY)[keyof typeof AUTH_ACTIVITY];
  description?: string | null;
  /** Whose account (null for an unknown email). */
  userId: string | null;
  /** Who did it, when not the user themselves (staff sending links). */
  actorId?: string | null;
}

/** Writes a sign-in event with the account, the actor and the client's address. */
export async function logAuthEvent(portal: FirmSiteContext, event: AuthEvent): Promise<void> {
  const detailChange = event.title === AUTH_ACTIVITY.methodChanged || event.title === AUTH_ACTIVITY.passwordChanged;
  await logActivity(portal.db, portal.firm.id, {
    typeId: detailChange ? ACTIVITY_TYPES.detailChange : ACTIVITY_TYPES.uncategorized,
    title: event.title,
    description: event.description ?? null,
    userId: event.userId,
    actorId: event.actorId === undefined ? event.userId : event.actorId,
    ipAddress: portal.clientAddress,
  });
}
