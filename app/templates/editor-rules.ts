/**
 * Firm-made questionnaire templates: who may manage them (staff spec §2 "Staff navigation", §6:
 * partner or full users, unless templates are disabled for non-admins) and the editor's payload.
 * Canned templates are read-only (they can be duplicated); firm-made ones are edited, duplicated
 * and deleted. The editor covers every section kind the questionnaire runs (the firm's PDF of a
 * document section included), follow-up questions, section triggers and tabs; a link whose
 * question was removed is dropped.
 */
import * as z from "zod";
import { fieldErrors, type FieldErrors } from "~/errors";
import { QUESTION_TYPES } from "./canned";

export interface TemplateManager {
  kind: "staff" | "client";
  firmAccess: "partner" | "admin" | "full" | "group" | null;
}

/** Partner or full users; when templates are disabled for non-admins, only admins among them (partners). */
export function canManageTemplates(user: TemplateManager, prefs: { templateDisabledForNonadmin: boolean }): boolean {
  if (user.kind !== "staff") return false;
  if (user.firmAccess !== "partner" && user.firmAccess !== "full") return false;
  const isAdmin = user.firmAccess === "partner";
  return !(prefs.templateDisabledForNonadmin && !isAdmin);
}

/**
 * Section types the editor offers (section_type numbers of staff spec §3): every kind the
 * questionnaire runs. payment_request (7) is left out until the product takes payments: a client
 * could not complete it.
 */
export const EDITOR_SECTION_TYPES = [
  { value: 3, label: "Questions" },
  { value: 10, label: "Document checklist" },
  { value: 2, label: "Engagement letter (signature)" },
  { value: 6, label: "PDF to review" },
  { value: 9, label: "PDF to sign" },
  { value: 8, label: "Document to download" },
  { value: 11, label: "Delivery" },
  { value: 0, label: "Information" },
  { value: 4, label: "Review and submit" },
] as const;
const SECTION_TYPE_VALUES: readonly number[] = EDITOR_SECTION_TYPES.map((t) => t.value);

/** Sections that show the firm's PDF (pdf_review, download_document, pdf_signature, delivery). */
export const DOCUMENT_SECTION_TYPES: readonly number[] = [6, 8, 9, 11];
export const isDocumentSection = (sectionType: number) => DOCUMENT_SECTION_TYPES.includes(sectionType);
/** Sections that list questions (the others have none). */
export const hasQuestions = (sectionType: number) => sectionType === 3 || sectionType === 10 || sectionType === 0;

/** The largest PDF a template section takes (it is checked whole for a password when uploaded). */
export const MAX_TEMPLATE_PDF_BYTES = 32 * 1024 * 1024;

export const EDITOR_QUESTION_TYPES = [
  { value: "text", label: "Short answer" },
  { value: "textarea", label: "Long answer" },
  { value: "boolean", label: "Yes / No" },
  { value: "select", label: "Choice" },
  { value: "multiple", label: "Multiple choice" },
  { value: "date", label: "Date" },
  { value: "upload", label: "Document upload" },
  { value: "entries", label: "Table (entries)" },
] as const;

export const TEMPLATE_MESSAGES = {
  name: "Please enter a template name",
  sectionName: "Please enter a section name",
  questionText: "Please enter the question text",
  options: "Please enter at least two options",
  columns: "Please enter the table's columns",
  oneSection: "Add at least one section",
  saved: "Template saved",
  created: "Template created",
  duplicated: "Template duplicated",
  deleted: "Template deleted",
  canned: "Canned templates cannot be changed; duplicate one to make it yours.",
  pdfMissing: "Please attach a PDF",
  pdfOnly: "Please choose a PDF file",
  pdfTooLarge: "The PDF must be at most 32 MB",
  pdfUploaded: "Upload successful",
} as const;

export const MAX_SECTIONS = 60;
export const MAX_QUESTIONS_PER_SECTION = 120;

const key = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const hasChoices = (type: string) => type === "select" || type === "multiple";

/**
 * The options of a question: a list, or the editor's comma-separated field ('Yes, No, Maybe'),
 * trimmed, without empty entries.
 */
const options = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean)
      : value,
  z.array(z.string().trim().min(1).max(200)).max(50).default([]),
);

export const editorQuestionSchema = z
  .object({
    key,
    text: z.string({ error: TEMPLATE_MESSAGES.questionText }).trim().min(1, TEMPLATE_MESSAGES.questionText).max(1000),
    questionType: z.enum(QUESTION_TYPES),
    options,
    optional: z.boolean().default(false),
    followUpOf: key.nullable().default(null),
    trigger: z.string().max(200).nullable().default(null),
  })
  .superRefine((q, ctx) => {
    if (hasChoices(q.questionType) && q.options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: TEMPLATE_MESSAGES.options });
    if (q.questionType === "entries" && q.options.length < 1) ctx.addIssue({ code: "custom", path: ["options"], message: TEMPLATE_MESSAGES.columns });
  });
