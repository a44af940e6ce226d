import { assignInlineVars } from "@vanilla-extract/dynamic";
import { useEffect, useRef, useState } from "react";
import { Button, CloseIcon, TextField } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData } from "../types";
import * as s from "../questionnaire.css";
import type { SectionBodyProps } from "./types";

/**
 * Entries (repeating rows such as dependents): on wide screens a grid with one row per entry and
 * a column per field under one header; on phones each entry stacks its labelled fields. Each field
 * is saved when it loses focus, and a change not saved yet is saved when the entry goes away
 * (another section opens, Back or Forward).
 */
export function EntriesQuestion({ q, disabled, act }: { q: QuestionData; disabled: boolean; act: SectionBodyProps["act"] }) {
  const t = useVocabulary();
  const numbers = [...new Set(q.entries.map((e) => e.entryNumber))].sort((a, b) => a - b);
  return (
    <div className={s.entryTable} style={assignInlineVars({ [s.entryFieldCount]: String(Math.max(1, q.options.length)) })}>
      {numbers.length ? (
        <div className={s.entryHeader} aria-hidden="true">
          {q.options.map((field) => (
            <span key={field}>{t(field)}</span>
          ))}
        </div>
      ) : (
        <p className={s.muted}>{t("No entries yet.")}</p>
      )}
      {numbers.map((n, i) => (
        <EntryRow key={`${n}-${q.answer}`} q={q} n={n} position={i + 1} disabled={disabled} act={act} />
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

function EntryRow({ q, n, position, disabled, act }: { q: QuestionData; n: number; position: number; disabled: boolean; act: SectionBodyProps["act"] }) {
  const t = useVocabulary();
  const initial = Object.fromEntries(q.entries.filter((e) => e.entryNumber === n).map((e) => [e.field, e.value ?? ""]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  /** What the server holds for each field (after our own saves too). */
  const saved = useRef<Record<string, string>>(initial);
  const latest = useRef(values);
  latest.current = values;

  function save(field: string) {
    const value = latest.current[field] ?? "";
    if (value === (saved.current[field] ?? "")) return;
    saved.current = { ...saved.current, [field]: value };
    void act({ intent: "save_entry", questionId: q.id, entryNumber: n, values: { [field]: value } });
  }
  const saveRef = useRef(save);
  saveRef.current = save;
  // A field typed in but never left (Back, another section): saved as the row goes away.
  useEffect(() => () => q.options.forEach((field) => saveRef.current(field)), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className={s.entryRow} role="group" aria-label={t(`Entry ${position}`)}>
      <p className={s.entryTitle} aria-hidden="true">
        {t(`Entry ${position}`)}
      </p>
      {q.options.map((field) => (
        <TextField
          key={field}
          className={s.entryField}
          label={t(field)}
          value={values[field] ?? ""}
          disabled={disabled}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [field]: value }));
          }}
          onBlur={() => save(field)}
        />
      ))}
      {!disabled ? (
        <Button
          size="sm"
          variant="ghost"
          className={s.entryRemove}
          aria-label={`Remove entry ${position}`}
          onClick={() => void act({ intent: "remove_entry", questionId: q.id, entryNumber: n })}
        >
          <CloseIcon size={16} />
          <span className={s.phoneOnly}>Remove</span>
        </Button>
      ) : (
        <span />
      )}
    </div>
  );
}
