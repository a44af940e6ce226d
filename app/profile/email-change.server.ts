/**
 * Changing the primary email: the new address is kept as `pendingEmail` and a single-use link
 * (a 256-bit token, stored hashed, valid 24 hours) goes to the NEW address. The email changes
 * only when that link is opened on the firm's own site and confirmed there (a page, then a POST,
 * so mail scanners that follow links cannot confirm it). Asking again voids the previous link.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { consumeSignInToken } from "~/auth/sign-in-tokens.server";
import { hashToken, newToken } from "~/auth/tokens.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { sendEmail } from "~/email.server";
import { CONFIRM_EMAIL_MESSAGES, PROFILE_MESSAGES } from "./profile-schema";
import { refuse, type Refusal } from "./outcome";

export const EMAIL_CONFIRMATION_HOURS = 24;
/** Confirmation emails a user may ask for per hour (each one goes to an address they typed). */
export const EMAIL_CHANGES_PER_HOUR = 5;

export const CONFIRM_EMAIL_PATH = "/profile/confirm-email";

/**
 * True when another user of this firm already has the address. Other users' pending addresses
 * don't count (nobody can hold an address by asking for it); the confirmation checks again.
 */
export async function emailTaken(tx: FirmTx, email: string, userId: string): Promise<boolean> {
  const other = await tx.user.findFirst({ where: { id: { not: userId }, email }, select: { id: true } });
  return other !== null;
}

/**
 * Records `newEmail` as pending and creates its confirmation token (previous unused ones are
 * voided). Runs in the caller's transaction; the caller sends the email after it commits.
 */
export async function startEmailChange(
  tx: FirmTx,
  portal: FirmSiteContext,
  user: { id: string },
  newEmail: string,
  now = new Date(),
): Promise<{ ok: true; token: string } | Refusal> {
  if (await emailTaken(tx, newEmail, user.id)) return refuse(409, PROFILE_MESSAGES.emailTaken, "email");
  const recent = await tx.signInToken.count({
    where: { userId: user.id, purpose: "email_confirmation", createdAt: { gt: new Date(now.getTime() - 3_600_000) } },
  });
  if (recent >= EMAIL_CHANGES_PER_HOUR) return refuse(429, PROFILE_MESSAGES.tooManyEmailChanges, "email");

  await tx.signInToken.updateMany({ where: { userId: user.id, purpose: "email_confirmation", usedAt: null }, data: { usedAt: now } });
  const token = newToken();
  await tx.signInToken.create({
    data: {
      firmId: portal.firm.id,
      userId: user.id,
      purpose: "email_confirmation",
      channel: "email",
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_HOURS * 3_600_000),
    },
  });
  await tx.user.update({ where: { id: user.id }, data: { pendingEmail: newEmail } });
  await logActivity(tx, portal.firm.id, {
    typeId: ACTIVITY_TYPES.detailChange,
    title: "Email change requested",
    description: `Confirmation link sent to ${newEmail}`,
    actorId: user.id,
    userId: user.id,
    ipAddress: portal.clientAddress,
  });
  return { ok: true, token };
}

export function confirmEmailUrl(portal: FirmSiteContext, token: string): string {
  return `${portal.origin}${CONFIRM_EMAIL_PATH}?${new URLSearchParams({ token })}`;
}

/** The confirmation email, to the new address only. */
export async function sendEmailChangeConfirmation(portal: FirmSiteContext, input: { userId: string; to: string; name: string; token: string }) {
  const link = confirmEmailUrl(portal, input.token);
  await sendEmail(portal, {
    to: input.to,
    userId: input.userId,
    subject: `Confirm your new email address for ${portal.firm.name}`,
    text: [
      `Hi ${input.name},`,
      "",
      `You asked to use this address for your ${portal.firm.name} portal account. To confirm it, open this link within ${EMAIL_CONFIRMATION_HOURS} hours and press Confirm:`,
      "",
      link,
      "",
      "Until you confirm, your account keeps its current email address. If you didn't ask for this, ignore this email.",
      "",
      portal.firm.name,
    ].join("\n"),
  });
}

