import { Checkbox, Radio } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { answerValues, MULTI_SEPARATOR } from "../rules";
import * as s from "../questionnaire.css";
import type { AnswerControlProps } from "./types";

/** Yes/No side by side, single choice as a list: radio buttons, saved at once. */
export function ChoiceQuestion({ q, id, value, disabled, change }: AnswerControlProps) {
  const t = useVocabulary();
  const yesNo = q.questionType === "boolean";
  const options = yesNo ? ["Yes", "No"] : q.options;
  return (
    <div className={yesNo ? s.optionsInline : s.options} role="radiogroup" aria-labelledby={id}>
      {options.map((o) => (
        <Radio key={o} className={s.option} label={t(o)} name={id} value={o} checked={value === o} disabled={disabled} onChange={() => change(o, true)} />
      ))}
    </div>
  );
}

/** Multiple choice: checkboxes, saved at once. */
export function MultipleQuestion({ q, id, value, disabled, change }: AnswerControlProps) {
  const t = useVocabulary();
  const chosen = answerValues(value);
  return (
    <div className={s.options} role="group" aria-labelledby={id}>
      {q.options.map((o) => (
        <Checkbox
          key={o}
          className={s.option}
          label={t(o)}
          checked={chosen.includes(o)}
          disabled={disabled}
          onChange={(e) => change((e.currentTarget.checked ? [...chosen, o] : chosen.filter((c) => c !== o)).join(MULTI_SEPARATOR), true)}
        />
      ))}
    </div>
  );
}
