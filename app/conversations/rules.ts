/**
 * Messaging rules shared by the client inbox's loader, its actions and its screens: what may be
 * sent, how messages and conversations read, and the spec's texts.
 */
import * as z from "zod";

export const INBOX_TEXT = {
  empty: "No available conversations found",
  emptyMessage: "Please enter a message",
  deleted: "This message was deleted",
  archived:
    "This conversation is archived because a new conversation has been created with different users. Messaging is disabled, please use the other conversation.",
  readonly: "Messaging is turned off for read-only accounts. Please contact your firm.",
  disabled: "Messaging is not available for this firm.",
  sent: "Message sent",
  sendFailed: "Failed to send message",
  backToDashboard: "Back to Dashboard",
  scrollToLatest: "Scroll to latest message",
  scrollToUnread: "Scroll to unread thread",
  previousPage: "Previous 500 messages",
  latestPage: "Latest 500 messages",
} as const;

/** Root messages per page (the spec's 500). */
export const MESSAGE_PAGE_SIZE = 500;
/** Longest message text we store. */
export const MESSAGE_MAX_LENGTH = 10_000;
/** Last-message preview length in the conversation list. */
export const PREVIEW_LENGTH = 48;
/** Avatars shown on a thread before "+N". */
export const THREAD_AVATARS = 3;

export const MESSAGE_TAGS = ["general", "urgent", "emergency"] as const;
export type MessageTagName = (typeof MESSAGE_TAGS)[number];
export const MESSAGE_TAG_LABELS: Record<MessageTagName, string> = { general: "General", urgent: "Urgent", emergency: "Emergency" };

export const sendMessageSchema = z.object({
  text: z
    .string({ error: INBOX_TEXT.emptyMessage })
    .transform((t) => t.replace(/\r\n/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, INBOX_TEXT.emptyMessage)
        .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`),
    ),
  tag: z.enum(MESSAGE_TAGS).catch("general").default("general"),
  /** Reply to this root message (a thread). */
  threadId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});

export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** "A very long message…" — at most 48 characters, whole words when possible. */
export function previewText(text: string, length = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Recipient bar: the first two names, then 'and N more'. */
export function recipientSummary(names: string[]): string {
  const list = names.filter(Boolean);
  if (list.length <= 2) return list.join(", ");
  return `${list.slice(0, 2).join(", ")} and ${list.length - 2} more`;
}

/** Clients see firm users' messages signed by the firm, as '{firm} Team'. */
export function authorLabel(message: { isFirmUser: boolean; authorName: string | null }, firmName: string, viewer: "client" | "staff"): string {
  if (message.isFirmUser && viewer === "client") return `${firmName} Team`;
  return message.authorName || (message.isFirmUser ? `${firmName} Team` : "Client");
}

/** A conversation with no relevant entity left is archived: read-only, with the banner. */
export function isArchived(relevantCompanyIds: readonly string[]): boolean {
  return relevantCompanyIds.length === 0;
}

export interface SendContext {
  communicationDisabled: boolean;
  readonlyUser: boolean;
  readonlyEntity: boolean;
  archived: boolean;
  preview?: boolean;
}

/** Why the composer is disabled, or null when the viewer may send. */
export function sendBlockedReason(ctx: SendContext): string | null {
  if (ctx.communicationDisabled) return INBOX_TEXT.disabled;
  if (ctx.preview) return "Messages can't be sent in preview.";
  if (ctx.archived) return INBOX_TEXT.archived;
  if (ctx.readonlyUser || ctx.readonlyEntity) return INBOX_TEXT.readonly;
  return null;
}

/** Whether a client may see this message now (scheduled messages wait for their time). */
export function visibleToClient(message: { scheduledAt: Date | string | null }, now: Date): boolean {
  if (!message.scheduledAt) return true;
  return new Date(message.scheduledAt).getTime() <= now.getTime();
}

/** The text shown for a message: deleted ones keep their place with the spec's text. */
export function displayText(message: { text: string; deletedAt: Date | string | null }): string {
  return message.deletedAt ? INBOX_TEXT.deleted : message.text;
}

/** The client inbox's entity switcher choice: the entity, and its unread messages when there are any (native options hold text only). */
export const entityChoiceLabel = (e: { name: string; unseen: number }) => (e.unseen > 0 ? `${e.name} (${e.unseen > 99 ? "99+" : e.unseen} unread)` : e.name);
