import { useState } from "react";
import { Button, ConfirmDialog, MoreIcon } from "~/components/ui";
import { useLiveOnReach } from "~/components/ui/live-on-reach";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData } from "../types";
import { answerValues, canAnswerLater, type QuestionStatus } from "../rules";
import * as s from "../questionnaire.css";
import { AnswerLaterDialog } from "./answer-later-dialog";
import type { SectionBodyProps } from "./types";

type ActionProps = Pick<SectionBodyProps, "readOnly" | "mode" | "props" | "act"> & { q: QuestionData };

/**
 * A question's actions in one compact menu (a WAI-ARIA menu button: arrow keys, Escape, type-ahead):
 * Add Note, Answer Later (Upload Later), Mark N/A, Provided Elsewhere, Mark Completed, each only when
 * it applies. Nothing when the question is read-only. Undoing a special answer is a button beside it
 * (`SpecialAnswerUndo`), not in here.
 */
export function QuestionMenu({ q, status, number, onAddNote, ...b }: ActionProps & { status: QuestionStatus; number: string; onAddNote: () => void }) {
  const t = useVocabulary();
  const [laterOpen, setLaterOpen] = useState(false);
  /**
   * Switching an upload question that has files to Provided Elsewhere asks first (the files are
   * deleted); Upload Later says so in its own dialog ('On Save, all documents uploaded on this
   * item will be removed.').
   */
  const [confirmSwitch, setConfirmSwitch] = useState<"provided_elsewhere" | null>(null);
  if (b.readOnly) return null;
  const hasFiles = q.questionType === "upload" && answerValues(q.answer).length > 0;
  const open = !q.specialAnswer && !q.answerBy;
  const laterAllowed =
    open &&
    canAnswerLater({
      disableAnswerLater: q.disableAnswerLater,
      firmDisablesAnswerLater: b.props.firmDisablesAnswerLater,
      dueDate: b.props.data.dueDate,
      today: b.props.today,
      mode: b.mode,
    });
  const special = (special: "not_applicable" | "provided_elsewhere" | "marked_completed") => void b.act({ intent: "special", questionId: q.id, special });
  const items: { label: string; run: () => void }[] = [
    { label: "Add Note", run: onAddNote },
    ...(laterAllowed ? [{ label: q.questionType === "upload" ? "Upload Later" : "Answer Later", run: () => setLaterOpen(true) }] : []),
    ...(open && !q.disableNotApplicable ? [{ label: "Mark N/A", run: () => special("not_applicable") }] : []),
    ...(open && !b.props.disableProvidedElsewhere
      ? [{ label: "Provided Elsewhere", run: () => (hasFiles ? setConfirmSwitch("provided_elsewhere") : special("provided_elsewhere")) }]
      : []),
    ...(open && status !== "completed" ? [{ label: "Mark Completed", run: () => special("marked_completed") }] : []),
  ];
  return (
    <>
      <ActionsMenu label={`Actions for question ${number}`.trim()} items={items} />
      <ConfirmDialog
        open={confirmSwitch !== null}
        title={t("Delete the uploaded documents?")}
        message={t("Marking this provided elsewhere deletes the documents already uploaded for this question and clears its answer.")}
        confirmLabel="Delete and continue"
        tone="danger"
        onCancel={() => setConfirmSwitch(null)}
        onConfirm={() => {
          setConfirmSwitch(null);
          special("provided_elsewhere");
        }}
      />
      {laterOpen ? (
        <AnswerLaterDialog q={q} hasFiles={hasFiles} today={b.props.today} dueDate={b.props.data.dueDate} onClose={() => setLaterOpen(false)} act={b.act} />
      ) : null}
    </>
  );
}

const loadLiveMenu = () => import("./question-actions-menu");

/**
 * The menu itself. Its button only is rendered until the reader reaches it (a page has one per
 * question, and rendering Headless UI's menu on the server was a large part of the page's CPU);
 * the live menu replaces it then (`useLiveOnReach`).
 */
function ActionsMenu({ label, items }: { label: string; items: { label: string; run: () => void }[] }) {
  const { code, placeholder, live } = useLiveOnReach("menu", loadLiveMenu);
  const face = (
    <>
      <MoreIcon size={18} />
      <span className={s.menuButtonText}>Actions</span>
    </>
  );
  if (!code) {
    return (
      <button {...placeholder} type="button" className={s.menuButton} aria-label={label} aria-haspopup="menu" aria-expanded="false">
        {face}
      </button>
    );
  }
  return (
    <code.LiveActionsMenu label={label} items={items} buttonRef={live}>
      {face}
    </code.LiveActionsMenu>
  );
}

/** Beside a special answer or an answer-later date: Make Applicable / Undo, or Answer Now. */
export function SpecialAnswerUndo({ q, ...b }: ActionProps) {
  if (b.readOnly || (!q.specialAnswer && !q.answerBy)) return null;
  return q.specialAnswer ? (
    <Button size="sm" variant="secondary" onClick={() => void b.act({ intent: "undo", questionId: q.id })}>
      {q.specialAnswer === "not_applicable" ? "Make Applicable" : "Undo"}
    </Button>
  ) : (
    <Button size="sm" variant="secondary" onClick={() => void b.act({ intent: "answer_now", questionId: q.id })}>
      Answer Now
    </Button>
  );
}
