/**
 * Document split rules shared by the server and the pages (pure, unit-tested in
 * tests/unit/split-rules.test.ts): who may split, which files can be split, the poll timing, the
 * messages, what a questionnaire shows about its files' splits, and the review dialog's page
 * thumbnails (which new document each page goes to; clicking a page to start a new document there).
 */
import { formatRange, parsePageRanges, type PageRange } from "./page-ranges";

/** Spec: bulk upload polling, 750 ms between loads, up to 200 loops. */
export const SPLIT_POLL_INTERVAL_MS = 750;
export const SPLIT_POLL_MAX_LOOPS = 200;

export const SPLIT_MESSAGES = {
  notAllowed: "Only advisors of firms with the bulk upload processor can split documents.",
  onlyPdf: "Only PDFs can be split.",
  busy: "This document is already being split.",
  /** Staff spec, documents and upload errors. */
  failed: "An error occurred while splitting the document.",
  /** Spec info message, shown while a split (or a bulk upload) is processing. */
  started: "Your documents are processing, you can continue uploading other documents.",
  /** Staff spec info message: polling gave up while documents were still processing. */
  stillProcessing: "Document(s) are still processing",
  done: "Document split successfully",
  restored: "Document restored successfully",
  markedOther: "Document marked as other",
  clientNote: "Some of your documents were split into separate files by your firm.",
} as const;

/** One new document made by a split. */
export interface SplitPart {
  documentId: string;
  name: string;
  pageCount: number | null;
  parentPages: number[];
}

/** A split of one uploaded file (the newest one that was not undone). */
export interface SplitState {
  extractedDocumentId: string;
  status: string;
  processing: boolean;
  markedAsOthers: boolean;
  parts: SplitPart[];
}

/** An upload question's file as the questionnaire page sees it, by its storage key. */
export interface UploadedFileState {
  documentId: string;
  name: string;
  contentType: string | null;
  passwordProtected: boolean;
  split: SplitState | null;
}

/** Spec: documents can be split by advisors of firms with the bulk upload processor, never by clients. */
export function canSplitDocuments(user: { kind: string; isAdvisor: boolean }, bulkUploadProcessor: boolean | null | undefined): boolean {
  return user.kind === "staff" && user.isAdvisor && bulkUploadProcessor === true;
}

/** Whether a file gets a Split action: a readable PDF that is not being split and was not split already. */
export function canSplitFile(file: { contentType: string | null; passwordProtected: boolean }, split: Pick<SplitState, "status"> | null): boolean {
  if (file.contentType !== "application/pdf" || file.passwordProtected) return false;
  return !split || (split.status !== "processing" && split.status !== "split_succeeded");
}

/** What a questionnaire shows about its files' splits: the firm split some (the client's note), or some are still processing (poll). */
export function questionnaireSplitSummary(files: Iterable<Pick<UploadedFileState, "split">>): { split: boolean; processing: boolean } {
  let split = false;
  let processing = false;
  for (const f of files) {
    if (f.split?.status === "split_succeeded" && f.split.parts.length > 0) split = true;
    if (f.split?.status === "processing") processing = true;
  }
  return { split, processing };
}

/** "Split into 2 documents" */
export function splitResultTitle(parts: number): string {
  return `Split into ${parts} ${parts === 1 ? "document" : "documents"}`;
}

/** "pages 2-3", "page 1" */
export function pagesLabel(pages: number[]): string {
  if (pages.length === 0) return "";
  const sorted = [...pages].sort((a, b) => a - b);
  const contiguous = sorted.every((p, i) => i === 0 || p === sorted[i - 1]! + 1);
  if (sorted.length === 1) return `page ${sorted[0]}`;
  return contiguous ? `pages ${sorted[0]}-${sorted[sorted.length - 1]}` : `pages ${sorted.join(", ")}`;
}

// ─── The review dialog's thumbnails ───

/** For each page 1..pageCount (index page - 1), the new documents (1-based) it goes to; empty when no range takes it. */
export function pageAssignments(ranges: PageRange[], pageCount: number): number[][] {
  const pages: number[][] = Array.from({ length: pageCount }, () => []);
  ranges.forEach((r, i) => {
    for (let p = Math.max(1, r.from); p <= Math.min(pageCount, r.to); p++) pages[p - 1]!.push(i + 1);
  });
  return pages;
}

/**
 * The first page of each new document when the ranges cut the whole file into consecutive pieces
 * in order ("1, 2-3" of 3 pages → [1, 2]); null for anything else (gaps, overlaps, reordering),
 * which the thumbnails then show but don't edit.
 */
export function splitStarts(ranges: PageRange[], pageCount: number): number[] | null {
  if (ranges.length === 0 || pageCount < 1) return null;
  let next = 1;
  for (const r of ranges) {
    if (r.from !== next || r.to < r.from) return null;
    next = r.to + 1;
  }
  return next === pageCount + 1 ? ranges.map((r) => r.from) : null;
}

/** "1, 2-3": the ranges that start a new document at each of `starts` (page 1 always starts one). */
export function rangesFromStarts(starts: number[], pageCount: number): string {
  if (pageCount < 1) return "";
  const sorted = [...new Set([1, ...starts.filter((p) => Number.isInteger(p) && p >= 1 && p <= pageCount)])].sort((a, b) => a - b);
  return sorted.map((from, i) => formatRange({ from, to: (sorted[i + 1] ?? pageCount + 1) - 1 })).join(", ");
}

/**
 * Clicking page `page` in the review: it starts a new document there, or (if it already did) joins
 * the document before it. Ranges that are not a clean cut of the file start over from one document.
 * Page 1 always starts the first document.
 */
export function toggleSplitPoint(text: string, page: number, pageCount: number): string {
  const parsed = parsePageRanges(text, pageCount);
  const starts = (parsed.ok ? splitStarts(parsed.ranges, pageCount) : null) ?? [1];
  if (page <= 1 || page > pageCount) return rangesFromStarts(starts, pageCount);
  return rangesFromStarts(starts.includes(page) ? starts.filter((p) => p !== page) : [...starts, page], pageCount);
}
