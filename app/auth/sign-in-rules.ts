/**
 * The rules of signing in that need no database: the spec's messages, how long each one-time
 * secret lives, the password lockout arithmetic, when two-factor applies, and how a code or an
 * address is shown. Plain module: the browser may import it too.
 */
import { twoFactorPolicy } from "~/profile/two-factor";

/** Client spec §8 (sign-in errors) and §5 (login validation), word for word. */
export const SIGN_IN_MESSAGES = {
  fillEmailFirst: "Please fill out email first.",
  emailMissing: "Email is missing",
  passwordMissing: "Password is missing",
  invalidPassword: "Invalid password",
  unknownUser: "Sorry, we couldn't find a user with that email address",
  restricted: "Access to this account has been temporarily restricted. Please try again later or reset your password for immediate access.",
  invalidCode: "Invalid or expired verification code",
  tooManyAttempts: "Too many incorrect attempts",
  somethingWrong: "Something went wrong",
  codeSendFailed: "Sorry, there was a problem sending your verification code. Please try again.",
  smsSendFailed: "Failed to send SMS code",
  signInProblem: "Sorry, there was a problem signing you in",
  linkSendFailed: "Sorry, there was a problem sending the sign-in link. Please try again later.",
  templateEmailMissing: "Please enter your email",
  templateNamesMissing: "Please enter your first and last name",
  methodMissing: "Please choose how you want to sign in",
  /** Not in the spec (it names no message for a deactivated user). */
  inactive: "Your account is not active. Please contact your firm.",
} as const;

/** 429 answers (the spec shows the server's message). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds <= 90
    ? `Too many requests. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds))} seconds and try again.`
    : `Too many requests. Please try again in ${minutes} minutes.`;
}

export function resendWaitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before requesting another code.`;
}

export const TOO_MANY_SENDS_MESSAGE = "Too many codes or links were requested for this account. Please try again in an hour.";

// ─── One-time secrets ───

/** Verification codes: 6 digits (spec: "Verification code: 6 characters"). */
export const CODE_LENGTH = 6;
/** Wrong tries after which a code is void. */
export const CODE_MAX_ATTEMPTS = 5;
/** One browser (sign-in attempt) may ask for a new code or link this often. */
export const RESEND_INTERVAL_SECONDS = 30;
/**
 * Send budgets, per hour, counting codes and links not used. Per user AND requesting address:
 * one address can't flood someone's phone or mailbox, or collect codes to guess at. Per user
 * from every address together (a flood from many addresses): codes and sign-in links only, never
 * password resets, so strangers asking for codes can't block the owner's password path.
 */
export const MAX_UNUSED_SENDS_PER_HOUR = 10;
export const MAX_UNUSED_SENDS_PER_HOUR_ALL_ADDRESSES = 30;

/** How long each kind of one-time secret is valid, in minutes. */
export const SECRET_LIFETIME_MINUTES = {
  /** A code sent by email or SMS. */
  verification_code: 10,
  /** A sign-in link the user asked for. */
  sign_in_link: 15,
  /** A sign-in link a firm's staff sent (the user did not ask for it and may read it later). */
  staff_sign_in_link: 24 * 60,
  /** A password (or sign-in method) reset link. */
  password_reset: 30,
  /** A link confirming a new email address. */
  email_confirmation: 24 * 60,
  /** The browser's sign-in attempt (the cookie codes are tied to). */
  attempt: 15,
  /** A session waiting for its second factor. */
  pending_two_factor: 15,
  /** A link confirming a sign-up from a public template link. */
  template_sign_up: 24 * 60,
} as const;

// ─── Re-authentication before account changes ───

/**
 * Changing the password, the email, the phone, the sign-in method or turning two-factor off
 * needs a recent proof that it is the account's owner, not just a session cookie: the current
 * password or a code just emailed to the account (or the reset link that led here). It lasts
 * this long, and signing in does not count (a session stolen right after sign-in must not be
 * able to keep the account).
 */
