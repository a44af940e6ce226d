import { describe, expect, it } from "vitest";
import { progressSummary, questionnaireProgress, type ProgressInput } from "~/questionnaires/progress";
import type { QuestionFacts, SectionFacts } from "~/questionnaires/rules";

function question(id: string, sectionId: string, over: Partial<QuestionFacts> = {}): QuestionFacts {
  return {
    id,
    sectionId,
    questionType: "text",
    answer: null,
    answerBy: null,
    specialAnswer: null,
    optional: false,
    followUpQuestionId: null,
    triggerForFollowUpQuestion: null,
    order: 0,
    ...over,
  };
}

function section(id: string, order: number, over: Partial<SectionFacts> = {}): SectionFacts {
  return { id, sectionType: 3, markedCompleted: false, triggerQuestionId: null, triggerAnswer: null, order, ...over };
}

/** Personal (asks about rentals), Income, Rental (only with rentals), Agreement, Review. */
const sections = [
  section("personal", 0),
  section("income", 1),
  section("rental", 2, { triggerQuestionId: "has-rental", triggerAnswer: "Yes" }),
  section("agreement", 3, { sectionType: 2 }),
  section("review", 4, { sectionType: 4 }),
];
const fresh = [question("name", "personal"), question("has-rental", "personal"), question("wages", "income"), question("rent", "rental")];
const answer = (qs: QuestionFacts[], id: string, value: Partial<QuestionFacts>) => qs.map((q) => (q.id === id ? { ...q, ...value } : q));

function progress(questions: QuestionFacts[], over: Partial<ProgressInput<SectionFacts>> = {}, state: { completed?: boolean; inProgress?: boolean } = {}) {
  return questionnaireProgress({
    sections,
    questions,
    questionnaire: { completed: state.completed ?? false, inProgress: state.inProgress ?? true, depositStatus: null, depositAmountCents: null },
    ...over,
  });
}

describe("questionnaire progress", () => {
  it("fresh: nothing done; 0% before the client starts, 5% once in progress; the hidden triggered section is not counted", () => {
    const notStarted = progress(fresh, {}, { inProgress: false });
    expect(notStarted).toMatchObject({ done: 0, total: 4, percent: 0 });
    expect(notStarted.sections.map((v) => v.section.id)).toEqual(["personal", "income", "agreement", "review"]);
    expect(progress(fresh)).toMatchObject({ done: 0, total: 4, percent: 5 });
  });

  it("partly answered: counts the completed sections of those asked; an answer set for later is pending, not done", () => {
    const answered = answer(answer(fresh, "name", { answer: "Ann" }), "has-rental", { answer: "No" });
    const p = progress(answered);
    expect(p).toMatchObject({ done: 1, total: 4, percent: 25 });
    expect(p.sections.map((v) => v.status)).toEqual(["completed", "incomplete", "incomplete", "incomplete"]);
    const later = progress(answer(answered, "wages", { answerBy: "2026-05-01" }));
    expect(later.sections[1].status).toBe("pending");
    expect(later).toMatchObject({ done: 1, total: 4 });
  });

  it("a revealed triggered section is listed and counted; hidden again, it is not", () => {
    const revealed = answer(answer(fresh, "name", { answer: "Ann" }), "has-rental", { answer: "Yes" });
    const p = progress(revealed);
    expect(p.sections.map((v) => v.section.id)).toEqual(["personal", "income", "rental", "agreement", "review"]);
    expect(p).toMatchObject({ done: 1, total: 5, percent: 20 });
    const rentDone = progress(answer(revealed, "rent", { answer: "1200" }));
    expect(rentDone).toMatchObject({ done: 2, total: 5, percent: 40 });
    // Answered, then hidden by a changed trigger answer: neither listed nor counted.
    const hidden = progress(answer(answer(revealed, "rent", { answer: "1200" }), "has-rental", { answer: "No" }));
    expect(hidden).toMatchObject({ done: 1, total: 4, percent: 25 });
  });

  it("submitted or marked completed: every asked section is done and the progress is 100%", () => {
    const answered = answer(fresh, "name", { answer: "Ann" });
    const p = progress(answered, {}, { completed: true, inProgress: false });
    expect(p).toMatchObject({ done: 4, total: 4, percent: 100 });
    expect(p.sections.every((v) => v.status === "completed" && !v.locked)).toBe(true);
    expect(progressSummary(p)).toBe("100% · 4 of 4 sections");
  });

  it("locked (not completed) keeps the real numbers", () => {
    expect(progress(answer(fresh, "name", { answer: "Ann" }), {}, { inProgress: false })).toMatchObject({ done: 0, total: 4, percent: 0 });
  });

  it("missing answers show as errors only for flagged sections, never once completed", () => {
    expect(progress(fresh).sections.some((v) => v.status === "error")).toBe(false);
    const flagged = progress(fresh, { flagged: new Set(["income", "agreement"]) });
    expect(flagged.sections.map((v) => v.status)).toEqual(["incomplete", "error", "error", "incomplete"]);
    expect(progress(fresh, { flagged: new Set(["income"]) }, { completed: true }).sections.some((v) => v.status === "error")).toBe(false);
  });

  it("with first_section_required the others lock, which does not change the counts", () => {
    const p = progress(fresh, { firstSectionRequired: true });
    expect(p.sections.map((v) => v.locked)).toEqual([false, true, true, true]);
    expect(p).toMatchObject({ done: 0, total: 4 });
  });

  it("writes the summary with the right plural", () => {
    expect(progressSummary({ done: 1, total: 1, percent: 100 })).toBe("100% · 1 of 1 section");
    expect(progressSummary({ done: 0, total: 6, percent: 5 })).toBe("5% · 0 of 6 sections");
  });
});
