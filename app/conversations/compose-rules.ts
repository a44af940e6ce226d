/**
 * What a message may carry beyond its text, for both inboxes: attachments (documents of the
 * conversation's entity filed in its "Messages" folder), a scheduled time, and auto-remind (the
 * other side is reminded every 3 days for a month while nobody replies). Pure; shared by the
 * routes, the server modules and the composer.
 */
import * as z from "zod";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { INBOX_TEXT, MESSAGE_MAX_LENGTH, sendMessageSchema } from "./rules";
import { STAFF_INBOX_TEXT, scheduledAtSchema } from "./staff-rules";

/** The entity folder message attachments are filed in. */
export const MESSAGES_FOLDER = "/Messages";
/** Files one message may carry. */
export const MAX_ATTACHMENTS = 10;
/** Auto-remind: every 3 days… */
export const AUTO_REMIND_EVERY_MS = 3 * 24 * 60 * 60 * 1000;
/** …for a month (spec §9) after the message was sent. */
export const AUTO_REMIND_FOR_MS = 30 * 24 * 60 * 60 * 1000;

export const COMPOSE_TEXT = {
  autoRemind: "Auto-remind",
  autoRemindHint: "Remind them every 3 days for a month until someone replies",
  attach: "Attach files",
  tooManyFiles: `A message can carry at most ${MAX_ATTACHMENTS} files.`,
  attachmentMissing: DOCUMENT_MESSAGES.notFound,
  scheduled: "Scheduled",
  schedule: "Schedule",
  reschedule: "Change time",
  markUnread: "Mark unread",
  markedUnread: STAFF_INBOX_TEXT.markedUnseen,
  updated: STAFF_INBOX_TEXT.updated,
  removed: STAFF_INBOX_TEXT.removed,
  updateFailed: STAFF_INBOX_TEXT.updateFailed,
  scheduleFailed: STAFF_INBOX_TEXT.scheduleFailed,
  scheduleUpdated: "Schedule time updated",
} as const;

/** A checkbox's value: "on", "true" or "1" is on; anything else (or nothing) is off. */
const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** Document ids of the files a message carries (at most MAX_ATTACHMENTS, no repeats). */
export const attachmentIdsSchema = z
  .array(z.string().trim().min(1, COMPOSE_TEXT.attachmentMissing).max(64, COMPOSE_TEXT.attachmentMissing))
  .max(MAX_ATTACHMENTS, COMPOSE_TEXT.tooManyFiles)
  .default([])
  .transform((ids) => [...new Set(ids)]);

const optionalText = z
  .string()
  .optional()
  .transform((t) => (t ?? "").replace(/\r\n/g, "\n").trim())
  .pipe(z.string().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`));

/**
 * A message as sent from either inbox: text (may be empty when files are attached), tag, thread,
 * files, an optional time in the future, and auto-remind.
 */
export function composeSchema(now?: () => Date) {
  return z
    .object({
      text: optionalText,
      tag: sendMessageSchema.shape.tag,
      threadId: sendMessageSchema.shape.threadId,
      attachmentIds: attachmentIdsSchema,
      scheduledAt: scheduledAtSchema(now),
      autoRemind: checkbox,
    })
    .superRefine((v, ctx) => {
      if (!v.text && v.attachmentIds.length === 0) ctx.addIssue({ code: "custom", path: ["text"], message: INBOX_TEXT.emptyMessage });
    });
}
export type ComposeInput = z.infer<ReturnType<typeof composeSchema>>;

/** A new time for one's own scheduled message: required and in the future. */
export function rescheduleSchema(now?: () => Date) {
  return z.object({
    messageId: z.string({ error: STAFF_INBOX_TEXT.messageNotFound }).trim().min(1, STAFF_INBOX_TEXT.messageNotFound).max(64, STAFF_INBOX_TEXT.messageNotFound),
    scheduledAt: scheduledAtSchema(now).refine((v): v is Date => v instanceof Date, STAFF_INBOX_TEXT.scheduleRequired),
  });
}

/** The text that announces a message (notification, email): its text, or the names of its files. */
export function announcementText(text: string, attachmentNames: readonly string[]): string {
  if (text) return text;
  if (!attachmentNames.length) return "";
  return `${attachmentNames.length === 1 ? "Sent a file" : `Sent ${attachmentNames.length} files`}: ${attachmentNames.join(", ")}`;
}

/** When a message sent (or due) at `sentAt` with auto-remind is first re-announced. */
export function firstRemindAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + AUTO_REMIND_EVERY_MS);
}

/**
 * The reminder after the one due at `dueAt`: 3 days later, while that is within a month of
 * `sentAt`; null when the month is over.
 */
export function nextRemindAt(sentAt: Date, dueAt: Date): Date | null {
  const next = new Date(dueAt.getTime() + AUTO_REMIND_EVERY_MS);
  return next.getTime() - sentAt.getTime() <= AUTO_REMIND_FOR_MS ? next : null;
}

/** A posted composer form as `composeSchema` reads it (files as repeated `attachmentId` fields). */
export function composeFields(form: FormData) {
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  return {
    text: field("text") ?? "",
    tag: field("tag"),
    threadId: field("threadId"),
    attachmentIds: form.getAll("attachmentId").filter((v): v is string => typeof v === "string"),
    scheduledAt: field("scheduledAt"),
    autoRemind: field("autoRemind"),
  };
}
