/**
 * What staff read of a client's answers (the advisor preview dialog): only the sections and
 * questions the client was asked, each answer in its own shape (choices, entries as rows, files by
 * name), and the client's notes with the firm's replies under them. Pure: no database, no React.
 */
import { answerValues, isSectionVisible, visibleQuestions, type QuestionFacts, type SectionFacts, type SpecialAnswer } from "./rules";
import type { NoteData } from "./types";

export const SPECIAL_ANSWER_LABELS: Record<SpecialAnswer, string> = {
  not_applicable: "Not applicable",
  provided_elsewhere: "Provided elsewhere",
  marked_completed: "Marked completed",
};

/**
 * The sections the client was asked, in order, each with the questions asked in it: a section
 * triggered by an answer only while its trigger question was asked and has that answer, a
 * follow-up only while its parent was asked and has the trigger answer. Never-asked ones are left out.
 */
export function askedSections<S extends Pick<SectionFacts, "id" | "triggerQuestionId" | "triggerAnswer">, Q extends QuestionFacts>(
  sections: readonly S[],
  questions: readonly Q[],
): { section: S; questions: Q[] }[] {
  const shown = visibleQuestions(questions);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const askedSectionIds = new Set<string>();
  const asked = new Map<string, Q>();
  const result: { section: S; questions: Q[] }[] = [];
  // A trigger question is in an earlier section (the builder's rule), so one pass in order sees it first.
  for (const section of sections) {
    if (section.triggerQuestionId && !asked.has(section.triggerQuestionId)) continue;
    if (!isSectionVisible(section, byId)) continue;
    askedSectionIds.add(section.id);
    const own = shown.filter((q) => q.sectionId === section.id);
    for (const q of own) asked.set(q.id, q);
    result.push({ section, questions: own });
  }
  return result;
}

/** An entries answer as a table: the fields (in the order first used) and one row of values per entry. */
export function entriesTable(entries: readonly { entryNumber: number; field: string; value: string | null }[]): {
  columns: string[];
  rows: { entryNumber: number; values: string[] }[];
} {
  const columns: string[] = [];
  const byEntry = new Map<number, Map<string, string>>();
  for (const e of entries) {
    if (!columns.includes(e.field)) columns.push(e.field);
    const row = byEntry.get(e.entryNumber) ?? new Map<string, string>();
    row.set(e.field, e.value ?? "");
    byEntry.set(e.entryNumber, row);
  }
  const rows = [...byEntry.entries()]
    .sort(([a], [b]) => a - b)
    .map(([entryNumber, values]) => ({ entryNumber, values: columns.map((c) => values.get(c) ?? "") }));
  return { columns, rows };
}

/** The chosen options of a multiple-choice answer (stored joined by the separator). */
export function chosenOptions(answer: string | null | undefined): string[] {
  return answerValues(answer);
}

/** The name an uploaded file's storage key carries ("{random}-{name}" → "name"). */
export function fileLabel(key: string): string {
  return (
    key
      .split("/")
      .pop()
      ?.replace(/^[A-Za-z0-9]+-/, "") ?? key
  );
}

export interface NoteThread {
  note: NoteData;
  replies: NoteData[];
}

/** The client's notes (oldest first), each with the firm's replies under it (oldest first). */
export function noteThreads(notes: readonly NoteData[]): NoteThread[] {
  const threads = notes.filter((n) => !n.replyToId).map((note) => ({ note, replies: [] as NoteData[] }));
  const byId = new Map(threads.map((t) => [t.note.id, t]));
  for (const n of notes) if (n.replyToId) byId.get(n.replyToId)?.replies.push(n);
  return threads;
}
