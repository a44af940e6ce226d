/**
 * The firm's questionnaire templates for the /templates page: list (canned and firm-made), load
 * for the editor, create, save, duplicate and delete. Everything goes through the firm's scoped
 * database, so another firm's template is not found (404). Canned templates are read-only; a
 * deleted template is hidden (deleted_at), and the questionnaires sent from it keep their copies.
 * Each change writes an activity entry.
 */
import { randomUUID } from "node:crypto";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { conflict, notFound } from "~/errors";
import type { Prisma } from "~/generated/prisma/client";
import { newTemplateHashId } from "./canned.server";
import { normalizeTemplate, TEMPLATE_MESSAGES, type EditorTemplate } from "./editor-rules";
import { assertTemplateDocuments } from "./template-pdf.server";
import { readTemplateTree } from "./template-tree.server";

export interface TemplateRow {
  id: string;
  hashId: string;
  name: string;
  description: string | null;
  isCanned: boolean;
  sections: number;
  questions: number;
  sent: number;
  updatedAt: string;
}

export async function listTemplates(portal: FirmSiteContext): Promise<TemplateRow[]> {
  const rows = await portal.db.questionnaireTemplate.findMany({
    where: { deletedAt: null },
    orderBy: [{ isCanned: "desc" }, { name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      hashId: true,
      name: true,
      description: true,
      isCanned: true,
      updatedAt: true,
      _count: { select: { sections: true, questions: true, questionnaires: true } },
    },
  });
  return rows.map((t) => ({
    id: t.id,
    hashId: t.hashId,
    name: t.name,
    description: t.description,
    isCanned: t.isCanned,
    sections: t._count.sections,
    questions: t._count.questions,
    sent: t._count.questionnaires,
    updatedAt: t.updatedAt.toISOString(),
  }));
}

/** A template as the editor's state (keys are the rows' ids), or null. */
export async function loadTemplateForEditor(
  portal: FirmSiteContext,
  templateId: string,
): Promise<(EditorTemplate & { id: string; isCanned: boolean; hashId: string }) | null> {
  return portal.db.$transaction(async (tx) => {
    const template = await tx.questionnaireTemplate.findFirst({
      where: { id: templateId, deletedAt: null },
      select: { id: true, hashId: true, name: true, description: true, isCanned: true },
    });
    if (!template) return null;
    return { ...template, description: template.description ?? "", sections: await editorSections(tx, template.id) };
  });
}

async function editorSections(tx: FirmTx, templateId: string): Promise<EditorTemplate["sections"]> {
  return (await readTemplateTree(tx, templateId)).map((s) => ({
    key: s.key,
    name: s.name,
    sectionType: s.sectionType,
    instruction: s.instruction,
    tab: s.tab,
    trigger: s.trigger,
    document: s.document,
    questions: s.questions.map((q) => ({
      key: q.key,
      text: q.text,
      questionType: q.questionType,
      options: q.options,
      optional: q.optional,
      followUpOf: q.followUpOf,
      trigger: q.trigger,
    })),
  }));
}

/** Writes a template's sections and questions (fresh ids; links remapped), replacing what it had. */
async function writeContent(
  tx: FirmTx,
  firmId: string,
  templateId: string,
  content: EditorTemplate,
  extra: { numberOfCharacters?: Map<string, number | null> } = {},
) {
  const ids = new Map<string, string>();
  for (const s of content.sections) for (const q of s.questions) ids.set(q.key, randomUUID());
  const sections: Prisma.TemplateSectionCreateManyInput[] = [];
  const questions: Prisma.TemplateQuestionCreateManyInput[] = [];
  const triggers: { id: string; questionId: string; answer: string }[] = [];
  content.sections.forEach((section, order) => {
    const sectionId = randomUUID();
    sections.push({
      id: sectionId,
      firmId,
      templateId,
      sectionKey: null,
      sectionType: section.sectionType,
      name: section.name,
      tab: section.tab,
      instruction: section.instruction?.trim() || null,
      documentKey: section.document?.key ?? null,
      documentName: section.document?.name ?? null,
      order,
    });
    if (section.trigger && ids.has(section.trigger.questionKey))
      triggers.push({ id: sectionId, questionId: ids.get(section.trigger.questionKey)!, answer: section.trigger.answer });
    section.questions.forEach((q, qOrder) => {
      questions.push({
        id: ids.get(q.key)!,
        firmId,
        templateId,
        sectionId,
        text: q.text,
        questionType: q.questionType,
        options: q.options,
        optional: q.optional,
        numberOfCharacters: extra.numberOfCharacters?.get(q.key) ?? null,
        followUpQuestionId: q.followUpOf ? (ids.get(q.followUpOf) ?? null) : null,
        triggerForFollowUpQuestion: q.followUpOf && ids.has(q.followUpOf) ? q.trigger : null,
        order: qOrder,
      });
    });
  });
  // Old rows go first; section triggers point at questions, so clear them before deleting.
  await tx.templateSection.updateMany({ where: { templateId }, data: { triggerQuestionId: null } });
  await tx.templateQuestion.updateMany({ where: { templateId }, data: { followUpQuestionId: null } });
  await tx.templateQuestion.deleteMany({ where: { templateId } });
  await tx.templateSection.deleteMany({ where: { templateId } });
  if (sections.length) await tx.templateSection.createMany({ data: sections });
  if (questions.length) await tx.templateQuestion.createMany({ data: questions });
  for (const t of triggers) await tx.templateSection.update({ where: { id: t.id }, data: { triggerQuestionId: t.questionId, triggerAnswer: t.answer } });
}

const documentsOf = (content: EditorTemplate) => content.sections.flatMap((s) => (s.document ? [s.document] : []));

/** Creates a firm-made template; returns its id. */
export async function createTemplate(portal: FirmSiteContext, actorId: string, input: EditorTemplate): Promise<string> {
  const content = normalizeTemplate(input);
  const firmId = portal.firm.id;
  return portal.db.$transaction(async (tx) => {
    await assertTemplateDocuments(tx, portal, documentsOf(content));
    const created = await tx.questionnaireTemplate.create({
      data: { firmId, hashId: newTemplateHashId(), name: content.name, description: content.description || null, isCanned: false, createdById: actorId },
      select: { id: true },
    });
    await writeContent(tx, firmId, created.id, content);
    await logActivity(tx, firmId, { typeId: ACTIVITY_TYPES.questionnaire, title: "Template created", description: content.name, actorId });
    return created.id;
  });
}

/** Saves a firm-made template (404 unknown, 409 canned). Questionnaires sent from it are not changed. */
export async function saveTemplate(portal: FirmSiteContext, actorId: string, templateId: string, input: EditorTemplate): Promise<void> {
  const content = normalizeTemplate(input);
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    const template = await tx.questionnaireTemplate.findFirst({ where: { id: templateId, deletedAt: null }, select: { id: true, isCanned: true } });
    if (!template) throw notFound("Not Found");
    if (template.isCanned) throw conflict(TEMPLATE_MESSAGES.canned);
    await assertTemplateDocuments(tx, portal, documentsOf(content));
    const lengths = new Map(
      (await tx.templateQuestion.findMany({ where: { templateId }, select: { id: true, numberOfCharacters: true } })).map((q) => [q.id, q.numberOfCharacters]),
    );
    await tx.questionnaireTemplate.update({ where: { id: templateId }, data: { name: content.name, description: content.description || null } });
    await writeContent(tx, firmId, templateId, content, { numberOfCharacters: lengths });
    await logActivity(tx, firmId, { typeId: ACTIVITY_TYPES.questionnaire, title: "Template updated", description: content.name, actorId });
  });
}

