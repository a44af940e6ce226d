/**
 * Rules of the staff side of messaging (/messages and an entity's Messages): who may read a
 * conversation, what staff may do to a message and when, how the conversation list is searched
 * and paged, and the spec's texts. Shared by the server module, the routes and the screens.
 */
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import * as z from "zod";
import { ianaZone } from "~/time-zones";
import { INBOX_TEXT, MESSAGE_MAX_LENGTH, sendMessageSchema } from "./rules";

export const STAFF_INBOX_TEXT = {
  updated: "Message updated successfully",
  removed: "Message deleted/unsent successfully",
  updateFailed: "Failed to update message",
  scheduleFailed: "Failed to update schedule time",
  futureDate: "Please select a date in the future",
  scheduleRequired: "Please select a date and time",
  noActiveOwners: "Entity has no active owners to message.",
  noConversations: INBOX_TEXT.empty,
  noMatches: "No conversations match your search.",
  markedUnseen: "Marked as unread",
  notFound: "Conversation not found",
  messageNotFound: "Message not found",
  deleteConfirm: "Delete this message? Clients will see 'This message was deleted' in its place.",
} as const;

/** Conversations per page of the staff list. */
export const STAFF_CONVERSATION_PAGE_SIZE = 20;
/** Pages beyond this are not offered (the list is newest first; search narrows it). */
export const STAFF_CONVERSATION_MAX_PAGE = 500;
/** Longest search term sent to the database. */
export const STAFF_SEARCH_MAX_LENGTH = 100;
/** The conversation search waits this long after the last key (spec: 640 ms). */
export const CONVERSATION_SEARCH_DEBOUNCE_MS = 640;
/** A message may be unsent (removed without a trace) this long after it was sent. */
export const UNSEND_WINDOW_MS = 30_000;
/** Notification type 1 (information): owners subscribed to it are emailed new messages. */
export const INFORMATION_NOTIFICATION_TYPE = 1;

/** `?q=&page=` of the staff conversation list: a trimmed, bounded search and a bounded page. */
export const conversationListQuerySchema = z.object({
  q: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").replace(/\s+/g, " ").trim().slice(0, STAFF_SEARCH_MAX_LENGTH)),
  page: z.coerce.number().int().min(1).max(STAFF_CONVERSATION_MAX_PAGE).catch(1).default(1),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** Search words: every word must match the entity's name or a client's name or email. */
export function searchTerms(q: string): string[] {
  return [...new Set(q.split(" ").filter(Boolean))].slice(0, 5);
}

/** An optional scheduled time: when given, it must be a valid date in the future. */
export function scheduledAtSchema(now: () => Date = () => new Date()) {
  return z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const at = new Date(v);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: "custom", message: STAFF_INBOX_TEXT.scheduleRequired });
        return z.NEVER;
      }
      if (at.getTime() <= now().getTime()) {
        ctx.addIssue({ code: "custom", message: STAFF_INBOX_TEXT.futureDate });
        return z.NEVER;
      }
      return at;
    });
}

/** A firm message: the client send schema plus an optional scheduled time. */
export function staffSendSchema(now?: () => Date) {
  return sendMessageSchema.extend({ scheduledAt: scheduledAtSchema(now) });
}
export type StaffSendInput = z.infer<ReturnType<typeof staffSendSchema>>;

const messageId = z
  .string({ error: STAFF_INBOX_TEXT.messageNotFound })
  .trim()
  .min(1, STAFF_INBOX_TEXT.messageNotFound)
  .max(64, STAFF_INBOX_TEXT.messageNotFound);

export const editMessageSchema = z.object({
  messageId,
  text: sendMessageSchema.shape.text,
});

export const messageRefSchema = z.object({ messageId });

/** The default time offered when scheduling: tomorrow at 09:00 in the reader's time zone (a product zone name). */
export function defaultScheduleTime(now: Date, zoneName: string | null | undefined): Date {
  const zone = ianaZone(zoneName);
  const [y, m, d] = formatInTimeZone(now, zone, "yyyy-MM-dd").split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1));
  return fromZonedTime(`${tomorrow.toISOString().slice(0, 10)}T09:00`, zone);
}

/** `YYYY-MM-DDTHH:mm` of a moment in the reader's time zone, for a datetime-local input. */
export function toZonedInputValue(at: Date, zoneName: string | null | undefined): string {
  return formatInTimeZone(at, ianaZone(zoneName), "yyyy-MM-dd'T'HH:mm");
}

/** The moment a datetime-local value names in the reader's time zone (whatever the browser's own zone); null if it names none. */
export function fromZonedInputValue(local: string, zoneName: string | null | undefined): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const at = fromZonedTime(local, ianaZone(zoneName));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Within 30 s of sending a message is unsent (gone); afterwards it is deleted (a placeholder stays). */
export function removalKind(createdAt: Date | string, now: Date): "unsend" | "delete" {
  return now.getTime() - new Date(createdAt).getTime() < UNSEND_WINDOW_MS ? "unsend" : "delete";
}

export interface MessageFacts {
  authorId: string | null;
  deletedAt: Date | string | null;
  isLog: boolean;
}

/** Staff edit and remove their own messages only, while they are not deleted. */
export function canChangeMessage(message: MessageFacts, viewerId: string): boolean {
  return message.authorId === viewerId && !message.deletedAt && !message.isLog;
}

/**
 * 'Only admins of an archived conversation can view its messages': a conversation no entity is
 * linked to any more is open only to the firm users taking part in it.
 */
export function canViewConversation(c: { archived: boolean; viewerIsFirmParticipant: boolean }): boolean {
  return !c.archived || c.viewerIsFirmParticipant;
}

/** Why staff cannot write in a conversation, or null when they can. */
export function staffSendBlockedReason(c: { archived: boolean; communicationDisabled: boolean }): string | null {
  if (c.communicationDisabled) return INBOX_TEXT.disabled;
  if (c.archived) return INBOX_TEXT.archived;
  return null;
}

export interface ClientRecipientFacts {
  kind: "staff" | "client";
  paying: boolean;
  deletedAt: Date | string | null;
  email: string | null;
  hasTempEmail: boolean;
  phoneNumber?: string | null;
  /** 'Email & Text' (sms) adds a text message to the email. */
  preferredContactMethod?: "email" | "sms";
  /** Notification types this owner chose for the entity (empty when they chose none). */
  subscribedTypes: readonly number[];
  /** Whether any owner of the entity has chosen notification types at all. */
  entityHasSubscriptions: boolean;
}

/**
 * How a client taking part in a conversation hears of a firm message: always in the product
 * (unseen count and a notification) while their account is active; by email too when they have a
 * real address and receive 'information' notifications for the entity (or nobody chose any); by
 * a text message too when, on the same terms, their contact method is 'Email & Text' and they
 * have a phone number.
 */
export function clientMessageChannels(r: ClientRecipientFacts): { inApp: boolean; email: boolean; sms: boolean } | null {
  if (r.kind !== "client" || !r.paying || r.deletedAt) return null;
  const subscribed = r.entityHasSubscriptions ? r.subscribedTypes.includes(INFORMATION_NOTIFICATION_TYPE) : true;
  const phone = (r.phoneNumber ?? "").replace(/\D/g, "");
  return {
    inApp: true,
    email: subscribed && Boolean(r.email) && !r.hasTempEmail,
    sms: subscribed && r.preferredContactMethod === "sms" && phone.length >= 10,
  };
}

/** The conversation list's page numbers: 'Page 2 of 7'. */
export function pageCount(total: number, size = STAFF_CONVERSATION_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export { MESSAGE_MAX_LENGTH };
