import { useEffect, useRef, useState } from "react";
import { Button, TextArea } from "~/components/ui";
import { noteThreads } from "../answer-summary";
import type { QuestionData } from "../types";
import * as s from "../questionnaire.css";
import * as n from "../answer-view.css";
import type { SectionBodyProps } from "./types";

/**
 * Notes on a question ('Author: body', oldest first) with the firm's replies and, while `adding`
 * (Add Note in the question's menu), the box to write one.
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
      <NoteThreads q={q} />
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

/**
 * The client's notes on a question, each with the firm's replies under it. With `onReply` (staff),
 * each note gets a Reply button; `onReply` resolves true once the reply is saved.
 */
export function NoteThreads({ q, onReply, busy }: { q: QuestionData; onReply?: (noteId: string, body: string) => Promise<boolean>; busy?: boolean }) {
  const threads = noteThreads(q.notes);
  if (threads.length === 0) return null;
  return (
    <ul className={n.threads} aria-label="Notes">
      {threads.map(({ note, replies }) => (
        <li key={note.id} className={n.note} id={`note-${note.id}`}>
          <div>{note.text}</div>
          {replies.length ? (
            <ul className={n.replies} aria-label="Replies">
              {replies.map((r) => (
                <li key={r.id} className={n.reply}>
                  {r.text}
                </li>
              ))}
            </ul>
          ) : null}
          {onReply ? <ReplyForm label={note.text} busy={busy ?? false} onReply={(body) => onReply(note.id, body)} /> : null}
        </li>
      ))}
    </ul>
  );
}

function ReplyForm({ label, busy, onReply }: { label: string; busy: boolean; onReply: (body: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState("");
  if (!open)
    return (
      <div className={n.row}>
        <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={`Reply to ${label}`}>
          Reply
        </Button>
      </div>
    );
  return (
    <div className={n.replyForm}>
      <TextArea label="Reply" value={body} maxLength={2000} rows={2} onChange={(e) => setBody(e.currentTarget.value)} />
      <div className={n.row}>
        <Button
          size="sm"
          disabled={body.trim() === ""}
          loading={busy}
          onClick={() =>
            void onReply(body.trim()).then((saved) => {
              if (saved) {
                setBody("");
                setOpen(false);
              }
            })
          }
        >
          Send reply
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
