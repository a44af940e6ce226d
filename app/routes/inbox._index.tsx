/**
 * /inbox (where Messages and its unread badge go): the conversation holding the client's newest
 * unread message, under one of its entities the client sees; with nothing unread, the default
 * (or first active) entity's conversations.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { inboxEntities } from "~/conversations/inbox.server";
import { newestUnreadConversation } from "~/conversations/unread.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  if (user.kind === "staff" || portal.firm.preferences.communicationDisabled) throw redirect("/");
  const [entities, unread] = await Promise.all([inboxEntities(portal, user), newestUnreadConversation(portal.db, user)]);
  const entity = unread && entities.find((e) => unread.companyHashIds.includes(e.hashId));
  if (unread && entity) throw redirect(`/inbox/${entity.hashId}/${unread.conversationId}`);
  const [first] = entities;
  if (!first) throw redirect("/");
  throw redirect(`/inbox/${first.hashId}`);
}
