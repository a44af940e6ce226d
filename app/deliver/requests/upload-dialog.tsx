/**
 * Upload signature request dialog (staff spec §5 'Signature request upload': exactly one entity and
 * a non-empty file): the entity, the tax year, the document's name and its PDF(s) (merged in the
 * order chosen). Each file goes straight to the store with a presigned POST; the app then records
 * the request in `processing`. Signers, their boxes and the message to them are chosen on the
 * review page the dialog opens next.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Button, Dialog, ProgressBar, TextField, useToast } from "~/components/ui";
import { uploadWithProgress } from "~/components/upload/upload-with-progress";
import type { UploadGrant } from "~/storage/uploads";
import { EntityCombobox } from "../upload/upload-dialog";
import * as s from "../upload/upload-dialog.css";
import { REQUEST_MESSAGES, requestUploadErrors, reviewRequestPath } from "./rules";

const API = "/api/staff/signature-requests/upload";
type Entity = { id: string; name: string };

async function postJson<T>(body: object): Promise<{ ok: boolean; body: T & { error?: string; errors?: Record<string, string> } }> {
  const r = await apiFetch(API, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { ok: r.ok, body: (await r.json().catch(() => ({}))) as T & { error?: string } };
}

/** `entity`: the entity chosen when the dialog opens (the entity page's upload); still changeable. */
export function SignatureRequestUploadDialog({
  open,
  onClose,
  onUploaded,
  entity: preset = null,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded?: () => void;
  entity?: Entity | null;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const [entity, setEntity] = useState<Entity | null>(null);
  const [taxYear, setTaxYear] = useState(String(new Date().getFullYear() - 1));
  const [formName, setFormName] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const presetRef = useRef(preset);
  presetRef.current = preset;

  useEffect(() => {
    if (!open) return;
    setEntity(presetRef.current);
    setTaxYear(String(new Date().getFullYear() - 1));
    setFormName("");
    setFiles([]);
    setErrors({});
    setFailure(null);
    setProgress(null);
  }, [open]);

  async function submit() {
    const problems = requestUploadErrors({ companyIds: entity ? [entity.id] : [], taxYear: Number(taxYear) || null, formName, files });
    setErrors(problems as Record<string, string>);
    setFailure(null);
    if (Object.keys(problems).length || !entity) return;
    const controller = new AbortController();
    abort.current = controller;
    const total = files.reduce((sum, f) => sum + f.size, 0);
    let done = 0;
    setProgress(0);
    try {
      const stored: { key: string; fileName: string }[] = [];
      for (const file of files) {
        const grant = await postJson<{ grant: UploadGrant }>({ intent: "grant", companyId: entity.id, fileName: file.name, size: file.size });
        if (!grant.ok) {
          setErrors(grant.body.errors ?? {});
          throw new Error(grant.body.error ?? "Upload failed");
        }
        await uploadWithProgress(grant.body.grant, file, (e) => setProgress(Math.floor(((done + e.loaded) / total) * 100)), { signal: controller.signal });
        done += file.size;
        stored.push({ key: grant.body.grant.key, fileName: file.name });
      }
      const confirm = await postJson<{ signatureRequest: { id: string; companyId: string } }>({
        intent: "confirm",
        companyId: entity.id,
        taxYear: Number(taxYear),
        formName,
        files: stored,
      });
      if (!confirm.ok) {
        setErrors(confirm.body.errors ?? {});
        throw new Error(confirm.body.error ?? "Upload failed");
      }
      toast.success(REQUEST_MESSAGES.uploaded);
      onUploaded?.();
      onClose();
      navigate(reviewRequestPath(confirm.body.signatureRequest.id, confirm.body.signatureRequest.companyId));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "Upload failed");
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  const uploading = progress !== null;
  return (
    <Dialog
      open={open}
      onClose={() => {
        abort.current?.abort();
        onClose();
      }}
      title="Upload signature request"
      description="Upload the PDF to sign. Next you choose who signs and place their signature and date boxes."
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
        <EntityCombobox value={entity} onChange={setEntity} error={errors.companyId} api={API} />
        <TextField label="Tax year" inputMode="numeric" value={taxYear} error={errors.taxYear} onChange={(e) => setTaxYear(e.target.value)} required />
        <TextField
          label="Document name"
          value={formName}
          maxLength={200}
          error={errors.formName}
          placeholder="2025 Engagement Letter"
          onChange={(e) => setFormName(e.target.value)}
          required
        />
        <TextField
          label="Document PDF(s)"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          error={errors.files}
          hint="PDF only, max size 150 MB each. Several PDFs are merged in the order chosen."
          onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []))}
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
