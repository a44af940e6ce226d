/**
 * The questionnaires of an entity (or of a user's entities) on the staff entity and user pages:
 * each with its status, due date and the firm's next step; Open shows the same preview dialog as
 * Collect. The list is loaded by entity-questionnaires.server.ts (group access applied there).
 */
import { useState } from "react";
import { PreviewDialog } from "~/collect/preview/preview-dialog";
import { formatDay } from "~/collect/overview/format";
import { Badge, Button, Card, EmptyState } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { EntityQuestionnaire } from "./entity-questionnaires.server";
import * as s from "./staff.css";

export function QuestionnaireList({
  questionnaires,
  today,
  isAdvisor,
  showEntity = false,
  emptyAction,
}: {
  questionnaires: EntityQuestionnaire[];
  today: string;
  isAdvisor: boolean;
  /** On a user's page: which of their entities each questionnaire is for. */
  showEntity?: boolean;
  /** The next step when there is none yet (e.g. send the first). */
  emptyAction?: React.ReactNode;
}) {
  const tr = useVocabulary();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Card className={s.wide}>
      <h2 className={s.sectionTitle}>{tr("Questionnaires")}</h2>
      {questionnaires.length === 0 ? (
        <EmptyState compact titleAs="p" title={`No ${tr("questionnaires")} yet.`} action={emptyAction} />
      ) : (
        <ul className={s.list} aria-label={tr("Questionnaires")}>
          {questionnaires.map((q) => (
            <li key={q.id} className={s.questionnaireRow}>
              <div className={s.ownerMain}>
                <span className={s.questionnaireName}>{tr(q.name)}</span>
                <span className={s.muted}>
                  {[
                    showEntity ? q.entity.name : null,
                    String(q.taxYear),
                    q.dueDate ? `Due ${formatDay(q.dueDate)}` : null,
                    q.isOpenItem ? "Additional items" : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </div>
              <Badge tone={q.statusTone}>{q.status}</Badge>
              <span className={q.firmTurn ? s.nextStepFirm : s.nextStep}>
                <span className={s.nextStepLabel}>Next step: </span>
                {q.next}
              </span>
              <Button size="sm" variant="secondary" onClick={() => setOpenId(q.id)} aria-label={`Open ${tr(q.name)}`}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
      {openId ? <PreviewDialog questionnaireId={openId} isAdvisor={isAdvisor} today={today} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}
