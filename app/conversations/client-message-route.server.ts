/**
 * The client inbox route's message actions (besides send and seen): parse the posted form with
 * zod, call client-message-actions.server.ts, answer `{ ok, message }` or a refusal with the
 * spec's text and its status (never a 500 for bad input).
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { firstMessage } from "~/errors";
import { editClientMessage, markClientMessageUnseen, removeClientMessage, rescheduleClientMessage } from "./client-message-actions.server";
import { COMPOSE_TEXT, rescheduleSchema } from "./compose-rules";
import { failure } from "./route-answers.server";
import { INBOX_TEXT } from "./rules";
import { STAFF_INBOX_TEXT, editMessageSchema, messageRefSchema } from "./staff-rules";

export async function clientMessageAction(form: FormData, portal: FirmSiteContext, user: SessionUser, hash: string, conversationId: string | null) {
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  if (!["edit", "reschedule", "remove", "unseen"].includes(intent)) return failure("Unknown action", 400);
  if (!conversationId) return failure(STAFF_INBOX_TEXT.notFound, 404);
  switch (intent) {
    case "edit": {
      const parsed = editMessageSchema.safeParse({ messageId: field("messageId"), text: field("text") ?? "" });
      if (!parsed.success) return failure(firstMessage(parsed.error, INBOX_TEXT.emptyMessage), 400);
      await editClientMessage(portal, user, hash, conversationId, parsed.data.messageId, parsed.data.text);
      return { ok: true as const, conversationId, message: COMPOSE_TEXT.updated };
    }
    case "reschedule": {
      const parsed = rescheduleSchema().safeParse({ messageId: field("messageId"), scheduledAt: field("scheduledAt") });
      if (!parsed.success) return failure(firstMessage(parsed.error, STAFF_INBOX_TEXT.scheduleRequired), 400);
      await rescheduleClientMessage(portal, user, hash, conversationId, parsed.data.messageId, parsed.data.scheduledAt);
      return { ok: true as const, conversationId, message: COMPOSE_TEXT.scheduleUpdated };
    }
    case "remove": {
      const parsed = messageRefSchema.safeParse({ messageId: field("messageId") });
      if (!parsed.success) return failure(firstMessage(parsed.error, STAFF_INBOX_TEXT.messageNotFound), 400);
      const removal = await removeClientMessage(portal, user, hash, conversationId, parsed.data.messageId);
      return { ok: true as const, conversationId, removal, message: COMPOSE_TEXT.removed };
    }
    default: {
      const parsed = messageRefSchema.safeParse({ messageId: field("messageId") });
      if (!parsed.success) return failure(firstMessage(parsed.error, STAFF_INBOX_TEXT.messageNotFound), 400);
      await markClientMessageUnseen(portal, user, hash, conversationId, parsed.data.messageId);
      return { ok: true as const, conversationId, message: COMPOSE_TEXT.markedUnread };
    }
  }
}
