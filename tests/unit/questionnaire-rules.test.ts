import { describe, expect, it } from "vitest";
import {
  agreementComplete,
  answerError,
  answerLaterError,
  canAnswerLater,
  characterCounter,
  checklistPlacement,
  documentChecklist,
  defaultAnswerLaterDate,
  depositOutstanding,
  isSectionVisible,
  missingSections,
  nextBlockedMessage,
  nextIncompleteSectionIndex,
  questionNumbers,
  questionStatus,
  questionnaireLabel,
  readOnlyReason,
  sectionStatus,
  sectionViews,
  signatureState,
  specialAnswerMessage,
  submitEnabled,
  visibleQuestions,
  type QuestionFacts,
  type SectionFacts,
} from "~/questionnaires/rules";
import { progressPercent, questionnaireProgress } from "~/questionnaires/progress";

let n = 0;
function q(over: Partial<QuestionFacts> = {}): QuestionFacts {
  n += 1;
  return {
    id: `q${n}`,
    sectionId: "s1",
    questionType: "text",
    answer: null,
    answerBy: null,
    specialAnswer: null,
    optional: false,
    followUpQuestionId: null,
    triggerForFollowUpQuestion: null,
    order: n,
    ...over,
  };
}
function s(over: Partial<SectionFacts> = {}): SectionFacts {
  n += 1;
  return { id: `s${n}`, sectionType: 3, markedCompleted: false, triggerQuestionId: null, triggerAnswer: null, order: n, ...over };
}

describe("question status", () => {
  it("is completed with a value other than '0' and no answer_by", () => {
    expect(questionStatus(q({ answer: "Yes" }))).toBe("completed");
    expect(questionStatus(q({ answer: "No" }))).toBe("completed");
    expect(questionStatus(q({ answer: "2" }))).toBe("completed");
  });
  it("is incomplete for '0', empty or no answer; error once the section was left", () => {
    expect(questionStatus(q({ answer: "0" }))).toBe("incomplete");
    expect(questionStatus(q({ answer: "" }))).toBe("incomplete");
    expect(questionStatus(q())).toBe("incomplete");
    expect(questionStatus(q(), true)).toBe("error");
    expect(questionStatus(q({ optional: true }), true)).toBe("incomplete");
  });
  it("is pending whenever answer_by is set, even with an answer", () => {
    expect(questionStatus(q({ answerBy: "2026-12-01" }))).toBe("pending");
    expect(questionStatus(q({ answerBy: "2026-12-01", answer: "x" }))).toBe("pending");
  });
  it("counts special answers as answered", () => {
    expect(questionStatus(q({ specialAnswer: "not_applicable" }))).toBe("completed");
    expect(questionStatus(q({ specialAnswer: "provided_elsewhere" }))).toBe("completed");
    expect(questionStatus(q({ specialAnswer: "marked_completed" }))).toBe("completed");
  });
  it("has the spec's texts for special answers", () => {
    expect(specialAnswerMessage("not_applicable")).toBe("You marked this question as not applicable to you.");
    expect(specialAnswerMessage("provided_elsewhere")).toBe("You provided this elsewhere.");
    expect(specialAnswerMessage("marked_completed")).toBe("This question was marked as completed.");
  });
});

