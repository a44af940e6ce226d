import { randomBytes, randomUUID } from "node:crypto";
import type { FirmTx } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { CANNED_TEMPLATES, type CannedTemplate, type CannedTemplateKey, type QuestionType } from "./canned";

/** A public id for /template/{hashId}: random, URL-safe, 12 characters. */
export function newTemplateHashId(): string {
  return randomBytes(9).toString("base64url");
}

/**
 * Copies the canned questionnaire templates into a firm (firm sign-up, the demo seed).
 *
 * Idempotent: a template whose `cannedKey` the firm already has is skipped, even if the firm
 * deleted it (a deleted canned template stays deleted). Four statements whatever the number of
 * templates: one read, then templates, sections and questions each in one multi-row insert,
 * plus one update per section shown by a trigger question (sections and questions reference
 * each other, so the trigger is set once both exist).
 *
 * Returns the keys that were installed by this call.
 */
export async function installCannedTemplates(tx: FirmTx, firmId: string, options: { only?: readonly CannedTemplateKey[] } = {}): Promise<CannedTemplateKey[]> {
  const wanted = CANNED_TEMPLATES.filter((t) => !options.only || options.only.includes(t.key));
  const existing = await tx.questionnaireTemplate.findMany({
    where: { firmId, cannedKey: { in: wanted.map((t) => t.key) } },
    select: { cannedKey: true },
  });
  const have = new Set(existing.map((t) => t.cannedKey));
  const missing = wanted.filter((t) => !have.has(t.key));
  if (missing.length === 0) return [];

  const rows = missing.map((template) => templateRows(firmId, template));
  await tx.questionnaireTemplate.createMany({ data: rows.map((r) => r.template) });
  await tx.templateSection.createMany({ data: rows.flatMap((r) => r.sections) });
  await tx.templateQuestion.createMany({ data: rows.flatMap((r) => r.questions) });
  for (const { id, triggerQuestionId, triggerAnswer } of rows.flatMap((r) => r.triggers)) {
    await tx.templateSection.update({ where: { id }, data: { triggerQuestionId, triggerAnswer } });
  }
  return missing.map((t) => t.key);
}

interface TemplateRows {
  template: Prisma.QuestionnaireTemplateCreateManyInput;
  sections: Prisma.TemplateSectionCreateManyInput[];
  questions: Prisma.TemplateQuestionCreateManyInput[];
  triggers: { id: string; triggerQuestionId: string; triggerAnswer: string }[];
}

function templateRows(firmId: string, definition: CannedTemplate): TemplateRows {
  const templateId = randomUUID();
  const questionIds = new Map<string, string>();
  for (const section of definition.sections) for (const q of section.questions ?? []) questionIds.set(q.key, randomUUID());

  const sections: TemplateRows["sections"] = [];
  const questions: TemplateRows["questions"] = [];
  const triggers: TemplateRows["triggers"] = [];
  definition.sections.forEach((section, sectionOrder) => {
    const sectionId = randomUUID();
    sections.push({
      id: sectionId,
      firmId,
      templateId,
      sectionKey: section.key,
      sectionType: section.type,
      name: section.name,
      tab: section.tab ?? null,
      instruction: section.instruction ?? null,
      customElement: section.customElement ?? null,
      order: sectionOrder,
    });
    if (section.trigger) {
      triggers.push({ id: sectionId, triggerQuestionId: questionIds.get(section.trigger.question)!, triggerAnswer: section.trigger.answer });
    }
    (section.questions ?? []).forEach((q, order) => {
      questions.push({
        id: questionIds.get(q.key)!,
        firmId,
        templateId,
        sectionId,
        text: q.text,
        questionType: q.type satisfies QuestionType,
        options: q.options ?? [],
        optional: q.optional ?? false,
        numberOfCharacters: q.numberOfCharacters ?? null,
        disableAnswerLater: q.disableAnswerLater ?? false,
        disableNotApplicable: q.disableNotApplicable ?? false,
        documentLink: q.documentLink ?? null,
        followUpQuestionId: q.followUpOf ? questionIds.get(q.followUpOf)! : null,
        triggerForFollowUpQuestion: q.followUpOf ? (q.trigger ?? "Yes") : null,
        order,
      });
    });
  });

  return {
    template: {
      id: templateId,
      firmId,
      hashId: newTemplateHashId(),
      name: definition.name,
      description: definition.description,
      isCanned: true,
      cannedKey: definition.key,
      disclaimer: definition.disclaimer ?? null,
    },
    sections,
    questions,
    triggers,
  };
}
