/**
 * Re-authentication before account changes (password, email, phone, sign-in method, two-factor
 * off): a session cookie alone never changes how the account signs in. The form carries the
 * current password, or a code emailed to the account's address (`sendReauthCode`); a right one
 * marks the session re-authenticated for REAUTH_WINDOW_MINUTES, so several changes in a row ask
 * once. A reset link that led to the change counts too (the session is created marked).
 *
 * Also the verification of a new phone number (a code texted to it; the number is saved only
 * when the code comes back) and the emails that tell the owner about a change.
 */
import { createHash } from "node:crypto";
import type { FirmSiteContext } from "~/context.server";
import { sendEmail } from "~/email.server";
import { markReauthenticated, type SessionUser } from "./session.server";
import { REAUTH_MESSAGES, SIGN_IN_MESSAGES, hasRecentAuth, maskEmail, maskPhone, normalizeCode } from "./sign-in-rules";
import { checkPassword } from "./sign-in.server";
import { findUserById } from "./sign-in-user.server";
import { checkVerificationCode, sendVerificationCode, type SendCodeResult } from "./verification-codes.server";

/** What the account's owner offers as proof, from the form. */
export interface IdentityProof {
  currentPassword?: string | null;
  reauthCode?: string | null;
}

export type IdentityField = "currentPassword" | "reauthCode";

export type IdentityCheck = { ok: true } | { ok: false; status: 400 | 401 | 403 | 429; field: IdentityField | "form"; message: string };

/** How the owner can prove it's them: their password when they have one, otherwise an emailed code. */
export interface ReauthOption {
  /** Already proved recently: no field needed. */
  recent: boolean;
  method: "password" | "code";
  /** Where the emailed code goes, masked. */
  destination: string | null;
}

function attemptKey(kind: "reauth" | "phone", sessionId: string): string {
  // Codes are tied to the session that asked for them (a code read elsewhere is useless).
  return createHash("sha256").update(`${kind}:${sessionId}`).digest("hex");
}

export async function reauthOption(portal: FirmSiteContext, user: SessionUser): Promise<ReauthOption> {
  const row = await findUserById(portal, user.id);
  const hasPassword = Boolean(row?.passwordHash) && !row?.setPasswordRequired;
  return {
    recent: hasRecentAuth(user.reauthenticatedAt),
    method: hasPassword ? "password" : "code",
    destination: row?.email ? maskEmail(row.email) : null,
  };
}

/** Emails a code to the account's own address, to confirm an account change in this session. */
export async function sendReauthCode(portal: FirmSiteContext, user: SessionUser): Promise<SendCodeResult> {
  const row = await findUserById(portal, user.id);
  if (!row?.email) return { ok: false, status: 502, message: SIGN_IN_MESSAGES.codeSendFailed, smsFailed: false };
  return sendVerificationCode(portal, row, { channel: "email", attemptHash: attemptKey("reauth", user.sessionId), purpose: "reauth_code" });
}

/**
 * Checks the proof unless the session proved it recently; a right one marks the session. Wrong
 * passwords count towards the account's lockout like at sign-in; codes allow 5 tries.
 */
export async function confirmIdentity(portal: FirmSiteContext, user: SessionUser, proof: IdentityProof): Promise<IdentityCheck> {
  if (hasRecentAuth(user.reauthenticatedAt)) return { ok: true };
  const row = await findUserById(portal, user.id);
  if (!row) return { ok: false, status: 403, field: "form", message: SIGN_IN_MESSAGES.signInProblem };
  const hasPassword = Boolean(row.passwordHash) && !row.setPasswordRequired;
  const password = proof.currentPassword ?? "";
  const typedCode = proof.reauthCode ?? "";
  if (hasPassword && password) {
    const checked = await checkPassword(portal, row, password);
    if (!checked.ok) {
      return checked.field === "form"
        ? { ok: false, status: checked.status, field: "form", message: checked.message }
        : { ok: false, status: 401, field: "currentPassword", message: REAUTH_MESSAGES.wrongPassword };
    }
  } else if (typedCode) {
    const code = normalizeCode(typedCode);
    if (!code) return { ok: false, status: 400, field: "reauthCode", message: SIGN_IN_MESSAGES.invalidCode };
    const checked = await checkVerificationCode(portal, { attemptHash: attemptKey("reauth", user.sessionId), code, userId: user.id, purpose: "reauth_code" });
    if (!checked.ok) return { ok: false, status: checked.status, field: "reauthCode", message: checked.message };
  } else {
    return hasPassword
      ? { ok: false, status: 403, field: "currentPassword", message: REAUTH_MESSAGES.passwordMissing }
      : { ok: false, status: 403, field: "reauthCode", message: REAUTH_MESSAGES.codeMissing };
  }
  await markReauthenticated(portal, user.sessionId);
  user.reauthenticatedAt = new Date();
  return { ok: true };
}