describe("follow-ups and numbering", () => {
  const parent = q({ id: "p", questionType: "boolean", answer: "Yes", order: 1 });
  const child = q({ id: "c", followUpQuestionId: "p", triggerForFollowUpQuestion: "Yes", order: 2 });
  const grandchild = q({ id: "g", followUpQuestionId: "c", triggerForFollowUpQuestion: "A", order: 3, answer: null });
  const second = q({ id: "t", order: 4 });

  it("shows a follow-up only with its trigger answer, and only while its parent shows", () => {
    expect(visibleQuestions([parent, child, second]).map((x) => x.id)).toEqual(["p", "c", "t"]);
    expect(visibleQuestions([{ ...parent, answer: "No" }, child, second]).map((x) => x.id)).toEqual(["p", "t"]);
    expect(visibleQuestions([{ ...parent, answer: "No" }, { ...child, answer: "A" }, grandchild]).map((x) => x.id)).toEqual(["p"]);
    expect(visibleQuestions([{ ...parent, specialAnswer: "not_applicable" }, child]).map((x) => x.id)).toEqual(["p"]);
  });
  it("matches a trigger among multiple choices and defaults the trigger to Yes", () => {
    const multi = q({ id: "m", questionType: "multiple", answer: "A&!&B" });
    expect(visibleQuestions([multi, q({ id: "f", followUpQuestionId: "m", triggerForFollowUpQuestion: "B" })]).length).toBe(2);
    expect(visibleQuestions([parent, q({ id: "d", followUpQuestionId: "p" })]).length).toBe(2);
    expect(visibleQuestions([q({ id: "o", followUpQuestionId: "missing" })]).length).toBe(0);
  });
  it("numbers 1., 1.1, 1.1.1 over shown questions", () => {
    const numbers = questionNumbers([parent, { ...child, answer: "A" }, grandchild, second]);
    expect(Object.fromEntries(numbers)).toEqual({ p: "1.", c: "1.1", g: "1.1.1", t: "2." });
    const hidden = questionNumbers([{ ...parent, answer: "No" }, child, second]);
    expect(Object.fromEntries(hidden)).toEqual({ p: "1.", t: "2." });
  });
  it("keeps three levels for deeper follow-ups", () => {
    const a = q({ id: "a", answer: "Yes" });
    const b = q({ id: "b", followUpQuestionId: "a", answer: "Yes" });
    const c = q({ id: "c3", followUpQuestionId: "b", answer: "Yes" });
    const d = q({ id: "d4", followUpQuestionId: "c3" });
    expect(questionNumbers([a, b, c, d]).get("d4")).toBe("1.1.1");
  });
});

describe("section status", () => {
  it("custom, agreement and review sections are completed when marked", () => {
    for (const sectionType of [0, 2, 4, 6, 8, 9, 11]) {
      expect(sectionStatus({ sectionType, markedCompleted: true }, [])).toBe("completed");
      expect(sectionStatus({ sectionType, markedCompleted: false }, [])).toBe("incomplete");
      expect(sectionStatus({ sectionType, markedCompleted: false }, [], { showErrors: true })).toBe("error");
    }
  });
  it("questionnaire sections: pending with any answer_by, completed when every required shown question is answered, else incomplete or error", () => {
    const done = q({ answer: "x" });
    expect(sectionStatus({ sectionType: 3, markedCompleted: false }, [done, q({ answerBy: "2026-10-01" })])).toBe("pending");
    expect(sectionStatus({ sectionType: 3, markedCompleted: false }, [done, q({ optional: true })])).toBe("completed");
    expect(sectionStatus({ sectionType: 3, markedCompleted: false }, [done, q()])).toBe("incomplete");
    expect(sectionStatus({ sectionType: 3, markedCompleted: false }, [done, q()], { showErrors: true })).toBe("error");
    // A hidden follow-up does not count.
    const parent = q({ id: "pp", answer: "No" });
    expect(sectionStatus({ sectionType: 3, markedCompleted: false }, [parent, q({ followUpQuestionId: "pp", triggerForFollowUpQuestion: "Yes" })])).toBe(
      "completed",
    );
    expect(
      sectionStatus({ sectionType: 3, markedCompleted: false }, [
        { ...parent, answer: "Yes" },
        q({ followUpQuestionId: "pp", triggerForFollowUpQuestion: "Yes" }),
      ]),
    ).toBe("incomplete");
  });
  it("document checklists: completed when every shown required upload is answered, or when marked", () => {
    const upload = (over: Partial<QuestionFacts> = {}) => q({ questionType: "upload", ...over });
    expect(sectionStatus({ sectionType: 10, markedCompleted: false }, [upload({ answer: "k1&!&k2" }), upload({ optional: true }), q()])).toBe("completed");
    expect(sectionStatus({ sectionType: 10, markedCompleted: false }, [upload()])).toBe("incomplete");
    expect(sectionStatus({ sectionType: 10, markedCompleted: false }, [upload({ answerBy: "2026-10-01" })])).toBe("pending");
    expect(sectionStatus({ sectionType: 10, markedCompleted: true }, [upload()])).toBe("completed");
  });
  it("payment requests: completed when marked or the deposit is not outstanding", () => {
    expect(sectionStatus({ sectionType: 7, markedCompleted: true }, [])).toBe("completed");
    expect(sectionStatus({ sectionType: 7, markedCompleted: false }, [], { deposit: { depositStatus: "paid", depositAmountCents: 100 } })).toBe("completed");
    expect(sectionStatus({ sectionType: 7, markedCompleted: false }, [], { deposit: { depositStatus: "unpaid", depositAmountCents: 100 } })).toBe("incomplete");
    expect(sectionStatus({ sectionType: 7, markedCompleted: false }, [])).toBe("incomplete");
  });
  it("triggered sections show only while their trigger question has the trigger answer", () => {
    const trigger = q({ id: "tr", answer: "Yes" });
    const byId = new Map([["tr", trigger]]);
    expect(isSectionVisible({ triggerQuestionId: null, triggerAnswer: null }, byId)).toBe(true);
    expect(isSectionVisible({ triggerQuestionId: "tr", triggerAnswer: "Yes" }, byId)).toBe(true);
    expect(isSectionVisible({ triggerQuestionId: "tr", triggerAnswer: "No" }, byId)).toBe(false);
    expect(
      isSectionVisible({ triggerQuestionId: "tr", triggerAnswer: "Yes" }, new Map([["tr", { ...trigger, specialAnswer: "not_applicable" as const }]])),
    ).toBe(false);
    expect(isSectionVisible({ triggerQuestionId: "gone", triggerAnswer: "Yes" }, byId)).toBe(false);
  });
});

