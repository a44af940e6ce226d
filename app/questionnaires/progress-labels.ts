/**
 * How progress reads (app/questionnaires/progress.ts re-exports these): without the rules that
 * compute it, so the client dashboard's bundle, which only shows it, does not carry them.
 */
import type { SectionStatus } from "./rules";

export interface ProgressCounts {
  /** Asked sections that are completed. */
  done: number;
  /** Sections the client was asked (hidden triggered sections excluded). */
  total: number;
  /** 0–100, as the progress bars show it. */
  percent: number;
}

/** 'n% · d of t sections', as the dashboard card, Collect and the preview dialog write it. */
export function progressSummary(p: ProgressCounts): string {
  return `${p.percent}% · ${p.done} of ${p.total} ${p.total === 1 ? "section" : "sections"}`;
}

/** The section statuses' names, shown beside their icons and in the navigation's legend. */
export const SECTION_STATUS_LABELS: Record<SectionStatus, string> = {
  completed: "Completed",
  pending: "Pending",
  incomplete: "Incomplete",
  error: "Needs attention",
};
