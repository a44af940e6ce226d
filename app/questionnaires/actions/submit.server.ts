import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { SECTION_TYPE, depositOutstanding } from "../rules";

/** submit: the questionnaire is completed (I Agree and a paid deposit first); answers the next open one. */
export const submit: Handler<"submit"> = async (ctx, tx, target, action) => {
  const { user, firmId, ip } = ctx;
  const hasReview = (await tx.section.count({ where: { questionnaireId: target.id, sectionType: SECTION_TYPE.review_and_submit } })) > 0;
  if (hasReview && !action.agreed) throw new PortalError(400, "Please tick 'I Agree' before submitting.");
  if (depositOutstanding({ depositStatus: target.deposit_status, depositAmountCents: target.deposit_amount_cents }))
    throw new PortalError(400, "The deposit must be paid before submitting.");
  const now = new Date();
  await tx.questionnaire.update({
    where: { id: target.id },
    data: {
      completed: true,
      submittedAt: now,
      inProgress: false,
      // A submitted questionnaire is not reminded: no next reminder is scheduled.
      nextReminderDate: null,
      lastActivity: "Submitted",
      lastActivityAt: now,
      ...(target.opened_at ? {} : { openedAt: now }),
    },
  });
  await tx.section.updateMany({ where: { questionnaireId: target.id, sectionType: SECTION_TYPE.review_and_submit }, data: { markedCompleted: true } });
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.questionnaire,
    title: "Submitted the questionnaire",
    actorId: user.id,
    companyId: target.company_id,
    questionnaireId: target.id,
    ipAddress: ip,
  });
  const next = await tx.questionnaire.findFirst({
    where: {
      id: { not: target.id },
      completed: false,
      locked: false,
      deletedAt: null,
      isDraft: false,
      sentAt: { not: null },
      company: { deletedAt: null, inactive: false, owners: { some: { userId: user.id } } },
    },
    select: { id: true, name: true, company: { select: { hashId: true } } },
    orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
  });
  return { ok: true, next: next ? { id: next.id, name: next.name, hashId: next.company.hashId } : null };
};
