/**
 * The upload form of the drop-off page and the secure upload page (the drop link's component):
 * per file, a grant from `endpoint`, the file straight to S3 with progress, then confirm.
 */
import { useState, type FormEvent } from "react";
import { Alert, Button } from "~/components/ui";
import { UploadProgress, uploadWithProgress, UPLOAD_FAILED_MESSAGE, UploadFailedError, type UploadStatus } from "~/components/upload";
import type { UploadGrant } from "~/storage/uploads";

interface FileRow {
  name: string;
  percent: number;
  status: UploadStatus;
  error: string | null;
}

async function api(endpoint: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(typeof data.error === "string" ? data.error : UPLOAD_FAILED_MESSAGE);
  return data;
}

export function DropOffUploadForm({ endpoint, fields, firmName }: { endpoint: string; fields: Record<string, string>; firmName: string }) {
  const [rows, setRows] = useState<FileRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const update = (i: number, patch: Partial<FileRow>) => setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const files = new FormData(event.currentTarget).getAll("files").filter((f): f is File => f instanceof File && f.name !== "");
    setDone(null);
    if (!files.length) return setError("Please choose at least one file.");
    if (files.length > 999) return setError("You can send at most 999 files at a time.");
    setError(null);
    setBusy(true);
    setRows(files.map((f) => ({ name: f.name, percent: 0, status: "uploading", error: null })));
    let sent = 0;
    for (const [i, file] of files.entries()) {
      try {
        const { grant } = (await api(endpoint, { intent: "grant", ...fields, fileName: file.name, contentType: file.type, size: file.size })) as { grant: UploadGrant };
        await uploadWithProgress(grant, file, ({ percent }) => update(i, { percent }), { fileName: file.name });
        await api(endpoint, { intent: "confirm", ...fields, key: grant.key, fileName: file.name, contentType: file.type });
        sent++;
        update(i, { status: "done", percent: 100 });
      } catch (e) {
        update(i, { status: "error", error: e instanceof UploadFailedError || e instanceof Error ? e.message : UPLOAD_FAILED_MESSAGE });
      }
    }
    if (sent) setDone(`Upload successful: ${sent} of ${files.length} file${files.length === 1 ? "" : "s"} sent to ${firmName}.`);
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <div style={{ display: "grid", gap: "0.25rem" }}>
        <label htmlFor="drop-off-files" style={{ fontWeight: 600 }}>
          Files
        </label>
        <input id="drop-off-files" name="files" type="file" multiple accept=".pdf,.png,.gif,.jpg,.jpeg,.heic,application/pdf,image/png,image/gif,image/jpeg,image/heic" disabled={busy} aria-describedby="drop-off-files-hint" />
        <small id="drop-off-files-hint">PDF, PNG, GIF, JPEG or HEIC. Max size 150 MB.</small>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {rows.length ? (
        <div style={{ display: "grid", gap: "0.75rem" }} aria-live="polite">
          {rows.map((row, i) => (
            <UploadProgress key={`${row.name}-${i}`} fileName={row.name} percent={row.percent} status={row.status} error={row.error} />
          ))}
        </div>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      <Button type="submit" disabled={busy}>
        {busy ? "Sending…" : "Send files"}
      </Button>
    </form>
  );
}