export const REAUTH_WINDOW_MINUTES = 10;

export function hasRecentAuth(reauthenticatedAt: Date | null | undefined, now: Date = new Date()): boolean {
  return Boolean(
    reauthenticatedAt && now.getTime() - reauthenticatedAt.getTime() < REAUTH_WINDOW_MINUTES * 60_000 && reauthenticatedAt.getTime() <= now.getTime() + 60_000,
  );
}

export const REAUTH_MESSAGES = {
  passwordMissing: "Enter your current password to make this change",
  codeMissing: "Enter the code we emailed you to make this change",
  wrongPassword: "Invalid password",
  phoneCodeMissing: "Enter the code we texted to your new number",
} as const;

/** Staff always sign in with a password and a code (two factors); a code or link alone never does it. */
export const STAFF_PASSWORD_ONLY = "Staff sign in with a password and a verification code.";

/** The sign-in methods a kind of user may choose. */
export function allowedSignInMethods(kind: "staff" | "client"): ("password" | "email" | "sms")[] {
  return kind === "staff" ? ["password"] : ["password", "email", "sms"];
}

export type SecretKind = keyof typeof SECRET_LIFETIME_MINUTES;

export function secretExpiresAt(kind: SecretKind, now: Date = new Date()): Date {
  return new Date(now.getTime() + SECRET_LIFETIME_MINUTES[kind] * 60_000);
}

/** What a user typed as a code: digits only (spaces and dashes dropped), or null if it can't be one. */
export function normalizeCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const compact = value.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(compact) ? compact : null;
}

// ─── Password lockout ───

/** Client spec and issue 3: 5 failed passwords within 15 minutes lock the account for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export interface LockoutState {
  failedCount: number;
  firstFailedAt: Date | null;
  lockedUntil: Date | null;
}

export function isLocked(state: Pick<LockoutState, "lockedUntil">, now: Date = new Date()): boolean {
  return Boolean(state.lockedUntil && state.lockedUntil.getTime() > now.getTime());
}

export type PasswordTry = { allowed: false } | { allowed: true; next: LockoutState; locksNow: boolean };

/**
 * Counts a password try before the password is checked (so parallel guesses can't slip past
 * the limit): a try outside the current 15-minute window starts a new one; the fifth try in a
 * window locks the account for 15 minutes from now. A correct password then clears the state
 * (`clearedLockout`), so the fifth try still signs in when it is right.
 */
export function claimPasswordTry(state: LockoutState, now: Date = new Date()): PasswordTry {
  if (isLocked(state, now)) return { allowed: false };
  const windowStart = now.getTime() - LOCKOUT.windowMinutes * 60_000;
  const inWindow = state.firstFailedAt !== null && state.firstFailedAt.getTime() > windowStart;
  const failedCount = inWindow ? state.failedCount + 1 : 1;
  const firstFailedAt = inWindow ? state.firstFailedAt : now;
  const locksNow = failedCount >= LOCKOUT.maxFailures;
  return {
    allowed: true,
    locksNow,
    next: { failedCount, firstFailedAt, lockedUntil: locksNow ? new Date(now.getTime() + LOCKOUT.lockMinutes * 60_000) : null },
  };
}

export const clearedLockout: LockoutState = { failedCount: 0, firstFailedAt: null, lockedUntil: null };

// ─── Two-factor ───

/**
 * Whether signing in needs a second factor: when the profile's policy makes it mandatory (staff,
 * for the FTC Safeguards Rule; everyone in a firm with force_2fa_on_users), or the user turned it on.
 */
export function twoFactorRequired(user: { kind: "staff" | "client"; enabled2fa: boolean }, firm: { force2faOnUsers: boolean }): boolean {
  return twoFactorPolicy(user, firm).required || user.enabled2fa;
}

// ─── Showing where a code or link went ───

/** `jordan@acme.test` → `j•••n@acme.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/** Ten digits → `(•••) •••-0142`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `(•••) •••-${digits.slice(-4).padStart(4, "•")}`;
}
