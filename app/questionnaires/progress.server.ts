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

/** What `progressFactsSql` selects. */
export interface ProgressFacts {
  sections: (ProgressSection & { questionnaireId: string })[];
  questions: (QuestionFacts & { questionnaireId: string })[];
}

/**
 * The facts `questionnaireProgress` reads for the questionnaires whose ids `ids` (an SQL query)
 * gives, as two select-list columns `sections` (with their signatures) and `questions`: JSON
 * arrays in their order (order, id). One statement whatever their number; a caller may add the
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
   (SELECT COALESCE(json_agg(json_build_object(
             'id', q.id, 'questionnaireId', q.questionnaire_id, 'sectionId', q.section_id, 'questionType', q.question_type,
             'answer', q.answer, 'answerBy', to_char(q.answer_by, 'YYYY-MM-DD'), 'specialAnswer', q.special_answer,
             'optional', q.optional, 'followUpQuestionId', q.follow_up_question_id,
             'triggerForFollowUpQuestion', q.trigger_for_follow_up_question, 'order', q."order"
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
  questions: readonly (QuestionFacts & { questionnaireId: string })[],
  options: { onePerSection: boolean },
): Map<string, QuestionnaireProgress<ProgressSection>> {
  const result = new Map<string, QuestionnaireProgress<ProgressSection>>();
  const sectionsOf = groupBy(sections);
  const questionsOf = groupBy(questions);
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
