/**
 * Questionnaire exports (staff spec §5 Export, §7 Export, §9): the formats, the dialog's choices,
 * the default file name, which answers an export keeps and how each reads, the order documents
 * are listed in, and spreadsheet cells that never read as formulas. Pure: shared by the server,
 * the job and the dialog.
 */
import * as z from "zod";
import { answerValues, isSectionVisible, questionStatus, visibleQuestions, type QuestionFacts, type SectionFacts } from "~/questionnaires/rules";

export const QUESTIONNAIRE_EXPORT_FORMATS = ["pdf", "spreadsheet", "zip"] as const;
export type QuestionnaireExportFormat = (typeof QUESTIONNAIRE_EXPORT_FORMATS)[number];

/** Spec §9: the default export formats and their labels. */
export const EXPORT_FORMAT_LABELS: Record<QuestionnaireExportFormat, string> = {
  pdf: "PDF",
  spreadsheet: "Spreadsheet",
  zip: "Zipped Folder",
};

export const EXPORT_EXTENSIONS: Record<QuestionnaireExportFormat, string> = { pdf: "pdf", spreadsheet: "xlsx", zip: "zip" };
export const EXPORT_CONTENT_TYPES: Record<QuestionnaireExportFormat, string> = {
  pdf: "application/pdf",
  spreadsheet: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
};

/** At most this many questionnaires in one request from Collect's bulk selection. */
export const MAX_EXPORT_QUESTIONNAIRES = 50;
/** Spec §9: the notifications reload 2 s after an export starts and 6 s after its dialog closes; polling backs off by 1.05 up to 30 s. */
export const EXPORT_POLL = { firstMs: 2000, afterCloseMs: 6000, factor: 1.05, maxMs: 30_000 } as const;

export const EXPORT_TEXT = {
  title: "Export Questionnaire(s)",
  inProgressTitle: "Export in progress",
  inProgress: "Your export is being prepared. You will be notified when it is ready to download; you can close this window.",
  suggestion: "While the export is in progress, lock the questionnaire or track changes so later answers don't go unnoticed.",
  ready: "Your export is ready.",
  download: "Download",
  failed: "Failed to export questionnaire",
  failedSpreadsheet: "Failed to export questionnaire to spreadsheet",
  exportingSpreadsheet: "Exporting questionnaire to spreadsheet",
  removeNosAndNa: "Remove 'No' and 'N/A' answers (PDF only)",
  convertImages: "Convert images to PDF (Zipped Folder only)",
  includeDocuments: "Include uploaded documents (Zipped Folder only)",
  nameRequired: "Please enter a file name.",
  notifyReady: (name: string) => `Your export ${name} is ready to download`,
  notifyFailed: (name: string) => `Your export ${name} could not be made. Please try again.`,
} as const;

const fileName = z
  .string()
  .trim()
  .min(1, EXPORT_TEXT.nameRequired)
  .max(200, "A file name can have at most 200 characters.")
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\\/:*?"<>|\u0000-\u001f]/.test(v), 'A file name cannot contain \\ / : * ? " < > |.');

/** The dialog's request (spec §7 Export payload, in the product's words). */
export const exportRequestSchema = z.object({
  questionnaireIds: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not Found"))
    .min(1, "Please select at least one questionnaire.")
    .max(MAX_EXPORT_QUESTIONNAIRES, `At most ${MAX_EXPORT_QUESTIONNAIRES} questionnaires can be exported at once.`),
  format: z.enum(QUESTIONNAIRE_EXPORT_FORMATS, { message: "Please choose PDF, Spreadsheet or Zipped Folder." }),
  removeNosAndNa: z.boolean().default(false),
  includeDocuments: z.boolean().default(true),
  convertImagesToPdfs: z.boolean().default(false),
  /** One name per questionnaire (same order); missing ones get the default name. */
  saveAsNames: z.array(fileName.optional()).max(MAX_EXPORT_QUESTIONNAIRES).optional(),
  /** Review and export: only the answers and documents marked reviewed. */
  reviewedOnly: z.boolean().default(false),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** GET ?ids=a,b (the dialog's default names). */
export const exportNamesQuerySchema = z.object({
  ids: z
    .string()
    .max(MAX_EXPORT_QUESTIONNAIRES * 70)
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not Found"))
        .min(1, "Please select at least one questionnaire.")
        .max(MAX_EXPORT_QUESTIONNAIRES),
    ),
});

/** What the job needs besides the questionnaire (stored on the export). */
export interface ExportOptions {
  removeNosAndNa: boolean;
  includeDocuments: boolean;
  convertImagesToPdfs: boolean;
  reviewedOnly: boolean;
}

/** The options that apply to a format: 'PDF only' and 'zipped only' choices are dropped elsewhere. */
export function optionsFor(format: QuestionnaireExportFormat, request: Partial<ExportOptions>): ExportOptions {
  return {
    removeNosAndNa: format === "pdf" && Boolean(request.removeNosAndNa),
    includeDocuments: format === "zip" && request.includeDocuments !== false,
    convertImagesToPdfs: format === "zip" && Boolean(request.convertImagesToPdfs),
    reviewedOnly: Boolean(request.reviewedOnly),
  };
}

/** Characters a file name can't hold become "-"; never empty. */
export function safeExportName(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 200) || "Export"
  );
}

