import type { Handler } from "./frame.server";
import { findQuestion, setAnswer, syncSectionCompletion, touchAnswer } from "./frame.server";
import { MESSAGES, answerValues } from "../rules";

/** answer_now: back from Answer Later to answering; undo: the answer is cleared (entries and files too). */
export const answerNow: Handler<"answer_now" | "undo"> = async (ctx, tx, target, action) => {
  const { user, filesToDelete } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  const saved = await setAnswer(tx, question, user, { answer: action.intent === "undo" ? null : question.answer, answerBy: null, specialAnswer: null });
  if (action.intent === "undo" && question.question_type === "entries") await tx.questionEntry.deleteMany({ where: { questionId: question.id } });
  if (action.intent === "undo" && question.question_type === "upload") filesToDelete.push(...answerValues(question.answer));
  const sections = await syncSectionCompletion(tx, question.section_id);
  await touchAnswer(ctx, tx, target);
  return {
    ok: true,
    question: { ...saved, entries: action.intent === "undo" && question.question_type === "entries" ? [] : undefined },
    sections,
    message: action.intent === "undo" ? MESSAGES.undo : undefined,
  };
};