describe("section list: first_section_required, counts, next incomplete", () => {
  const first = s({ id: "one", sectionType: 2 });
  const custom = s({ id: "two", sectionType: 0 });
  const third = s({ id: "three", sectionType: 3 });
  const triggered = s({ id: "four", sectionType: 3, triggerQuestionId: "k", triggerAnswer: "Yes" });
  const review = s({ id: "five", sectionType: 4 });
  const questions = [q({ id: "k", sectionId: "three", answer: "No" })];

  it("marks the first Required and locks the others (except custom) until it is completed", () => {
    const views = sectionViews([first, custom, third, triggered, review], questions, { firstSectionRequired: true });
    expect(views.map((v) => v.section.id)).toEqual(["one", "two", "three", "five"]);
    expect(views.map((v) => v.locked)).toEqual([false, false, true, true]);
    expect(views[0].required).toBe(true);
    expect(nextBlockedMessage(views, 0, true)).toBe("Please complete the first section before proceeding.");
    expect(nextBlockedMessage(views, 1, true)).toBeNull();
    expect(nextBlockedMessage(views, 0, false)).toBeNull();
    const unlocked = sectionViews([{ ...first, markedCompleted: true }, custom, third], questions, { firstSectionRequired: true });
    expect(unlocked.some((v) => v.locked)).toBe(false);
    expect(nextBlockedMessage(unlocked, 0, true)).toBeNull();
    const customFirst = sectionViews([custom, third], questions, { firstSectionRequired: true });
    expect(customFirst.some((v) => v.locked)).toBe(false);
    expect(nextBlockedMessage(customFirst, 0, true)).toBeNull();
    expect(sectionViews([first, third], questions).some((v) => v.locked || v.required)).toBe(false);
  });
  it("shows triggered sections and counts done / total", () => {
    const views = sectionViews([first, custom, third, triggered, review], [{ ...questions[0], answer: "Yes" }], { visited: new Set(["four"]) });
    expect(views.map((v) => v.section.id)).toContain("four");
    expect(views.find((v) => v.section.id === "four")!.status).toBe("completed");
    const progress = questionnaireProgress({
      sections: [first, custom, third, triggered, review],
      questions: [{ ...questions[0], answer: "Yes" }],
      questionnaire: { completed: false, inProgress: true, depositStatus: null, depositAmountCents: null },
    });
    expect(progress).toMatchObject({ done: 2, total: 5, percent: 40 });
    expect(missingSections(views).map((v) => v.section.id)).toEqual(["one", "two"]);
  });
  it("finds the next incomplete section after the current one, wrapping, skipping review and locked", () => {
    const views = sectionViews([first, { ...custom, markedCompleted: true }, third, review], questions);
    expect(nextIncompleteSectionIndex(views, 1)).toBe(0);
    const done = sectionViews([{ ...first, markedCompleted: true }, third, review], questions);
    expect(nextIncompleteSectionIndex(done, 0)).toBeNull();
    const locked = sectionViews([first, s({ sectionType: 3 }), review], [q({ sectionId: "x" })], { firstSectionRequired: true });
    expect(nextIncompleteSectionIndex(locked, 0)).toBe(0);
  });
  it("progress: 5% when in progress with no completed sections, else the share", () => {
    expect(progressPercent(0, 1, true)).toBe(5);
    expect(progressPercent(0, 1, false)).toBe(0);
    expect(progressPercent(0, 0, true)).toBe(5);
    expect(progressPercent(1, 3, true)).toBe(33);
    expect(progressPercent(1, 1, false)).toBe(100);
  });
});

