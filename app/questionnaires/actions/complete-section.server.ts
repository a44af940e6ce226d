import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { findSection, touch, touchAnswer } from "./frame.server";
import { CLIENT_MARKABLE_SECTION_TYPES, DOCUMENT_SECTION_MESSAGES, SECTION_TYPE } from "../rules";

/** complete_section: the client marks a section done (the section types the client may mark). */
export const completeSection: Handler<"complete_section"> = async (ctx, tx, target, action) => {
  const { user, firmId, ip } = ctx;
  const section = await findSection(tx, target.id, action.sectionId);
  if (!CLIENT_MARKABLE_SECTION_TYPES.includes(section.sectionType)) throw new PortalError(400, "This section completes on its own.");
  await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true } });
  if (section.sectionType === SECTION_TYPE.delivery) {
    await touch(tx, firmId, target, user, "Confirmed receipt of the delivered documents", ACTIVITY_TYPES.document, ip);
    return { ok: true, sections: [{ id: section.id, markedCompleted: true }], message: DOCUMENT_SECTION_MESSAGES.received };
  }
  await touchAnswer(ctx, tx, target);
  return { ok: true, sections: [{ id: section.id, markedCompleted: true }] };
};
