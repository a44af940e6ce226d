/**
 * The upload form of the drop-off page and the secure upload page: choose files, give each a
 * document name (spec: additional attachments need a document name per file; the file keeps its
 * extension), then per file a grant from `endpoint`, the file straight to S3 with progress, and a
 * confirm. Invalid, empty, oversize and repeated files are skipped with the spec's messages; the
 * others still go. With `finish`, the endpoint is told once when the batch is done (notifications).
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, TextField } from "~/components/ui";
import {
  sniffBlob,
  UploadBox,
  uploadProgressClass,
  UploadProgress,
  uploadWithProgress,
  UPLOAD_FAILED_MESSAGE,
  UploadFailedError,
  type UploadStatus,
} from "~/components/upload";
import { DOCUMENT_MESSAGES, extensionOf } from "~/documents/rules";
import { screenUploadBatch } from "~/documents/upload-batch";
import type { UploadGrant } from "~/storage/uploads";
import { DOCUMENT_NAME_REQUIRED } from "./request-rules";

interface ChosenFile {
  id: number;
  file: File;
  documentName: string;
  percent: number;
  status: UploadStatus | "ready" | "skipped";
  error: string | null;
}

/** One call of the upload API. A link holder has no session: their 401 is an answer, not a reason to sign out. */
async function api(endpoint: string, body: Record<string, unknown>, signedIn: boolean): Promise<Record<string, unknown>> {
  const response = await apiFetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    retryOn401: signedIn,
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(typeof data.error === "string" ? data.error : UPLOAD_FAILED_MESSAGE);
  return data;
}

function baseName(name: string): string {
  const ext = extensionOf(name);
  return (ext ? name.slice(0, -ext.length) : name).trim();
}

export function DropOffUploadForm({
  endpoint,
  fields,
  firmName,
  successMessage = "Upload successful",
  finish = false,
  signedIn = false,
}: {
  endpoint: string;
  fields: Record<string, string>;
  firmName: string;
  successMessage?: string;
  finish?: boolean;
  /** The page's visitor is signed in (drop-off): a 401 refreshes the session, then signs out. */
  signedIn?: boolean;
}) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const nextId = useRef(1);
  const inputId = useId();
  const update = (id: number, patch: Partial<ChosenFile>) => setFiles((all) => all.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  const choose = async (chosen: File[]) => {
    setDone(null);
    setError(null);
    if (!chosen.length) return;
    const sniffed = await Promise.all(chosen.map((f) => sniffBlob(f).catch(() => null)));
    const screening = screenUploadBatch(
      chosen.map((file, i) => ({ file, name: file.name, size: file.size, type: file.type, sniffed: sniffed[i] })),
      files.filter((f) => f.status !== "skipped").map((f) => f.file.name),
    );
    if (screening.tooMany) return setError(DOCUMENT_MESSAGES.tooManyFiles);
    setInvalid(screening.anyInvalid);
    const skippedBy = new Map(screening.skipped.map((s) => [s.file.file, s.message]));
    setFiles((current) => [
      ...current.filter((f) => f.status !== "skipped"),
      ...chosen.map((file) => ({
        id: nextId.current++,
        file,
        documentName: baseName(file.name),
        percent: 0,
        status: skippedBy.has(file) ? ("skipped" as const) : ("ready" as const),
        error: skippedBy.get(file) ?? null,
      })),
    ]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const ready = files.filter((f) => f.status === "ready" || f.status === "error");
    if (!ready.length) return setError("Please choose at least one file.");
    const unnamed = ready.filter((f) => !f.documentName.trim());
    if (unnamed.length) {
      setError(DOCUMENT_NAME_REQUIRED);
      document.getElementById(`${inputId}-name-${unnamed[0].id}`)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const sent: string[] = [];
    const failures = new Set<string>();
    for (const f of ready) {
      update(f.id, { status: "uploading", percent: 0, error: null });
      try {
        const { grant } = (await api(
          endpoint,
          { intent: "grant", ...fields, fileName: f.file.name, contentType: f.file.type, size: f.file.size },
          signedIn,
        )) as {
          grant: UploadGrant;
        };
        await uploadWithProgress(grant, f.file, ({ percent }) => update(f.id, { percent }), { fileName: f.file.name });
        const confirmed = (await api(
          endpoint,
          {
            intent: "confirm",
            ...fields,
            key: grant.key,
            fileName: f.file.name,
            contentType: grant.contentType,
            documentName: f.documentName.trim(),
          },
          signedIn,
        )) as { document: { id: string } };
        sent.push(confirmed.document.id);
        update(f.id, { status: "done", percent: 100 });
      } catch (e) {
        const message = e instanceof UploadFailedError || e instanceof Error ? e.message : UPLOAD_FAILED_MESSAGE;
        failures.add(message);
        update(f.id, { status: "error", error: message });
      }
    }
    if (sent.length && finish) await api(endpoint, { intent: "finish", ...fields, documentIds: sent }, signedIn).catch(() => null);
    if (sent.length) setDone(`${successMessage}: ${sent.length} of ${ready.length} file${ready.length === 1 ? "" : "s"} sent to ${firmName}.`);
    if (failures.size) setError([...failures].join(" "));
    setBusy(false);
  };

  const pending = files.filter((f) => f.status === "ready" || f.status === "error").length;

  return (
    <form onSubmit={submit} noValidate style={{ display: "grid", gap: "0.75rem" }}>
      <UploadBox
        disabled={busy}
        hint="PDF, PNG, GIF, JPEG or HEIC; give each file a document name."
        onFiles={(chosen) => void choose(chosen)}
        onTooMany={(message) => setError(message)}
        testId="drop-off-file-input"
      />
      {invalid ? <Alert tone="warning">{DOCUMENT_MESSAGES.invalidFiles}</Alert> : null}
      {files.length ? (
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "0.75rem" }} aria-label="Files to send" aria-live="polite">
          {files.map((f) => (
            <li key={f.id} style={{ display: "grid", gap: "0.25rem" }}>
              {f.status === "ready" || (f.status === "error" && !busy) ? (
                <TextField
                  id={`${inputId}-name-${f.id}`}
                  label={`Document name for ${f.file.name}`}
                  value={f.documentName}
                  onChange={(e) => update(f.id, { documentName: e.target.value })}
                  maxLength={200}
                  required
                  error={error === DOCUMENT_NAME_REQUIRED && !f.documentName.trim() ? DOCUMENT_NAME_REQUIRED : undefined}
                />
              ) : null}
              {f.status === "skipped" ? (
                <UploadProgress className={uploadProgressClass} fileName={f.file.name} percent={0} status="error" error={f.error} />
              ) : f.status === "ready" ? null : (
                <UploadProgress
                  className={uploadProgressClass}
                  fileName={f.status === "done" ? `${f.documentName}${extensionOf(f.file.name)}` : f.file.name}
                  percent={f.percent}
                  status={f.status}
                  error={f.error}
                />
              )}
              {f.status === "ready" || f.status === "skipped" || (f.status === "error" && !busy) ? (
                <div>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => setFiles((all) => all.filter((x) => x.id !== f.id))}
                    aria-label={`Remove ${f.file.name}`}
                  >
                    Remove
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      <Button type="submit" disabled={busy || pending === 0} loading={busy}>
        {busy ? "Sending…" : pending > 1 ? `Send ${pending} files` : "Send files"}
      </Button>
    </form>
  );
}
