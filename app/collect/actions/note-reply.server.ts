import { PortalError } from "~/errors";
import { COLLECT_MESSAGES } from "../preview/rules";
import { logOne, notFound, touch, type IntentHandler } from "./frame.server";

/**
 * reply_note: staff answer a client's note on a question of this questionnaire. The reply is shown
 * to the client under the note as '{Firm} Team: body' (a reply, not an internal staff note: those
 * are from_firm_user and never shown to clients).
 */
export const replyNote: IntentHandler<"reply_note"> = async (ctx, tx, row, intent) => {
  const note = await tx.questionComment.findFirst({
    where: { id: intent.noteId, question: { questionnaireId: row.id, deletedAt: null } },
    select: { id: true, questionId: true, replyToId: true, fromFirmUser: true, removed: true, deletedAt: true, author: { select: { kind: true } } },
  });
  // Only a client's own note can be answered (not a reply, not an internal staff note).
  if (!note || note.replyToId || note.fromFirmUser || note.author.kind !== "client") throw notFound();
  if (note.removed || note.deletedAt) throw new PortalError(409, COLLECT_MESSAGES.noteGone);
  await tx.questionComment.create({
    data: { firmId: ctx.portal.firm.id, questionId: note.questionId, authorId: ctx.staff.id, body: intent.body, fromFirmUser: false, replyToId: note.id },
  });
  await touch(tx, [row.id], "Replied to a note");
  await logOne(ctx, tx, row, "Replied to a note");
  return { message: COLLECT_MESSAGES.replySaved, count: 1 };
};
