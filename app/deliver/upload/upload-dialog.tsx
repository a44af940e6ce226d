/**
 * Upload / replace tax return dialog (staff spec §5 'Tax return upload'). Opened from the Deliver
 * table's 'Send Tax Return' button and from a draft's 'Replace Tax Return Draft'.
 *
 * One entity (a combobox over the entities the staff member may see), the tax year, one or more
 * PDFs (merged into one return in the order listed), and 'send draft for approval'. Each file goes
 * straight to the store with a presigned POST (a progress bar), then the app confirms the upload
 * and records the return in `processing`. Replace mode locks the entity and the tax year; the
 * replaced return is removed from the list once the new one is recorded.
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Button, Checkbox, Dialog, FieldFrame, ProgressBar, TextField, useFieldIds, useToast } from "~/components/ui";
import * as field from "~/components/ui/field.css";
import { uploadWithProgress, UploadFailedError } from "~/components/upload/upload-with-progress";
import type { UploadGrant } from "~/storage/uploads";
import { UPLOAD_MESSAGES, uploadErrors } from "./upload-rules";
import * as s from "./upload-dialog.css";

export interface TaxReturnUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Replace mode: the return being replaced (its entity and tax year are locked). */
  replace?: { taxReturnId: string; companyId: string; companyName: string; taxYear: number } | null;
  /** After a successful upload (the table reloads). */
  onUploaded?: () => void;
  /** The entity chosen when the dialog opens (the entity page's upload); still changeable. */
  entity?: Entity | null;
}

const API = "/api/staff/tax-returns/upload";
type Entity = { id: string; name: string };

