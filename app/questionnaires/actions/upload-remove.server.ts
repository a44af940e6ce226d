import type { Handler } from "./frame.server";
import { findQuestion, notFound, setAnswer, syncSectionCompletion, touchAnswer } from "./frame.server";
import { MULTI_SEPARATOR, answerValues } from "../rules";

/** upload_remove: one file leaves the answer (and storage, once committed). */
export const uploadRemove: Handler<"upload_remove"> = async (ctx, tx, target, action) => {
  const { user, filesToDelete } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  const values = answerValues(question.answer);
  if (question.question_type !== "upload" || !values.includes(action.key)) throw notFound();
  filesToDelete.push(action.key);
  const rest = values.filter((v) => v !== action.key);
  const saved = await setAnswer(tx, question, user, { answer: rest.length ? rest.join(MULTI_SEPARATOR) : null, answerBy: null, specialAnswer: null });
  const sections = await syncSectionCompletion(tx, question.section_id);
  await touchAnswer(ctx, tx, target);
  return { ok: true, question: saved, sections, message: "Document removed successfully" };
};