export type EditorQuestion = z.infer<typeof editorQuestionSchema>;

export const editorSectionSchema = z
  .object({
    key,
    name: z.string({ error: TEMPLATE_MESSAGES.sectionName }).trim().min(1, TEMPLATE_MESSAGES.sectionName).max(200),
    sectionType: z
      .number()
      .int()
      .refine((n) => SECTION_TYPE_VALUES.includes(n), "Unknown section type"),
    instruction: z.string().max(20_000).nullable().default(null),
    tab: z.string().max(100).nullable().default(null),
    // "Always" posts an empty question (conform: an object without it): no trigger.
    trigger: z.preprocess(
      (v) => (v && typeof v === "object" && (v as { questionKey?: unknown }).questionKey ? v : null),
      z.object({ questionKey: key, answer: z.string().max(200).default("") }).nullable(),
    ),
    /** The firm's PDF (a stored key under the firm's templates/ prefix, checked by the server). */
    document: z
      .object({ key: z.string().min(1).max(1024), name: z.string().trim().min(1).max(200) })
      .nullable()
      .default(null),
    questions: z.array(editorQuestionSchema).max(MAX_QUESTIONS_PER_SECTION).default([]),
  })
  .superRefine((s, ctx) => {
    if (isDocumentSection(s.sectionType) && !s.document) ctx.addIssue({ code: "custom", path: ["document"], message: TEMPLATE_MESSAGES.pdfMissing });
  });
export type EditorSection = z.infer<typeof editorSectionSchema>;

/**
 * A template as the editor posts it (conform fields: `name`, `sections[0].questions[1].text`, …),
 * checked with the spec's messages by the editor and by the server alike.
 */
export const editorTemplateSchema = z.object({
  name: z.string({ error: TEMPLATE_MESSAGES.name }).trim().min(1, TEMPLATE_MESSAGES.name).max(200),
  description: z.string().trim().max(1000).default(""),
  sections: z.array(editorSectionSchema, { error: TEMPLATE_MESSAGES.oneSection }).min(1, TEMPLATE_MESSAGES.oneSection).max(MAX_SECTIONS),
});
export type EditorTemplate = z.infer<typeof editorTemplateSchema>;

/** Field errors keyed 'name', 'sections', 'sections.2.name', 'sections.2.questions.0.text', …; empty when valid. */
export function templateErrors(template: EditorTemplate): FieldErrors {
  const parsed = editorTemplateSchema.safeParse(template);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** The editor's first values of a template (conform's: options as the comma-separated field). */
export function editorFormValue(template: EditorTemplate) {
  return {
    name: template.name,
    description: template.description,
    sections: template.sections.map(sectionFormValue),
  };
}

export function sectionFormValue(section: EditorSection) {
  return {
    key: section.key,
    name: section.name,
    sectionType: String(section.sectionType),
    instruction: section.instruction ?? "",
    tab: section.tab ?? "",
    trigger: section.trigger ?? undefined,
    document: section.document ?? undefined,
    questions: section.questions.map(questionFormValue),
  };
}

export function questionFormValue(q: EditorQuestion) {
  return {
    key: q.key,
    text: q.text,
    questionType: q.questionType,
    options: q.options.join(", "),
    optional: q.optional ? "on" : "",
    followUpOf: q.followUpOf ?? "",
    trigger: q.trigger ?? "",
  };
}

/**
 * What is saved: upload questions read 'Please upload …' (staff spec §9); follow-ups and triggers
 * that point at a question no longer there (or a later one, for triggers) are dropped.
 */
export function normalizeTemplate(template: EditorTemplate): EditorTemplate {
  const seen = new Set<string>();
  return {
    name: template.name.trim(),
    description: template.description.trim(),
    sections: template.sections.map((section) => {
      const trigger = section.trigger && seen.has(section.trigger.questionKey) ? section.trigger : null;
      const inSection = new Set<string>();
      // Sections without questions keep none (a type changed from Questions drops them).
      const questions = (hasQuestions(section.sectionType) ? section.questions : []).map((q) => {
        const followUpOf = q.followUpOf && inSection.has(q.followUpOf) ? q.followUpOf : null;
        inSection.add(q.key);
        seen.add(q.key);
        const text =
          q.questionType === "upload" && !/^please upload/i.test(q.text.trim())
            ? `Please upload ${q.text.trim().charAt(0).toLowerCase()}${q.text.trim().slice(1)}`
            : q.text.trim();
        const options =
          q.questionType === "select" || q.questionType === "multiple" || q.questionType === "entries" || q.questionType === "upload" ? q.options : [];
        return { ...q, text, options, followUpOf, trigger: followUpOf ? (q.trigger ?? "Yes") : null };
      });
      return {
        ...section,
        name: section.name.trim(),
        tab: section.tab?.trim() || null,
        trigger,
        document: isDocumentSection(section.sectionType) ? section.document : null,
        questions,
      };
    }),
  };
}

/** A new, empty question or section key (client side). */
export function newKey(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36).slice(-4)}`;
}
