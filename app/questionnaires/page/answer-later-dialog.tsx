import { useState } from "react";
import { Button, Dialog, TextField } from "~/components/ui";
import type { QuestionData } from "../types";
import { answerLaterError, defaultAnswerLaterDate } from "../rules";
import type { SectionBodyProps } from "./types";

export function AnswerLaterDialog({
  q,
  today,
  dueDate,
  onClose,
  act,
}: {
  q: QuestionData;
  today: string;
  dueDate: string | null;
  onClose: () => void;
  act: SectionBodyProps["act"];
}) {
  const [date, setDate] = useState(defaultAnswerLaterDate(today));
  const problem = answerLaterError(date, today, dueDate);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Answer question later"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={problem !== null}
            onClick={() => void act({ intent: "answer_later", questionId: q.id, answerBy: date }).then((r) => !r.error && onClose())}
          >
            Save
          </Button>
        </>
      }
    >
      <TextField label="Remind me on" type="date" value={date} error={problem ?? undefined} onChange={(e) => setDate(e.currentTarget.value)} />
    </Dialog>
  );
}
