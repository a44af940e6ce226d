import type { FirmSiteContext } from "~/context.server";
import { AUTH_ACTIVITY, logAuthEvent } from "./auth-activity.server";
import { verifyPassword } from "./password.server";
import { LOCKOUT, SIGN_IN_MESSAGES, claimPasswordTry, clearedLockout, type LockoutState } from "./sign-in-rules";
import { findUserByEmail, type SignInUser } from "./sign-in-user.server";
import { recordSignInFailure } from "./throttle.server";

export type PasswordCheck = { ok: true; user: SignInUser } | { ok: false; field: "email" | "password" | "form"; message: string; status: 400 | 403 | 429 };

interface LockoutRow {
  failed_sign_in_count: number;
  first_failed_sign_in_at: Date | null;
  sign_in_locked_until: Date | null;
}

/**
 * The password step of `login`. Each try is counted on the user before the password is checked,
 * under the user's row lock, so parallel guesses queue up and the fifth within 15 minutes locks
 * the account for 15 minutes (on every app server: the count lives in the database). A right
 * password clears the count. Failures are counted against the client's address too.
 */
export async function checkPassword(portal: FirmSiteContext, user: SignInUser, password: string): Promise<PasswordCheck> {
  if (!user.paying) return { ok: false, field: "form", message: SIGN_IN_MESSAGES.inactive, status: 403 };
  const now = new Date();
  const claim = await portal.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<LockoutRow[]>`
      SELECT failed_sign_in_count, first_failed_sign_in_at, sign_in_locked_until FROM users WHERE id = ${user.id} FOR UPDATE`;
    const row = rows[0];
    const state: LockoutState = {
      failedCount: row?.failed_sign_in_count ?? 0,
      firstFailedAt: row?.first_failed_sign_in_at ?? null,
      lockedUntil: row?.sign_in_locked_until ?? null,
    };
    const tried = claimPasswordTry(state, now);
    if (tried.allowed) {
      await tx.user.update({
        where: { id: user.id },
        data: { failedSignInCount: tried.next.failedCount, firstFailedSignInAt: tried.next.firstFailedAt, signInLockedUntil: tried.next.lockedUntil },
      });
    }
    return tried;
  });
  if (!claim.allowed) {
    await logAuthEvent(portal, { title: AUTH_ACTIVITY.signInFailed, description: "Password tried while the account is locked", userId: user.id });
    return { ok: false, field: "form", message: SIGN_IN_MESSAGES.restricted, status: 429 };
  }

  if (await verifyPassword(user.passwordHash, password)) {
    await portal.db.user.update({
      where: { id: user.id },
      data: { failedSignInCount: clearedLockout.failedCount, firstFailedSignInAt: clearedLockout.firstFailedAt, signInLockedUntil: clearedLockout.lockedUntil },
    });
    return { ok: true, user };
  }

  await recordSignInFailure(portal);
  await logAuthEvent(portal, { title: AUTH_ACTIVITY.signInFailed, description: "Invalid password", userId: user.id });
  if (claim.locksNow) {
    await logAuthEvent(portal, {
      title: AUTH_ACTIVITY.accountLocked,
      description: `${LOCKOUT.maxFailures} failed passwords within ${LOCKOUT.windowMinutes} minutes; locked for ${LOCKOUT.lockMinutes} minutes`,
      userId: user.id,
    });
    return { ok: false, field: "form", message: SIGN_IN_MESSAGES.restricted, status: 429 };
  }
  return {
    ok: false,
    field: "password",
    message: user.passwordHash ? SIGN_IN_MESSAGES.invalidPassword : SIGN_IN_MESSAGES.signInProblem,
    status: 400,
  };
}

/** Email and password in one go (the login form without the email step, and API clients). */
export async function signInWithPassword(portal: FirmSiteContext, email: string, password: string): Promise<PasswordCheck> {
  const user = await findUserByEmail(portal, email);
  if (!user) {
    // Keeps the answer's timing close to a real check.
    await verifyPassword(null, password);
    await recordSignInFailure(portal);
    // The same answer as a wrong password: the form can't tell who has an account.
    return { ok: false, field: "password", message: SIGN_IN_MESSAGES.invalidPassword, status: 400 };
  }
  return checkPassword(portal, user, password);
}
