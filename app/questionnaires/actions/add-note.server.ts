import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { findQuestion, noteText, touch } from "./frame.server";

/** add_note: a note from the client on a question, shown as 'Author: body'. */
export const addNote: Handler<"add_note"> = async (ctx, tx, target, action) => {
  const { user, firmId, ip } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  const note = await tx.questionComment.create({
    data: { firmId, questionId: question.id, authorId: user.id, body: action.body, fromFirmUser: false },
    select: { id: true },
  });
  await touch(tx, firmId, target, user, "Added a note", ACTIVITY_TYPES.questionnaire, ip);
  return { ok: true, note: { questionId: question.id, id: note.id, text: noteText(user, action.body) } };
};
