/**
 * The Send Questionnaire dialog (staff spec §2 "Send Questionnaire (Template, Document Drop Off,
 * Custom)", §5 "Send template", "Custom questionnaire", "Document drop-off"), and the button
 * that opens it. Mount `<SendQuestionnaireButton />` anywhere on a staff page; pass `entities` to
 * start with some selected (the entity view passes its entity) and `onSent` to hear about sends.
 *
 * Each tab is a conform form checked by the same functions as the server (./rules.ts); the
 * server's 422 field errors show on the same fields. 10 or more entities ask for confirmation first. After a send the page's
 * data reloads after RELOAD_AFTER_SEND_MS.
 */
import { useState } from "react";
import { Alert, Button, ConfirmDialog, Dialog, PlusIcon, Spinner, Tabs, type ButtonProps } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { EntityPicker, type SelectedEntity } from "./entity-picker";
import * as s from "./send-dialog.css";
import type { SendOptions, SendTab } from "./send-form";
import { CustomTab, DropOffTab, TemplateTab } from "./send-tabs";
import { useSendForm, useSendOptions } from "./use-send-form";

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

export function SendQuestionnaireDialog({ open, onClose, entities, onSent }: SendQuestionnaireDialogProps) {
  const t = useVocabulary();
  const { options, loadError, load } = useSendOptions(open);
  if (options) return <SendForms open={open} onClose={onClose} entities={entities} onSent={onSent} options={options} />;
  return (
    <Dialog open={open} onClose={onClose} title={t("Send Questionnaire")} size="lg">
      {loadError ? (
        <Alert tone="danger" title="Something went wrong">
          <p className={s.muted}>{loadError}</p>
          <Button variant="secondary" size="sm" onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className={s.loading}>
          <Spinner label="Loading" />
        </div>
      )}
    </Dialog>
  );
}

function SendForms({ open, onClose, entities: initial, onSent, options }: SendQuestionnaireDialogProps & { options: SendOptions }) {
  const t = useVocabulary();
  const send = useSendForm({ options, initial, onSent, onClose });
  const { tab, entities, busy, confirming, scheduled } = send;
  const count = entities.length;
  const title = t("Send Questionnaire");
  const footer = (
    <div className={s.footer}>
      {count > 0 ? <span className={s.footerNote}>{t(`${count} ${count === 1 ? "entity" : "entities"} selected`)}</span> : null}
      <Button variant="secondary" onClick={onClose} disabled={busy !== null}>
        Cancel
      </Button>
      <Button
        variant="secondary"
        onClick={() => send.submit(true)}
        disabled={!send.draftEnabled}
        loading={busy === "draft"}
        title={tab === "template" && scheduled ? "Scheduled sends cannot be saved as drafts" : undefined}
      >
        Save Draft
      </Button>
      <Button onClick={() => send.submit(false)} disabled={!send.sendEnabled} loading={busy === "send"}>
        {tab === "template" && scheduled ? "Schedule" : "Send"}
      </Button>
    </div>
  );

  const shared = {
    today: options.today,
    taxYear: send.taxYear,
    picker: (error: string | undefined) => <EntityPicker selected={entities} onChange={send.setEntities} error={error} name="companyIds" />,
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} title={title} size="lg" persistent={busy !== null} footer={footer}>
        <div className={s.body}>
          {send.formError ? <Alert tone="danger" title={send.formError} /> : null}
          <Tabs
            label={title}
            value={tab}
            onChange={(id) => send.switchTab(id as SendTab)}
            keepMounted
            tabs={[
              {
                id: "template",
                label: "Template",
                content: <TemplateTab {...shared} form={send.templateForm} fields={send.templateFields} options={options} />,
              },
              {
                id: "dropoff",
                label: "Document Drop Off",
                content: <DropOffTab {...shared} form={send.dropOffForm} fields={send.dropOffFields} />,
              },
              { id: "custom", label: "Custom", content: <CustomTab {...shared} form={send.customForm} fields={send.customFields} /> },
            ]}
          />
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={t(`Send to ${count} entities?`)}
        message={t(`${confirming?.draft ? "Drafts" : "Questionnaires"} will be created for ${count} entities. Large sends finish in the background.`)}
        confirmLabel={confirming?.draft ? "Save Drafts" : "Send"}
        onConfirm={send.confirm}
        onCancel={send.cancelConfirm}
      />
    </>
  );
}
