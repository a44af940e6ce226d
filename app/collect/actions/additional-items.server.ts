import type { IntentHandler } from "./frame.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { logOne, questionnaireLink } from "./frame.server";
import { COLLECT_MESSAGES, additionalItemText } from "../preview/rules";
import { PortalError } from "~/errors";
import { SECTION_TYPE } from "~/questionnaires/rules";

/** additional_items */
export const additionalItems: IntentHandler<"additional_items"> = async (ctx, tx, row, intent) => {
  const { portal, staff, emails } = ctx;
  if (row.locked) throw new PortalError(409, COLLECT_MESSAGES.isLocked);
  const prefs = portal.firm.preferences;
  const name = intent.name?.trim() || `Additional items: ${row.name}`;
  const now = new Date();
  const created = await tx.questionnaire.create({
    data: {
      firmId: portal.firm.id,
      companyId: row.company_id,
      relevantQuestionnaireId: row.id,
      name,
      taxYear: row.tax_year,
      dueDate: new Date(`${intent.dueDate}T00:00:00Z`),
      isOpenItem: true,
      sentAt: now,
      createdById: staff.id,
      lastActivity: "Additional items requested",
      lastActivityAt: now,
    },
    select: { id: true },
  });
  const section = await tx.section.create({
    data: { firmId: portal.firm.id, questionnaireId: created.id, sectionType: SECTION_TYPE.questionnaire, name: "Additional Items", order: 0 },
    select: { id: true },
  });
  await tx.question.createMany({
    data: intent.items.map((item, i) => ({
      firmId: portal.firm.id,
      questionnaireId: created.id,
      sectionId: section.id,
      text: additionalItemText(item, prefs.removePleaseUploadForRolloverItems),
      questionType: item.questionType,
      options: item.questionType === "upload" ? item.options : [],
      order: i,
    })),
  });
  await logOne(ctx, tx, row, "Requested additional items", ACTIVITY_TYPES.questionnaire, `${intent.items.length} item(s) in '${name}'`);
  await logActivity(tx, portal.firm.id, {
    typeId: ACTIVITY_TYPES.questionnaire,
    title: "Additional items requested",
    actorId: staff.id,
    companyId: row.company_id,
    questionnaireId: created.id,
    ipAddress: portal.clientAddress,
  });
  if (row.owner_id && row.owner_email && !row.owner_temp_email) {
    emails.push({
      to: row.owner_email,
      userId: row.owner_id,
      subject: `${portal.firm.name} requested additional items`,
      text: `Hi ${row.owner_fname ?? ""},\n\n${portal.firm.name} needs a few more items for ${row.name} (${row.tax_year}), due ${intent.dueDate}.\n\n${questionnaireLink(portal, { hash_id: row.hash_id, id: created.id })}\n`,
    });
  }
  return { message: COLLECT_MESSAGES.itemsRequested, count: 1, questionnaireId: created.id };
};
