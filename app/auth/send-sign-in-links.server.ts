import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { staffVisibility } from "~/staff/visibility.server";
import type { SessionUser } from "./session.server";
import { sendSignInLink } from "./sign-in-links.server";

/** Staff spec §8. */
export const SIGN_IN_LINKS_SENT = "Sign in link(s) sent successfully";
export const MAX_SIGN_IN_LINKS_PER_REQUEST = 500;

export type SendSignInLinksResult =
  { ok: true; message: string; sent: string[]; skipped: { userId: string; reason: string }[] } | { ok: false; status: 403; message: string };

/**
 * Staff send sign-in links (staff spec §6: advisors only; "Sign-in links reset the user's
 * password"). Each user gets a one-time link valid 24 hours that leads to /set-sign-in-method;
 * once it is sent, their password is cleared and every session of theirs ends. Only partners and
 * admins may do this to staff; nobody to themselves. Users of other firms are not found (scope),
 * nor, for group-access staff, clients of another firm group (visibility.server.ts): they are
 * skipped as "No such user" and nothing of theirs changes.
 */
export async function sendSignInLinks(portal: FirmSiteContext, staff: SessionUser, userIds: string[]): Promise<SendSignInLinksResult> {
  if (staff.kind !== "staff" || !staff.isAdvisor) return { ok: false, status: 403, message: "Only advisors can send sign-in links." };
  const ids = [...new Set(userIds)].slice(0, MAX_SIGN_IN_LINKS_PER_REQUEST);
  const visibility = await staffVisibility(portal.db, staff);
  const users = await portal.db.user.findMany({
    // Staff accounts are not in firm groups' sense of visibility; who may reset them is decided below.
    where: { id: { in: ids }, deletedAt: null, OR: [{ kind: "staff" }, { AND: [{ kind: "client" }, visibility.userWhere()] }] },
    select: { id: true, kind: true, email: true, hasTempEmail: true, paying: true },
  });
  const found = new Map(users.map((u) => [u.id, u]));
  const sent: string[] = [];
  const skipped: { userId: string; reason: string }[] = [];
  const mayResetStaff = staff.firmAccess === "partner" || staff.firmAccess === "admin";

  for (const id of ids) {
    const user = found.get(id);
    const refusal = !user
      ? "No such user"
      : user.id === staff.id
        ? "You can't send a sign-in link to yourself"
        : !user.email || user.hasTempEmail
          ? "The user has no email address"
          : !user.paying
            ? "The user is deactivated"
            : user.kind === "staff" && !mayResetStaff
              ? "Only partners and admins can send sign-in links to staff"
              : null;
    if (refusal || !user) {
      skipped.push({ userId: id, reason: refusal ?? "No such user" });
      continue;
    }
    const result = await sendSignInLink(portal, user, { purpose: "sign_in_link", redirectTo: "/set-sign-in-method", attemptHash: null, sentBy: staff });
    if (!result.ok) {
      skipped.push({ userId: id, reason: result.message });
      continue;
    }
    await portal.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { passwordHash: null, setPasswordRequired: true } });
      await tx.session.deleteMany({ where: { userId: user.id } });
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: "Sent a sign-in link",
        description: "The password was reset; the link is valid 24 hours",
        actorId: staff.id,
        userId: user.id,
        ipAddress: portal.clientAddress,
      });
    });
    sent.push(id);
  }
  return { ok: true, message: SIGN_IN_LINKS_SENT, sent, skipped };
}
