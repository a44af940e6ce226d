/**
 * The rules of sending questionnaires (staff spec §5 "Due dates", "Send template", "Custom
 * questionnaire", "Additional items", "Document drop-off"; §9 constants), shared by the send
 * dialog and the server: the same function decides what the dialog shows and what the API refuses.
 */
import * as z from "zod";
import { addDays } from "./schedule";
import { FREQUENCIES, type Frequency } from "./schedule";

export const TAX_YEAR_MIN = 2018;
export const TAX_YEAR_MAX = 2025;
export const TAX_YEARS: readonly number[] = Array.from({ length: TAX_YEAR_MAX - TAX_YEAR_MIN + 1 }, (_, i) => TAX_YEAR_MAX - i);

/** Due-date shortcuts in days (§5 "Due dates"); the due date field starts 7 days ahead. */
export const DUE_DATE_SHORTCUTS = [7, 14, 30] as const;
export const DEFAULT_DUE_DAYS = 7;
/** Drop-off requests: due 14 days after sending, links valid 7 days (§5, §9). */
export const DROP_OFF_DAYS_UNTIL_DUE = 14;
export const DROP_OFF_LINK_DAYS = 7;
export const DROP_OFF_DEFAULT_NAME = "Document Checklist";
/** Selecting this many entities or more asks for confirmation, and the send runs in the background. */
export const BULK_CONFIRM_THRESHOLD = 10;
/** After a send the list reloads after 3 s (§9). */
export const RELOAD_AFTER_SEND_MS = 3000;
export const UPLOAD_PREFIX = "Please upload ";
/** Entities per send (the dialog selects from search results; the API caps it). */
export const MAX_ENTITIES_PER_SEND = 5000;
export const MAX_EXTRA_QUESTIONS = 50;

export const SEND_MESSAGES = {
  template: "Please select a template",
  taxYear: "Please select a tax year",
  company: "Please select a company",
  dueDate: "Please select a valid due date",
  dueDateFuture: "Due date must be in the future",
  frequency: "Please select a frequency",
  sendDate: "Please select a send date",
  depositAmount: "Please enter a deposit amount",
  itemText: "Please enter the item text",
  optionCharacters: "Document options cannot contain slashes or periods",
  rolloverName: "Please enter a name",
  subject: "Please enter a subject",
  oneItem: "Please add at least one item",
  draftScheduled: "A scheduled send cannot be saved as a draft",
  inactiveEntity: "Entity is inactive",
  sent: "Questionnaire(s) sent successfully",
  scheduled: "Questionnaire(s) scheduled successfully",
  draftSaved: "Successfully saved Questionnaire draft(s)",
  bulkStarted: "Sending in the background: the list updates as questionnaires go out",
  dropOffSent: "Document drop off sent successfully",
  additionalItems: "Additional items requested",
  notFound: "Not Found",
} as const;

/** The default tax year: the year of the date ten months ago (§9), within the years offered. */
export function defaultTaxYear(today: string): number {
  const [y, m] = today.split("-").map(Number);
  const monthIndex = y * 12 + (m - 1) - 10;
  const year = Math.floor(monthIndex / 12);
  return Math.min(TAX_YEAR_MAX, Math.max(TAX_YEAR_MIN, year));
}

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A due date is valid when it is a real date, today or later (the minimum is today). */
export function isValidDueDate(value: unknown, today: string): value is string {
  return isIsoDate(value) && value >= today;
}

export function defaultDueDate(today: string): string {
  return addDays(today, DEFAULT_DUE_DAYS);
}

