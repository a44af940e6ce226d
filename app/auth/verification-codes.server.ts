import { randomUUID } from "node:crypto";
import type { FirmSiteContext } from "~/context.server";
import { sendEmail } from "~/email.server";
import { sendSms } from "~/sms.server";
import type { OutboundMessageOutcome } from "~/outbox/outbox.server";
import { AUTH_ACTIVITY, logAuthEvent } from "./auth-activity.server";
import { checkSendAllowed, deliveryFailed, voidSecret, type SendRefusal } from "./send-gate.server";
import { CODE_MAX_ATTEMPTS, SECRET_LIFETIME_MINUTES, SIGN_IN_MESSAGES, maskEmail, maskPhone, secretExpiresAt } from "./sign-in-rules";
import type { SignInUser } from "./sign-in-user.server";
import { recordSignInFailure } from "./throttle.server";
import { hashCode, newVerificationCode, sameHash } from "./tokens.server";

export type CodeChannel = "email" | "sms";

/**
 * What a code is for: signing in (or the second factor), confirming it's the owner before an
 * account change (emailed to the account), or verifying a new phone number (texted to it).
 */
export type CodePurpose = "verification_code" | "reauth_code" | "phone_verification";

export type SendCodeResult = { ok: true; destination: string } | SendRefusal | { ok: false; status: 502; message: string; smsFailed: boolean };

/**
 * Sends a 6-digit code by email or SMS for this sign-in attempt (`attemptHash`: the attempt
 * cookie's hash, or the waiting session's id for the second factor). The attempt's earlier codes
 * stop working, so guesses can't be spread over several codes. Only a keyed hash is stored.
 */