describe("questionnaire label, read-only, submit", () => {
  const base = { locked: false, completed: false, inProgress: false, openedAt: null, dueDate: null };
  it("labels Completed; Draft; current section; In Progress; Opened; Sent", () => {
    expect(questionnaireLabel({ ...base, completed: true, isDraft: true })).toBe("Completed");
    expect(questionnaireLabel({ ...base, isDraft: true })).toBe("Draft");
    expect(questionnaireLabel({ ...base, inProgress: true, openedAt: "x" }, "Income")).toBe("Income");
    expect(questionnaireLabel({ ...base, inProgress: true })).toBe("In Progress");
    expect(questionnaireLabel({ ...base, openedAt: new Date() })).toBe("Opened");
    expect(questionnaireLabel(base)).toBe("Sent");
  });
  it("is read-only when locked, completed, for a read-only user or entity, or past due", () => {
    const who = { userReadonly: false, entityReadonly: false };
    expect(readOnlyReason({ ...base, locked: true, completed: true }, who, "2026-05-01")).toBe("locked");
    expect(readOnlyReason({ ...base, completed: true }, who, "2026-05-01")).toBe("completed");
    expect(readOnlyReason(base, { ...who, userReadonly: true }, "2026-05-01")).toBe("readonly_user");
    expect(readOnlyReason(base, { ...who, entityReadonly: true }, "2026-05-01")).toBe("readonly_entity");
    expect(readOnlyReason({ ...base, dueDate: "2026-04-30" }, who, "2026-05-01")).toBe("past_due");
    expect(readOnlyReason({ ...base, dueDate: "2026-05-01" }, who, "2026-05-01")).toBeNull();
  });
  it("deposit is outstanding when pending or unpaid with an amount", () => {
    expect(depositOutstanding({ depositStatus: "unpaid", depositAmountCents: 100 })).toBe(true);
    expect(depositOutstanding({ depositStatus: "pending", depositAmountCents: 100 })).toBe(true);
    expect(depositOutstanding({ depositStatus: "unpaid", depositAmountCents: 0 })).toBe(false);
    for (const st of ["paid", "marked_paid", "payment_pending", null] as const)
      expect(depositOutstanding({ depositStatus: st, depositAmountCents: 100 })).toBe(false);
  });
  it("submit needs I Agree (with a review section), no outstanding deposit, not template mode, not read-only", () => {
    const ok = { hasReviewSection: true, agreed: true, deposit: { depositStatus: null, depositAmountCents: null }, mode: "client" as const, readOnly: false };
    expect(submitEnabled(ok)).toBe(true);
    expect(submitEnabled({ ...ok, agreed: false })).toBe(false);
    expect(submitEnabled({ ...ok, hasReviewSection: false, agreed: false })).toBe(true);
    expect(submitEnabled({ ...ok, deposit: { depositStatus: "unpaid", depositAmountCents: 5 } })).toBe(false);
    expect(submitEnabled({ ...ok, mode: "admin-template" })).toBe(false);
    expect(submitEnabled({ ...ok, mode: "admin-preview" })).toBe(true);
    expect(submitEnabled({ ...ok, readOnly: true })).toBe(false);
  });
});

