/**
 * What an immediate send (send.server.ts) and a scheduler's run (scheduler.server.ts) share: the
 * firm as the questionnaire builder needs it, a template loaded as plan sections, the plan of a
 * template send, and handing the new outbox rows to delivery. Both import it; it imports neither.
 */
import type { FirmSettings } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import type { OutboundMessage } from "~/generated/prisma/client";
import { dispatchOutboundMessage } from "~/outbox/dispatch.server";
import { OUTBOX_PROVIDER_ID, providerConfigured } from "~/outbox/outbox.server";
import { itemsSection, SECTION, type FirmForSend, type PlanSection, type QuestionnairePlan } from "~/questionnaires/builder.server";
import { readTemplateTree } from "~/templates/template-tree.server";
import { firmVocabulary } from "~/vocabulary";
import type { SendTemplateRequest } from "./rules";

/** What sending needs of the request: the firm's settings and scoped database, and its origin for links. */
export interface SendScope {
  firm: Pick<FirmSettings, "id" | "name" | "brandColor" | "timeZone" | "preferences"> & Partial<Pick<FirmSettings, "vocabulary">>;
  db: FirmDb;
  origin: string;
}

/** Chunk of entities written per transaction. */
export const SEND_CHUNK = 100;

export function firmForSend(scope: SendScope): FirmForSend {
  return {
    id: scope.firm.id,
    name: scope.firm.name,
    brandColor: scope.firm.brandColor,
    removePleaseUpload: scope.firm.preferences.removePleaseUploadForRolloverItems,
    origin: scope.origin,
    t: firmVocabulary(scope.firm),
  };
}

export interface TemplateContent {
  id: string;
  name: string;
  disclaimer: string | null;
  sections: PlanSection[];
}

/** A template of the firm (not deleted) as plan sections; null when there is none with this id. */
export async function loadTemplateContent(tx: FirmTx, templateId: string): Promise<TemplateContent | null> {
  const template = await tx.questionnaireTemplate.findFirst({ where: { id: templateId, deletedAt: null }, select: { id: true, name: true, disclaimer: true } });
  if (!template) return null;
  // The tree as the plan needs it: the section's type under `type`, no editor tab.
  const sections = (await readTemplateTree(tx, template.id)).map(
    ({ key, sectionKey, sectionType, name, instruction, customElement, trigger, document, questions }): PlanSection => ({
      key,
      document,
      sectionKey,
      type: sectionType,
      name,
      instruction,
      customElement,
      trigger,
      questions,
    }),
  );
  return { id: template.id, name: template.name, disclaimer: template.disclaimer, sections };
}

export interface TemplateSendOptions {
  includePriorYearItems: boolean;
  showUploadsAsDocumentChecklist: boolean;
  allOwnerSignatureRequired: boolean;
  updateProfileSection: boolean;
  documentPopoutChecklistEnabled: boolean;
  depositAmountCents: number | null;
  extraQuestions: SendTemplateRequest["extraQuestions"];
}

/** The plan of a template send: its sections, then the extra questions (a section of their own). */
export function templatePlan(
  template: TemplateContent,
  send: { taxYear: number; dueDate: string | null; isDraft: boolean; schedulerId: string | null; runOn: string | null; createdById: string | null },
  options: TemplateSendOptions,
  removePleaseUpload: boolean,
): QuestionnairePlan {
  const sections = [...template.sections];
  if (options.extraQuestions.length)
    sections.push(itemsSection("additional_questions", "Additional Questions", SECTION.questionnaire, options.extraQuestions, removePleaseUpload));
  return {
    kind: "questionnaire",
    name: template.name,
    taxYear: send.taxYear,
    dueDate: send.dueDate,
    isDraft: send.isDraft,
    templateId: template.id,
    schedulerId: send.schedulerId,
    runOn: send.runOn,
    relevantQuestionnaireId: null,
    isOpenItem: false,
    disclaimer: template.disclaimer,
    depositAmountCents: options.depositAmountCents,
    includePriorYearItems: options.includePriorYearItems,
    showUploadsAsDocumentChecklist: options.showUploadsAsDocumentChecklist,
    allOwnerSignatureRequired: options.allOwnerSignatureRequired,
    updateProfileSection: options.updateProfileSection,
    documentPopoutChecklistEnabled: options.documentPopoutChecklistEnabled,
    documentDropOffEnabled: false,
    sections,
    createdById: send.createdById,
  };
}

/**
 * Hands each new outbox row to delivery: a job per message (or delivered here without a queue).
 * Messages of a channel with no provider configured are only kept in the outbox: recorded as
 * sent there in one statement (what delivery does for each without a provider).
 */
export async function dispatchAll(scope: Pick<SendScope, "firm" | "db">, messages: readonly OutboundMessage[]): Promise<void> {
  const messaging = { firm: { id: scope.firm.id, name: scope.firm.name }, db: scope.db };
  const kept = messages.filter((m) => !providerConfigured(m.channel));
  if (kept.length) {
    await scope.db.outboundMessage.updateMany({
      where: { id: { in: kept.map((m) => m.id) }, status: "queued" },
      data: { status: "sent", attempts: 1, providerMessageId: OUTBOX_PROVIDER_ID, sentAt: new Date() },
    });
  }
  const queue = messages.filter((m) => providerConfigured(m.channel));
  const worker = async () => {
    for (let message = queue.shift(); message; message = queue.shift()) {
      await dispatchOutboundMessage(messaging, message).catch((error) =>
        console.warn(`[send] could not dispatch ${message!.id}: ${error instanceof Error ? error.message : error}`),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
}