export function dueDateShortcut(today: string, days: number): string {
  return addDays(today, days);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Dollars typed by staff ('1,250.50', '$300') to cents; null when not a positive amount. */
export function parseDollars(value: string | null | undefined): number | null {
  const cleaned = (value ?? "").replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 && cents <= 100_000_000 ? cents : null;
}

// ───────────────────────────── Items (extra questions, custom, additional) ─────────────────────────────

export const ITEM_TYPES = ["upload", "text", "textarea", "boolean", "date", "select"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  upload: "Document upload",
  text: "Short answer",
  textarea: "Long answer",
  boolean: "Yes / No",
  date: "Date",
  select: "Choice",
};

export interface ItemInput {
  text: string;
  questionType: ItemType;
  options: string[];
}

/** Options of an upload item name kinds of document: no slashes or periods (they become file names). */
export function optionError(option: string): string | null {
  return /[/\\.]/.test(option) ? SEND_MESSAGES.optionCharacters : null;
}

export function itemErrors(item: ItemInput): { text?: string; options?: string } {
  const errors: { text?: string; options?: string } = {};
  if (!item.text.trim()) errors.text = SEND_MESSAGES.itemText;
  if (item.questionType === "upload" && item.options.some((o) => optionError(o))) errors.options = SEND_MESSAGES.optionCharacters;
  if (item.questionType === "select" && item.options.filter((o) => o.trim()).length < 2) errors.options = "A choice needs at least two options";
  return errors;
}

/**
 * The question text an item becomes: upload items read 'Please upload …' unless the firm turned
 * the prefix off (remove_please_upload_for_rollover_items) or the text already starts with it.
 */
export function itemQuestionText(item: Pick<ItemInput, "text" | "questionType">, removePleaseUpload: boolean): string {
  const text = item.text.trim();
  if (item.questionType !== "upload" || removePleaseUpload) return text;
  if (text.toLowerCase().startsWith(UPLOAD_PREFIX.trim().toLowerCase())) return text;
  return `${UPLOAD_PREFIX}${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

const itemSchema = z.object({
  text: z.string().max(500),
  questionType: z.enum(ITEM_TYPES),
  options: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
});

// ───────────────────────────── Send template ─────────────────────────────

export interface SendTemplateForm {
  templateId: string;
  taxYear: number | null;
  companyIds: string[];
  dueDate: string;
  scheduled: boolean;
  frequency: Frequency | "";
  sendDate: string;
  depositRequired: boolean;
  depositAmount: string;
  extraQuestions: ItemInput[];
}

export type SendTemplateErrors = Partial<
  Record<"templateId" | "taxYear" | "companyIds" | "dueDate" | "frequency" | "sendDate" | "depositAmount" | "extraQuestions", string>
>;

/** Field errors of the Template tab, with the spec's messages; empty when it can be sent. */
export function sendTemplateErrors(form: SendTemplateForm, today: string): SendTemplateErrors {
  const errors: SendTemplateErrors = {};
  if (!form.templateId) errors.templateId = SEND_MESSAGES.template;
  if (form.taxYear === null || !TAX_YEARS.includes(form.taxYear)) errors.taxYear = SEND_MESSAGES.taxYear;
  if (form.companyIds.length === 0) errors.companyIds = SEND_MESSAGES.company;
  if (!isValidDueDate(form.dueDate, today)) errors.dueDate = SEND_MESSAGES.dueDate;
  if (form.scheduled) {
    if (!form.frequency || !(FREQUENCIES as readonly string[]).includes(form.frequency)) errors.frequency = SEND_MESSAGES.frequency;
    if (!isValidDueDate(form.sendDate, today)) errors.sendDate = SEND_MESSAGES.sendDate;
    else if (!errors.dueDate && form.dueDate < form.sendDate) errors.dueDate = SEND_MESSAGES.dueDate;
  }
  if (form.depositRequired && parseDollars(form.depositAmount) === null) errors.depositAmount = SEND_MESSAGES.depositAmount;
  if (form.extraQuestions.some((q) => Object.keys(itemErrors(q)).length > 0)) errors.extraQuestions = SEND_MESSAGES.itemText;
  return errors;
}

/** The send button needs a template, an entity, a tax year and a valid due date, and text on every extra question. */
export function canSendTemplate(form: SendTemplateForm, today: string): boolean {
  return (
    Boolean(form.templateId) &&
    form.companyIds.length > 0 &&
    form.taxYear !== null &&
    isValidDueDate(form.dueDate, today) &&
    form.extraQuestions.every((q) => q.text.trim() !== "")
  );
}

/** Save Draft is disabled when the send is scheduled. */
export function canSaveDraft(form: Pick<SendTemplateForm, "scheduled">): boolean {
  return !form.scheduled;
}

export function needsBulkConfirmation(entityCount: number): boolean {
  return entityCount >= BULK_CONFIRM_THRESHOLD;
}

const companyIds = z
  .array(
    z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  )
  .max(MAX_ENTITIES_PER_SEND);
const taxYear = z.coerce.number().int().nullable().default(null);

export const sendTemplateSchema = z.object({
  intent: z.literal("template"),
  templateId: z.string().max(64).default(""),
  taxYear,
  companyIds,
  dueDate: z.string().max(10).default(""),
  scheduled: z.boolean().default(false),
  frequency: z.union([z.enum(FREQUENCIES), z.literal("")]).default(""),
  sendDate: z.string().max(10).default(""),
  includePriorYearItems: z.boolean().default(false),
  showUploadsAsDocumentChecklist: z.boolean().default(false),
  allOwnerSignatureRequired: z.boolean().default(false),
  depositRequired: z.boolean().default(false),
  depositAmount: z.string().max(20).default(""),
  updateProfileSection: z.boolean().default(false),
  documentPopoutChecklistEnabled: z.boolean().default(false),
  isDraft: z.boolean().default(false),
  extraQuestions: z.array(itemSchema).max(MAX_EXTRA_QUESTIONS).default([]),
});
export type SendTemplateRequest = z.infer<typeof sendTemplateSchema>;

// ───────────────────────────── Custom questionnaire ─────────────────────────────

export interface CustomForm {
  companyIds: string[];
  name: string;
  taxYear: number | null;
  dueDate: string;
  items: ItemInput[];
}
export type CustomErrors = Partial<Record<"companyIds" | "name" | "taxYear" | "dueDate" | "items", string>>;

export function customErrors(form: CustomForm, today: string): CustomErrors {
  const errors: CustomErrors = {};
  if (form.companyIds.length === 0) errors.companyIds = SEND_MESSAGES.company;
  if (!form.name.trim()) errors.name = SEND_MESSAGES.subject;
  if (form.taxYear === null || !TAX_YEARS.includes(form.taxYear)) errors.taxYear = SEND_MESSAGES.taxYear;
  if (!isValidDueDate(form.dueDate, today)) errors.dueDate = SEND_MESSAGES.dueDate;
  if (form.items.length === 0) errors.items = SEND_MESSAGES.oneItem;
  else if (form.items.some((i) => Object.keys(itemErrors(i)).length > 0)) errors.items = SEND_MESSAGES.itemText;
  return errors;
}

export const sendCustomSchema = z.object({
  intent: z.literal("custom"),
  companyIds,
  name: z.string().max(200).default(""),
  taxYear,
  dueDate: z.string().max(10).default(""),
  items: z.array(itemSchema).max(MAX_EXTRA_QUESTIONS).default([]),
  isDraft: z.boolean().default(false),
  emailSubject: z.string().max(200).optional(),
  emailBody: z.string().max(5000).optional(),
});
export type SendCustomRequest = z.infer<typeof sendCustomSchema>;

// ───────────────────────────── Additional items ─────────────────────────────

export interface AdditionalItemsForm {
  dueDate: string;
  items: ItemInput[];
}

/** Submit is disabled while any item has no text; the due date must be today or later. */
export function additionalItemsErrors(form: AdditionalItemsForm, today: string): Partial<Record<"dueDate" | "items", string>> {
  const errors: Partial<Record<"dueDate" | "items", string>> = {};
  if (!isIsoDate(form.dueDate)) errors.dueDate = SEND_MESSAGES.dueDate;
  else if (form.dueDate < today) errors.dueDate = SEND_MESSAGES.dueDateFuture;
  if (form.items.length === 0) errors.items = SEND_MESSAGES.oneItem;
  else if (form.items.some((i) => Object.keys(itemErrors(i)).length > 0)) {
    errors.items = form.items.some((i) => i.questionType === "upload" && i.options.some((o) => optionError(o)))
      ? SEND_MESSAGES.optionCharacters
      : SEND_MESSAGES.itemText;
  }
  return errors;
}

export const additionalItemsSchema = z.object({
  intent: z.literal("additional-items"),
  companyId: z.string().min(1).max(64),
  relevantQuestionnaireId: z.string().min(1).max(64),
  dueDate: z.string().max(10).default(""),
  items: z.array(itemSchema).max(MAX_EXTRA_QUESTIONS).default([]),
});
export type AdditionalItemsRequest = z.infer<typeof additionalItemsSchema>;

// ───────────────────────────── Document drop-off ─────────────────────────────

export interface DropOffForm {
  companyIds: string[];
  taxYear: number | null;
  dueDate: string;
  rolloverItems: { name: string }[];
  additionalItems: ItemInput[];
}
export type DropOffErrors = Partial<Record<"companyIds" | "taxYear" | "dueDate" | "items" | "rolloverItems", string>>;

/** Entities and tax year always; a due date to send (not for a draft); at least one item; named rollover items. */
export function dropOffErrors(form: DropOffForm, today: string, isDraft: boolean): DropOffErrors {
  const errors: DropOffErrors = {};
  if (form.companyIds.length === 0) errors.companyIds = SEND_MESSAGES.company;
  if (form.taxYear === null || !TAX_YEARS.includes(form.taxYear)) errors.taxYear = SEND_MESSAGES.taxYear;
  if (!isDraft || form.dueDate) {
    if (!isValidDueDate(form.dueDate, today)) errors.dueDate = SEND_MESSAGES.dueDate;
  }
  if (form.rolloverItems.length + form.additionalItems.length === 0) errors.items = SEND_MESSAGES.oneItem;
  if (form.rolloverItems.some((r) => !r.name.trim())) errors.rolloverItems = SEND_MESSAGES.rolloverName;
  if (form.additionalItems.some((i) => Object.keys(itemErrors(i)).length > 0)) errors.items = SEND_MESSAGES.itemText;
  return errors;
}

export const sendDropOffSchema = z.object({
  intent: z.literal("dropoff"),
  companyIds,
  taxYear,
  name: z.string().max(200).default(DROP_OFF_DEFAULT_NAME),
  dueDate: z.string().max(10).default(""),
  rolloverItems: z
    .array(z.object({ name: z.string().max(200) }))
    .max(MAX_EXTRA_QUESTIONS)
    .default([]),
  additionalItems: z.array(itemSchema).max(MAX_EXTRA_QUESTIONS).default([]),
  includePriorYearItems: z.boolean().default(false),
  isDraft: z.boolean().default(false),
});
export type SendDropOffRequest = z.infer<typeof sendDropOffSchema>;

export const sendApiSchema = z.discriminatedUnion("intent", [sendTemplateSchema, sendCustomSchema, additionalItemsSchema, sendDropOffSchema]);
export type SendApiRequest = z.infer<typeof sendApiSchema>;
