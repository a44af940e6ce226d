/**
 * The reads the questionnaire's loaders and actions share: its questions (with entries and notes),
 * sections (with signatures and documents), the section rules' facts and the upload questions' files.
 */
import type { FirmTx } from "~/db.server";
import { questionnaireUploadStates } from "~/documents/splits/split.server";
import { answerValues, type QuestionFacts, type QuestionType, type SpecialAnswer } from "./rules";
import type { QuestionData, SectionData, SectionDocumentData } from "./types";

export const questionnaireSelect = {
  id: true,
  name: true,
  taxYear: true,
  dueDate: true,
  locked: true,
  completed: true,
  inProgress: true,
  openedAt: true,
  currentSectionId: true,
  depositStatus: true,
  depositAmountCents: true,
  disclaimer: true,
  documentPopoutChecklistEnabled: true,
  showUploadsAsDocumentChecklist: true,
  company: { select: { id: true, hashId: true, name: true, readonlyAccess: true } },
} as const;

interface QuestionRow {
  id: string;
  section_id: string;
  text: string;
  question_type: QuestionType;
  options: string[];
  answer: string | null;
  answer_by: string | null;
  special_answer: SpecialAnswer | null;
  optional: boolean;
  number_of_characters: number | null;
  disable_answer_later: boolean;
  disable_not_applicable: boolean;
  document_link: string | null;
  prior_year_value: string | null;
  uploaded_last_year: boolean;
  follow_up_question_id: string | null;
  trigger_for_follow_up_question: string | null;
  order: number;
  entries: { entryNumber: number; field: string; value: string | null }[];
  notes: { id: string; author: string; staff: boolean; body: string; replyToId: string | null; createdAt: string }[];
}

/** Questions with their entries and client-visible notes, in one statement. */
export async function readQuestions(tx: FirmTx, questionnaireId: string, firmName: string): Promise<QuestionData[]> {
  const rows = await tx.$queryRaw<QuestionRow[]>`
    SELECT q.id, q.section_id, q.text, q.question_type::text AS question_type, q.options, q.answer,
           to_char(q.answer_by, 'YYYY-MM-DD') AS answer_by, q.special_answer::text AS special_answer, q.optional,
           q.number_of_characters, q.disable_answer_later, q.disable_not_applicable, q.document_link,
           q.prior_year_value, q.uploaded_last_year, q.follow_up_question_id, q.trigger_for_follow_up_question, q."order",
           coalesce((SELECT json_agg(json_build_object('entryNumber', e.entry_number, 'field', e.field, 'value', e.value) ORDER BY e.entry_number)
                       FROM question_entries e WHERE e.firm_id = q.firm_id AND e.question_id = q.id), '[]'::json) AS entries,
           coalesce((SELECT json_agg(json_build_object('id', c.id, 'body', c.body, 'staff', u.kind = 'staff', 'replyToId', c.reply_to_id, 'createdAt', c.created_at,
                                     'author', coalesce(nullif(u.preferred_name, ''), trim(u.fname || ' ' || u.lname))) ORDER BY c.created_at)
                       FROM question_comments c JOIN users u ON u.firm_id = c.firm_id AND u.id = c.author_id
                      WHERE c.firm_id = q.firm_id AND c.question_id = q.id AND NOT c.removed AND NOT c.from_firm_user AND c.deleted_at IS NULL), '[]'::json) AS notes
      FROM questions q
     WHERE q.questionnaire_id = ${questionnaireId} AND q.deleted_at IS NULL
     ORDER BY q."order", q.id`;
  return rows.map((r) => ({
    id: r.id,
    sectionId: r.section_id,
    text: r.text,
    questionType: r.question_type,
    options: r.options,
    answer: r.answer,
    answerBy: r.answer_by,
    specialAnswer: r.special_answer,
    optional: r.optional,
    numberOfCharacters: r.number_of_characters,
    disableAnswerLater: r.disable_answer_later,
    disableNotApplicable: r.disable_not_applicable,
    documentLink: r.document_link,
    priorYearValue: r.prior_year_value,
    uploadedLastYear: r.uploaded_last_year,
    followUpQuestionId: r.follow_up_question_id,
    triggerForFollowUpQuestion: r.trigger_for_follow_up_question,
    order: r.order,
    entries: r.entries,
    notes: r.notes.map((n) => ({
      id: n.id,
      text: `${n.staff ? `${firmName} Team` : n.author}: ${n.body}`,
      replyToId: n.replyToId,
      fromStaff: n.staff,
      createdAt: new Date(n.createdAt).toISOString(),
    })),
  }));
}

