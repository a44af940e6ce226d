/**
 * Unread messages, one definition for every screen (`unreadWhere`): the navigation's count beside
 * Messages (one indexed count, capped at 100: the badge shows 99+), the inboxes' per-conversation
 * counts (`unreadCountsByConversation`), the client inbox's entity switcher (`unreadCountsByEntity`),
 * and where the badge goes (`newestUnreadConversation`).
 * All run in the firm's scope.
 */
import type { SessionUser } from "~/auth/session.server";
import { firmSql, type FirmDb } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";

export const UNREAD_BADGE_CAP = 100;

/**
 * The one definition of an unread message for a user: in a conversation they take part in (on
 * their side), by someone else, due (a scheduled one counts from its time), not deleted, not a
 * log line, and not seen by them. Every count of unread messages (the navigation badge, the client
 * inbox's and the staff inbox's conversation lists, an open conversation's count) and every
 * "mark seen" goes through it: `unreadWhere` for Prisma, `unreadConditionSql` in SQL.
 */
export function unreadWhere(user: Pick<SessionUser, "id" | "kind">, now: Date): Prisma.MessageWhereInput {
  return {
    conversation: { participants: { some: { userId: user.id, isFirmUser: user.kind === "staff" } } },
    deletedAt: null,
    isLog: false,
    AND: [{ OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }] }, { OR: [{ authorId: null }, { authorId: { not: user.id } }] }],
    seenBy: { none: { userId: user.id } },
  };
}

/** `unreadWhere` in SQL, for the messages row `m`. */
function unreadConditionSql(user: Pick<SessionUser, "id" | "kind">, now: Date, bind: (value: unknown) => string): string {
  const me = bind(user.id);
  return `m.deleted_at IS NULL AND NOT m.is_log
        AND (m.scheduled_at IS NULL OR m.scheduled_at <= ${bind(now)})
        AND (m.author_id IS NULL OR m.author_id <> ${me})
        AND EXISTS (SELECT 1 FROM conversation_participants p
                     WHERE p.firm_id = m.firm_id AND p.conversation_id = m.conversation_id AND p.user_id = ${me} AND p.is_firm_user = ${bind(user.kind === "staff")})
        AND NOT EXISTS (SELECT 1 FROM message_seen s WHERE s.firm_id = m.firm_id AND s.message_id = m.id AND s.user_id = ${me})`;
}

export async function unreadMessageCount(db: FirmDb, user: Pick<SessionUser, "id" | "kind">, now = new Date()): Promise<number> {
  const values: unknown[] = [];
  const [row] = await firmSql<{ count: number }>(db.firmId, `SELECT ${unreadMessagesSql(user, now, (v) => `$${values.push(v)}`)} AS count`, values);
  return row?.count ?? 0;
}

/**
 * `unreadMessageCount` as an SQL expression, its values bound through `bind`: asked on every
 * signed-in page, so the shell adds it to a statement of its own (app/shell-counts.server.ts).
 */
export function unreadMessagesSql(user: Pick<SessionUser, "id" | "kind">, now: Date, bind: (value: unknown) => string): string {
  return `(SELECT count(*)::int FROM (
     SELECT 1 FROM messages m
      WHERE ${unreadConditionSql(user, now, bind)}
      LIMIT ${bind(UNREAD_BADGE_CAP)}) unread)`;
}

/**
 * The unread messages of each of these conversations (the inboxes' lists and an open
 * conversation); a conversation the user does not take part in counts none. One query.
 */
export async function unreadCountsByConversation(
  db: FirmDb,
  user: Pick<SessionUser, "id" | "kind">,
  conversationIds: readonly string[],
  now = new Date(),
): Promise<Map<string, number>> {
  const ids = [...new Set(conversationIds)];
  if (!ids.length) return new Map();
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const sql = `SELECT m.conversation_id AS "conversationId", count(*)::int AS count FROM messages m
    WHERE m.conversation_id = ANY(${bind(ids)}::text[]) AND ${unreadConditionSql(user, now, bind)}
    GROUP BY m.conversation_id`;
  const rows = await firmSql<{ conversationId: string; count: number }>(db.firmId, sql, values);
  return new Map(rows.map((r) => [r.conversationId, r.count]));
}

/**
 * The unread messages of each of these entities (by hash id), for the client inbox's entity
 * switcher: a message of a conversation about two entities counts for both. One query.
 */
export async function unreadCountsByEntity(
  db: FirmDb,
  user: Pick<SessionUser, "id" | "kind">,
  companyHashIds: readonly string[],
  now = new Date(),
): Promise<Map<string, number>> {
  const ids = [...new Set(companyHashIds)];
  if (!ids.length) return new Map();
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const sql = `SELECT c.hash_id AS "hashId", count(*)::int AS count
    FROM messages m
    JOIN conversation_companies cc ON cc.firm_id = m.firm_id AND cc.conversation_id = m.conversation_id
    JOIN companies c ON c.firm_id = cc.firm_id AND c.id = cc.company_id
    WHERE c.hash_id = ANY(${bind(ids)}::text[]) AND ${unreadConditionSql(user, now, bind)}
    GROUP BY c.hash_id`;
  const rows = await firmSql<{ hashId: string; count: number }>(db.firmId, sql, values);
  return new Map(rows.map((r) => [r.hashId, r.count]));
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