/** Clears a pending change and voids its link (not for read-only users). */
export async function cancelEmailChange(portal: FirmSiteContext, user: { id: string }): Promise<{ ok: true } | Refusal> {
  return portal.db.$transaction(async (tx) => {
    const row = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { pendingEmail: true, readonlyAccess: true } });
    if (row.readonlyAccess) return refuse(403, PROFILE_MESSAGES.readOnlyUser);
    if (!row.pendingEmail) return { ok: true as const };
    await tx.user.update({ where: { id: user.id }, data: { pendingEmail: null } });
    await tx.signInToken.updateMany({ where: { userId: user.id, purpose: "email_confirmation", usedAt: null }, data: { usedAt: new Date() } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Email change cancelled",
      description: `${row.pendingEmail} was not confirmed`,
      actorId: user.id,
      userId: user.id,
      ipAddress: portal.clientAddress,
    });
    return { ok: true as const };
  });
}

/**
 * What the link's page shows before anything is confirmed (GET never uses the token): the
 * address it would confirm, or null when the link is used, expired, voided or another firm's.
 */
export async function pendingEmailForToken(portal: FirmSiteContext, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const row = await portal.db.signInToken.findFirst({
    where: { tokenHash: hashToken(token), purpose: "email_confirmation", usedAt: null, expiresAt: { gt: new Date() } },
    select: { user: { select: { pendingEmail: true, deletedAt: true } } },
  });
  return row && !row.user.deletedAt ? row.user.pendingEmail : null;
}

export type ConfirmEmailOutcome = { ok: true; email: string; kind: "staff" | "client" } | { ok: false; message: string };

/** POST of the link's page: uses the token once and makes the pending address the email. */
export async function confirmEmailChange(portal: FirmSiteContext, token: string): Promise<ConfirmEmailOutcome> {
  if (!token || token.length > 200) return { ok: false, message: CONFIRM_EMAIL_MESSAGES.invalid };
  const userId = await consumeSignInToken(portal, token, "email_confirmation");
  if (!userId) return { ok: false, message: CONFIRM_EMAIL_MESSAGES.invalid };
  const outcome = await portal.db.$transaction(async (tx): Promise<ConfirmEmailOutcome & { previous?: string | null; name?: string }> => {
    const user = await tx.user.findFirst({
      where: { id: userId, deletedAt: null },
      select: { email: true, pendingEmail: true, kind: true, fname: true, preferredName: true },
    });
    if (!user?.pendingEmail) return { ok: false, message: CONFIRM_EMAIL_MESSAGES.invalid };
    const email = user.pendingEmail;
    const taken = await tx.user.findFirst({ where: { id: { not: userId }, email }, select: { id: true } });
    if (taken) {
      await tx.user.update({ where: { id: userId }, data: { pendingEmail: null } });
      return { ok: false, message: CONFIRM_EMAIL_MESSAGES.taken };
    }
    await tx.user.update({ where: { id: userId }, data: { email, pendingEmail: null, hasTempEmail: false } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Email changed",
      description: `${user.email ?? "No email"} → ${email}`,
      actorId: userId,
      userId,
      ipAddress: portal.clientAddress,
    });
    return { ok: true, email, kind: user.kind, previous: user.email, name: user.preferredName || user.fname };
  });
  if (outcome.ok && outcome.previous) {
    // Tell the old address, so a change the owner didn't make doesn't go unnoticed.
    await sendEmail(portal, {
      to: outcome.previous,
      userId,
      subject: `Your ${portal.firm.name} portal email address was changed`,
      text: [
        `Hi ${outcome.name},`,
        "",
        `The email address of your ${portal.firm.name} portal account was changed to ${outcome.email}. From now on, sign in and receive notifications with that address.`,
        "",
        `If you didn't make this change, contact ${portal.firm.name} right away.`,
        "",
        portal.firm.name,
      ].join("\n"),
    }).catch(() => {});
  }
  return outcome.ok ? { ok: true, email: outcome.email, kind: outcome.kind } : { ok: false, message: outcome.message };
}
