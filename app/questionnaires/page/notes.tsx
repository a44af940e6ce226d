import { useEffect, useRef, useState } from "react";
import { Button, TextArea } from "~/components/ui";
import type { QuestionData } from "../types";
import * as s from "../questionnaire.css";
import type { SectionBodyProps } from "./types";

/**
 * Notes on a question ('Author: body', oldest first) and, while `adding` (Add Note in the
 * question's menu), the box to write one.
 */
export function Notes({ q, adding, onDone, act }: { q: QuestionData; adding: boolean; onDone: () => void; act: SectionBodyProps["act"] }) {
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // The menu hands focus back to its button as it closes: the box takes it a frame later.
  useEffect(() => {
    if (!adding) return;
    const frame = requestAnimationFrame(() => box.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [adding]);
  async function save() {
    setBusy(true);
    const reply = await act({ intent: "add_note", questionId: q.id, body: body.trim() });
    setBusy(false);
    if (!reply.error) {
      setBody("");
      onDone();
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
      {adding ? (
        <div className={s.entries}>
          <TextArea ref={box} label="Note" value={body} maxLength={2000} onChange={(e) => setBody(e.currentTarget.value)} />
          <div className={s.row}>
            <Button size="sm" disabled={body.trim() === "" || busy} onClick={() => void save()}>
              Save Note
            </Button>
            <Button size="sm" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
