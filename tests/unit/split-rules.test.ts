import { describe, expect, it } from "vitest";
import { parsePageRanges } from "../../app/documents/splits/page-ranges";
import {
  canSplitDocuments,
  canSplitFile,
  pageAssignments,
  pagesLabel,
  questionnaireSplitSummary,
  rangesFromStarts,
  splitResultTitle,
  splitStarts,
  toggleSplitPoint,
  type SplitState,
} from "../../app/documents/splits/split-rules";

const ranges = (text: string) => {
  const parsed = parsePageRanges(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.ranges;
};

const split = (status: string, parts = 0): SplitState => ({
  extractedDocumentId: "e1",
  status,
  processing: status === "processing",
  markedAsOthers: false,
  parts: Array.from({ length: parts }, (_, i) => ({ documentId: `d${i}`, name: `Part ${i}.pdf`, pageCount: 1, parentPages: [i + 1] })),
});

describe("who may split", () => {
  it("is advisors of firms with the bulk upload processor only", () => {
    expect(canSplitDocuments({ kind: "staff", isAdvisor: true }, true)).toBe(true);
    expect(canSplitDocuments({ kind: "staff", isAdvisor: false }, true)).toBe(false);
    expect(canSplitDocuments({ kind: "staff", isAdvisor: true }, false)).toBe(false);
    expect(canSplitDocuments({ kind: "staff", isAdvisor: true }, null)).toBe(false);
    expect(canSplitDocuments({ kind: "client", isAdvisor: true }, true)).toBe(false);
  });

  it("offers Split on readable PDFs that are not being split and were not split", () => {
    const pdf = { contentType: "application/pdf", passwordProtected: false };
    expect(canSplitFile(pdf, null)).toBe(true);
    expect(canSplitFile(pdf, split("split_failed"))).toBe(true);
    expect(canSplitFile(pdf, split("processing"))).toBe(false);
    expect(canSplitFile(pdf, split("split_succeeded", 2))).toBe(false);
    expect(canSplitFile({ ...pdf, passwordProtected: true }, null)).toBe(false);
    expect(canSplitFile({ contentType: "image/png", passwordProtected: false }, null)).toBe(false);
    expect(canSplitFile({ contentType: null, passwordProtected: false }, null)).toBe(false);
  });
});

describe("a questionnaire's splits", () => {
  it("shows the note once a split made documents, and polls while one is processing", () => {
    expect(questionnaireSplitSummary([])).toEqual({ split: false, processing: false });
    expect(questionnaireSplitSummary([{ split: null }, { split: split("split_failed") }])).toEqual({ split: false, processing: false });
    expect(questionnaireSplitSummary([{ split: split("split_succeeded", 2) }, { split: null }])).toEqual({ split: true, processing: false });
    expect(questionnaireSplitSummary([{ split: split("split_succeeded", 0) }])).toEqual({ split: false, processing: false });
    expect(questionnaireSplitSummary([{ split: split("processing") }, { split: split("split_succeeded", 1) }])).toEqual({ split: true, processing: true });
  });

  it("words the result and the pages", () => {
    expect(splitResultTitle(2)).toBe("Split into 2 documents");
    expect(splitResultTitle(1)).toBe("Split into 1 document");
    expect(pagesLabel([1])).toBe("page 1");
    expect(pagesLabel([3, 2])).toBe("pages 2-3");
    expect(pagesLabel([1, 3])).toBe("pages 1, 3");
    expect(pagesLabel([])).toBe("");
  });
});

describe("review thumbnails", () => {
  it("assigns each page to the new documents that take it", () => {
    expect(pageAssignments(ranges("1, 2-3"), 3)).toEqual([[1], [2], [2]]);
    expect(pageAssignments(ranges("1-2, 2-3"), 4)).toEqual([[1], [1, 2], [2], []]);
    // Pages past the end are ignored (the server refuses them anyway).
    expect(pageAssignments(ranges("2-9"), 3)).toEqual([[], [1], [1]]);
  });

  it("finds the split points of a clean cut, and nothing else", () => {
    expect(splitStarts(ranges("1, 2-3"), 3)).toEqual([1, 2]);
    expect(splitStarts(ranges("1-3"), 3)).toEqual([1]);
    expect(splitStarts(ranges("1, 3"), 3)).toBeNull();
    expect(splitStarts(ranges("2-3, 1"), 3)).toBeNull();
    expect(splitStarts(ranges("1-2"), 3)).toBeNull();
    expect(splitStarts([], 3)).toBeNull();
  });

  it("writes ranges from split points", () => {
    expect(rangesFromStarts([2], 3)).toBe("1, 2-3");
    expect(rangesFromStarts([], 3)).toBe("1-3");
    expect(rangesFromStarts([3, 2, 2, 9, 0], 3)).toBe("1, 2, 3");
    expect(rangesFromStarts([], 1)).toBe("1");
    expect(rangesFromStarts([], 0)).toBe("");
  });

  it("toggles a split point when a page is clicked", () => {
    expect(toggleSplitPoint("", 2, 3)).toBe("1, 2-3");
    expect(toggleSplitPoint("1, 2-3", 2, 3)).toBe("1-3");
    expect(toggleSplitPoint("1, 2-3", 3, 3)).toBe("1, 2, 3");
    // Page 1 always starts a document; clicking it keeps the cut as it is.
    expect(toggleSplitPoint("1, 2-3", 1, 3)).toBe("1, 2-3");
    // Ranges that are not a clean cut start over from one document.
    expect(toggleSplitPoint("1, 3", 2, 3)).toBe("1, 2-3");
    expect(toggleSplitPoint("nonsense", 3, 4)).toBe("1-2, 3-4");
  });
});
