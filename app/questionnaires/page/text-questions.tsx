import { TextArea, TextField } from "~/components/ui";
import { characterCounter } from "../rules";
import type { AnswerControlProps } from "./types";

/** Date: saved at once. */
export function DateQuestion({ id, value, disabled, change }: AnswerControlProps) {
  return (
    <TextField
      label="Date"
      hideLabel
      type="date"
      value={value}
      disabled={disabled}
      onChange={(e) => change(e.currentTarget.value, true)}
      aria-labelledby={id}
    />
  );
}

/** Long text: saved after a pause in typing or on blur. */
export function TextAreaQuestion({ q, id, value, disabled, change, flush }: AnswerControlProps) {
  return (
    <TextArea
      label="Answer"
      hideLabel
      value={value}
      maxLength={q.numberOfCharacters ?? undefined}
      disabled={disabled}
      onChange={(e) => change(e.currentTarget.value)}
      onBlur={flush}
      aria-labelledby={id}
    />
  );
}

/** Text and password: saved after a pause in typing or on blur. */
export function TextQuestion({ q, id, value, disabled, change, flush }: AnswerControlProps) {
  return (
    <TextField
      label="Answer"
      hideLabel
      type={q.questionType === "password" ? "password" : "text"}
      autoComplete="off"
      value={value}
      maxLength={q.numberOfCharacters ?? undefined}
      hint={characterCounter(value, q.numberOfCharacters) ?? undefined}
      disabled={disabled}
      onChange={(e) => change(e.currentTarget.value)}
      onBlur={flush}
      aria-labelledby={id}
    />
  );
}