export async function sendVerificationCode(
  portal: FirmSiteContext,
  user: Pick<SignInUser, "id" | "email" | "phoneNumber">,
  {
    channel,
    attemptHash,
    redirectTo = null,
    purpose = "verification_code",
    destination = null,
  }: { channel: CodeChannel; attemptHash: string; redirectTo?: string | null; purpose?: CodePurpose; destination?: string | null },
): Promise<SendCodeResult> {
  const failed = (): SendCodeResult =>
    channel === "sms"
      ? { ok: false, status: 502, message: SIGN_IN_MESSAGES.smsSendFailed, smsFailed: true }
      : { ok: false, status: 502, message: SIGN_IN_MESSAGES.codeSendFailed, smsFailed: false };
  const to = destination ?? (channel === "email" ? user.email : user.phoneNumber);
  if (!to) return failed();

  const now = new Date();
  const id = randomUUID();
  const code = newVerificationCode();
  const gate = await portal.db.$transaction(async (tx) => {
    const allowed = await checkSendAllowed(tx, { userId: user.id, attemptHash, purposes: [purpose], now, requestIp: portal.clientAddress, purpose });
    if (!allowed.ok) return allowed;
    await tx.signInToken.updateMany({
      where: { attemptHash, purpose, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await tx.signInToken.create({
      data: {
        id,
        firmId: portal.firm.id,
        userId: user.id,
        purpose,
        channel,
        tokenHash: hashCode(id, code),
        attemptHash,
        redirectTo,
        destination,
        requestIp: portal.clientAddress,
        expiresAt: secretExpiresAt("verification_code", now),
      },
    });
    return allowed;
  });
  if (!gate.ok) return gate;

  let outcome: OutboundMessageOutcome | null = null;
  const minutes = SECRET_LIFETIME_MINUTES.verification_code;
  try {
    outcome =
      channel === "email"
        ? await sendEmail(portal, {
            to,
            userId: user.id,
            subject: `Your ${portal.firm.name} verification code: ${code}`,
            text:
              purpose === "reauth_code"
                ? `Your verification code is ${code}.\n\nSomeone signed in to your ${portal.firm.name} account asked for it to change your sign-in details. It expires in ${minutes} minutes. If it wasn't you, don't share it: change your password and contact ${portal.firm.name}.`
                : `Your verification code is ${code}.\n\nIt expires in ${minutes} minutes and works only in the browser where you asked for it. If you didn't try to sign in to ${portal.firm.name}, ignore this email.`,
          })
        : await sendSms(portal, {
            to,
            userId: user.id,
            body:
              purpose === "phone_verification"
                ? `${portal.firm.name}: your code to confirm this phone number is ${code}. It expires in ${minutes} minutes.`
                : `${portal.firm.name}: your verification code is ${code}. It expires in ${minutes} minutes.`,
          });
  } catch {
    outcome = null;
  }
  if (!outcome || deliveryFailed(outcome)) {
    await voidSecret(portal, id);
    return failed();
  }
  await logAuthEvent(portal, { title: AUTH_ACTIVITY.codeSent, description: channel === "email" ? "By email" : "By SMS", userId: user.id });
  return { ok: true, destination: channel === "email" ? maskEmail(to) : maskPhone(to) };
}

export type CodeCheck =
  { ok: true; userId: string; channel: CodeChannel; redirectTo: string | null; destination: string | null } | { ok: false; status: 401 | 429; message: string };

/**
 * Checks a code against the attempt's current code. Every try is counted before the comparison
 * (one atomic UPDATE), so at most CODE_MAX_ATTEMPTS guesses reach any code, even in parallel;
 * after that the code is void ('Too many incorrect attempts'). A right code is used up in the same
 * kind of UPDATE, so it signs in once. `userId`, when given, must be whom the code was sent to.
 */
export async function checkVerificationCode(
  portal: FirmSiteContext,
  { attemptHash, code, userId, purpose = "verification_code" }: { attemptHash: string; code: string; userId?: string; purpose?: CodePurpose },
): Promise<CodeCheck> {
  const now = new Date();
  const invalid: CodeCheck = { ok: false, status: 401, message: SIGN_IN_MESSAGES.invalidCode };
  const tooMany: CodeCheck = { ok: false, status: 429, message: SIGN_IN_MESSAGES.tooManyAttempts };
  const row = await portal.db.signInToken.findFirst({
    where: { attemptHash, purpose, usedAt: null, expiresAt: { gt: now }, ...(userId ? { userId } : {}) },
    orderBy: { createdAt: "desc" },
    select: { id: true, userId: true, channel: true, tokenHash: true, redirectTo: true, attempts: true, destination: true },
  });
  if (!row) {
    await recordSignInFailure(portal);
    return invalid;
  }
  const claimed = await portal.db.signInToken.updateManyAndReturn({
    where: { id: row.id, usedAt: null, expiresAt: { gt: now }, attempts: { lt: CODE_MAX_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
    select: { attempts: true },
  });
  if (claimed.length === 0) return row.attempts >= CODE_MAX_ATTEMPTS ? tooMany : invalid;

  if (sameHash(hashCode(row.id, code), row.tokenHash)) {
    const used = await portal.db.signInToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (used.count === 1)
      return { ok: true, userId: row.userId, channel: row.channel === "sms" ? "sms" : "email", redirectTo: row.redirectTo, destination: row.destination };
    return invalid;
  }
  await recordSignInFailure(portal);
  const exhausted = claimed[0].attempts >= CODE_MAX_ATTEMPTS;
  await logAuthEvent(portal, {
    title: AUTH_ACTIVITY.signInFailed,
    description: exhausted ? "Wrong verification code; the code is void after 5 wrong tries" : "Wrong verification code",
    userId: row.userId,
  });
  return exhausted ? tooMany : invalid;
}

/** The attempt's latest code (valid or not): who it was for and where it went. */
export async function latestCodeForAttempt(portal: FirmSiteContext, attemptHash: string) {
  return portal.db.signInToken.findFirst({
    where: { attemptHash, purpose: "verification_code" },
    orderBy: { createdAt: "desc" },
    select: { userId: true, channel: true, redirectTo: true, expiresAt: true, usedAt: true },
  });
}
