/**
 * Collect's bulk actions on the selected rows: the bar (Lock, Edit due dates, Edit reminders, Send
 * drafts, Send reminders, Export; Restore in the deleted view) and their dialogs. The actions post to
 * /api/staff/questionnaires; the selection clears when one succeeds.
 */
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button, ConfirmDialog, Dialog, useToast } from "~/components/ui";
import type { CustomStatusChoice } from "~/custom-statuses/rules";
import { SetStatusDialog } from "~/custom-statuses/set-status-dialog";
import { ExportDialog } from "~/exports/export-dialog";
import { MAX_EXPORT_QUESTIONNAIRES } from "~/exports/rules";
import { SendRemindersDialog } from "~/reminders/send-reminders-dialog";
import { useVocabulary } from "~/vocabulary";
import { COLLECT_MESSAGES } from "../preview/rules";
import { DueDateDialog } from "./due-date-dialog";
import * as s from "./collect.css";

type ActionResult = { ok: true; message: string; count: number } | { ok: false; error: string };

export interface BulkActionsProps {
  selected: Set<string>;
  clear: () => void;
  deletedView: boolean;
  isAdvisor: boolean;
  today: string;
  /** The firm's custom statuses ("Set status" shows when there are some). */
  statuses?: CustomStatusChoice[];
}

export function BulkActions({ selected, clear, deletedView, isAdvisor, today, statuses = [] }: BulkActionsProps) {
  const tr = useVocabulary();
  const toast = useToast();
  const revalidator = useRevalidator();
  const bulk = useFetcher<ActionResult>();
  const [dialog, setDialog] = useState<null | "lock" | "due" | "reminders" | "drafts" | "status">(null);
  const [sendReminders, setSendReminders] = useState(false);
  const [exporting, setExporting] = useState(false);
  const submit = (body: Record<string, unknown>) =>
    bulk.submit({ ...body, questionnaireIds: [...selected] } as never, { method: "post", action: "/api/staff/questionnaires", encType: "application/json" });
  useEffect(() => {
    if (bulk.state !== "idle" || !bulk.data) return;
    if (bulk.data.ok) {
      toast.success(bulk.data.message);
      clear();
      setDialog(null);
    } else toast.error(bulk.data.error || COLLECT_MESSAGES.failed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bulk.state, bulk.data]);

  const busy = bulk.state !== "idle";
  return (
    <>
      {selected.size > 0 ? (
        <div className={s.bulkBar} role="toolbar" aria-label="Selected rows">
          <span className={s.bulkCount}>{selected.size} selected</span>
          {deletedView ? (
            <Button size="sm" disabled={!isAdvisor || busy} onClick={() => submit({ intent: "restore" })}>
              Restore
            </Button>
          ) : (
            <>
              <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setDialog("lock")}>
                Lock
              </Button>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDialog("due")}>
                Edit due dates
              </Button>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDialog("reminders")}>
                Edit reminders
              </Button>
              <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setDialog("drafts")}>
                Send drafts
              </Button>
              <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setSendReminders(true)}>
                Send reminders
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={!isAdvisor || busy || selected.size > MAX_EXPORT_QUESTIONNAIRES}
                title={selected.size > MAX_EXPORT_QUESTIONNAIRES ? `At most ${MAX_EXPORT_QUESTIONNAIRES} can be exported at once.` : undefined}
                onClick={() => setExporting(true)}
              >
                Export
              </Button>
              {statuses.length ? (
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDialog("status")}>
                  Set status
                </Button>
              ) : null}
            </>
          )}
          <Button size="sm" variant="ghost" onClick={clear}>
            Clear selection
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={dialog === "lock"}
        title={`Lock ${selected.size} ${tr(selected.size === 1 ? "questionnaire" : "questionnaires")}?`}
        message={tr("Clients can still view a locked questionnaire but cannot change it.")}
        confirmLabel="Lock"
        busy={busy}
        onConfirm={() => submit({ intent: "lock" })}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === "drafts"}
        title={`Send the selected drafts?`}
        message="Each draft among the selected rows is sent to its client now. Rows that are not drafts are left as they are."
        confirmLabel="Send drafts"
        busy={busy}
        onConfirm={() => submit({ intent: "send_drafts" })}
        onCancel={() => setDialog(null)}
      />
      <DueDateDialog
        open={dialog === "due"}
        today={today}
        busy={busy}
        count={selected.size}
        onCancel={() => setDialog(null)}
        onSave={(dueDate, remindersDisabled) => submit({ intent: "due_dates", dueDate, remindersDisabled })}
      />
      <BulkRemindersDialog
        open={dialog === "reminders"}
        busy={busy}
        count={selected.size}
        onCancel={() => setDialog(null)}
        onSave={(remindersDisabled) => submit({ intent: "reminders", remindersDisabled })}
      />
      <SetStatusDialog open={dialog === "status"} questionnaireIds={[...selected]} statuses={statuses} onClose={() => setDialog(null)} onDone={clear} />
      {exporting ? <ExportDialog questionnaireIds={[...selected]} onClose={() => setExporting(false)} /> : null}
      <SendRemindersDialog
        open={sendReminders}
        questionnaireIds={[...selected]}
        onClose={() => setSendReminders(false)}
        onDone={() => {
          clear();
          revalidator.revalidate();
        }}
      />
    </>
  );
}

function BulkRemindersDialog({
  open,
  busy,
  count,
  onCancel,
  onSave,
}: {
  open: boolean;
  busy: boolean;
  count: number;
  onCancel: () => void;
  onSave: (off: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Edit reminders"
      description={`Automatic reminders for ${count} selected ${count === 1 ? "row" : "rows"}.`}
      size="sm"
      persistent={busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => onSave(true)} disabled={busy}>
            Turn reminders off
          </Button>
          <Button onClick={() => onSave(false)} loading={busy}>
            Turn reminders on
          </Button>
        </>
      }
    />
  );
}
