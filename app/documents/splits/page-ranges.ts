/**
 * Page ranges for splitting a PDF ("1-3, 5, 7-9"): comma-separated pages and ranges, 1-based,
 * each range one new document. Pure (unit-tested in tests/unit/pdf-page-ranges.test.ts).
 */
export const PAGE_RANGE_MESSAGES = {
  required: "Please enter the pages to split.",
  invalid: "Page ranges must be page numbers or ranges separated by commas, e.g. 1-3, 5, 7-9.",
  outOfRange: (pageCount: number) => `Pages must be between 1 and ${pageCount}.`,
  reversed: "A range must start with the lower page, e.g. 3-5.",
  tooMany: "Too many ranges: split into at most 100 documents at a time.",
} as const;

export const MAX_SPLIT_PARTS = 100;

/** One new document: its pages, 1-based, in order. */
export type PageRange = { from: number; to: number };

export type PageRangesResult = { ok: true; ranges: PageRange[] } | { ok: false; error: string };

/**
 * Parses "1-3, 5, 7-9" into ranges. With `pageCount`, every page must exist. Spaces are ignored;
 * en dashes count as hyphens; empty parts (trailing commas) are ignored.
 */
export function parsePageRanges(input: string, pageCount?: number): PageRangesResult {
  const text = input.replace(/[\u2013\u2014]/g, "-").replace(/\s+/g, "");
  if (!text) return { ok: false, error: PAGE_RANGE_MESSAGES.required };
  const parts = text.split(",").filter(Boolean);
  if (!parts.length) return { ok: false, error: PAGE_RANGE_MESSAGES.required };
  if (parts.length > MAX_SPLIT_PARTS) return { ok: false, error: PAGE_RANGE_MESSAGES.tooMany };
  const ranges: PageRange[] = [];
  for (const part of parts) {
    const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(part);
    if (!match) return { ok: false, error: PAGE_RANGE_MESSAGES.invalid };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1 || to < 1) return { ok: false, error: PAGE_RANGE_MESSAGES.invalid };
    if (to < from) return { ok: false, error: PAGE_RANGE_MESSAGES.reversed };
    if (pageCount !== undefined && to > pageCount) return { ok: false, error: PAGE_RANGE_MESSAGES.outOfRange(pageCount) };
    ranges.push({ from, to });
  }
  return { ok: true, ranges };
}

/** The 1-based pages of a range. */
export function pagesOf(range: PageRange): number[] {
  return Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
}

/** "1-3" or "5": how a range reads in a file name. */
export function formatRange(range: PageRange): string {
  return range.from === range.to ? String(range.from) : `${range.from}-${range.to}`;
}
