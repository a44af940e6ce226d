import type { Handler } from "./frame.server";
import { PortalError } from "~/errors";
import { entryCount, findQuestion, readEntries, setAnswer, syncSectionCompletion, touchAnswer } from "./frame.server";

/** add_entry, remove_entry, save_entry: the rows of an entries question; the answer is their count. */
export const entries: Handler<"add_entry" | "remove_entry" | "save_entry"> = async (ctx, tx, target, action) => {
  const { user, firmId } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  if (question.question_type !== "entries") throw new PortalError(400, "This question has no entries.");
  if (action.intent === "add_entry") {
    const count = await entryCount(tx, question.id);
    if (count >= 999) throw new PortalError(400, "Too many entries.");
    await tx.questionEntry.createMany({
      data: question.options.map((field) => ({ firmId, questionId: question.id, entryNumber: count + 1, field, value: "" })),
    });
  } else if (action.intent === "remove_entry") {
    const removed = await tx.questionEntry.deleteMany({ where: { questionId: question.id, entryNumber: action.entryNumber } });
    if (removed.count === 0) throw new PortalError(404, "This entry does not exist.");
    // Renumber the later entries (through negative numbers: the unique index is checked row by row).
    await tx.$executeRaw`UPDATE question_entries SET entry_number = -entry_number WHERE question_id = ${question.id} AND entry_number > ${action.entryNumber}`;
    await tx.$executeRaw`UPDATE question_entries SET entry_number = -entry_number - 1 WHERE question_id = ${question.id} AND entry_number < 0`;
  } else {
    const unknown = Object.keys(action.values).find((field) => !question.options.includes(field));
    if (unknown !== undefined) throw new PortalError(400, `Unknown field: ${unknown}`);
    const exists = await tx.questionEntry.count({ where: { questionId: question.id, entryNumber: action.entryNumber } });
    if (exists === 0) throw new PortalError(404, "This entry does not exist.");
    for (const [field, value] of Object.entries(action.values)) {
      await tx.questionEntry.upsert({
        where: { firmId_questionId_entryNumber_field: { firmId, questionId: question.id, entryNumber: action.entryNumber, field } },
        create: { firmId, questionId: question.id, entryNumber: action.entryNumber, field, value },
        update: { value },
      });
    }
  }
  const entries = await readEntries(tx, question.id);
  const count = new Set(entries.map((e) => e.entryNumber)).size;
  const saved = await setAnswer(tx, question, user, { answer: String(count), answerBy: null, specialAnswer: null });
  const sections = await syncSectionCompletion(tx, question.section_id);
  await touchAnswer(ctx, tx, target);
  return { ok: true, question: { ...saved, entries }, sections };
};