describe("answer later", () => {
  const today = "2026-05-10";
  it("defaults to 7 days out", () => {
    expect(defaultAnswerLaterDate(today)).toBe("2026-05-17");
    expect(defaultAnswerLaterDate("2026-12-28")).toBe("2027-01-04");
  });
  it("must be in the future, in the current year, before the due date", () => {
    expect(answerLaterError("2026-05-17", today, "2026-06-01")).toBeNull();
    expect(answerLaterError("2026-05-17", today, null)).toBeNull();
    expect(answerLaterError("2026-05-10", today, null)).toBe("Answer later date must be in the future");
    expect(answerLaterError("2026-05-01", today, null)).toBe("Answer later date must be in the future");
    expect(answerLaterError("not a date", today, null)).toBe("Answer later date must be in the future");
    expect(answerLaterError("2027-01-02", today, null)).toBe("Answer later date must be in the current year");
    expect(answerLaterError("2026-06-01", today, "2026-06-01")).toBe("Answer later date must be before the due date: 06/01/2026");
  });
  it("is offered unless disabled, past due, or not the client", () => {
    const input = { disableAnswerLater: false, dueDate: "2026-06-01", today, mode: "client" as const };
    expect(canAnswerLater(input)).toBe(true);
    expect(canAnswerLater({ ...input, disableAnswerLater: true })).toBe(false);
    expect(canAnswerLater({ ...input, firmDisablesAnswerLater: true })).toBe(false);
    expect(canAnswerLater({ ...input, dueDate: "2026-05-09" })).toBe(false);
    expect(canAnswerLater({ ...input, mode: "admin-preview" })).toBe(false);
  });
});

describe("answer validation", () => {
  const rules = (questionType: QuestionFacts["questionType"], options: string[] = [], numberOfCharacters: number | null = null) => ({
    questionType,
    options,
    numberOfCharacters,
  });
  it("checks each type", () => {
    expect(answerError(rules("text"), "")).toBeNull();
    expect(answerError(rules("boolean"), "Yes")).toBeNull();
    expect(answerError(rules("boolean"), "Maybe")).not.toBeNull();
    expect(answerError(rules("select", ["A", "B"]), "B")).toBeNull();
    expect(answerError(rules("select", ["A", "B"]), "C")).not.toBeNull();
    expect(answerError(rules("multiple", ["A", "B"]), "A&!&B")).toBeNull();
    expect(answerError(rules("multiple", ["A", "B"]), "A&!&C")).not.toBeNull();
    expect(answerError(rules("multiple", ["A", "B"]), "A&!&A")).not.toBeNull();
    expect(answerError(rules("multiple", ["A"]), "&!&")).not.toBeNull();
    expect(answerError(rules("date"), "2026-02-28")).toBeNull();
    expect(answerError(rules("date"), "2026-02-30")).not.toBeNull();
    expect(answerError(rules("date"), "3026-01-01")).not.toBeNull();
    expect(answerError(rules("text", [], 5), "12345")).toBeNull();
    expect(answerError(rules("textarea", [], 5), "123456")).toBe("Please keep your answer within 5 characters.");
    expect(answerError(rules("password"), "x".repeat(20001))).not.toBeNull();
    expect(answerError(rules("entries", ["Name"]), "2")).toBeNull();
    expect(answerError(rules("entries", ["Name"]), "two")).not.toBeNull();
    expect(answerError(rules("upload"), "key")).not.toBeNull();
  });
  it("shows the n/max counter", () => {
    expect(characterCounter("abc", 100)).toBe("3/100");
    expect(characterCounter(null, 10)).toBe("0/10");
    expect(characterCounter("abc", null)).toBeNull();
  });
});

