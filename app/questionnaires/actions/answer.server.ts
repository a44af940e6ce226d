import type { SqlTx } from "~/db.server";
import { PortalError } from "~/errors";
import type { Handler } from "./frame.server";
import { findQuestion, setAnswer, syncSectionCompletion, touchAnswer } from "./frame.server";
import { answerError } from "../rules";

/**
 * answer: a typed or chosen answer (uploads and entries have their own actions). The autosave:
 * raw statements only, so it runs in a transaction straight on the pool (perform.server.ts).
 */
export const answer: Handler<"answer", SqlTx> = async (ctx, tx, target, action) => {
  const { user } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  if (question.question_type === "upload") throw new PortalError(400, "Documents are saved through the upload.");
  if (question.question_type === "entries") throw new PortalError(400, "Entries are saved through the entries dialog.");
  const problem = answerError(
    { questionType: question.question_type, options: question.options, numberOfCharacters: question.number_of_characters },
    action.answer,
  );
  if (problem) throw new PortalError(400, problem);
  const saved = await setAnswer(tx, question, user, { answer: action.answer === "" ? null : action.answer, answerBy: null, specialAnswer: null });
  const sections = await syncSectionCompletion(tx, question.section_id);
  await touchAnswer(ctx, tx, target);
  return { ok: true, question: saved, sections };
};
