import { useState } from "react";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData } from "../types";
import { formatDate, questionStatus, specialAnswerMessage } from "../rules";
import * as s from "../questionnaire.css";
import { ChoiceQuestion, MultipleQuestion } from "./choice-questions";
import { EntriesQuestion } from "./entries-question";
import { Notes } from "./notes";
import { QuestionMenu, SpecialAnswerUndo } from "./question-actions";
import { DateQuestion, TextAreaQuestion, TextQuestion } from "./text-questions";
import type { AnswerControlProps, SectionBodyProps } from "./types";
import { UploadQuestion } from "./upload-question";
import { useAnswerAutosave } from "./use-answer-autosave";

export function QuestionItem({ q, number, ...b }: SectionBodyProps & { q: QuestionData; number: string }) {
  const t = useVocabulary();
  const { value, error, savedTick, change, flush } = useAnswerAutosave(q, b);
  const status = questionStatus(q);
  const [noting, setNoting] = useState(false);

  const id = `${b.idPrefix ?? ""}q-${q.id}`;
  const label = (
    <span className={s.questionText}>
      <span>{number}</span>
      <span>{t(q.text)}</span>
      {q.optional ? <span className={s.muted}>(optional)</span> : null}
    </span>
  );
  const answer: AnswerControlProps = { q, id, value, disabled: b.readOnly, change, flush };

  const actions = { q, readOnly: b.readOnly, mode: b.mode, props: b.props, act: b.act };
  let control: JSX.Element | null = null;
  if (q.specialAnswer || q.answerBy) {
    control = (
      <div className={s.special}>
        <p>{q.specialAnswer ? specialAnswerMessage(q.specialAnswer) : t(`You chose to answer this by ${formatDate(q.answerBy ?? "")}.`)}</p>
        <SpecialAnswerUndo {...actions} />
      </div>
    );
  } else if (q.questionType === "boolean" || q.questionType === "select") {
    control = <ChoiceQuestion {...answer} />;
  } else if (q.questionType === "multiple") {
    control = <MultipleQuestion {...answer} />;
  } else if (q.questionType === "date") {
    control = <DateQuestion {...answer} />;
  } else if (q.questionType === "textarea") {
    control = <TextAreaQuestion {...answer} />;
  } else if (q.questionType === "text" || q.questionType === "password") {
    control = <TextQuestion {...answer} />;
  } else if (q.questionType === "entries") {
    control = <EntriesQuestion q={q} disabled={b.readOnly} act={b.act} />;
  } else if (q.questionType === "upload") {
    control = <UploadQuestion q={q} readOnly={b.readOnly} mode={b.mode} splits={b.splits} act={b.act} send={b.send} />;
  }

  return (
    <section
      id={`${b.idPrefix ?? ""}question${q.id}`}
      className={`${s.question} ${q.followUpQuestionId ? s.followUp : ""}`}
      aria-labelledby={id}
      data-status={status}
    >
      <div className={s.questionHead}>
        <div id={id}>{label}</div>
        <QuestionMenu {...actions} status={status} number={number} onAddNote={() => setNoting(true)} />
      </div>
      {q.priorYearValue ? <p className={s.muted}>Last year: {q.priorYearValue}</p> : null}
      {control}
      {error ? <p className={s.error}>{error}</p> : null}
      {savedTick ? (
        <span className={s.saved} role="status">
          Saved
        </span>
      ) : null}
      <Notes q={q} adding={noting && !b.readOnly} onDone={() => setNoting(false)} act={b.act} />
    </section>
  );
}