describe("signatures", () => {
  it("are signed, unsigned or not needed; the letter completes with all needed (or one, with one per section)", () => {
    expect(signatureState({ signedAt: new Date(), notNeeded: false })).toBe("signed");
    expect(signatureState({ signedAt: null, notNeeded: true })).toBe("not_needed");
    expect(signatureState({ signedAt: null, notNeeded: false })).toBe("unsigned");
    const signed = { signedAt: "2026-01-01", notNeeded: false };
    const unsigned = { signedAt: null, notNeeded: false };
    expect(agreementComplete([signed, unsigned], false)).toBe(false);
    expect(agreementComplete([signed, { signedAt: null, notNeeded: true }], false)).toBe(true);
    expect(agreementComplete([signed, unsigned], true)).toBe(true);
    expect(agreementComplete([unsigned], true)).toBe(false);
    expect(agreementComplete([], false)).toBe(false);
  });
});

describe("document checklist (pop-out)", () => {
  it("opens when the questionnaire asks for it or the firm hides uploads within sections; only the latter two take uploads out of sections", () => {
    const none = { documentPopoutChecklistEnabled: false, showUploadsAsDocumentChecklist: false };
    expect(checklistPlacement(none, false)).toEqual({ dialog: false, hideInSections: false });
    expect(checklistPlacement({ ...none, documentPopoutChecklistEnabled: true }, false)).toEqual({ dialog: true, hideInSections: false });
    expect(checklistPlacement({ ...none, showUploadsAsDocumentChecklist: true }, false)).toEqual({ dialog: true, hideInSections: true });
    expect(checklistPlacement(none, true)).toEqual({ dialog: true, hideInSections: true });
  });

  it("lists the upload questions shown, by section in page order, skipping locked sections and hidden follow-ups, and counts required ones provided", () => {
    const first = s({ sectionType: 3 });
    const checklist = s({ sectionType: 10 });
    const locked = s({ sectionType: 3 });
    const trigger = q({ sectionId: first.id, questionType: "boolean", answer: "No" });
    const w2 = q({ sectionId: first.id, questionType: "upload", answer: "key-w2" });
    const hidden = q({ sectionId: first.id, questionType: "upload", followUpQuestionId: trigger.id, triggerForFollowUpQuestion: "Yes" });
    const bank = q({ sectionId: checklist.id, questionType: "upload" });
    const optional = q({ sectionId: checklist.id, questionType: "upload", optional: true });
    const elsewhere = q({ sectionId: checklist.id, questionType: "upload", specialAnswer: "provided_elsewhere" });
    const behindLock = q({ sectionId: locked.id, questionType: "upload" });
    const text = q({ sectionId: checklist.id, questionType: "text" });
    const views = [
      { section: first, locked: false },
      { section: checklist, locked: false },
      { section: locked, locked: true },
    ];
    const result = documentChecklist(views, [trigger, w2, hidden, bank, optional, elsewhere, behindLock, text]);
    expect(result.groups.map((g) => [g.section.id, g.questions.map((x) => x.id)])).toEqual([
      [first.id, [w2.id]],
      [checklist.id, [bank.id, optional.id, elsewhere.id]],
    ]);
    expect(result).toMatchObject({ required: 3, provided: 2 });
    expect(documentChecklist([{ section: first, locked: false }], [trigger, text])).toEqual({ groups: [], required: 0, provided: 0 });
  });
});
