import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { notify } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { siteUrl } from "~/env.server";
import { SECTION_TYPE, depositOutstanding } from "../rules";
import type { WriteContext } from "./frame.server";
import type { FirmTx } from "~/db.server";

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
  await notifyFirmOfSubmission(ctx, tx, target.id, target.company_id);
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

/**
 * The firm hears of the submission (type 3, questionnaire): the entity's assigned advisors, the
 * staff subscribed to its questionnaire notifications, and whoever sent the questionnaire, as
 * their entity notification settings allow. A panel item and an email (through the outbox, with
 * the submission's transaction).
 */
async function notifyFirmOfSubmission(ctx: WriteContext, tx: FirmTx, questionnaireId: string, companyId: string): Promise<void> {
  const [questionnaire, subscribers] = await Promise.all([
    tx.questionnaire.findFirst({
      where: { id: questionnaireId },
      select: {
        name: true,
        taxYear: true,
        createdById: true,
        company: { select: { name: true, owners: { select: { user: { select: { assignedAdvisorId: true } } } } } },
      },
    }),
    tx.entityNotificationSubscription.findMany({ where: { companyId, notificationTypeId: NOTIFICATION_TYPE.questionnaire }, select: { userId: true } }),
  ]);
  if (!questionnaire) return;
  const userIds = [...questionnaire.company.owners.map((o) => o.user.assignedAdvisorId), ...subscribers.map((s) => s.userId), questionnaire.createdById].filter(
    (id): id is string => Boolean(id),
  );
  const who = `${ctx.user.fname} ${ctx.user.lname}`.trim();
  const text = `${who} submitted ${questionnaire.taxYear} ${questionnaire.name} (${questionnaire.company.name})`;
  const link = `/preview/${encodeURIComponent(companyId)}/questionnaire/${encodeURIComponent(questionnaireId)}`;
  await notify(
    { firm: { id: ctx.firmId, name: ctx.portal.firm.name }, db: tx },
    {
      typeId: NOTIFICATION_TYPE.questionnaire,
      userIds,
      text,
      link,
      clientName: who,
      companyId,
      email: { subject: text, text: `${text}.\n\nOpen it: ${siteUrl(ctx.portal.firm.slug)}${link}` },
    },
  );
}
