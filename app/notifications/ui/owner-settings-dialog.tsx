/**
 * The client's notification settings dialog (client spec §2, §5): for the entity, which owners
 * receive which notifications. Save is disabled, with the spec's message, until someone receives
 * Questionnaire and someone Questionnaire Signature. Loads from and saves to
 * /api/notification-settings; a card on /profile opens it.
 *
 *   <OwnerNotificationSettingsCard entityHashId={hash} entityName={name} />
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Card, Dialog, Spinner, Switch, useToast } from "~/components/ui";
import { replyOptions, type ReplyOptions } from "~/form-reply";
import { useVocabulary } from "~/vocabulary";
import { ownerSettingsFormSchema } from "../owner-settings-schema";
import { OWNER_NOTIFICATION_TYPES, OWNER_SETTINGS_MESSAGES, ownerSettingsProblem } from "../rules";
import * as s from "./owner-settings.css";

interface OwnerRow {
  userId: string;
  name: string;
  typeIds: number[];
}
interface Loaded {
  entity: { hashId: string; name: string };
  owners: OwnerRow[];
  readOnly: boolean;
}

const FAILED = "Something went wrong";

/** The profile's card with the button that opens the dialog for the selected entity. */
export function OwnerNotificationSettingsCard({ entityHashId, entityName }: { entityHashId: string; entityName: string }) {
  const t = useVocabulary();
  const [open, setOpen] = useState(false);
  return (
    <Card title="Notifications" description={`Who among the owners of ${entityName} hears of messages, documents and questionnaires for this ${t("entity")}.`}>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Notification settings
        </Button>
      </div>
      {open ? <OwnerSettingsDialog entityHashId={entityHashId} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

export function OwnerSettingsDialog({ entityHashId, onClose }: { entityHashId: string; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    apiFetch(`/api/notification-settings?entity=${encodeURIComponent(entityHashId)}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as Partial<Loaded> & { error?: string };
        if (cancelled) return;
        if (!response.ok || !body.owners) setLoadError(body.error ?? FAILED);
        else setLoaded(body as Loaded);
      })
      .catch(() => !cancelled && setLoadError(FAILED));
    return () => {
      cancelled = true;
    };
  }, [entityHashId]);

  if (!loaded) {
    return (
      <Dialog open onClose={onClose} title="Notification settings" size="md">
        {loadError ? <Alert tone="danger">{loadError}</Alert> : <Spinner label="Loading the notification settings" />}
      </Dialog>
    );
  }
  return <OwnerSettingsForm loaded={loaded} onClose={onClose} />;
}

function checkedTypes(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value];
  return list.map(Number).filter((n) => Number.isInteger(n));
}

function OwnerSettingsForm({ loaded, onClose }: { loaded: Loaded; onClose: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const [form, fields] = useForm({
    id: "owner-notification-settings",
    lastResult,
    defaultValue: { owners: loaded.owners.map((o) => ({ userId: o.userId, typeIds: o.typeIds.map(String) })) },
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownerSettingsFormSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void save(submission.value.owners, (options) => submission.reply(options));
    },
  });
  const owners = fields.owners.getFieldList();
  const current = owners.map((o) => {
    const row = o.getFieldset();
    return { userId: String(row.userId.value ?? ""), typeIds: checkedTypes(row.typeIds.value) };
  });
  const problem = ownerSettingsProblem(current);

  async function save(rows: { userId: string; typeIds: number[] }[], reply: (options: ReplyOptions) => SubmissionResult<string[]>) {
    setBusy(true);
    setLastResult(null);
    try {
      const response = await apiFetch("/api/notification-settings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ entity: loaded.entity.hashId, owners: rows }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string; errors?: Record<string, string> };
      if (!response.ok) {
        setLastResult(reply(replyOptions(body, FAILED)));
        toast.error(body.error ?? FAILED);
        return;
      }
      toast.success(body.message ?? OWNER_SETTINGS_MESSAGES.saved);
      onClose();
    } catch {
      toast.error(FAILED);
    } finally {
      setBusy(false);
    }
  }

  const formError = form.errors?.[0];
  const message = problem ?? (formError && formError !== problem ? formError : null);
  return (
    <Dialog
      open
      onClose={busy ? () => {} : onClose}
      persistent={busy}
      size="md"
      title="Notification settings"
      description={`Choose who receives each notification for ${loaded.entity.name}.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={form.id} disabled={busy || loaded.readOnly || Boolean(problem)} loading={busy}>
            Save
          </Button>
        </>
      }
    >
      <form {...getFormProps(form)} className={s.stack}>
        {loaded.readOnly ? <Alert tone="info">This entity is read-only.</Alert> : null}
        {message ? (
          <Alert tone="danger" role="alert">
            {message}
          </Alert>
        ) : null}
        {owners.map((owner, index) => {
          const row = owner.getFieldset();
          const initial = loaded.owners[index]?.typeIds ?? [];
          return (
            <fieldset key={owner.key} className={s.owner} disabled={busy || loaded.readOnly}>
              <legend className={s.ownerName}>{loaded.owners[index]?.name ?? ""}</legend>
              <input type="hidden" name={row.userId.name} value={String(row.userId.value ?? "")} />
              <div className={s.switches}>
                {OWNER_NOTIFICATION_TYPES.map((type) => (
                  <Switch key={type.id} name={row.typeIds.name} value={String(type.id)} label={type.label} defaultChecked={initial.includes(type.id)} />
                ))}
              </div>
            </fieldset>
          );
        })}
      </form>
    </Dialog>
  );
}