async function postJson<T>(body: object): Promise<{ ok: boolean; body: T & { error?: string; errors?: Record<string, string> } }> {
  const r = await apiFetch(API, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { ok: r.ok, body: (await r.json().catch(() => ({}))) as T & { error?: string } };
}

/** The entity picker (the entities the staff member may see), searching through `api` (`GET ?q=` → `{ entities }`). */
export function EntityCombobox({
  value,
  onChange,
  error,
  api = API,
}: {
  value: Entity | null;
  onChange: (e: Entity | null) => void;
  error?: string;
  api?: string;
}) {
  const [term, setTerm] = useState("");
  const [results, setResults] = useState<Entity[]>([]);
  const { controlId, hintId, errorId, aria } = useFieldIds(undefined, undefined, error);
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      apiFetch(`${api}?q=${encodeURIComponent(term)}`)
        .then((r) => (r.ok ? (r.json() as Promise<{ entities: Entity[] }>) : { entities: [] }))
        .then((body) => !cancelled && setResults(body.entities))
        .catch(() => !cancelled && setResults([]));
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [term, api]);
  return (
    <FieldFrame label="Entity" required error={error} controlId={controlId} hintId={hintId} errorId={errorId}>
      <Combobox value={value} by="id" onChange={onChange} immediate>
        <div className={field.controlWrap}>
          <ComboboxInput
            id={controlId}
            className={field.control}
            autoComplete="off"
            placeholder="Search entities by name"
            displayValue={(e: Entity | null) => e?.name ?? ""}
            onChange={(e) => setTerm(e.currentTarget.value)}
            {...aria}
          />
        </div>
        <ComboboxOptions className={s.options} modal={false} aria-label="Matching entities">
          {results.map((entity) => (
            <ComboboxOption key={entity.id} value={entity} className={s.option}>
              {entity.name}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </FieldFrame>
  );
}

export function TaxReturnUploadDialog({ open, onClose, replace, onUploaded, entity: preset = null }: TaxReturnUploadDialogProps): JSX.Element | null {
  const toast = useToast();
  const [entity, setEntity] = useState<Entity | null>(null);
  const [taxYear, setTaxYear] = useState(String(replace?.taxYear ?? new Date().getFullYear() - 1));
  const [files, setFiles] = useState<File[]>([]);
  const [draft, setDraft] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Reset when the dialog opens (or targets another return), not when the page re-renders with an
  // equal `replace` object: that would drop the chosen files while the file input still shows them.
  const replaceRef = useRef(replace);
  replaceRef.current = replace;
  const presetRef = useRef(preset);
  presetRef.current = preset;
  const replaceId = replace?.taxReturnId ?? null;
  useEffect(() => {
    if (!open) return;
    const target = replaceRef.current;
    setEntity(target ? { id: target.companyId, name: target.companyName } : presetRef.current);
    setTaxYear(String(target?.taxYear ?? new Date().getFullYear() - 1));
    setFiles([]);
    setErrors({});
    setFailure(null);
    setProgress(null);
  }, [open, replaceId]);

  const uploading = progress !== null;
  const target = replace ? { previousTaxReturnId: replace.taxReturnId } : { companyId: entity?.id ?? null };

  async function submit() {
    const problems = uploadErrors({ companyId: entity?.id ?? null, replacing: !!replace, taxYear: Number(taxYear) || null, files });
    setErrors(problems as Record<string, string>);
    setFailure(null);
    if (Object.keys(problems).length) return;
    const controller = new AbortController();
    abort.current = controller;
    const total = files.reduce((sum, f) => sum + f.size, 0);
    let done = 0;
    setProgress(0);
    try {
      const stored: { key: string; fileName: string }[] = [];
      for (const file of files) {
        const grant = await postJson<{ grant: UploadGrant }>({ intent: "grant", ...target, fileName: file.name, size: file.size });
        if (!grant.ok) throw new Error(grant.body.error ?? UPLOAD_MESSAGES.unavailable);
        await uploadWithProgress(grant.body.grant, file, (e) => setProgress(Math.floor(((done + e.loaded) / total) * 100)), { signal: controller.signal });
        done += file.size;
        stored.push({ key: grant.body.grant.key, fileName: file.name });
      }
      const confirm = await postJson<{ taxReturn: { id: string } }>({
        intent: "confirm",
        ...target,
        taxYear: Number(taxYear),
        sendDraftForApproval: draft,
        files: stored,
      });
      if (!confirm.ok) {
        setErrors(confirm.body.errors ?? {});
        throw new Error(confirm.body.error ?? UPLOAD_MESSAGES.unavailable);
      }
      toast.success(UPLOAD_MESSAGES.uploaded);
      onUploaded?.();
      onClose();
    } catch (error) {
      setFailure(error instanceof UploadFailedError || error instanceof Error ? error.message : UPLOAD_MESSAGES.unavailable);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        abort.current?.abort();
        onClose();
      }}
      title={replace ? "Replace tax return" : "Send tax return"}
      description={
        replace ? "The new file replaces this return once it is uploaded." : "Upload the return's PDF. Several PDFs are merged into one, in the order listed."
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={uploading} onClick={() => void submit()}>
            {uploading ? "Uploading…" : "Upload"}
          </Button>
        </>
      }
    >
      <div className={s.body}>
        {replace ? (
          <p className={s.locked}>
            <strong>Entity:</strong> {replace.companyName} · <strong>Tax year:</strong> {replace.taxYear}
          </p>
        ) : (
          <>
            <EntityCombobox value={entity} onChange={setEntity} error={errors.companyId} />
            <TextField label="Tax year" inputMode="numeric" value={taxYear} error={errors.taxYear} onChange={(e) => setTaxYear(e.target.value)} required />
          </>
        )}
        <TextField
          ref={fileInput}
          label="Tax return PDF(s)"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          error={errors.files}
          hint="PDF only, max size 150 MB each."
          onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []))}
        />
        {files.length > 1 ? (
          <ol className={s.files} aria-label="Merge order">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className={s.file}>
                <span>
                  {i + 1}. {f.name}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  aria-label={`Move ${f.name} up`}
                  onClick={() => setFiles((all) => all.map((g, j) => (j === i - 1 ? all[i]! : j === i ? all[i - 1]! : g)))}
                >
                  ↑
                </Button>
              </li>
            ))}
          </ol>
        ) : null}
        <Checkbox
          label="Send draft for approval"
          description="The client reviews a draft before the return goes out for signature."
          checked={draft}
          onChange={(e) => setDraft(e.target.checked)}
        />
        {uploading ? <ProgressBar value={progress ?? 0} max={100} label="Uploading" showValue /> : null}
        {failure ? (
          <p className={s.error} role="alert">
            {failure}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
