/**
 * A questionnaire's progress: each section's status and how many of them are done, the one
 * computation behind every screen that shows it (the client's dashboard card, the questionnaire's
 * section navigation and review section, Collect, the advisor preview dialog and preview page).
 * Pure: the callers read the facts (progress.server.ts for lists) and pass them in.
 *
 * - Only the sections the client was asked count: a triggered section whose trigger question does
 *   not have its trigger answer is not shown to the client, so it is neither listed nor counted.
 * - Each asked section's status is `sectionStatus` (client spec §4 "Section completion").
 * - A completed questionnaire (submitted by the client, or marked completed by the firm) is done:
 *   answering is closed, so every asked section reads Completed and the progress is 100%. The
 *   questions keep their own statuses (what was left unanswered shows there).
 * - Progress is done / total, rounded; 5% while in progress with no section completed (spec §4).
 */
import {
  sectionViews,
  type DepositFacts,
  type DocumentSectionFacts,
  type QuestionFacts,
  type SectionFacts,
  type SectionStatus,
  type SectionView,
} from "./rules";
import type { ProgressCounts } from "./progress-labels";

export { progressSummary, SECTION_STATUS_LABELS, type ProgressCounts } from "./progress-labels";

export interface QuestionnaireProgress<S extends SectionFacts = SectionFacts> extends ProgressCounts {
  /** The asked sections, in order, with their status and first_section_required locking. */
  sections: SectionView<S>[];
}

export interface ProgressInput<S extends SectionFacts & DocumentSectionFacts> {
  sections: readonly S[];
  questions: readonly QuestionFacts[];
  questionnaire: { completed: boolean; inProgress: boolean } & DepositFacts;
  /** The firm's require_one_signature_per_section. */
  onePerSection?: boolean;
  /** The firm's first_section_required (the page's locking; no effect on the counts). */
  firstSectionRequired?: boolean;
  /**
   * Sections whose missing required items show as errors: the client tried to submit, or to continue
   * past a required section. Leaving a section does not flag it.
   */
  flagged?: ReadonlySet<string>;
}

/** The 5% rule: in progress with no completed sections still shows 5%. */
export function progressPercent(done: number, total: number, inProgress: boolean): number {
  if (done === 0) return inProgress ? 5 : 0;
  return Math.round((done / total) * 100);
}

/** Each asked section's status and the questionnaire's progress. */
export function questionnaireProgress<S extends SectionFacts & DocumentSectionFacts>(input: ProgressInput<S>): QuestionnaireProgress<S> {
  const { completed, inProgress, depositStatus, depositAmountCents } = input.questionnaire;
  const views = sectionViews(input.sections, input.questions, {
    firstSectionRequired: input.firstSectionRequired && !completed,
    visited: completed ? undefined : input.flagged,
    deposit: { depositStatus, depositAmountCents },
    onePerSection: input.onePerSection,
  });
  const sections = completed ? views.map((v) => ({ ...v, status: "completed" as SectionStatus, locked: false })) : views;
  const done = sections.filter((v) => v.status === "completed").length;
  const total = sections.length;
  const percent = completed ? 100 : progressPercent(done, total, inProgress);
  return { sections, done, total, percent };
}

/** The statuses in the order the navigation's legend lists them. */
export const SECTION_STATUS_ORDER: readonly SectionStatus[] = ["completed", "pending", "incomplete", "error"];
