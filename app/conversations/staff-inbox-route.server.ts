/**
 * Loader and action of the staff inbox routes (/messages/{id?} and
 * /admin/{companyHash}/messages/{id?}): parse the query and the posted form with zod, call the
 * domain functions, map their errors to statuses.
 *
 * Posts (form fields): intent=send (text, tag, threadId, scheduledAt ISO, autoRemind, attachmentId…),
 * intent=start (the entity page without a conversation: the same without threadId), intent=edit (messageId, text),
 * intent=reschedule (messageId, scheduledAt ISO: 'Change time' of a scheduled one), intent=remove (messageId),
 * intent=unseen (messageId), intent=seen.
 */
import type { FirmSiteContext } from "~/context.server";
import { firstMessage } from "~/errors";
import { failure, refusal, throwRefusal } from "./route-answers.server";
import {
  editStaffMessage,
  loadStaffInbox,
  markStaffConversationSeen,
  markStaffMessageUnseen,
  removeStaffMessage,
  rescheduleStaffMessage,
  sendStaffMessage,
  startEntityConversation,
  type StaffInboxViewer,
} from "./staff-inbox.server";
import { INBOX_TEXT } from "./rules";
import { STAFF_INBOX_TEXT, conversationListQuerySchema, editMessageSchema, messageRefSchema } from "./staff-rules";
import { COMPOSE_TEXT, composeFields, composeSchema, rescheduleSchema } from "./compose-rules";

export function staffInboxData(
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  url: URL,
  options: { conversationId: string | null; entityId?: string | null },
) {
  const query = conversationListQuerySchema.parse({ q: url.searchParams.get("q"), page: url.searchParams.get("page") ?? undefined });
  return loadStaffInbox(portal, viewer, {
    query,
    entityId: options.entityId ?? null,
    conversationId: options.conversationId,
    threadId: url.searchParams.get("thread"),
    before: url.searchParams.get("before"),
  }).catch(throwRefusal);
}

/**
 * The action of a staff inbox route. `conversationId` is the URL's; `entityHash` is given on an
 * entity's Messages page (where intent=start may create the entity's conversation).
 */
export async function staffInboxAction(
  request: Request,
  portal: FirmSiteContext,
  viewer: StaffInboxViewer,
  options: { conversationId: string | null; entityHash?: string | null },
) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const { conversationId } = options;
  try {
    if (intent === "start") {
      if (!options.entityHash) return failure("Unknown action", 400);
      const parsed = composeSchema().safeParse({ ...composeFields(form), threadId: undefined });
      if (!parsed.success) return failure(firstMessage(parsed.error, INBOX_TEXT.emptyMessage), 400);
      const sent = await startEntityConversation(portal, viewer, options.entityHash, parsed.data);
      return { ok: true as const, conversationId: sent.conversationId, message: INBOX_TEXT.sent };
    }
    if (!conversationId) return failure(STAFF_INBOX_TEXT.notFound, 404);
    switch (intent) {
      case "send": {
        const parsed = composeSchema().safeParse(composeFields(form));
        if (!parsed.success) return failure(firstMessage(parsed.error, INBOX_TEXT.emptyMessage), 400);
        const sent = await sendStaffMessage(portal, viewer, conversationId, parsed.data);
        return { ok: true as const, conversationId: sent.conversationId, message: INBOX_TEXT.sent };
      }
      case "edit": {
        const parsed = editMessageSchema.safeParse({ messageId: field("messageId"), text: field("text") ?? "" });
        if (!parsed.success) return failure(firstMessage(parsed.error, INBOX_TEXT.emptyMessage), 400);
        await editStaffMessage(portal, viewer, conversationId, parsed.data.messageId, parsed.data.text);
        return { ok: true as const, conversationId, message: STAFF_INBOX_TEXT.updated };
      }
      case "reschedule": {
        const parsed = rescheduleSchema().safeParse({ messageId: field("messageId"), scheduledAt: field("scheduledAt") });
        if (!parsed.success) return failure(firstMessage(parsed.error, STAFF_INBOX_TEXT.scheduleRequired), 400);
        await rescheduleStaffMessage(portal, viewer, conversationId, parsed.data.messageId, parsed.data.scheduledAt);
        return { ok: true as const, conversationId, message: COMPOSE_TEXT.scheduleUpdated };
      }
      case "remove": {
        const parsed = messageRefSchema.safeParse({ messageId: field("messageId") });
        if (!parsed.success) return failure(firstMessage(parsed.error, STAFF_INBOX_TEXT.messageNotFound), 400);
        const kind = await removeStaffMessage(portal, viewer, conversationId, parsed.data.messageId);
        return { ok: true as const, conversationId, removal: kind, message: STAFF_INBOX_TEXT.removed };
      }
      case "unseen": {
        const parsed = messageRefSchema.safeParse({ messageId: field("messageId") });
        if (!parsed.success) return failure(firstMessage(parsed.error, STAFF_INBOX_TEXT.messageNotFound), 400);
        await markStaffMessageUnseen(portal, viewer, conversationId, parsed.data.messageId);
        return { ok: true as const, conversationId, message: STAFF_INBOX_TEXT.markedUnseen };
      }
      case "seen":
        await markStaffConversationSeen(portal, viewer, conversationId);
        return { ok: true as const, conversationId };
      default:
        return failure("Unknown action", 400);
    }
  } catch (error) {
    return refusal(error);
  }
}
