import type { FirmSiteContext } from "~/context.server";
import { sendEmail } from "~/email.server";
import type { OutboundMessageOutcome } from "~/outbox/outbox.server";
import { AUTH_ACTIVITY, logAuthEvent } from "./auth-activity.server";
import { checkSendAllowed, deliveryFailed, voidSecret, type SendRefusal } from "./send-gate.server";
import { SECRET_LIFETIME_MINUTES, SIGN_IN_MESSAGES, maskEmail, secretExpiresAt, type SecretKind } from "./sign-in-rules";
import type { SignInUser } from "./sign-in-user.server";
import { hashToken, newToken } from "./tokens.server";

export type LinkPurpose = "sign_in_link" | "password_reset";

export type SendLinkResult = { ok: true; destination: string } | SendRefusal | { ok: false; status: 502; message: string };

export interface SendLinkOptions {
  purpose: LinkPurpose;
  /** Where the link leads once used (a same-site path, already checked). */
  redirectTo?: string | null;
  /** The browser that asked (for the resend interval); null when staff send it. */
  attemptHash: string | null;
  /** Staff sending the link (it then lives longer, and the log names them). */
  sentBy?: { id: string } | null;
}

/** The path of the page a link opens (a GET shows a button; only the POST uses the token). */
export const LINK_PATH = "/auth/link";

/**
 * Emails a one-time link: a 256-bit random token (only its hash is stored, in this firm's scope,
 * so the link works on this firm's host only), single use, short-lived.
 */
export async function sendSignInLink(
  portal: FirmSiteContext,
  user: Pick<SignInUser, "id" | "email">,
  { purpose, redirectTo = null, attemptHash, sentBy = null }: SendLinkOptions,
): Promise<SendLinkResult> {
  const failed = { ok: false as const, status: 502 as const, message: SIGN_IN_MESSAGES.linkSendFailed };
  if (!user.email) return failed;
  const kind: SecretKind = sentBy ? "staff_sign_in_link" : purpose;
  const now = new Date();
  const token = newToken();
  const row = await portal.db.$transaction(async (tx) => {
    const requestIp = sentBy ? null : portal.clientAddress;
    const allowed = await checkSendAllowed(tx, { userId: user.id, attemptHash, purposes: ["sign_in_link", "password_reset"], now, requestIp, purpose });
    if (!allowed.ok) return allowed;
    const created = await tx.signInToken.create({
      data: {
        firmId: portal.firm.id,
        userId: user.id,
        purpose,
        channel: "email",
        tokenHash: hashToken(token),
        redirectTo,
        attemptHash,
        requestIp,
        expiresAt: secretExpiresAt(kind, now),
      },
      select: { id: true },
    });
    return { ok: true as const, id: created.id };
  });
  if (!row.ok) return row;

  const url = `${portal.origin}${LINK_PATH}?${new URLSearchParams({ token })}`;
  const lifetime = lifetimeText(SECRET_LIFETIME_MINUTES[kind]);
  const firm = portal.firm.name;
  const message =
    purpose === "password_reset"
      ? {
          subject: `Reset your ${firm} sign-in`,
          text: `Open this link to choose a new password or another way to sign in to ${firm}:\n\n${url}\n\nIt works once and expires in ${lifetime}. If you didn't ask for this, ignore this email: nothing changes.`,
        }
      : {
          subject: `Sign in to ${firm}`,
          text: `${sentBy ? `${firm} sent you a link to sign in to your client portal.` : `Here is the sign-in link you asked for.`}\n\n${url}\n\nIt works once and expires in ${lifetime}.${sentBy ? "" : " If you didn't ask for it, ignore this email."}`,
        };
  let outcome: OutboundMessageOutcome | null = null;
  try {
    outcome = await sendEmail(portal, { to: user.email, userId: user.id, ...message });
  } catch {
    outcome = null;
  }
  if (!outcome || deliveryFailed(outcome)) {
    await voidSecret(portal, row.id);
    return failed;
  }
  await logAuthEvent(portal, {
    title: sentBy ? AUTH_ACTIVITY.staffSentLink : purpose === "password_reset" ? AUTH_ACTIVITY.resetLinkSent : AUTH_ACTIVITY.linkSent,
    userId: user.id,
    actorId: sentBy ? sentBy.id : user.id,
  });
  return { ok: true, destination: maskEmail(user.email) };
}

function lifetimeText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

export type LinkStatus =
  { status: "valid"; userId: string; purpose: LinkPurpose } | { status: "expired"; userId: string; purpose: LinkPurpose } | { status: "unknown" };

/** What a link's token is, without using it (the GET page). Another firm's token is unknown here. */
export async function inspectLink(portal: FirmSiteContext, token: string): Promise<LinkStatus> {
  if (!token || token.length > 200) return { status: "unknown" };
  const row = await portal.db.signInToken.findFirst({
    where: { tokenHash: hashToken(token), purpose: { in: ["sign_in_link", "password_reset"] } },
    select: { userId: true, purpose: true, usedAt: true, expiresAt: true },
  });
  if (!row) return { status: "unknown" };
  const purpose = row.purpose as LinkPurpose;
  return row.usedAt || row.expiresAt <= new Date() ? { status: "expired", userId: row.userId, purpose } : { status: "valid", userId: row.userId, purpose };
}

/**
 * Uses a link: marks it used in the same statement that checks it is unused and unexpired, so two
 * requests racing with one link can't both succeed.
 */
export async function consumeLink(portal: FirmSiteContext, token: string): Promise<{ userId: string; purpose: LinkPurpose; redirectTo: string | null } | null> {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const rows = await portal.db.signInToken.updateManyAndReturn({
    where: { tokenHash: hashToken(token), purpose: { in: ["sign_in_link", "password_reset"] }, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { userId: true, purpose: true, redirectTo: true },
  });
  const row = rows[0];
  return row ? { userId: row.userId, purpose: row.purpose as LinkPurpose, redirectTo: row.redirectTo } : null;
}
