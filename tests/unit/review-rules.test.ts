/**
 * Review and export (Connect): the review's items, the one progress count, who may mark, the
 * requests' schemas and the list's range label.
 */
import { describe, expect, it } from "vitest";
import type { ExportRow } from "~/exports/rules";
import {
  canMarkReviewed,
  isReviewItem,
  markKey,
  progressText,
  rangeLabel,
  REVIEW_TEXT,
  reviewActionSchema,
  reviewItems,
  reviewListQuerySchema,
  reviewProgress,
  unmarkedItems,
} from "~/review/rules";
import { canOpenConnect } from "~/staff/permissions";

const row = (questionId: string, answer: string, notes: string[] = []): ExportRow => ({
  questionId,
  section: "Income",
  number: "1.",
  question: `Question ${questionId}`,
  answer,
  status: "Completed",
  files: [],
  notes,
});

const files = [
  { id: "d1", name: "W-2.pdf", path: "/2025", documentType: "W-2" },
  { id: "d2", name: "1099.pdf", path: "/2025", documentType: "1099-INT" },
];

describe("reviewItems", () => {
  it("keeps the answered questions (with the client's notes) and every document in the order given", () => {
    const items = reviewItems([row("q1", "Yes", ["We moved"]), row("q2", "  "), row("q3", "N/A")], files);
    expect(items.questions.map((q) => q.id)).toEqual(["q1", "q3"]);
    expect(items.questions[0]).toMatchObject({ kind: "question", section: "Income", answer: "Yes", notes: ["We moved"] });
    expect(items.documents.map((d) => d.id)).toEqual(["d1", "d2"]);
  });
});

describe("reviewProgress", () => {
  const items = reviewItems([row("q1", "Yes"), row("q2", "No")], files);

  it("counts the marked items among those shown, and ignores marks of items no longer shown", () => {
    const marks = new Set([markKey("question", "q1"), markKey("document", "d2"), markKey("question", "gone")]);
    expect(reviewProgress(items, marks)).toEqual({ reviewed: 2, total: 4 });
    expect(progressText(reviewProgress(items, marks))).toBe("2 of 4 reviewed");
  });

  it("does not mix a question and a document of the same id", () => {
    expect(reviewProgress(items, new Set([markKey("document", "q1")]))).toEqual({ reviewed: 0, total: 4 });
  });

  it("names what 'Mark all reviewed' adds", () => {
    expect(unmarkedItems(items, new Set([markKey("question", "q1")]))).toEqual([
      { kind: "question", id: "q2" },
      { kind: "document", id: "d1" },
      { kind: "document", id: "d2" },
    ]);
    expect(isReviewItem(items, "question", "q2")).toBe(true);
    expect(isReviewItem(items, "question", "d1")).toBe(false);
  });
});

describe("who may open and mark", () => {
  it("Connect opens only with review and export on", () => {
    expect(canOpenConnect({}, { reviewAndExportEnabled: false })).toBe(false);
    expect(canOpenConnect({}, { reviewAndExportEnabled: true })).toBe(true);
  });

  it("advisors mark; other staff are refused with 403", () => {
    expect(canMarkReviewed({ isAdvisor: true })).toEqual({ allowed: true });
    expect(canMarkReviewed({ isAdvisor: false })).toEqual({ allowed: false, status: 403, message: REVIEW_TEXT.advisorsOnly });
  });
});

describe("schemas", () => {
  it("reads a mark and mark all; refuses unknown kinds, ids and intents", () => {
    expect(reviewActionSchema.safeParse({ intent: "mark", itemKind: "document", itemId: "doc_1", reviewed: true }).success).toBe(true);
    expect(reviewActionSchema.safeParse({ intent: "mark_all" }).success).toBe(true);
    expect(reviewActionSchema.safeParse({ intent: "mark", itemKind: "section", itemId: "s1", reviewed: true }).success).toBe(false);
    expect(reviewActionSchema.safeParse({ intent: "mark", itemKind: "question", itemId: "../x", reviewed: true }).success).toBe(false);
    expect(reviewActionSchema.safeParse({ intent: "mark", itemKind: "question", itemId: "q1", reviewed: "yes" }).success).toBe(false);
    expect(reviewActionSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });

  it("reads the list's page and search, falling back on nonsense", () => {
    expect(reviewListQuerySchema.parse({ page: "3", q: " smith " })).toEqual({ page: 3, q: "smith" });
    expect(reviewListQuerySchema.parse({ page: "-1", q: "" })).toEqual({ page: 1, q: undefined });
    expect(reviewListQuerySchema.parse({ page: "abc" })).toEqual({ page: 1, q: undefined });
  });

  it("labels the range as '1-10 of N'", () => {
    expect(rangeLabel(1, 10, 23)).toBe("1-10 of 23");
    expect(rangeLabel(3, 10, 23)).toBe("21-23 of 23");
    expect(rangeLabel(1, 10, 0)).toBe("0 of 0");
  });
});
