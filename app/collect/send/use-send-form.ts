/** The send dialog's state: its options (loaded once), the tabs' values, and sending. */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { SEND_API, type SelectedEntity } from "./entity-picker";
import { needsBulkConfirmation, RELOAD_AFTER_SEND_MS } from "./rules";
import { initialSendForm, sendFormErrors, sendPayload, withDefaults, type SendFormState, type SendOptions, type SendTab } from "./send-form";

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

interface UseSendFormArgs {
  open: boolean;
  initial?: SelectedEntity[];
  onSent?: (result: { status: string; count: number }) => void;
  onClose: () => void;
}

export function useSendForm({ open, initial, onSent, onClose }: UseSendFormArgs) {
  const t = useVocabulary();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [options, setOptions] = useState<SendOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<SendTab>("template");
  const [entities, setEntities] = useState<SelectedEntity[]>(initial ?? []);
  const [form, setForm] = useState<SendFormState>(initialSendForm);
  const [busy, setBusy] = useState<null | "send" | "draft">(null);
  const [confirming, setConfirming] = useState<null | { draft: boolean }>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [lastDraft, setLastDraft] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const response = await apiFetch(SEND_API);
      const data = await readJson(response);
      if (!response.ok) throw new Error(typeof data.error === "string" ? data.error : "Something went wrong");
      const loaded = data as unknown as SendOptions;
      setOptions(loaded);
      setForm((f) => withDefaults(f, loaded));
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Something went wrong");
    }
  }, []);

  useEffect(() => {
    if (open && !options) void load();
  }, [open, options, load]);

  const today = options?.today ?? "";
  const entityIds = entities.map((e) => e.id);
  const errorsFor = (draft: boolean) => (options ? sendFormErrors(tab, form, entityIds, today, draft) : {});
  const shown = (field: string): string | undefined => serverErrors[field] ?? (attempted ? errorsFor(lastDraft)[field] : undefined);

  const update = (patch: Partial<SendFormState>) => setForm((f) => ({ ...f, ...patch }));
  const updateTab = <K extends SendTab>(key: K, patch: Partial<SendFormState[K]>) => setForm((f) => ({ ...f, [key]: { ...f[key], ...patch } }));
  const switchTab = (next: SendTab) => {
    setTab(next);
    setAttempted(false);
    setServerErrors({});
    setFormError(null);
  };

  const submit = async (draft: boolean, confirmed = false) => {
    setAttempted(true);
    setLastDraft(draft);
    setServerErrors({});
    setFormError(null);
    if (Object.values(errorsFor(draft)).some(Boolean)) return;
    if (!confirmed && needsBulkConfirmation(entityIds.length)) {
      setConfirming({ draft });
      return;
    }
    setConfirming(null);
    setBusy(draft ? "draft" : "send");
    try {
      const body = JSON.stringify(sendPayload(tab, form, entityIds, draft));
      const response = await apiFetch(SEND_API, { method: "POST", headers: { "content-type": "application/json" }, body });
      const data = await readJson(response);
      if (!response.ok) {
        if (data.errors && typeof data.errors === "object") setServerErrors(data.errors as Record<string, string>);
        const message = typeof data.error === "string" ? data.error : "Something went wrong";
        setFormError(message);
        toast.error(message);
        return;
      }
      toast.success(t(String(data.message ?? "Successfully updated")));
      onSent?.({ status: String(data.status), count: Number(data.count ?? entityIds.length) });
      setTimeout(() => revalidator.revalidate(), RELOAD_AFTER_SEND_MS);
      onClose();
    } catch {
      toast.error("Something went wrong");
    } finally {
      setBusy(null);
    }
  };

  return {
    options,
    loadError,
    load,
    tab,
    switchTab,
    entities,
    setEntities,
    form,
    update,
    updateTab,
    busy,
    confirming,
    setConfirming,
    serverErrors,
    formError,
    attempted,
    shown,
    submit,
  };
}