export const sectionDocumentSelect = { id: true, name: true, contentType: true, sizeBytes: true, deletedAt: true } as const;

export function toSectionDocument(
  d: { id: string; name: string; contentType: string | null; sizeBytes: bigint | null; deletedAt: Date | null } | null,
): SectionDocumentData | null {
  if (!d || d.deletedAt) return null;
  return { id: d.id, name: d.name, contentType: d.contentType, sizeBytes: d.sizeBytes == null ? null : Number(d.sizeBytes) };
}

export async function readSections(tx: FirmTx, questionnaireId: string): Promise<SectionData[]> {
  const [sections, signatures] = [
    await tx.section.findMany({
      where: { questionnaireId },
      select: {
        id: true,
        name: true,
        sectionType: true,
        instruction: true,
        customElement: true,
        markedCompleted: true,
        triggerQuestionId: true,
        triggerAnswer: true,
        order: true,
        changesRequested: true,
        document: { select: sectionDocumentSelect },
        signedDocument: { select: sectionDocumentSelect },
      },
      orderBy: [{ order: "asc" }, { id: "asc" }],
    }),
    await tx.engagementSignature.findMany({
      where: { section: { questionnaireId } },
      select: { id: true, sectionId: true, userId: true, userName: true, signature: true, signedAt: true, notNeeded: true },
      orderBy: { createdAt: "asc" },
    }),
  ];
  return sections.map(({ document, signedDocument, ...s }) => ({
    ...s,
    document: toSectionDocument(document),
    signedDocument: toSectionDocument(signedDocument),
    signatures: signatures
      .filter((g) => g.sectionId === s.id)
      .map((g) => ({
        id: g.id,
        userId: g.userId,
        userName: g.userName,
        signature: g.signature,
        signedAt: g.signedAt?.toISOString() ?? null,
        notNeeded: g.notNeeded,
      })),
  }));
}

export function toData(q: { dueDate: Date | null; openedAt: Date | null } & Record<string, unknown>) {
  return { dueDate: q.dueDate?.toISOString().slice(0, 10) ?? null, openedAt: q.openedAt?.toISOString() ?? null };
}

/** Every file key held by the upload questions' answers. */
export function uploadKeys(questions: Pick<QuestionData, "questionType" | "answer">[]): string[] {
  return questions.filter((q) => q.questionType === "upload").flatMap((q) => answerValues(q.answer));
}

/** The upload questions' files and their splits: one statement, none when there are no files. */
export function readUploads(tx: FirmTx, row: { id: string; company: { id: string } }, questions: Pick<QuestionData, "questionType" | "answer">[]) {
  return questionnaireUploadStates(tx, { companyId: row.company.id, questionnaireId: row.id, keys: uploadKeys(questions) });
}

/** The facts the section rules read, for every question of the questionnaire, in one statement. */
export async function readQuestionFacts(tx: FirmTx, questionnaireId: string): Promise<QuestionFacts[]> {
  return tx.$queryRaw<QuestionFacts[]>`
    SELECT q.id, q.section_id AS "sectionId", q.question_type::text AS "questionType", q.answer, to_char(q.answer_by, 'YYYY-MM-DD') AS "answerBy",
           q.special_answer::text AS "specialAnswer", q.optional, q.follow_up_question_id AS "followUpQuestionId",
           q.trigger_for_follow_up_question AS "triggerForFollowUpQuestion", q."order"
      FROM questions q WHERE q.questionnaire_id = ${questionnaireId} AND q.deleted_at IS NULL`;
}
