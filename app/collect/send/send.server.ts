/**
 * Sending questionnaires (staff spec §5 "Send template", "Custom questionnaire", "Additional items",
 * "Document drop-off"; §7 send payloads):
 *
 * - `sendQuestionnaire`: a template copied into a questionnaire for each entity. Immediately for
 *   fewer than BULK_CONFIRM_THRESHOLD entities; otherwise, and for scheduled sends, a template
 *   scheduler row that the background job runs (app/collect/send/scheduler.server.ts), so the
 *   request returns at once whatever the number of entities.
 * - `sendCustomQuestionnaire`, `requestAdditionalItems`, `sendDocumentDropOff`: the same
 *   questionnaire builder with the items typed in the dialog.
 *
 * Every function takes the firm's scope and the staff member. Only advisors send; group-access
 * staff only to entities of their group. Entities and templates come from the firm's scoped
 * database, so another firm's id is "not found" (404) and nothing is written; an inactive entity
 * is refused (422). Drafts notify nobody. Notifications go through the outbox after the
 * transaction commits; every questionnaire gets a questionnaire-related activity entry.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import { hashToken, newToken } from "~/auth/tokens.server";
import type { FirmTx } from "~/db.server";
import { conflict, forbidden, notFound, PortalError } from "~/errors";
import { enqueue, jobsRunning } from "~/jobs.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { entityVisibleWhere } from "~/staff/visibility";
import { todayIn } from "~/time-zones";
import {
  addQuestionnaire,
  emptyRows,
  findEntities,
  itemsSection,
  SECTION,
  toTargets,
  writeRows,
  type ExtraLinks,
  type LoadedEntity,
  type QuestionnairePlan,
} from "~/questionnaires/builder.server";
import {
  additionalItemsErrors,
  BULK_CONFIRM_THRESHOLD,
  customErrors,
  daysBetween,
  DROP_OFF_DAYS_UNTIL_DUE,
  DROP_OFF_DEFAULT_NAME,
  DROP_OFF_LINK_DAYS,
  dropOffErrors,
  parseDollars,
  SEND_MESSAGES,
  sendTemplateErrors,
  type AdditionalItemsRequest,
  type SendCustomRequest,
  type SendDropOffRequest,
  type SendTemplateRequest,
} from "./rules";
import { firstRunDate, runInstant } from "./schedule";
import { dispatchAll, firmForSend, loadTemplateContent, SEND_CHUNK, templatePlan, type SendScope, type TemplateSendOptions } from "./send-plan.server";

export type Sender = Pick<SessionUser, "id" | "kind" | "firmAccess" | "firmGroupId" | "isAdvisor" | "readonlyAccess">;

export type SendResult =
  | { status: "sent" | "draft"; count: number; questionnaireIds: string[]; message: string }
  | { status: "queued" | "scheduled"; count: number; schedulerId: string; message: string };

export function canSend(user: Sender): boolean {
  return user.kind === "staff" && user.isAdvisor && !user.readonlyAccess;
}

function requireSender(user: Sender) {
  if (!canSend(user)) throw forbidden("Only advisors can send questionnaires.");
}

/** The fields' messages as one 422 refusal (the first message is the summary). */
function invalidFields(errors: Record<string, string | undefined>): PortalError {
  const fields = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Record<string, string>;
  return new PortalError(422, Object.values(fields)[0] ?? "Invalid request", { fields });
}

// ───────────────────────────── Entities the sender may reach ─────────────────────────────

/**
 * The requested entities, all of them of this firm, not deleted, and visible to the sender (group
 * access: entities whose primary owner is in no group or in the sender's); otherwise 404. Any
 * inactive entity: 422 'Entity is inactive'.
 */
export interface EntityRef {
  id: string;
  name: string;
}

