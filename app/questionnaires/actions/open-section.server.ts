import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { findSection } from "./frame.server";
import { SECTION_TYPE } from "../rules";

/** open_section: the page's cursor (the first opening is logged; a custom section completes on view). */
export const openSection: Handler<"open_section"> = async (ctx, tx, target, action) => {
  const { user, firmId, ip } = ctx;
  const section = await findSection(tx, target.id, action.sectionId);
  const now = new Date();
  await tx.questionnaire.update({
    where: { id: target.id },
    data: { currentSectionId: section.id, inProgress: true, ...(target.opened_at ? {} : { openedAt: now }) },
  });
  if (!target.opened_at)
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.questionnaire,
      title: "Opened the questionnaire",
      actorId: user.id,
      companyId: target.company_id,
      questionnaireId: target.id,
      ipAddress: ip,
    });
  if (section.sectionType === SECTION_TYPE.custom && !section.markedCompleted) {
    await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true } });
    return { ok: true, sections: [{ id: section.id, markedCompleted: true }] };
  }
  return { ok: true };
};
