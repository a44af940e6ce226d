/**
 * The notification panel behind the bell (staff and clients alike): the reader's own notifications,
 * newest first. "Read" is the spec's "dismissed" (dismissed_at): an item opened or marked read
 * stops counting. The bell's number and the panel's unread count both come from
 * `unreadNotificationCount`.
 */
import { firmSql, type FirmDb } from "~/db.server";
import { NOTIFICATION_BADGE_CAP, NOTIFICATION_PAGE_SIZE, safeLink } from "./rules";

export interface Reader {
  id: string;
}

export interface PanelItem {
  id: string;
  typeId: number | null;
  text: string;
  link: string | null;
  clientName: string | null;
  createdAt: string;
  read: boolean;
}

export interface PanelPage {
  items: PanelItem[];
  unread: number;
  /** The cursor of the next page ("Show more"), or null at the end. */
  next: string | null;
}

const unreadWhere = (reader: Reader) => ({ userId: reader.id, dismissedAt: null });

/** The bell's number: the reader's unread notifications, capped (the bell shows 99+). */
export async function unreadNotificationCount(db: FirmDb, reader: Reader): Promise<number> {
  const values: unknown[] = [];
  const [row] = await firmSql<{ count: number }>(db.firmId, `SELECT ${unreadNotificationsSql(reader, (v) => `$${values.push(v)}`)} AS count`, values);
  return row?.count ?? 0;
}

/**
 * `unreadNotificationCount` as an SQL expression (`unreadWhere` in SQL), its values bound through
 * `bind`: asked on every signed-in page, so the shell adds it to a statement of its own
 * (app/shell-counts.server.ts).
 */
export function unreadNotificationsSql(reader: Reader, bind: (value: unknown) => string): string {
  return `(SELECT count(*)::int FROM (SELECT 1 FROM notifications WHERE user_id = ${bind(reader.id)} AND dismissed_at IS NULL LIMIT ${bind(NOTIFICATION_BADGE_CAP)}) unread)`;
}

/** One page of the reader's notifications, newest first, after `cursor` (an id from the previous page). */
export async function notificationPage(db: FirmDb, reader: Reader, options: { cursor?: string | null; unreadOnly?: boolean } = {}): Promise<PanelPage> {
  const rows = await db.notification.findMany({
    where: { userId: reader.id, ...(options.unreadOnly ? { dismissedAt: null } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: NOTIFICATION_PAGE_SIZE + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
    select: { id: true, typeId: true, text: true, link: true, clientName: true, createdAt: true, dismissedAt: true },
  });
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  return {
    items: page.map((n) => ({
      id: n.id,
      typeId: n.typeId,
      text: n.text,
      link: safeLink(n.link),
      clientName: n.clientName,
      createdAt: n.createdAt.toISOString(),
      read: n.dismissedAt !== null,
    })),
    unread: await unreadNotificationCount(db, reader),
    next: rows.length > NOTIFICATION_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** Marks one of the reader's notifications read (someone else's id changes nothing); the new count. */
export async function markNotificationRead(db: FirmDb, reader: Reader, id: string, now = new Date()): Promise<{ unread: number }> {
  await db.notification.updateMany({ where: { id, ...unreadWhere(reader) }, data: { dismissedAt: now } });
  return { unread: await unreadNotificationCount(db, reader) };
}

/** Marks all the reader's notifications read. */
export async function markAllNotificationsRead(db: FirmDb, reader: Reader, now = new Date()): Promise<{ unread: number }> {
  await db.notification.updateMany({ where: unreadWhere(reader), data: { dismissedAt: now } });
  return { unread: 0 };
}
