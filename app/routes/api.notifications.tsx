/**
 * The signed-in user's notification panel (staff and clients), JSON:
 *
 *   GET  /api/notifications?cursor=…&unread_only=1  → { items, unread, next }: newest first, a page at a time
 *   GET  /api/notifications?count=1                 → { unread }: the bell's number
 *   POST /api/notifications { intent: "read", id }  → { unread }: one marked read (only the reader's own)
 *   POST /api/notifications { intent: "read_all" }  → { unread: 0 }
 *
 * 401 without a session, 400 for bad input. Only ever the reader's own notifications, in the firm's scope.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { jsonAction, jsonLoader, readQuery, requireApiUser } from "~/http.server";
import { markAllNotificationsRead, markNotificationRead, notificationPage, unreadNotificationCount } from "~/notifications/panel.server";

const querySchema = z.object({
  cursor: z.string().min(1).max(64).optional(),
  unread_only: z.enum(["0", "1"]).optional(),
  count: z.enum(["0", "1"]).optional(),
});

const bodySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("read_all") }),
]);

export const loader = jsonLoader(async ({ request, portal }) => {
  const user = await requireApiUser(request, portal);
  const query = readQuery(request, querySchema);
  if (query.count === "1") return { unread: await unreadNotificationCount(portal.db, user) };
  return notificationPage(portal.db, user, { cursor: query.cursor ?? null, unreadOnly: query.unread_only === "1" });
});

export const action = jsonAction(bodySchema, async (input, { request, portal }) => {
  requireSameOrigin(request, portal.origin);
  const user = await requireApiUser(request, portal);
  return input.intent === "read" ? markNotificationRead(portal.db, user, input.id) : markAllNotificationsRead(portal.db, user);
});
