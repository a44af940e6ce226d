/**
 * The Custom Statuses settings page: the firm's statuses in order (each with its colour, what
 * staff and clients see, and how many questionnaires carry it), and the add / edit / delete dialogs.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Badge, Button, ConfirmDialog, Dialog, EmptyState, TextArea, TextField, useToast } from "~/components/ui";
import type { SettingsActionResult } from "~/firm-settings/form-action.server";
import * as s from "~/firm-settings/settings.css";
import { useVocabulary } from "~/vocabulary";
import { STATUS_COLORS, STATUS_LIMITS, statusTone } from "./rules";
import type { CustomStatusRow } from "./statuses.server";

type Editing = { mode: "create" } | { mode: "edit"; status: CustomStatusRow };

export function CustomStatusSettings({ statuses }: { statuses: CustomStatusRow[] }) {
  const t = useVocabulary();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CustomStatusRow | null>(null);
  const mover = useFetcher<SettingsActionResult>();
  const remover = useFetcher<SettingsActionResult>();
  const toast = useToast();
  useResultToast(mover.data, mover.state);
  useEffect(() => {
    if (remover.state !== "idle" || !remover.data) return;
    if (remover.data.ok) {
      toast.success(remover.data.message);
      setDeleting(null);
    } else toast.error(remover.data.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remover.state, remover.data]);

  return (
    <>
      <header className={s.header}>
        <div>
          <h1 className={s.title}>Custom Statuses</h1>
          <p className={s.subtitle}>{t("Your own steps for each questionnaire, shown in Collect and, in the client's words, on their dashboard.")}</p>
        </div>
        <Button onClick={() => setEditing({ mode: "create" })}>Add status</Button>
      </header>
      {statuses.length === 0 ? (
        <EmptyState title="No custom statuses yet" description={t("Add one, then set it on questionnaires from Collect.")} />
      ) : (
        <ol className={s.list} aria-label="Custom statuses">
          {statuses.map((status, index) => (
            <li key={status.id} className={s.row}>
              <div className={s.rowMain}>
                <Badge tone={statusTone(status.color)} size="md">
                  {status.firmUserDisplayStatus}
                </Badge>
                <span className={s.muted}>
                  Clients see “{status.clientDisplayStatus}” · {status.questionnaireCount}{" "}
                  {t(status.questionnaireCount === 1 ? "questionnaire" : "questionnaires")}
                </span>
                {status.clientInstruction ? <span className={s.muted}>{status.clientInstruction}</span> : null}
              </div>
              <div className={s.rowActions}>
                <mover.Form method="post">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="id" value={status.id} />
                  <Button
                    type="submit"
                    name="direction"
                    value="up"
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={`Move ${status.firmUserDisplayStatus} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    type="submit"
                    name="direction"
                    value="down"
                    size="sm"
                    variant="ghost"
                    disabled={index === statuses.length - 1}
                    aria-label={`Move ${status.firmUserDisplayStatus} down`}
                  >
                    ↓
                  </Button>
                </mover.Form>
                <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: "edit", status })} aria-label={`Edit ${status.firmUserDisplayStatus}`}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(status)} aria-label={`Delete ${status.firmUserDisplayStatus}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing ? <StatusDialog editing={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.firmUserDisplayStatus ?? ""}”?`}
        message={
          deleting && deleting.questionnaireCount > 0
            ? t(
                `${deleting.questionnaireCount} ${deleting.questionnaireCount === 1 ? "questionnaire carries" : "questionnaires carry"} this status. It will be cleared from them, and they will show their progress status again. Clients are not notified.`,
              )
            : "No questionnaire carries this status."
        }
        confirmLabel="Delete status"
        tone="danger"
        busy={remover.state !== "idle"}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remover.submit({ intent: "delete", id: deleting.id }, { method: "post" })}
      />
    </>
  );
}

function useResultToast(result: SettingsActionResult | undefined, state: string) {
  const toast = useToast();
  useEffect(() => {
    if (state !== "idle" || !result) return;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, result]);
}

function StatusDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const toast = useToast();
  const status = editing.mode === "edit" ? editing.status : null;
  const [color, setColor] = useState(status?.color ?? "brand");
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : {};
  const formError = fetcher.data && !fetcher.data.ok && Object.keys(errors).length === 0 ? fetcher.data.error : null;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      toast.success(fetcher.data.message);
      onClose();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return (
    <Dialog
      open
      onClose={onClose}
      persistent={busy}
      title={status ? `Edit “${status.firmUserDisplayStatus}”` : "Add status"}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="custom-status-form" loading={busy}>
            Save status
          </Button>
        </>
      }
    >
      <fetcher.Form method="post" id="custom-status-form" className={s.form}>
        <input type="hidden" name="intent" value={status ? "update" : "create"} />
        {status ? <input type="hidden" name="id" value={status.id} /> : null}
        {formError ? (
          <p role="alert" className={s.error}>
            {formError}
          </p>
        ) : null}
        <TextField
          label="Status staff see"
          name="firmUserDisplayStatus"
          defaultValue={status?.firmUserDisplayStatus ?? ""}
          maxLength={STATUS_LIMITS.name}
          error={errors.firmUserDisplayStatus}
          required
        />
        <TextField
          label="Status clients see"
          name="clientDisplayStatus"
          defaultValue={status?.clientDisplayStatus ?? ""}
          maxLength={STATUS_LIMITS.name}
          error={errors.clientDisplayStatus}
          required
        />
        <TextArea
          label="Instruction for the client"
          name="clientInstruction"
          defaultValue={status?.clientInstruction ?? ""}
          maxLength={STATUS_LIMITS.instruction}
          hint="Shown under the status on the client's dashboard, e.g. what happens next."
          error={errors.clientInstruction}
          rows={2}
        />
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>Colour</legend>
          <div className={s.palette}>
            {STATUS_COLORS.map((c) => (
              <label key={c.value} className={s.paletteOption}>
                <input type="radio" name="color" value={c.value} checked={color === c.value} onChange={() => setColor(c.value)} />
                <Badge tone={c.value}>{c.label}</Badge>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>Message when you notify the client</legend>
          <p className={s.muted}>
            Leave empty for the standard message. Tags: {"{client_fname}"}, {"{questionnaire_name}"}, {"{questionnaire_year}"}, {"{firm_name}"}, {"{status}"}.
          </p>
          <div className={s.form}>
            <TextField
              label="Email subject"
              name="emailSubject"
              defaultValue={status?.emailSubject ?? ""}
              maxLength={STATUS_LIMITS.emailSubject}
              error={errors.emailSubject}
            />
            <TextArea
              label="Email message"
              name="emailMessage"
              defaultValue={status?.emailMessage ?? ""}
              maxLength={STATUS_LIMITS.emailMessage}
              error={errors.emailMessage}
              rows={4}
            />
            <TextArea
              label="Text message"
              name="smsMessage"
              defaultValue={status?.smsMessage ?? ""}
              maxLength={STATUS_LIMITS.smsMessage}
              error={errors.smsMessage}
              rows={2}
            />
          </div>
        </fieldset>
      </fetcher.Form>
    </Dialog>
  );
}
