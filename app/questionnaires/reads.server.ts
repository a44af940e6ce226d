/**
 * The reads the questionnaire's loaders and actions share: its questions (with entries and notes),
 * sections (with signatures and documents), the section rules' facts and the upload questions' files.
 */
import type { ReadSql, SqlTx } from "~/db.server";
import { questionnaireUploadStates } from "~/documents/splits/split.server";
import { answerValues, type QuestionFacts, type QuestionType, type SpecialAnswer } from "./rules";
import type { QuestionData, SectionData, SectionDocumentData, SignatureData } from "./types";

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

const QUESTIONS_SQL = `
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
     WHERE q.questionnaire_id = $1 AND q.deleted_at IS NULL
     ORDER BY q."order", q.id`;

/** Questions with their entries and client-visible notes, in one statement. */
export async function readQuestions(sql: ReadSql, questionnaireId: string, firmName: string): Promise<QuestionData[]> {
  const rows = await sql<QuestionRow>(QUESTIONS_SQL, [questionnaireId]);
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

interface SectionRow extends Omit<SectionData, "signatures" | "document" | "signedDocument"> {
  document: SectionDocumentData | null;
  signed_document: SectionDocumentData | null;
  signatures: (Omit<SignatureData, "signedAt"> & { signedAt: string | null })[];
}

/** A section's document as the page shows it: null when there is none or it was deleted. */
const sectionDocumentJson = (alias: string) =>
  `CASE WHEN ${alias}.id IS NOT NULL AND ${alias}.deleted_at IS NULL
        THEN json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'contentType', ${alias}.content_type, 'sizeBytes', ${alias}.size_bytes) END`;

const SECTIONS_SQL = `
    SELECT s.id, s.name, s.section_type AS "sectionType", s.instruction, s.custom_element AS "customElement",
           s.marked_completed AS "markedCompleted", s.trigger_question_id AS "triggerQuestionId", s.trigger_answer AS "triggerAnswer",
           s."order", s.changes_requested AS "changesRequested",
           ${sectionDocumentJson("d")} AS document, ${sectionDocumentJson("sd")} AS signed_document,
           coalesce((SELECT json_agg(json_build_object('id', g.id, 'userId', g.user_id, 'userName', g.user_name, 'signature', g.signature,
                                                       'signedAt', g.signed_at, 'notNeeded', g.not_needed) ORDER BY g.created_at, g.id)
                       FROM engagement_signatures g WHERE g.firm_id = s.firm_id AND g.section_id = s.id), '[]'::json) AS signatures
      FROM sections s
      LEFT JOIN documents d ON d.firm_id = s.firm_id AND d.id = s.document_id
      LEFT JOIN documents sd ON sd.firm_id = s.firm_id AND sd.id = s.signed_document_id
     WHERE s.questionnaire_id = $1
     ORDER BY s."order", s.id`;

/** Sections with their signatures and documents, in one statement. */
export async function readSections(sql: ReadSql, questionnaireId: string): Promise<SectionData[]> {
  const rows = await sql<SectionRow>(SECTIONS_SQL, [questionnaireId]);
  return rows.map(({ signed_document, signatures, ...s }) => ({
    ...s,
    signedDocument: signed_document,
    signatures: signatures.map((g) => ({ ...g, signedAt: g.signedAt === null ? null : new Date(g.signedAt).toISOString() })),
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
export function readUploads(sql: ReadSql, row: { id: string; company: { id: string } }, questions: Pick<QuestionData, "questionType" | "answer">[]) {
  return questionnaireUploadStates(sql, { companyId: row.company.id, questionnaireId: row.id, keys: uploadKeys(questions) });
}

/** The facts the section rules read, for every question of the questionnaire, in one statement. */
export async function readQuestionFacts(tx: SqlTx, questionnaireId: string): Promise<QuestionFacts[]> {
  return tx.$queryRaw<QuestionFacts[]>`
    SELECT q.id, q.section_id AS "sectionId", q.question_type::text AS "questionType", q.answer, to_char(q.answer_by, 'YYYY-MM-DD') AS "answerBy",
           q.special_answer::text AS "specialAnswer", q.optional, q.follow_up_question_id AS "followUpQuestionId",
           q.trigger_for_follow_up_question AS "triggerForFollowUpQuestion", q."order"
      FROM questions q WHERE q.questionnaire_id = ${questionnaireId} AND q.deleted_at IS NULL`;
}
