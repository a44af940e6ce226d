import { useState } from "react";
import { Button, TextArea } from "~/components/ui";
import type { QuestionData } from "../types";
import * as s from "../questionnaire.css";
import type { SectionBodyProps } from "./types";

/** Notes on a question ('Author: body', oldest first) and, unless read-only, a way to add one. */
export function Notes({ q, canAdd, act }: { q: QuestionData; canAdd: boolean; act: SectionBodyProps["act"] }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    const reply = await act({ intent: "add_note", questionId: q.id, body: body.trim() });
    setBusy(false);
    if (!reply.error) {
      setBody("");
      setOpen(false);
    }
  }
  return (
    <>
      {q.notes.length ? (
        <ul className={s.pills} aria-label="Notes">
          {q.notes.map((n) => (
            <li key={n.id} className={s.muted}>
              {n.text}
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd && open ? (
        <div className={s.entries}>
          <TextArea label="Note" value={body} maxLength={2000} onChange={(e) => setBody(e.currentTarget.value)} />
          <div className={s.row}>
            <Button size="sm" disabled={body.trim() === "" || busy} onClick={() => void save()}>
              Save Note
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : canAdd ? (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
            Add Note
          </Button>
        </div>
      ) : null}
    </>
  );
}
