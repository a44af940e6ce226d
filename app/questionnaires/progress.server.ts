/**
 * The facts `questionnaireProgress` reads, for a list of questionnaires at once (the client's
 * dashboard, a Collect page, the preview dialog): two statements whatever the number of
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
  const result = new Map<string, QuestionnaireProgress<ProgressSection>>();
  if (questionnaires.length === 0) return result;
  const ids = questionnaires.map((q) => q.id);
  const [sections, questions] = [
    await tx.section.findMany({
      where: { questionnaireId: { in: ids } },
      select: {
        id: true,
        questionnaireId: true,
        name: true,
        sectionType: true,
        markedCompleted: true,
        triggerQuestionId: true,
        triggerAnswer: true,
        order: true,
        changesRequested: true,
        engagementSignatures: { select: { signedAt: true, notNeeded: true } },
      },
      orderBy: [{ order: "asc" }, { id: "asc" }],
    }),
    await tx.$queryRaw<(QuestionFacts & { questionnaireId: string })[]>`
      SELECT q.id, q.questionnaire_id AS "questionnaireId", q.section_id AS "sectionId", q.question_type::text AS "questionType", q.answer,
             to_char(q.answer_by, 'YYYY-MM-DD') AS "answerBy", q.special_answer::text AS "specialAnswer", q.optional,
             q.follow_up_question_id AS "followUpQuestionId", q.trigger_for_follow_up_question AS "triggerForFollowUpQuestion", q."order"
        FROM questions q WHERE q.questionnaire_id = ANY(${ids}) AND q.deleted_at IS NULL
       ORDER BY q."order", q.id`,
  ];
  const sectionsOf = groupBy(sections.map(({ engagementSignatures, ...s }) => ({ ...s, signatures: engagementSignatures })));
  const questionsOf = groupBy(questions);
  for (const q of questionnaires) {
    result.set(
      q.id,
      questionnaireProgress({
        sections: (sectionsOf.get(q.id) ?? []) as ProgressSection[],
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
