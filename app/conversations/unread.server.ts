/**
 * The navigation's unread count beside Messages: messages in conversations the user takes part in,
 * by someone else, not deleted, due (a scheduled one counts from its time), and not seen by the
 * user. One indexed count, capped at 100 (the badge shows 99+), in the firm's scope.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmDb } from "~/db.server";

export const UNREAD_BADGE_CAP = 100;

export async function unreadMessageCount(db: FirmDb, user: Pick<SessionUser, "id" | "kind">, now = new Date()): Promise<number> {
  const rows = await db.message.findMany({
    where: {
      conversation: { participants: { some: { userId: user.id, isFirmUser: user.kind === "staff" } } },
      deletedAt: null,
      isLog: false,
      AND: [{ OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }] }, { OR: [{ authorId: null }, { authorId: { not: user.id } }] }],
      seenBy: { none: { userId: user.id } },
    },
    select: { id: true },
    take: UNREAD_BADGE_CAP,
  });
  return rows.length;
}
