/**
 * Read-only: the files of the client's questionnaire and their splits (the page polls this while
 * the firm splits one). Works on read-only questionnaires too; 404 for anything not the client's.
 */
import { type ActionContext, findTarget } from "./frame.server";
import type { ActionResult } from "./schema";
import { readSql } from "~/db.server";
import { readUploads } from "../reads.server";
export async function uploadStates(ctx: ActionContext, questionnaireId: string): Promise<ActionResult> {
  return ctx.portal.db.$transaction(async (tx): Promise<ActionResult> => {
    const target = await findTarget(tx, ctx.user, ctx.companyHash, questionnaireId, false);
    const questions = await tx.question.findMany({
      where: { questionnaireId: target.id, questionType: "upload", deletedAt: null },
      select: { questionType: true, answer: true },
    });
    return { ok: true, uploads: await readUploads(readSql(tx), { id: target.id, company: { id: target.company_id } }, questions) };
  });
}
