import { useVocabulary } from "~/vocabulary";
import { answerValues, MULTI_SEPARATOR } from "../rules";
import * as s from "../questionnaire.css";
import type { AnswerControlProps } from "./types";

/** Yes/No and single choice: radio buttons, saved at once. */
export function ChoiceQuestion({ q, id, value, disabled, change }: AnswerControlProps) {
  const t = useVocabulary();
  const options = q.questionType === "boolean" ? ["Yes", "No"] : q.options;
  return (
    <div className={s.row} role="radiogroup" aria-labelledby={id}>
      {options.map((o) => (
        <label key={o} className={s.choice}>
          <input type="radio" name={id} value={o} checked={value === o} disabled={disabled} onChange={() => change(o, true)} />
          {t(o)}
        </label>
      ))}
    </div>
  );
}

/** Multiple choice: checkboxes, saved at once. */
export function MultipleQuestion({ q, id, value, disabled, change }: AnswerControlProps) {
  const t = useVocabulary();
  const chosen = answerValues(value);
  return (
    <div className={s.row} role="group" aria-labelledby={id}>
      {q.options.map((o) => (
        <label key={o} className={s.choice}>
          <input
            type="checkbox"
            checked={chosen.includes(o)}
            disabled={disabled}
            onChange={(e) => change((e.currentTarget.checked ? [...chosen, o] : chosen.filter((c) => c !== o)).join(MULTI_SEPARATOR), true)}
          />
          {t(o)}
        </label>
      ))}
    </div>
  );
}
