/**
 * Staff invitations: a single-use link (256 random bits, stored hashed in the firm's scope, so it
 * works on this firm's host only) that expires after INVITE_LIFETIME_DAYS. Opening it changes
 * nothing; the page's form sets the password and uses the link in one statement, then the usual
 * second factor (a code) signs the new staff member in.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { hashPassword } from "~/auth/password.server";
import { hashToken, newToken } from "~/auth/tokens.server";
import type { FirmDb } from "~/db.server";
import { sendEmail } from "~/email.server";
import { deliveryFailed } from "~/auth/send-gate.server";
import { INVITE_LIFETIME_DAYS, inviteExpiresAt } from "./team-rules";

/** What sending an invitation needs: the firm, its scoped database and its site's address. */
export interface InviteScope {
  firm: { id: string; name: string };
  db: FirmDb;
  origin: string;
}

export const INVITE_PATH = "/invite";

/**
 * Voids the member's earlier invitations, makes a new link and emails it. Returns false when the
 * email could not be handed over (the link is voided: the team page offers Resend).
 */
export async function sendInvitation(
  scope: InviteScope,
  member: { id: string; email: string; fname: string },
  inviter: { id: string | null; name: string | null },
): Promise<boolean> {
  const now = new Date();
  const token = newToken();
  const row = await scope.db.$transaction(async (tx) => {
    await tx.signInToken.updateMany({ where: { userId: member.id, purpose: "staff_invite", usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
    return tx.signInToken.create({
      data: {
        firmId: scope.firm.id,
        userId: member.id,
        purpose: "staff_invite",
        channel: "email",
        tokenHash: hashToken(token),
        expiresAt: inviteExpiresAt(now),
      },
      select: { id: true },
    });
  });
  const url = `${scope.origin}${INVITE_PATH}?${new URLSearchParams({ token })}`;
  const firm = scope.firm.name;
  const by = inviter.name ? `${inviter.name} invited you` : "You are invited";
  let ok = false;
  try {
    const outcome = await sendEmail(scope, {
      to: member.email,
      userId: member.id,
      subject: `Join ${firm} on the client portal`,
      text: `Hi ${member.fname},\n\n${by} to join ${firm}'s team on the client portal. Open this link to choose your password and set up your second sign-in step:\n\n${url}\n\nIt works once and expires in ${INVITE_LIFETIME_DAYS} days. If it has expired, ask a partner or admin of ${firm} to send a new invitation.`,
    });
    ok = !deliveryFailed(outcome);
  } catch {
    ok = false;
  }
  if (!ok) {
    await scope.db.signInToken.updateMany({ where: { id: row.id }, data: { expiresAt: now } });
    return false;
  }
  await logActivity(scope.db, scope.firm.id, {
    typeId: ACTIVITY_TYPES.detailChange,
    title: "Staff invitation sent",
    description: member.email,
    actorId: inviter.id,
    userId: member.id,
  });
  return true;
}

export type InviteStatus = { status: "valid"; userId: string; fname: string; email: string } | { status: "expired" } | { status: "unknown" };

/** What an invitation link is, without using it. Another firm's token is unknown here. */
export async function inspectInvitation(db: FirmDb, token: string): Promise<InviteStatus> {
  if (!token || token.length > 200) return { status: "unknown" };
  const row = await db.signInToken.findFirst({
    where: { tokenHash: hashToken(token), purpose: "staff_invite" },
    select: { usedAt: true, expiresAt: true, user: { select: { id: true, fname: true, email: true, paying: true, deletedAt: true } } },
  });
  if (!row) return { status: "unknown" };
  const u = row.user;
  if (row.usedAt || row.expiresAt <= new Date() || !u.paying || u.deletedAt || !u.email) return { status: "expired" };
  return { status: "valid", userId: u.id, fname: u.fname, email: u.email };
}

/**
 * Uses an invitation: the link is marked used in the statement that checks it is unused and
 * unexpired (two racing requests can't both pass), and the password is set in the same
 * transaction. Returns the member's id, or null when the link no longer works.
 */
export async function acceptInvitation(db: FirmDb, token: string, password: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  return db.$transaction(async (tx) => {
    const used = await tx.signInToken.updateManyAndReturn({
      where: { tokenHash: hashToken(token), purpose: "staff_invite", usedAt: null, expiresAt: { gt: now }, user: { paying: true, deletedAt: null } },
      data: { usedAt: now },
      select: { userId: true, firmId: true },
    });
    const row = used[0];
    if (!row) return null;
    await tx.user.update({
      where: { id: row.userId },
      data: {
        passwordHash,
        setPasswordRequired: false,
        preferredSignInMethod: "password",
        failedSignInCount: 0,
        firstFailedSignInAt: null,
        signInLockedUntil: null,
      },
    });
    await logActivity(tx, row.firmId, { typeId: ACTIVITY_TYPES.detailChange, title: "Staff invitation accepted", actorId: row.userId, userId: row.userId });
    return row.userId;
  });
}
