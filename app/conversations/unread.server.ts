/**
 * The navigation's unread count beside Messages: messages in conversations the user takes part in,
 * by someone else, not deleted, due (a scheduled one counts from its time), and not seen by the
 * user. One indexed count, capped at 100 (the badge shows 99+), in the firm's scope. The badge
 * opens the conversation holding the newest of them (`newestUnreadConversation`).
 */
import type { SessionUser } from "~/auth/session.server";
import { firmSql, type FirmDb } from "~/db.server";

export const UNREAD_BADGE_CAP = 100;

/** The messages the badge counts: in the user's conversations, by someone else, due, not deleted, not seen. */
function unreadWhere(user: Pick<SessionUser, "id" | "kind">, now: Date) {
  return {
    conversation: { participants: { some: { userId: user.id, isFirmUser: user.kind === "staff" } } },
    deletedAt: null,
    isLog: false,
    AND: [{ OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }] }, { OR: [{ authorId: null }, { authorId: { not: user.id } }] }],
    seenBy: { none: { userId: user.id } },
  };
}

export async function unreadMessageCount(db: FirmDb, user: Pick<SessionUser, "id" | "kind">, now = new Date()): Promise<number> {
  const values: unknown[] = [];
  const [row] = await firmSql<{ count: number }>(db.firmId, `SELECT ${unreadMessagesSql(user, now, (v) => `$${values.push(v)}`)} AS count`, values);
  return row?.count ?? 0;
}

/**
 * `unreadMessageCount` as an SQL expression (`unreadWhere` in SQL), its values bound through
 * `bind`: asked on every signed-in page, so the shell adds it to a statement of its own
 * (app/shell-counts.server.ts).
 */
export function unreadMessagesSql(user: Pick<SessionUser, "id" | "kind">, now: Date, bind: (value: unknown) => string): string {
  const me = bind(user.id);
  return `(SELECT count(*)::int FROM (
     SELECT 1 FROM messages m
      WHERE m.deleted_at IS NULL AND NOT m.is_log
        AND (m.scheduled_at IS NULL OR m.scheduled_at <= ${bind(now)})
        AND (m.author_id IS NULL OR m.author_id <> ${me})
        AND EXISTS (SELECT 1 FROM conversation_participants p
                     WHERE p.firm_id = m.firm_id AND p.conversation_id = m.conversation_id AND p.user_id = ${me} AND p.is_firm_user = ${bind(user.kind === "staff")})
        AND NOT EXISTS (SELECT 1 FROM message_seen s WHERE s.firm_id = m.firm_id AND s.message_id = m.id AND s.user_id = ${me})
      LIMIT ${bind(UNREAD_BADGE_CAP)}) unread)`;
}

/**
 * Where the badge takes the user: the conversation of their newest unread message, with the
 * entities it belongs to (the client inbox's URL names one of the user's). Null when all is read.
 */
export async function newestUnreadConversation(
  db: FirmDb,
  user: Pick<SessionUser, "id" | "kind">,
  now = new Date(),
): Promise<{ conversationId: string; companyHashIds: string[] } | null> {
  const newest = await db.message.findFirst({
    where: unreadWhere(user, now),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { conversation: { select: { id: true, companies: { select: { company: { select: { hashId: true } } } } } } },
  });
  if (!newest) return null;
  return { conversationId: newest.conversation.id, companyHashIds: newest.conversation.companies.map((c) => c.company.hashId) };
}