/** Spec §5: '{company} - {questionnaire} ({tax year}) {date}' (the date in the firm's time zone, YYYY-MM-DD). */
export function defaultExportName(input: { entityName: string; questionnaireName: string; taxYear: number; today: string }): string {
  return safeExportName(`${input.entityName} - ${input.questionnaireName} (${input.taxYear}) ${input.today}`);
}

export function exportFileName(name: string, format: QuestionnaireExportFormat): string {
  return `${safeExportName(name)}.${EXPORT_EXTENSIONS[format]}`;
}

// ───────────────────────────── Answers ─────────────────────────────

export interface ExportQuestion extends QuestionFacts {
  text: string;
  entries: { entryNumber: number; field: string; value: string | null }[];
  notes: { text: string; fromStaff?: boolean }[];
}

export interface ExportSection extends SectionFacts {
  name: string;
}

export interface ExportedFile {
  id: string;
  name: string;
  path: string;
  storageKey: string | null;
  contentType: string | null;
  sizeBytes: number;
  documentType: string | null;
  questionId: string | null;
}

export interface ExportRow {
  /** The question's id (review and export marks answers by it). */
  questionId: string;
  section: string;
  number: string;
  question: string;
  answer: string;
  status: string;
  files: string[];
  notes: string[];
}

const SPECIAL_LABEL: Record<string, string> = {
  not_applicable: "N/A",
  provided_elsewhere: "Provided elsewhere",
  marked_completed: "Marked completed",
};

export const STATUS_LABEL: Record<string, string> = { completed: "Completed", pending: "Pending", incomplete: "Incomplete", error: "Incomplete" };

/** How an answer reads in an export. */
export function answerText(
  q: Pick<ExportQuestion, "questionType" | "answer" | "answerBy" | "specialAnswer" | "entries">,
  fileNames: ReadonlyMap<string, string>,
): string {
  if (q.specialAnswer) return SPECIAL_LABEL[q.specialAnswer] ?? q.specialAnswer;
  if (q.answerBy) return `Answer later (by ${q.answerBy})`;
  if (q.questionType === "upload")
    return answerValues(q.answer)
      .map((key) => fileNames.get(key) ?? key.slice(key.lastIndexOf("/") + 1))
      .join(", ");
  if (q.questionType === "multiple") return answerValues(q.answer).join(", ");
  if (q.questionType === "entries") {
    const byEntry = new Map<number, string[]>();
    for (const e of q.entries) if (e.value) byEntry.set(e.entryNumber, [...(byEntry.get(e.entryNumber) ?? []), `${e.field}: ${e.value}`]);
    return [...byEntry.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([n, fields]) => `Entry ${n}: ${fields.join("; ")}`)
      .join("\n");
  }
  return q.answer ?? "";
}

/** Spec §5: the PDF-only option removes 'No' and 'N/A' answers. */
export function isNoOrNa(q: Pick<ExportQuestion, "answer" | "specialAnswer" | "answerBy">): boolean {
  if (q.answerBy) return false;
  if (q.specialAnswer === "not_applicable") return true;
  const a = (q.answer ?? "").trim().toLowerCase();
  return !q.specialAnswer && (a === "no" || a === "n/a");
}

/**
 * The rows an export lays out: visible sections in order, their visible questions in order (with
 * the numbers the client sees), each answer as it reads, its status, files and the client's notes.
 * `keepQuestion` narrows further (reviewed only).
 */
