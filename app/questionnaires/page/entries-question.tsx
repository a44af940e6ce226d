import { useState } from "react";
import { Button, TextField } from "~/components/ui";
import type { QuestionData } from "../types";
import * as s from "../questionnaire.css";
import type { SectionBodyProps } from "./types";

/** Entries: a row of fields per entry, each saved on blur. */
export function EntriesQuestion({ q, disabled, act }: { q: QuestionData; disabled: boolean; act: SectionBodyProps["act"] }) {
  const numbers = [...new Set(q.entries.map((e) => e.entryNumber))].sort((a, b) => a - b);
  return (
    <div className={s.entries}>
      {numbers.map((n) => (
        <EntryRow key={`${n}-${q.answer}`} q={q} n={n} disabled={disabled} act={act} />
      ))}
      {!disabled ? (
        <div>
          <Button size="sm" variant="secondary" onClick={() => void act({ intent: "add_entry", questionId: q.id })}>
            Add entry
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EntryRow({ q, n, disabled, act }: { q: QuestionData; n: number; disabled: boolean; act: SectionBodyProps["act"] }) {
  const initial = Object.fromEntries(q.entries.filter((e) => e.entryNumber === n).map((e) => [e.field, e.value ?? ""]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  return (
    <div className={s.entry}>
      {q.options.map((field) => (
        <TextField
          key={field}
          label={field}
          value={values[field] ?? ""}
          disabled={disabled}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [field]: value }));
          }}
          onBlur={() =>
            values[field] !== initial[field] && void act({ intent: "save_entry", questionId: q.id, entryNumber: n, values: { [field]: values[field] ?? "" } })
          }
        />
      ))}
      {!disabled ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove entry ${n}`}
          onClick={() => void act({ intent: "remove_entry", questionId: q.id, entryNumber: n })}
        >
          Remove
        </Button>
      ) : null}
    </div>
  );
}
