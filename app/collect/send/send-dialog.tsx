/**
 * The Send Questionnaire dialog (staff spec §2 "Send Questionnaire (Template, Document Drop Off,
 * Custom)", §5 "Send template", "Custom questionnaire", "Document drop-off"), and the button
 * that opens it. Mount `<SendQuestionnaireButton />` anywhere on a staff page; pass `entities` to
 * start with some selected (the entity view passes its entity) and `onSent` to hear about sends.
 *
 * Validation uses the same functions as the server (./rules.ts); the server's 422 field errors
 * show on the same fields. 10 or more entities ask for confirmation first. After a send the page's
 * data reloads after RELOAD_AFTER_SEND_MS.
 */
import { useState } from "react";
import { Alert, Button, ConfirmDialog, Dialog, PlusIcon, Select, Spinner, Tabs, type ButtonProps } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { EntityPicker, type SelectedEntity } from "./entity-picker";
import { canSaveDraft, canSendTemplate } from "./rules";
import * as s from "./send-dialog.css";
import { templateCheck, type SendTab } from "./send-form";
import { CustomTab, DropOffTab, TemplateTab } from "./send-tabs";
import { useSendForm } from "./use-send-form";

export { SEND_API, type SelectedEntity } from "./entity-picker";

export interface SendQuestionnaireButtonProps {
  /** Entities selected when the dialog opens. */
  entities?: SelectedEntity[];
  /** Called after a successful send, draft or schedule. */
  onSent?: (result: { status: string; count: number }) => void;
  label?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  disabled?: boolean;
}

export function SendQuestionnaireButton({ entities, onSent, label, variant = "primary", size = "md", disabled }: SendQuestionnaireButtonProps) {
  const t = useVocabulary();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)} disabled={disabled} iconStart={<PlusIcon size={16} />}>
        {label ?? t("Send Questionnaire")}
      </Button>
      {open ? <SendQuestionnaireDialog open onClose={() => setOpen(false)} entities={entities} onSent={onSent} /> : null}
    </>
  );
}

export interface SendQuestionnaireDialogProps {
  open: boolean;
  onClose: () => void;
  entities?: SelectedEntity[];
  onSent?: SendQuestionnaireButtonProps["onSent"];
}

export function SendQuestionnaireDialog({ open, onClose, entities: initial, onSent }: SendQuestionnaireDialogProps) {
  const t = useVocabulary();
  const send = useSendForm({ open, initial, onSent, onClose });
  const { options, form, tab, entities, busy, confirming, serverErrors, formError, attempted, shown } = send;
  const entityIds = entities.map((e) => e.id);
  const today = options?.today ?? "";
  const scheduled = form.template.scheduled;

  const sendEnabled =
    !!options &&
    busy === null &&
    (tab === "template"
      ? canSendTemplate(templateCheck(form, entityIds), today)
      : tab === "dropoff"
        ? entityIds.length > 0 && form.taxYear !== null
        : entityIds.length > 0);
  const draftEnabled = !!options && busy === null && (tab !== "template" || canSaveDraft({ scheduled })) && entityIds.length > 0;

  const title = t("Send Questionnaire");
  const footer = (
    <div className={s.footer}>
      {entityIds.length > 0 ? (
        <span className={s.footerNote}>{t(`${entityIds.length} ${entityIds.length === 1 ? "entity" : "entities"} selected`)}</span>
      ) : null}
      <Button variant="secondary" onClick={onClose} disabled={busy !== null}>
        Cancel
      </Button>
      <Button
        variant="secondary"
        onClick={() => void send.submit(true)}
        disabled={!draftEnabled}
        loading={busy === "draft"}
        title={tab === "template" && scheduled ? "Scheduled sends cannot be saved as drafts" : undefined}
      >
        Save Draft
      </Button>
      <Button onClick={() => void send.submit(false)} disabled={!sendEnabled} loading={busy === "send"}>
        {tab === "template" && scheduled ? "Schedule" : "Send"}
      </Button>
    </div>
  );

  const shared = {
    shown,
    attempted,
    today,
    picker: <EntityPicker selected={entities} onChange={send.setEntities} error={shown("companyIds")} />,
    yearSelect: (
      <Select
        label="Tax year"
        required
        placeholder="Select a tax year"
        value={form.taxYear === null ? "" : String(form.taxYear)}
        onChange={(e) => send.update({ taxYear: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        options={(options?.taxYears ?? []).map((y) => ({ value: String(y), label: String(y) }))}
        error={shown("taxYear")}
      />
    ),
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} title={title} size="lg" persistent={busy !== null} footer={options ? footer : undefined}>
        {send.loadError ? (
          <Alert tone="danger" title="Something went wrong">
            <p className={s.muted}>{send.loadError}</p>
            <Button variant="secondary" size="sm" onClick={() => void send.load()}>
              Try again
            </Button>
          </Alert>
        ) : !options ? (
          <div className={s.loading}>
            <Spinner label="Loading" />
          </div>
        ) : (
          <div className={s.body}>
            {formError && Object.keys(serverErrors).length === 0 ? <Alert tone="danger" title={formError} /> : null}
            <Tabs
              label={title}
              value={tab}
              onChange={(id) => send.switchTab(id as SendTab)}
              tabs={[
                {
                  id: "template",
                  label: "Template",
                  content: <TemplateTab {...shared} options={options} value={form.template} onChange={(patch) => send.updateTab("template", patch)} />,
                },
                {
                  id: "dropoff",
                  label: "Document Drop Off",
                  content: <DropOffTab {...shared} value={form.dropoff} onChange={(patch) => send.updateTab("dropoff", patch)} />,
                },
                { id: "custom", label: "Custom", content: <CustomTab {...shared} value={form.custom} onChange={(patch) => send.updateTab("custom", patch)} /> },
              ]}
            />
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={t(`Send to ${entityIds.length} entities?`)}
        message={t(
          `${confirming?.draft ? "Drafts" : "Questionnaires"} will be created for ${entityIds.length} entities. Large sends finish in the background.`,
        )}
        confirmLabel={confirming?.draft ? "Save Drafts" : "Send"}
        onConfirm={() => void send.submit(confirming?.draft ?? false, true)}
        onCancel={() => send.setConfirming(null)}
      />
    </>
  );
}
