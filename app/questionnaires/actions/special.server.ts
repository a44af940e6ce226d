import type { Handler } from "./frame.server";
import { PortalError } from "~/errors";
import { findQuestion, setAnswer, syncSectionCompletion, touchAnswer } from "./frame.server";
import { answerValues } from "../rules";

/** special: Not Applicable, Provided Elsewhere or Marked Completed instead of an answer. */
export const special: Handler<"special"> = async (ctx, tx, target, action) => {
  const { portal, user, filesToDelete } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  if (action.special === "not_applicable" && question.disable_not_applicable) throw new PortalError(400, "This question can't be marked not applicable.");
  if (action.special === "provided_elsewhere" && portal.firm.preferences.disableProvidedElsewhere)
    throw new PortalError(400, "Provided Elsewhere is not available.");
  if (question.question_type === "upload") filesToDelete.push(...answerValues(question.answer));
  const saved = await setAnswer(tx, question, user, { answer: null, answerBy: null, specialAnswer: action.special });
  const sections = await syncSectionCompletion(tx, question.section_id);
  await touchAnswer(ctx, tx, target);
  return { ok: true, question: saved, sections };
};
