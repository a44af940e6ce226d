import { useState } from "react";
import { Button, ConfirmDialog } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData } from "../types";
import { answerValues, canAnswerLater, type QuestionStatus } from "../rules";
import * as s from "../questionnaire.css";
import { AnswerLaterDialog } from "./answer-later-dialog";
import type { SectionBodyProps } from "./types";

/** A question's Answer Later / N/A / Provided Elsewhere / Mark Completed buttons (or Undo / Answer Now) and their dialogs. */
export function QuestionActions({
  q,
  status,
  ...b
}: Pick<SectionBodyProps, "readOnly" | "mode" | "props" | "act"> & { q: QuestionData; status: QuestionStatus }) {
  const t = useVocabulary();
  const [laterOpen, setLaterOpen] = useState(false);
  /** Switching an upload question that has files away from its documents asks first (the files are deleted). */
  const [confirmSwitch, setConfirmSwitch] = useState<"provided_elsewhere" | "later" | null>(null);
  const hasFiles = q.questionType === "upload" && answerValues(q.answer).length > 0;
  const laterAllowed = canAnswerLater({
    disableAnswerLater: q.disableAnswerLater,
    firmDisablesAnswerLater: b.props.firmDisablesAnswerLater,
    dueDate: b.props.data.dueDate,
    today: b.props.today,
    mode: b.mode,
  });
  return (
    <>
      {!b.readOnly ? (
        <div className={s.row}>
          {q.specialAnswer ? (
            <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "undo", questionId: q.id })}>
              {q.specialAnswer === "not_applicable" ? "Make Applicable" : "Undo"}
            </Button>
          ) : q.answerBy ? (
            <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "answer_now", questionId: q.id })}>
              Answer Now
            </Button>
          ) : (
            <>
              {laterAllowed ? (
                <Button size="sm" variant="ghost" onClick={() => (hasFiles ? setConfirmSwitch("later") : setLaterOpen(true))}>
                  {q.questionType === "upload" ? "Upload Later" : "Answer Later"}
                </Button>
              ) : null}
              {!q.disableNotApplicable ? (
                <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "special", questionId: q.id, special: "not_applicable" })}>
                  Mark N/A
                </Button>
              ) : null}
              {!b.props.disableProvidedElsewhere ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    hasFiles ? setConfirmSwitch("provided_elsewhere") : void b.act({ intent: "special", questionId: q.id, special: "provided_elsewhere" })
                  }
                >
                  Provided Elsewhere
                </Button>
              ) : null}
              {status !== "completed" ? (
                <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "special", questionId: q.id, special: "marked_completed" })}>
                  Mark Completed
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmSwitch !== null}
        title={t("Delete the uploaded documents?")}
        message={t(
          confirmSwitch === "later"
            ? "Uploading later deletes the documents already uploaded for this question and clears its answer."
            : "Marking this provided elsewhere deletes the documents already uploaded for this question and clears its answer.",
        )}
        confirmLabel="Delete and continue"
        tone="danger"
        onCancel={() => setConfirmSwitch(null)}
        onConfirm={() => {
          const choice = confirmSwitch;
          setConfirmSwitch(null);
          if (choice === "later") setLaterOpen(true);
          else void b.act({ intent: "special", questionId: q.id, special: "provided_elsewhere" });
        }}
      />
      {laterOpen ? <AnswerLaterDialog q={q} today={b.props.today} dueDate={b.props.data.dueDate} onClose={() => setLaterOpen(false)} act={b.act} /> : null}
    </>
  );
}