export function exportRows(
  sections: readonly ExportSection[],
  questions: readonly ExportQuestion[],
  files: readonly ExportedFile[],
  options: Pick<ExportOptions, "removeNosAndNa">,
  keepQuestion: (id: string) => boolean = () => true,
): ExportRow[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const fileNames = new Map(files.filter((f) => f.storageKey).map((f) => [f.storageKey!, f.name]));
  const filesByQuestion = new Map<string, string[]>();
  for (const f of files) if (f.questionId) filesByQuestion.set(f.questionId, [...(filesByQuestion.get(f.questionId) ?? []), f.name]);
  const rows: ExportRow[] = [];
  for (const section of [...sections].sort((a, b) => a.order - b.order)) {
    if (!isSectionVisible(section, byId)) continue;
    const shown = visibleQuestions(questions.filter((q) => q.sectionId === section.id)).sort((a, b) => a.order - b.order);
    const numbers = numberQuestions(shown);
    for (const q of shown) {
      if (!keepQuestion(q.id)) continue;
      if (options.removeNosAndNa && isNoOrNa(q)) continue;
      const uploaded = q.questionType === "upload" ? answerValues(q.answer).map((k) => fileNames.get(k) ?? k.slice(k.lastIndexOf("/") + 1)) : [];
      rows.push({
        questionId: q.id,
        section: section.name,
        number: numbers.get(q.id) ?? "",
        question: q.text,
        answer: answerText(q, fileNames),
        status: STATUS_LABEL[questionStatus(q)] ?? "",
        files: [...new Set([...uploaded, ...(filesByQuestion.get(q.id) ?? [])])],
        notes: q.notes.filter((n) => !n.fromStaff).map((n) => n.text),
      });
    }
  }
  return rows;
}

/** 1., 2. for top-level questions and 1.1 for follow-ups (as the client page numbers them). */
function numberQuestions(shown: readonly ExportQuestion[]): Map<string, string> {
  const ids = new Set(shown.map((q) => q.id));
  const numbers = new Map<string, string>();
  let top = 0;
  const childCount = new Map<string, number>();
  for (const q of shown) {
    const parent = q.followUpQuestionId && ids.has(q.followUpQuestionId) ? q.followUpQuestionId : null;
    if (!parent) numbers.set(q.id, `${++top}.`);
    else {
      const n = (childCount.get(parent) ?? 0) + 1;
      childCount.set(parent, n);
      numbers.set(q.id, `${(numbers.get(parent) ?? "").replace(/\.$/, "")}.${n}`);
    }
  }
  return numbers;
}

// ───────────────────────────── Documents ─────────────────────────────

const UNKNOWN_TYPES = new Set(["", "unknown", "unknown document", "blank", "blank document", "other"]);

/**
 * Spec §9: documents in the firm's export order (custom_document_export_order, a list of document
 * types); types not in it after those, by name; blank or Unknown Document last. Stable by path and name.
 */
export function orderDocuments<F extends Pick<ExportedFile, "documentType" | "name" | "path">>(files: readonly F[], order: readonly string[]): F[] {
  const rank = new Map(order.map((t, i) => [t.trim().toLowerCase(), i]));
  const key = (f: F): [number, string] => {
    const type = (f.documentType ?? "").trim().toLowerCase();
    if (UNKNOWN_TYPES.has(type)) return [Number.MAX_SAFE_INTEGER, ""];
    return [rank.get(type) ?? order.length, type];
  };
  return [...files].sort((a, b) => {
    const [ra, ta] = key(a);
    const [rb, tb] = key(b);
    return ra - rb || ta.localeCompare(tb) || a.path.localeCompare(b.path) || a.name.localeCompare(b.name);
  });
}

/** A zip entry's folder for a document: its folder in the entity's documents, without the leading "/". */
export function zipFolder(exportName: string, path: string): string {
  const inner = path
    .split("/")
    .filter((p) => p && p !== "." && p !== "..")
    .map(safeExportName)
    .join("/");
  return inner ? `${safeExportName(exportName)}/${inner}` : safeExportName(exportName);
}

/** Zip entry names made unique ("a.pdf", "a (2).pdf"), case-insensitively. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const slash = name.lastIndexOf("/");
    const [base, ext] = dot > slash + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