/** A firm-made copy of any template of the firm (canned included), named 'Copy of …'; returns its id. */
export async function duplicateTemplate(portal: FirmSiteContext, actorId: string, templateId: string): Promise<string> {
  const firmId = portal.firm.id;
  return portal.db.$transaction(async (tx) => {
    const source = await tx.questionnaireTemplate.findFirst({
      where: { id: templateId, deletedAt: null },
      select: { id: true, name: true, description: true, disclaimer: true },
    });
    if (!source) throw notFound("Not Found");
    const sections = await editorSections(tx, source.id);
    const lengths = new Map(
      (await tx.templateQuestion.findMany({ where: { templateId: source.id }, select: { id: true, numberOfCharacters: true } })).map((q) => [
        q.id,
        q.numberOfCharacters,
      ]),
    );
    const name = `Copy of ${source.name}`.slice(0, 200);
    const created = await tx.questionnaireTemplate.create({
      data: {
        firmId,
        hashId: newTemplateHashId(),
        name,
        description: source.description,
        disclaimer: source.disclaimer,
        isCanned: false,
        createdById: actorId,
      },
      select: { id: true },
    });
    await writeContent(tx, firmId, created.id, { name, description: source.description ?? "", sections }, { numberOfCharacters: lengths });
    await logActivity(tx, firmId, { typeId: ACTIVITY_TYPES.questionnaire, title: "Template duplicated", description: `${source.name} → ${name}`, actorId });
    return created.id;
  });
}

/** Deletes a firm-made template (hidden; its schedulers stop). 404 unknown, 409 canned. */
export async function deleteTemplate(portal: FirmSiteContext, actorId: string, templateId: string): Promise<void> {
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    const template = await tx.questionnaireTemplate.findFirst({ where: { id: templateId, deletedAt: null }, select: { id: true, name: true, isCanned: true } });
    if (!template) throw notFound("Not Found");
    if (template.isCanned) throw conflict(TEMPLATE_MESSAGES.canned);
    await tx.questionnaireTemplate.update({ where: { id: templateId }, data: { deletedAt: new Date() } });
    await tx.templateScheduler.updateMany({ where: { templateId, active: true }, data: { active: false, nextRunAt: null } });
    await logActivity(tx, firmId, { typeId: ACTIVITY_TYPES.questionnaire, title: "Template deleted", description: template.name, actorId });
  });
}