// ─── A new phone number ───

/** Texts a code to `digits` (not saved yet). */
export async function startPhoneVerification(portal: FirmSiteContext, user: SessionUser, digits: string): Promise<SendCodeResult> {
  const row = await findUserById(portal, user.id);
  if (!row) return { ok: false, status: 502, message: SIGN_IN_MESSAGES.smsSendFailed, smsFailed: true };
  return sendVerificationCode(portal, row, {
    channel: "sms",
    attemptHash: attemptKey("phone", user.sessionId),
    purpose: "phone_verification",
    destination: digits,
  });
}

export type PhoneCheck = { ok: true; phoneNumber: string } | { ok: false; status: 400 | 401 | 429; message: string };

/** The number the right code was texted to, once; it is the caller's to save. */
export async function confirmPhoneVerification(portal: FirmSiteContext, user: SessionUser, typed: string): Promise<PhoneCheck> {
  const code = normalizeCode(typed);
  if (!code) return { ok: false, status: 400, message: typed.trim() ? SIGN_IN_MESSAGES.invalidCode : REAUTH_MESSAGES.phoneCodeMissing };
  const checked = await checkVerificationCode(portal, {
    attemptHash: attemptKey("phone", user.sessionId),
    code,
    userId: user.id,
    purpose: "phone_verification",
  });
  if (!checked.ok) return checked;
  if (!checked.destination) return { ok: false, status: 400, message: SIGN_IN_MESSAGES.invalidCode };
  return { ok: true, phoneNumber: checked.destination };
}

/** Voids the codes waiting for a new number in this session (the user will type another). */
export async function cancelPhoneVerification(portal: FirmSiteContext, user: SessionUser): Promise<void> {
  await portal.db.signInToken.updateMany({
    where: { attemptHash: attemptKey("phone", user.sessionId), purpose: "phone_verification", usedAt: null },
    data: { expiresAt: new Date() },
  });
}

/** The number a code was last texted to in this session and not yet confirmed (masked), if any. */
export async function pendingPhoneVerification(portal: FirmSiteContext, user: SessionUser): Promise<{ digits: string; masked: string } | null> {
  const row = await portal.db.signInToken.findFirst({
    where: { attemptHash: attemptKey("phone", user.sessionId), purpose: "phone_verification", usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { destination: true },
  });
  return row?.destination ? { digits: row.destination, masked: maskPhone(row.destination) } : null;
}

// ─── Telling the owner ───

export type AccountChange = "password" | "email" | "email requested" | "phone" | "sign-in method" | "two-factor on" | "two-factor off";

const CHANGE_TEXT: Record<AccountChange, string> = {
  password: "Your password was changed.",
  email: "The email address of your account was changed.",
  "email requested": "A change of your account's email address was asked for. It takes effect only when the link sent to the new address is opened.",
  phone: "The phone number of your account was changed.",
  "sign-in method": "The way you sign in was changed.",
  "two-factor on": "Two-factor authentication was turned on.",
  "two-factor off": "Two-factor authentication was turned off.",
};

/**
 * Emails the account's address (for an email change, `to` is the previous address) about a
 * change, so an owner whose session was taken learns of it. Best effort: a failed send never
 * undoes the change.
 */
export async function notifyAccountChange(portal: FirmSiteContext, userId: string, change: AccountChange, to?: string | null): Promise<void> {
  const row = await findUserById(portal, userId);
  const address = to ?? row?.email;
  if (!address) return;
  const firm = portal.firm.name;
  const where = portal.clientAddress ? ` from the address ${portal.clientAddress}` : "";
  try {
    await sendEmail(portal, {
      to: address,
      userId,
      subject: `Your ${firm} account was changed`,
      text: `${CHANGE_TEXT[change]}\n\nThis was done in your ${firm} client portal${where} on ${new Date().toUTCString()}.\n\nIf it was you, there is nothing to do. If it wasn't, reset your password at ${portal.origin}/signin?state=forgot-password and contact ${firm} at once.`,
    });
  } catch {
    // The change stands; the activity log keeps it too.
  }
}
