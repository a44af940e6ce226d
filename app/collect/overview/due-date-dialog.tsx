import { useMemo, useState } from "react";
import { Button, Dialog, Switch, TextField } from "~/components/ui";
import { addDays, COLLECT_MESSAGES, DEFAULT_DUE_DAYS, DUE_DATE_SHORTCUTS } from "../preview/rules";
import * as s from "./collect.css";

/** Edit due dates (one or many): a date from today on, the 7/14/30-day shortcuts, and reminders on or off. */
export function DueDateDialog({
  open,
  today,
  busy,
  count,
  initial,
  initialRemindersDisabled = false,
  onCancel,
  onSave,
}: {
  open: boolean;
  today: string;
  busy: boolean;
  count?: number;
  initial?: string | null;
  initialRemindersDisabled?: boolean;
  onCancel: () => void;
  onSave: (dueDate: string, remindersDisabled: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Edit due dates"
      description={count && count > 1 ? `For ${count} selected rows.` : undefined}
      size="sm"
      persistent={busy}
    >
      <DueDateForm today={today} busy={busy} initial={initial} initialRemindersDisabled={initialRemindersDisabled} onCancel={onCancel} onSave={onSave} />
    </Dialog>
  );
}

function DueDateForm({
  today,
  busy,
  initial,
  initialRemindersDisabled,
  onCancel,
  onSave,
}: {
  today: string;
  busy: boolean;
  initial?: string | null;
  initialRemindersDisabled: boolean;
  onCancel: () => void;
  onSave: (d: string, r: boolean) => void;
}) {
  const [date, setDate] = useState(initial && initial >= today ? initial : addDays(today, DEFAULT_DUE_DAYS));
  const [off, setOff] = useState(initialRemindersDisabled);
  const error = useMemo(
    () => (!/^\d{4}-\d{2}-\d{2}$/.test(date) ? COLLECT_MESSAGES.validDueDate : date < today ? COLLECT_MESSAGES.futureDueDate : null),
    [date, today],
  );
  return (
    <form
      className={s.stack}
      onSubmit={(e) => {
        e.preventDefault();
        if (!error) onSave(date, off);
      }}
    >
      <TextField label="Due date" type="date" min={today} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={error ?? undefined} required />
      <div className={s.inline} role="group" aria-label="Quick choices">
        {DUE_DATE_SHORTCUTS.map((d) => (
          <Button key={d} type="button" size="sm" variant="secondary" onClick={() => setDate(addDays(today, d))}>
            {d} days
          </Button>
        ))}
      </div>
      <Switch label="Turn reminders off" checked={off} onChange={(e) => setOff(e.currentTarget.checked)} />
      <div className={s.inline} style={{ justifyContent: "flex-end" }}>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={Boolean(error)}>
          Save
        </Button>
      </div>
    </form>
  );
}
