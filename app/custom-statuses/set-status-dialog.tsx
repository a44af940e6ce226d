/**
 * Set custom status: for one questionnaire (Collect's row, the preview dialog) or the selected
 * rows (Collect's bulk bar). Choose a status or none, and whether to notify the clients with the
 * status's message (email, and a text for those who prefer texts).
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Badge, Button, Checkbox, Dialog, Select, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { statusTone, type CustomStatusChoice } from "./rules";

type Result = { ok: true; message: string; count: number } | { ok: false; error: string; errors?: Record<string, string> };

export const SET_STATUS_ACTION = "/api/staff/custom-status";

export interface SetStatusDialogProps {
  open: boolean;
  questionnaireIds: string[];
  statuses: CustomStatusChoice[];
  /** The status the one questionnaire has now (preselected). */
  currentStatusId?: string | null;
  onClose: () => void;
  onDone?: () => void;
}

export function SetStatusDialog({ open, questionnaireIds, statuses, currentStatusId = null, onClose, onDone }: SetStatusDialogProps) {
  const tr = useVocabulary();
  const toast = useToast();
  const fetcher = useFetcher<Result>();
  const [statusId, setStatusId] = useState<string>(currentStatusId ?? "");
  const [notify, setNotify] = useState(false);
  useEffect(() => {
    if (open) {
      setStatusId(currentStatusId ?? "");
      setNotify(false);
    }
  }, [open, currentStatusId]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onDone?.();
      onClose();
    } else toast.error(fetcher.data.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const chosen = statuses.find((s) => s.id === statusId) ?? null;
  const busy = fetcher.state !== "idle";
  const count = questionnaireIds.length;
  const save = () =>
    fetcher.submit({ questionnaireIds, statusId: statusId || null, notify: Boolean(chosen) && notify } as never, {
      method: "post",
      action: SET_STATUS_ACTION,
      encType: "application/json",
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      persistent={busy}
      size="sm"
      title="Set status"
      description={count === 1 ? tr("The custom status of this questionnaire.") : tr(`The custom status of ${count} selected questionnaires.`)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            {chosen ? "Set status" : "Clear status"}
          </Button>
        </>
      }
    >
      <div style={{ display: "grid", gap: 16 }}>
        <Select
          label="Status"
          value={statusId}
          onChange={(e) => setStatusId(e.currentTarget.value)}
          options={[{ value: "", label: "No custom status" }, ...statuses.map((s) => ({ value: s.id, label: s.name }))]}
        />
        {chosen ? (
          <p style={{ margin: 0 }}>
            Clients see <Badge tone={statusTone(chosen.color)}>{chosen.clientName}</Badge>
          </p>
        ) : null}
        <Checkbox
          label="Notify the client"
          description="Sends the status's email (and a text to clients who prefer texts)."
          checked={Boolean(chosen) && notify}
          disabled={!chosen}
          onChange={(e) => setNotify(e.currentTarget.checked)}
        />
      </div>
    </Dialog>
  );
}
