/**
 * The counts the shell shows on every signed-in page: unread messages beside Messages (when the
 * navigation has it) and the bell's unread notifications. One statement for both; each count is
 * the SQL of its own function (`unreadMessageCount`, `unreadNotificationCount`), so the badge and
 * the bell's panel never disagree.
 */
import type { SessionUser } from "~/auth/session.server";
import { unreadMessagesSql } from "~/conversations/unread.server";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { unreadNotificationsSql } from "~/notifications/panel.server";

export async function shellCounts(
  portal: FirmSiteContext,
  user: Pick<SessionUser, "id" | "kind">,
  options: { messages: boolean },
  now = new Date(),
): Promise<{ messages: number; notifications: number }> {
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const [row] = await firmSql<{ messages: number; notifications: number }>(
    portal.firm.id,
    `SELECT ${options.messages ? unreadMessagesSql(user, now, bind) : "0"} AS messages, ${unreadNotificationsSql(user, bind)} AS notifications`,
    values,
    { prepare: true }, // on every signed-in page; two forms (with and without messages)
  );
  return { messages: row?.messages ?? 0, notifications: row?.notifications ?? 0 };
}
