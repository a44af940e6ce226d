/**
 * What staff can do to questionnaires from Collect and the advisor preview dialog: the input
 * schemas (zod, shared by the server and the forms), the spec's toast texts (staff spec §8) and
 * the additional-items and due-date rules (§5). Pure: no database, no clock.
 */
import * as z from "zod";
import { badRequest } from "~/errors";

export const COLLECT_MESSAGES = {
  locked: "Questionnaire locked",
  unlocked: "Questionnaire unlocked",
  completed: "Questionnaire marked completed",
  notCompleted: "Questionnaire marked not completed",
  trackOn: "Tracking changes enabled",
  trackOff: "Tracking changes disabled",
  paid: "Questionnaire marked as paid",
  unpaid: "Questionnaire marked as unpaid",
  attached: "Document(s) attached successfully",
  attachFailed: "Error attaching document to questionnaire",
  allLocked: "All questionnaires are locked, no available questionnaire to attach.",
  restored: "Questionnaires restored successfully",
  restoreFailed: "Failed to restore questionnaires",
  deleted: "Questionnaire deleted",
  itemsRequested: "Additional items requested",
  reminderUpdated: "Reminder updated",
  reminderFailed: "Reminder update failed",
  remindersSent: "Reminders sent successfully",
  draftsSent: "Questionnaire draft(s) sent",
  linkCopied: "Link copied to clipboard",
  updated: "Successfully updated",
  failed: "Something went wrong",
  isLocked: "Questionnaire is locked",
  validDueDate: "Please select a valid due date",
  futureDueDate: "Due date must be in the future",
  itemText: "Please enter the item's text",
  itemOptions: "Document options cannot contain slashes or periods",
  noSelection: "Please select at least one questionnaire",
  notDraft: "Only drafts can be sent.",
  replySaved: "Reply saved",
  replyText: "Please enter a reply.",
  noteGone: "This note was removed.",
} as const;

/** The longest note or reply (the client's note has the same limit). */
export const MAX_NOTE_LENGTH = 2000;

export const DUE_DATE_SHORTCUTS = [7, 14, 30] as const;
export const DEFAULT_DUE_DAYS = 7;
/** Unattached documents: the last 3 months only (§9). */
export const UNATTACHED_MONTHS = 3;
export const MAX_BULK = 500;
export const MAX_ITEMS = 50;

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value <= "2199-12-31";
}

/** §5 Due dates: a valid date ('Please select a valid due date'), today or later ('Due date must be in the future'). */
export function dueDateError(value: string | null | undefined, today: string): string | null {
  if (!value || !isIsoDate(value)) return COLLECT_MESSAGES.validDueDate;
  if (value < today) return COLLECT_MESSAGES.futureDueDate;
  return null;
}

export const ADDITIONAL_ITEM_TYPES = ["upload", "text", "boolean"] as const;
export type AdditionalItemType = (typeof ADDITIONAL_ITEM_TYPES)[number];

export interface AdditionalItemInput {
  text: string;
  questionType: AdditionalItemType;
  options: string[];
}

export const UPLOAD_PREFIX = "Please upload ";

/** §5 Additional items: upload items read 'Please upload …' unless the firm turned the prefix off. */
export function additionalItemText(item: Pick<AdditionalItemInput, "text" | "questionType">, removePleaseUpload: boolean): string {
  const text = item.text.trim();
  if (item.questionType !== "upload" || removePleaseUpload) return text;
  if (text.toLowerCase().startsWith(UPLOAD_PREFIX.toLowerCase())) return text;
  return `${UPLOAD_PREFIX}${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/** The first problem of an additional item, or null: text required; no '/' or '.' in document options. */
export function additionalItemError(item: AdditionalItemInput): string | null {
  if (!item.text.trim()) return COLLECT_MESSAGES.itemText;
  if (item.questionType === "upload" && item.options.some((o) => /[/.]/.test(o))) return COLLECT_MESSAGES.itemOptions;
  return null;
}

/** Submit is disabled until every item has text (§5). */
export function additionalItemsReady(items: readonly AdditionalItemInput[]): boolean {
  return items.length > 0 && items.every((i) => i.text.trim() !== "");
}

// ───────────────────────────── Input schemas ─────────────────────────────

const id = z.string().trim().min(1).max(64);
const ids = z.array(id).min(1, COLLECT_MESSAGES.noSelection).max(MAX_BULK);
const bool = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
const dateText = z.string().trim().max(20);
const text = (max: number) => z.string().max(max).optional().nullable();

const item = z.object({
  text: z.string().max(1000),
  questionType: z.enum(ADDITIONAL_ITEM_TYPES),
  options: z.array(z.string().trim().min(1).max(200)).max(30).default([]),
});

/** One questionnaire (POST /api/staff/questionnaires/{id}). */
export const questionnaireIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lock"), locked: bool }),
  z.object({ intent: z.literal("complete"), completed: bool }),
  z.object({ intent: z.literal("track_changes"), trackChanges: bool }),
  z.object({ intent: z.literal("deposit"), paid: bool }),
  z.object({ intent: z.literal("due_date"), dueDate: dateText, remindersDisabled: bool.optional() }),
  z.object({
    intent: z.literal("reminders"),
    remindersDisabled: bool,
    reminderEmailSubject: text(200),
    reminderEmailMessage: text(5000),
    reminderInAppMessage: text(1000),
    reminderSmsMessage: text(500),
  }),
  z.object({
    intent: z.literal("additional_items"),
    name: z.string().trim().max(200).optional(),
    dueDate: dateText,
    items: z.array(item).min(1, COLLECT_MESSAGES.itemText).max(MAX_ITEMS),
  }),
  z.object({ intent: z.literal("attach"), extractedDocumentIds: ids }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("link") }),
  z.object({
    intent: z.literal("reply_note"),
    noteId: id,
    body: z.string().trim().min(1, COLLECT_MESSAGES.replyText).max(MAX_NOTE_LENGTH),
  }),
]);
export type QuestionnaireIntent = z.infer<typeof questionnaireIntentSchema>;

/** Selected rows (POST /api/staff/questionnaires). */
export const bulkIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lock"), questionnaireIds: ids }),
  z.object({ intent: z.literal("due_dates"), questionnaireIds: ids, dueDate: dateText, remindersDisabled: bool.optional() }),
  z.object({ intent: z.literal("reminders"), questionnaireIds: ids, remindersDisabled: bool }),
  z.object({ intent: z.literal("send_drafts"), questionnaireIds: ids }),
  z.object({ intent: z.literal("restore"), questionnaireIds: ids }),
]);
export type BulkIntent = z.infer<typeof bulkIntentSchema>;

/** The first message of a failed parse (zod's own messages are replaced by 'Something went wrong'). */
export function firstIssue(error: z.ZodError): string {
  const custom = Object.values(COLLECT_MESSAGES) as string[];
  const message = error.issues[0]?.message ?? "";
  return custom.includes(message) ? message : "Malformed request";
}

/** `body` read with `schema`, or a 400 whose message is `firstIssue`'s. */
export function readIntent<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  return parsed.data;
}
