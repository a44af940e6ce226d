import { useState } from "react";
import { Alert, Button, Dialog, TextField } from "~/components/ui";
import type { QuestionData } from "../types";
import { MESSAGES, answerLaterError, defaultAnswerLaterDate } from "../rules";
import type { SectionBodyProps } from "./types";

export function AnswerLaterDialog({
  q,
  today,
  dueDate,
  onClose,
  act,
  hasFiles = false,
}: {
  q: QuestionData;
  /** The upload item has documents: Save removes them (the dialog says so). */
  hasFiles?: boolean;
  today: string;
  dueDate: string | null;
  onClose: () => void;
  act: SectionBodyProps["act"];
}) {
  const [date, setDate] = useState(defaultAnswerLaterDate(today));
  const upload = q.questionType === "upload";
  const problem = answerLaterError(date, today, dueDate, upload ? "upload" : "answer");
  return (
    <Dialog
      open
      onClose={onClose}
      title={upload ? "Upload later" : "Answer question later"}
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
      {upload && hasFiles ? <Alert tone="warning">{MESSAGES.uploadLaterWarning}</Alert> : null}
      <TextField label="Remind me on" type="date" value={date} error={problem ?? undefined} onChange={(e) => setDate(e.currentTarget.value)} />
    </Dialog>
  );
}
