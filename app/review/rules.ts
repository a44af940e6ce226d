/**
 * Review and export (Connect, staff spec §2 '/review-and-export', §3 review_and_export_enabled,
 * activity type 6): what an advisor reviews in a submitted questionnaire (each answered question,
 * each uploaded document in the firm's document export order), the one progress count shown
 * wherever review progress is shown, who may mark, and the requests the screen sends. Pure:
 * shared by the server and the page.
 */
import * as z from "zod";
import type { ExportedFile, ExportRow } from "~/exports/rules";
import { canDoAdvisorAction, type Decision, type StaffFacts } from "~/staff/permissions";

export const REVIEW_ITEM_KINDS = ["question", "document"] as const;
export type ReviewItemKind = (typeof REVIEW_ITEM_KINDS)[number];

/** Spec §9: default page size 10. */
export const REVIEW_PAGE_SIZE = 10;

export const REVIEW_TEXT = {
  title: "Review and export",
  lead: "Submitted questionnaires. Go through a client's answers and documents, mark what you reviewed, and export the reviewed set.",
  empty: "No submitted questionnaires to review",
  emptySearch: "No questionnaires match your search",
  emptyItems: "Nothing to review: the client has not answered a question or uploaded a document yet.",
  markAll: "Mark all reviewed",
  exportReviewed: "Export reviewed",
  exportAll: "Export all",
  nothingReviewed: "Mark at least one answer or document reviewed to export the reviewed set.",
  reviewed: "Reviewed",
  saveFailed: "Your change couldn't be saved. Please try again.",
  allMarked: "All answers and documents are marked reviewed",
  advisorsOnly: "Only advisors can mark answers and documents reviewed.",
  notAnItem: "That answer or document is not part of this questionnaire's review.",
} as const;

export interface ReviewQuestion {
  kind: "question";
  id: string;
  section: string;
  number: string;
  question: string;
  answer: string;
  /** The client's notes on the question. */
  notes: string[];
}

export interface ReviewDocument {
  kind: "document";
  id: string;
  name: string;
  path: string;
  documentType: string | null;
}

export interface ReviewItems {
  questions: ReviewQuestion[];
  /** In the firm's document export order (custom_document_export_order). */
  documents: ReviewDocument[];
}

/**
 * The review's items: the export's rows that carry an answer (visible sections and questions, in
 * order, numbered as the client sees them), and the questionnaire's documents in the order given
 * (the export's: the firm's custom order).
 */
export function reviewItems(rows: readonly ExportRow[], files: readonly Pick<ExportedFile, "id" | "name" | "path" | "documentType">[]): ReviewItems {
  return {
    questions: rows
      .filter((r) => r.answer.trim() !== "")
      .map((r) => ({ kind: "question", id: r.questionId, section: r.section, number: r.number, question: r.question, answer: r.answer, notes: r.notes })),
    documents: files.map((f) => ({ kind: "document", id: f.id, name: f.name, path: f.path, documentType: f.documentType })),
  };
}

/** The key of a mark: `question:<id>` or `document:<id>`. */
export function markKey(kind: ReviewItemKind, id: string): string {
  return `${kind}:${id}`;
}

export interface ReviewProgress {
  reviewed: number;
  total: number;
}

/** How many of the review's items are marked reviewed (marks of items no longer shown don't count). */
export function reviewProgress(items: ReviewItems, marks: ReadonlySet<string>): ReviewProgress {
  const all = [...items.questions, ...items.documents];
  return { reviewed: all.filter((i) => marks.has(markKey(i.kind, i.id))).length, total: all.length };
}

/** 'n of m reviewed'. */
export function progressText(p: ReviewProgress): string {
  return `${p.reviewed} of ${p.total} reviewed`;
}

/** Every item not yet marked (what 'Mark all reviewed' adds). */
export function unmarkedItems(items: ReviewItems, marks: ReadonlySet<string>): { kind: ReviewItemKind; id: string }[] {
  return [...items.questions, ...items.documents].filter((i) => !marks.has(markKey(i.kind, i.id))).map((i) => ({ kind: i.kind, id: i.id }));
}

/** Whether an item is one of the review's (a mark is only ever written for those). */
export function isReviewItem(items: ReviewItems, kind: ReviewItemKind, id: string): boolean {
  return (kind === "question" ? items.questions : items.documents).some((i) => i.id === id);
}

/**
 * Marking reviewed is part of exporting (staff spec §6: only advisors export); other staff may
 * look at the review but not change it.
 */
export function canMarkReviewed(v: Pick<StaffFacts, "isAdvisor">): Decision {
  const d = canDoAdvisorAction(v, "exportQuestionnaire");
  return d.allowed ? d : { ...d, message: REVIEW_TEXT.advisorsOnly };
}

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not Found");

/** POST /api/staff/review/{questionnaireId}. */
export const reviewActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("mark"),
      itemKind: z.enum(REVIEW_ITEM_KINDS, { message: "Choose an answer or a document." }),
      itemId: id,
      reviewed: z.boolean({ message: "Say whether it is reviewed." }),
    }),
    z.object({ intent: z.literal("mark_all") }),
  ],
  { message: "Unknown action" },
);
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** The list's query: ?page=2&q=smith. Bad values fall back (a page link never answers 500). */
export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
});

/** '1-10 of 23' (spec §9 pagination range label). */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return "0 of 0";
  const from = (page - 1) * pageSize + 1;
  return `${Math.min(from, total)}-${Math.min(page * pageSize, total)} of ${total}`;
}
