/**
 * A template's sections and questions as one tree, in their order: what the editor loads
 * (templates.server.ts) and what a send copies into questionnaires (collect/send/send-plan.server.ts).
 * Each takes the fields it needs. Keys are the rows' ids; triggers point at question ids.
 */
import type { FirmTx } from "~/db.server";
import type { TemplateQuestion, TemplateSection } from "~/generated/prisma/client";

export interface TemplateTreeQuestion {
  key: string;
  text: string;
  questionType: TemplateQuestion["questionType"];
  options: string[];
  optional: boolean;
  numberOfCharacters: number | null;
  disableAnswerLater: boolean;
  disableNotApplicable: boolean;
  documentLink: string | null;
  /** The question this one follows up, and the answer that shows it. */
  followUpOf: string | null;
  trigger: string | null;
}

export interface TemplateTreeSection {
  key: string;
  sectionKey: string | null;
  sectionType: TemplateSection["sectionType"];
  name: string;
  instruction: string | null;
  tab: TemplateSection["tab"];
  customElement: string | null;
  /** Shown only when this question has this answer. */
  trigger: { questionKey: string; answer: string } | null;
  /** The firm's PDF of a document section (a key under firms/{firmId}/templates/). */
  document: { key: string; name: string } | null;
  questions: TemplateTreeQuestion[];
}

export async function readTemplateTree(tx: FirmTx, templateId: string): Promise<TemplateTreeSection[]> {
  const [sections, questions] = [
    await tx.templateSection.findMany({ where: { templateId }, orderBy: [{ order: "asc" }, { id: "asc" }] }),
    await tx.templateQuestion.findMany({ where: { templateId }, orderBy: [{ order: "asc" }, { id: "asc" }] }),
  ];
  return sections.map((s) => ({
    key: s.id,
    sectionKey: s.sectionKey,
    sectionType: s.sectionType,
    name: s.name,
    instruction: s.instruction,
    tab: s.tab,
    customElement: s.customElement,
    trigger: s.triggerQuestionId && s.triggerAnswer !== null ? { questionKey: s.triggerQuestionId, answer: s.triggerAnswer } : null,
    document: s.documentKey ? { key: s.documentKey, name: s.documentName ?? "Document.pdf" } : null,
    questions: questions
      .filter((q) => q.sectionId === s.id)
      .map((q) => ({
        key: q.id,
        text: q.text,
        questionType: q.questionType,
        options: q.options,
        optional: q.optional,
        numberOfCharacters: q.numberOfCharacters,
        disableAnswerLater: q.disableAnswerLater,
        disableNotApplicable: q.disableNotApplicable,
        documentLink: q.documentLink,
        followUpOf: q.followUpQuestionId,
        trigger: q.triggerForFollowUpQuestion,
      })),
  }));
}
