/**
 * The facts `questionnaireProgress` reads, for a list of questionnaires at once (the client's
 * dashboard, a Collect page, the preview dialog): one statement whatever the number of
 * questionnaires, sections or questions, under the caller's firm scope.
 */
import type { FirmTx } from "~/db.server";
import { questionnaireProgress, type QuestionnaireProgress } from "./progress";
import type { DepositFacts, DocumentSectionFacts, QuestionFacts, SectionFacts } from "./rules";

export type ProgressSection = SectionFacts & DocumentSectionFacts & { name: string };

export interface ProgressQuestionnaire extends DepositFacts {
  id: string;
  completed: boolean;
  inProgress: boolean;
}

/** Each questionnaire's progress, by id. `onePerSection`: the firm's require_one_signature_per_section. */
export async function readProgress(
  tx: FirmTx,
  questionnaires: readonly ProgressQuestionnaire[],
  options: { onePerSection: boolean },
): Promise<Map<string, QuestionnaireProgress<ProgressSection>>> {
  if (questionnaires.length === 0) return new Map();
  const [facts] = await tx.$queryRawUnsafe<ProgressFacts[]>(
    `SELECT ${progressFactsSql("SELECT unnest($1::text[])")}`,
    questionnaires.map((q) => q.id),
  );
  return progressOf(questionnaires, facts?.sections ?? [], facts?.questions ?? [], options);
}

/**
 * A question's facts as `progressFactsSql` sends them: a JSON array in this order, not an object
 * (its keys repeated on every question were most of the column, to build and to parse).
 */
export type QuestionFactsRow = [
  id: string,
  questionnaireId: string,
  sectionId: string,
  questionType: QuestionFacts["questionType"],
  answer: string | null,
  /** YYYY-MM-DD (a date in JSON) */
  answerBy: string | null,
  specialAnswer: QuestionFacts["specialAnswer"],
  optional: boolean,
  followUpQuestionId: string | null,
  triggerForFollowUpQuestion: string | null,
  order: number,
];

/** What `progressFactsSql` selects. */
export interface ProgressFacts {
  sections: (ProgressSection & { questionnaireId: string })[];
  questions: QuestionFactsRow[];
}

function questionFacts(row: QuestionFactsRow): QuestionFacts & { questionnaireId: string } {
  const [id, questionnaireId, sectionId, questionType, answer, answerBy, specialAnswer, optional, followUpQuestionId, triggerForFollowUpQuestion, order] = row;
  return { id, questionnaireId, sectionId, questionType, answer, answerBy, specialAnswer, optional, followUpQuestionId, triggerForFollowUpQuestion, order };
}

/**
 * The facts `questionnaireProgress` reads for the questionnaires whose ids `ids` (an SQL query)
 * gives, as two select-list columns `sections` (with their signatures) and `questions`: JSON
 * arrays in their order (order, id), each question a `QuestionFactsRow`. One statement whatever their number; a caller may add the
 * columns to a statement of its own (the client dashboard).
 */
export function progressFactsSql(ids: string): string {
  return `(SELECT COALESCE(json_agg(json_build_object(
             'id', s.id, 'questionnaireId', s.questionnaire_id, 'name', s.name, 'sectionType', s.section_type,
             'markedCompleted', s.marked_completed, 'triggerQuestionId', s.trigger_question_id, 'triggerAnswer', s.trigger_answer,
             'order', s."order", 'changesRequested', s.changes_requested,
             'signatures', (SELECT COALESCE(json_agg(json_build_object('signedAt', g.signed_at, 'notNeeded', g.not_needed)), '[]')
                              FROM engagement_signatures g WHERE g.firm_id = s.firm_id AND g.section_id = s.id)
           ) ORDER BY s."order", s.id), '[]')
      FROM sections s WHERE s.questionnaire_id IN (${ids})) AS sections,
   (SELECT COALESCE(json_agg(json_build_array(
             q.id, q.questionnaire_id, q.section_id, q.question_type, q.answer, q.answer_by, q.special_answer,
             q.optional, q.follow_up_question_id, q.trigger_for_follow_up_question, q."order"
           ) ORDER BY q."order", q.id), '[]')
      FROM questions q WHERE q.questionnaire_id IN (${ids}) AND q.deleted_at IS NULL) AS questions`;
}

/**
 * Each questionnaire's progress from its sections (with their signatures, ordered by order, id)
 * and questions (ordered by order, id), already read: `readProgress`'s computation, for a caller
 * that reads these facts in a statement of its own (the client dashboard).
 */
export function progressOf(
  questionnaires: readonly ProgressQuestionnaire[],
  sections: readonly (ProgressSection & { questionnaireId: string })[],
  questions: readonly QuestionFactsRow[],
  options: { onePerSection: boolean },
): Map<string, QuestionnaireProgress<ProgressSection>> {
  const result = new Map<string, QuestionnaireProgress<ProgressSection>>();
  const sectionsOf = groupBy(sections);
  const questionsOf = groupBy(questions.map(questionFacts));
  for (const q of questionnaires) {
    result.set(
      q.id,
      questionnaireProgress({
        sections: sectionsOf.get(q.id) ?? [],
        questions: questionsOf.get(q.id) ?? [],
        questionnaire: q,
        onePerSection: options.onePerSection,
      }),
    );
  }
  return result;
}

function groupBy<T extends { questionnaireId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.questionnaireId);
    if (group) group.push(row);
    else groups.set(row.questionnaireId, [row]);
  }
  return groups;
}