export async function requireEntities(tx: FirmTx, user: Sender, companyIds: readonly string[]): Promise<EntityRef[]> {
  const unique = [...new Set(companyIds)];
  const entities = await tx.company.findMany({
    where: { AND: [{ id: { in: unique } }, entityVisibleWhere(user)] },
    select: { id: true, name: true, inactive: true, deletedAt: true, entityType: true },
  });
  const visible = entities.filter((e) => !e.deletedAt && e.entityType !== UNASSIGNED_ENTITY_TYPE);
  if (visible.length !== unique.length) throw notFound(SEND_MESSAGES.notFound);
  const inactive = visible.find((e) => e.inactive);
  if (inactive) throw invalidFields({ companyIds: `${SEND_MESSAGES.inactiveEntity}: ${inactive.name}` });
  // Keep the order the sender chose.
  const byId = new Map(visible.map((e) => [e.id, { id: e.id, name: e.name }]));
  return unique.map((id) => byId.get(id)!);
}

// ───────────────────────────── Templates as plans ─────────────────────────────

// ───────────────────────────── Writing and notifying ─────────────────────────────

/** Creates the plan's questionnaire for each entity, in chunks; dispatches notifications after each commits. */
async function createForEntities(
  scope: SendScope,
  entities: readonly EntityRef[],
  plan: QuestionnairePlan,
  options: { links?: ExtraLinks } = {},
): Promise<string[]> {
  const firm = firmForSend(scope);
  const ids: string[] = [];
  for (let i = 0; i < entities.length; i += SEND_CHUNK) {
    const chunk = entities.slice(i, i + SEND_CHUNK);
    const messages = await scope.db.$transaction(
      async (tx) => {
        const loaded = await findEntities(
          tx,
          chunk.map((e) => e.id),
        );
        const byId = new Map(loaded.map((e) => [e.id, e]));
        const ordered = chunk.map((e) => byId.get(e.id)).filter((e): e is LoadedEntity => e !== undefined);
        const targets = await toTargets(tx, ordered, {
          taxYear: plan.taxYear,
          includePriorYearItems: plan.includePriorYearItems,
          allOwnerSignatureRequired: plan.allOwnerSignatureRequired,
        });
        const rows = emptyRows();
        const now = new Date();
        for (const target of targets) ids.push(addQuestionnaire(rows, firm, plan, target, now, options.links));
        return writeRows(tx, rows);
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
    await dispatchAll(scope, messages);
  }
  return ids;
}

// ───────────────────────────── Send template ─────────────────────────────

/**
 * Sends (or saves as drafts, or schedules) a template to entities. Validation per §5 "Send
 * template" (422 with the fields' messages); a template or entity not of this firm: 404.
 */
export async function sendQuestionnaire(scope: SendScope, user: Sender, request: SendTemplateRequest): Promise<SendResult> {
  requireSender(user);
  const today = todayIn(scope.firm.timeZone);
  const errors = sendTemplateErrors(
    {
      templateId: request.templateId,
      taxYear: request.taxYear,
      companyIds: request.companyIds,
      dueDate: request.dueDate,
      scheduled: request.scheduled,
      frequency: request.frequency,
      sendDate: request.sendDate,
      depositRequired: request.depositRequired,
      depositAmount: request.depositAmount,
      extraQuestions: request.extraQuestions,
    },
    today,
  );
  if (Object.keys(errors).length) throw invalidFields(errors);
  if (request.scheduled && request.isDraft) throw new PortalError(422, SEND_MESSAGES.draftScheduled);
  const taxYear = request.taxYear!;
  const options: TemplateSendOptions = {
    includePriorYearItems: request.includePriorYearItems,
    showUploadsAsDocumentChecklist: request.showUploadsAsDocumentChecklist,
    allOwnerSignatureRequired: request.allOwnerSignatureRequired,
    updateProfileSection: request.updateProfileSection,
    documentPopoutChecklistEnabled: request.documentPopoutChecklistEnabled,
    depositAmountCents: request.depositRequired ? parseDollars(request.depositAmount) : null,
    extraQuestions: request.extraQuestions,
  };

  const { template, entities } = await scope.db.$transaction(async (tx) => {
    const template = await loadTemplateContent(tx, request.templateId);
    if (!template) throw notFound(SEND_MESSAGES.notFound);
    return { template, entities: await requireEntities(tx, user, request.companyIds) };
  });

  // Scheduled, or many entities: a scheduler row; the background job does the rest.
  if (request.scheduled || entities.length >= BULK_CONFIRM_THRESHOLD) {
    const now = new Date();
    const frequency = request.scheduled ? (request.frequency as Exclude<typeof request.frequency, "">) : "once";
    const firstRun = request.scheduled ? firstRunDate(frequency, request.sendDate) : today;
    const nextRunAt = request.scheduled ? runInstant(firstRun) : now;
    const daysUntilDue = Math.max(0, daysBetween(request.scheduled ? request.sendDate : today, request.dueDate));
    const scheduler = await scope.db.$transaction(async (tx) => {
      const created = await tx.templateScheduler.create({
        data: {
          firmId: scope.firm.id,
          templateId: template.id,
          frequency,
          firstScheduledDate: new Date(`${firstRun}T00:00:00Z`),
          nextRunAt,
          taxYear,
          dueDate: new Date(`${request.dueDate}T00:00:00Z`),
          daysUntilDue,
          includePriorYearItems: options.includePriorYearItems,
          showUploadsAsDocumentChecklist: options.showUploadsAsDocumentChecklist,
          allOwnerSignatureRequired: options.allOwnerSignatureRequired,
          depositRequired: options.depositAmountCents !== null,
          depositAmountCents: options.depositAmountCents,
          updateProfileSection: options.updateProfileSection,
          documentPopoutChecklistEnabled: options.documentPopoutChecklistEnabled,
          batchSending: !request.scheduled,
          isDraft: request.isDraft,
          extraQuestions: options.extraQuestions.length ? options.extraQuestions : undefined,
          createdById: user.id,
        },
        select: { id: true },
      });
      // One statement with one array parameter, however many entities.
      await tx.$executeRaw`INSERT INTO template_scheduler_companies (firm_id, scheduler_id, company_id) SELECT ${scope.firm.id}, ${created.id}, unnest(${entities.map((e) => e.id)}::text[])`;
      await logActivity(tx, scope.firm.id, {
        typeId: ACTIVITY_TYPES.questionnaire,
        title: request.scheduled ? "Questionnaire send scheduled" : request.isDraft ? "Questionnaire drafts started" : "Bulk questionnaire send started",
        description: `${taxYear} ${template.name} to ${entities.length} entit${entities.length === 1 ? "y" : "ies"}${request.scheduled ? `, ${frequency} from ${firstRun}` : ""}`,
        actorId: user.id,
      });
      return created;
    });
    if (nextRunAt.getTime() <= Date.now()) await startSchedulerRun(scope.firm.id, scheduler.id, nextRunAt);
    return {
      status: request.scheduled ? "scheduled" : "queued",
      count: entities.length,
      schedulerId: scheduler.id,
      message: request.scheduled ? SEND_MESSAGES.scheduled : request.isDraft ? SEND_MESSAGES.draftSaved : SEND_MESSAGES.bulkStarted,
    };
  }

  const plan = templatePlan(
    template,
    { taxYear, dueDate: request.dueDate, isDraft: request.isDraft, schedulerId: null, runOn: null, createdById: user.id },
    options,
    scope.firm.preferences.removePleaseUploadForRolloverItems,
  );
  const ids = await createForEntities(scope, entities, plan);
  return {
    status: request.isDraft ? "draft" : "sent",
    count: ids.length,
    questionnaireIds: ids,
    message: request.isDraft ? SEND_MESSAGES.draftSaved : SEND_MESSAGES.sent,
  };
}

/**
 * Starts a scheduler's due run now: a job (once per scheduler and run date across every server),
 * or, in a process without a job queue, in the background of this one.
 */
async function startSchedulerRun(firmId: string, schedulerId: string, nextRunAt: Date): Promise<void> {
  const { RUN_TEMPLATE_SCHEDULER, runJobOptions, runTemplateScheduler } = await import("./scheduler.server");
  const runOn = nextRunAt.toISOString().slice(0, 10);
  if (jobsRunning()) {
    try {
      await enqueue(RUN_TEMPLATE_SCHEDULER, { firmId, schedulerId, runOn }, runJobOptions(schedulerId, runOn));
      return;
    } catch (error) {
      console.warn(`[send] could not enqueue scheduler ${schedulerId}: ${error instanceof Error ? error.message : error}; running it here`);
    }
  }
  void runTemplateScheduler({ firmId, schedulerId, runOn }).catch((error) =>
    console.error(`[send] scheduler ${schedulerId} run ${runOn} failed: ${error instanceof Error ? error.message : error}`),
  );
}

// ───────────────────────────── Custom questionnaire ─────────────────────────────

/** A questionnaire of the items typed in the Custom tab, for each entity. */
export async function sendCustomQuestionnaire(scope: SendScope, user: Sender, request: SendCustomRequest): Promise<SendResult> {
  requireSender(user);
  const today = todayIn(scope.firm.timeZone);
  const errors = customErrors(
    { companyIds: request.companyIds, name: request.name, taxYear: request.taxYear, dueDate: request.dueDate, items: request.items },
    today,
  );
  if (Object.keys(errors).length) throw invalidFields(errors);
  const entities = await scope.db.$transaction((tx) => requireEntities(tx, user, request.companyIds));
  const removePleaseUpload = scope.firm.preferences.removePleaseUploadForRolloverItems;
  const plan: QuestionnairePlan = {
    ...basePlan("questionnaire", request.name.trim(), request.taxYear!, request.dueDate, request.isDraft, user.id),
    sections: [itemsSection("custom_items", request.name.trim(), SECTION.questionnaire, request.items, removePleaseUpload)],
    customSubject: request.emailSubject?.trim() || null,
    customBody: request.emailBody?.trim() || null,
  };
  const ids = await createForEntities(scope, entities, plan);
  return {
    status: request.isDraft ? "draft" : "sent",
    count: ids.length,
    questionnaireIds: ids,
    message: request.isDraft ? SEND_MESSAGES.draftSaved : SEND_MESSAGES.sent,
  };
}

function basePlan(
  kind: QuestionnairePlan["kind"],
  name: string,
  taxYear: number,
  dueDate: string | null,
  isDraft: boolean,
  createdById: string,
): QuestionnairePlan {
  return {
    kind,
    name,
    taxYear,
    dueDate,
    isDraft,
    templateId: null,
    schedulerId: null,
    runOn: null,
    relevantQuestionnaireId: null,
    isOpenItem: false,
    disclaimer: null,
    depositAmountCents: null,
    includePriorYearItems: false,
    showUploadsAsDocumentChecklist: false,
    allOwnerSignatureRequired: false,
    updateProfileSection: false,
    documentPopoutChecklistEnabled: false,
    documentDropOffEnabled: false,
    sections: [],
    createdById,
  };
}

// ───────────────────────────── Additional items ─────────────────────────────

/**
 * Additional items for a sent questionnaire (§5 "Additional items"): an open-item questionnaire of
 * the same entity and tax year, linked to it. Refused when the questionnaire is locked.
 */
export async function requestAdditionalItems(scope: SendScope, user: Sender, request: AdditionalItemsRequest): Promise<SendResult> {
  requireSender(user);
  const today = todayIn(scope.firm.timeZone);
  const errors = additionalItemsErrors({ dueDate: request.dueDate, items: request.items }, today);
  if (Object.keys(errors).length) throw invalidFields(errors);
  const { entities, relevant } = await scope.db.$transaction(async (tx) => {
    const entities = await requireEntities(tx, user, [request.companyId]);
    const relevant = await tx.questionnaire.findFirst({
      where: { id: request.relevantQuestionnaireId, companyId: request.companyId, deletedAt: null },
      select: { id: true, name: true, taxYear: true, locked: true, isDraft: true },
    });
    if (!relevant) throw notFound(SEND_MESSAGES.notFound);
    if (relevant.locked) throw conflict("Questionnaire is locked");
    return { entities, relevant };
  });
  const removePleaseUpload = scope.firm.preferences.removePleaseUploadForRolloverItems;
  const plan: QuestionnairePlan = {
    ...basePlan("additional-items", `${relevant.name} - Additional Items`, relevant.taxYear, request.dueDate, false, user.id),
    relevantQuestionnaireId: relevant.id,
    isOpenItem: true,
    sections: [itemsSection("additional_items", "Additional Items", SECTION.questionnaire, request.items, removePleaseUpload)],
  };
  const ids = await createForEntities(scope, entities, plan);
  return { status: "sent", count: ids.length, questionnaireIds: ids, message: SEND_MESSAGES.additionalItems };
}

// ───────────────────────────── Document drop-off ─────────────────────────────

/**
 * A document drop-off request per entity (§5 "Document drop-off"): a checklist questionnaire
 * (default name 'Document Checklist') of rollover items and additional items, uploads into the
 * portal or through a 7-day secure upload link made for that entity. Rollover items are kept as
 * the entity's prior-year items of the tax year, so next year's checklist can roll them over.
 */
export async function sendDocumentDropOff(scope: SendScope, user: Sender, request: SendDropOffRequest): Promise<SendResult> {
  requireSender(user);
  const today = todayIn(scope.firm.timeZone);
  const errors = dropOffErrors(
    {
      companyIds: request.companyIds,
      taxYear: request.taxYear,
      dueDate: request.dueDate,
      rolloverItems: request.rolloverItems,
      additionalItems: request.additionalItems,
    },
    today,
    request.isDraft,
  );
  if (Object.keys(errors).length) throw invalidFields(errors);
  const taxYear = request.taxYear!;
  const entities = await scope.db.$transaction((tx) => requireEntities(tx, user, request.companyIds));
  const removePleaseUpload = scope.firm.preferences.removePleaseUploadForRolloverItems;
  const items = [...request.rolloverItems.map((r) => ({ text: r.name.trim(), questionType: "upload" as const, options: [] })), ...request.additionalItems];
  const name = request.name.trim() || DROP_OFF_DEFAULT_NAME;
  const dueDate = request.dueDate || null;
  const plan: QuestionnairePlan = {
    ...basePlan("dropoff", name, taxYear, dueDate, request.isDraft, user.id),
    includePriorYearItems: request.includePriorYearItems,
    documentDropOffEnabled: true,
    showUploadsAsDocumentChecklist: true,
    sections: [itemsSection("document_checklist", name, SECTION.document_checklist, items, removePleaseUpload)],
  };

  // One secure upload link per entity (only its hash is stored); mailed with the checklist.
  const now = new Date();
  const expiresAt = new Date(now.getTime() + DROP_OFF_LINK_DAYS * 86_400_000);
  const links: ExtraLinks = new Map();
  const tokens = new Map<string, string>();
  for (const entity of entities) {
    const token = newToken();
    tokens.set(entity.id, token);
    links.set(entity.id, { uploadUrl: `${scope.origin}/secure-upload?${new URLSearchParams({ token })}`, uploadExpires: expiresAt.toISOString().slice(0, 10) });
  }
  const daysUntilDue = dueDate ? Math.max(0, daysBetween(today, dueDate)) : DROP_OFF_DAYS_UNTIL_DUE;
  const ids = await createForEntities(scope, entities, plan, { links });
  // Link each request to its questionnaire (created above, one per entity in order).
  const created = await scope.db.questionnaire.findMany({ where: { id: { in: ids } }, select: { id: true, companyId: true } });
  await scope.db.$transaction(async (tx) => {
    await tx.documentDropOffRequest.createMany({
      data: created.map((q) => ({
        firmId: scope.firm.id,
        companyId: q.companyId,
        questionnaireId: q.id,
        name,
        taxYear,
        dueDate: dueDate ? new Date(`${dueDate}T00:00:00Z`) : null,
        daysUntilDue,
        tokenHash: hashToken(tokens.get(q.companyId)!),
        expiresAt,
        isDraft: request.isDraft,
        sentAt: request.isDraft ? null : now,
        createdById: user.id,
      })),
    });
    const rollover = request.rolloverItems.map((r) => r.name.trim()).filter(Boolean);
    if (rollover.length) {
      await tx.priorYearItem.createMany({
        data: entities.flatMap((e) =>
          rollover.map((itemName) => ({ firmId: scope.firm.id, companyId: e.id, name: itemName, year: taxYear, source: "Document drop off" })),
        ),
      });
    }
  });
  return {
    status: request.isDraft ? "draft" : "sent",
    count: ids.length,
    questionnaireIds: ids,
    message: request.isDraft ? SEND_MESSAGES.draftSaved : SEND_MESSAGES.dropOffSent,
  };
}
