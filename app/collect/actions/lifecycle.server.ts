import type { IntentHandler } from "./frame.server";
import { logOne, questionnaireLink } from "./frame.server";
import { COLLECT_MESSAGES } from "../preview/rules";
import { PortalError } from "~/errors";

/** delete */
export const deleteQuestionnaire: IntentHandler<"delete"> = async (ctx, tx, row, _intent) => {
  await tx.questionnaire.update({ where: { id: row.id }, data: { deletedAt: new Date() } });
  await logOne(ctx, tx, row, "Deleted the questionnaire");
  return { message: COLLECT_MESSAGES.deleted, count: 1 };
};

/** restore */
export const restore: IntentHandler<"restore"> = async (ctx, tx, row, _intent) => {
  await tx.questionnaire.update({ where: { id: row.id }, data: { deletedAt: null } });
  await logOne(ctx, tx, row, "Restored the questionnaire");
  return { message: COLLECT_MESSAGES.restored, count: 1 };
};

/** link */
export const link: IntentHandler<"link"> = async (ctx, tx, row, _intent) => {
  const { portal } = ctx;
  if (row.is_draft) throw new PortalError(409, "Drafts have no link yet.");
  return { message: COLLECT_MESSAGES.linkCopied, count: 1, link: questionnaireLink(portal, row) };
};
