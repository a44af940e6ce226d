import type { Handler } from "./frame.server";
import { PortalError } from "~/errors";
import { findQuestion, setAnswer, syncSectionCompletion, touchAnswer } from "./frame.server";
import { answerLaterError, answerValues, canAnswerLater } from "../rules";

/** answer_later: the client will answer by a date (before the due date, when the firm and the question allow it). */
export const answerLater: Handler<"answer_later"> = async (ctx, tx, target, action) => {
  const { portal, user, today, filesToDelete } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  if (
    !canAnswerLater({
      disableAnswerLater: question.disable_answer_later,
      firmDisablesAnswerLater: portal.firm.preferences.disableAnswerLater,
      dueDate: target.due_date,
      today,
      mode: "client",
    })
  ) {
    throw new PortalError(400, "Answer Later is not available for this question.");
  }
  const problem = answerLaterError(action.answerBy, today, target.due_date, question.question_type === "upload" ? "upload" : "answer");
  if (problem) throw new PortalError(400, problem);
  if (question.question_type === "upload") filesToDelete.push(...answerValues(question.answer));
  const saved = await setAnswer(tx, question, user, { answer: null, answerBy: new Date(`${action.answerBy}T00:00:00Z`), specialAnswer: null });
  const sections = await syncSectionCompletion(tx, question.section_id);
  await touchAnswer(ctx, tx, target);
  return { ok: true, question: saved, sections };
};
