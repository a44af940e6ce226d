import { data, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { AuthCard } from "~/components/shell";
import { Alert, Button, TextField } from "~/components/ui";
import { UploadProgress, uploadWithProgress, UPLOAD_FAILED_MESSAGE, UploadFailedError, type UploadStatus } from "~/components/upload";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { openDropLink } from "~/drop-off/drop-link.server";
import { DROP_LINK_MESSAGES, senderSchema } from "~/drop-off/link-rules";
import type { UploadGrant } from "~/storage/uploads";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Send files") }, { name: "robots", content: "noindex" }];

// The link's token is in this page's URL: the loader's no-store and no-referrer apply to the page too.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Public: the firm's drop link. Anyone with a live link sends files without signing in. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const firm = { name: portal.firm.name, logoUrl: portal.firm.logoUrl };
  try {
    const link = await openDropLink(portal, params.token ?? "");
    if (!link) return data({ firm, open: false as const, message: DROP_LINK_MESSAGES.expired }, { status: 404, headers: { "Cache-Control": "no-store" } });
    return data(
      { firm, open: true as const, expiresAt: link.expiresAt.toISOString() },
      { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
    );
  } catch (error) {
    if (isPortalError(error)) return data({ firm, open: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}

interface FileRow {
  name: string;
  percent: number;
  status: UploadStatus;
  error: string | null;
}

/** The public upload API: no session here, so a 401 is an answer, not a reason to sign out. */
async function api(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await apiFetch("/api/drop-link", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    retryOn401: false,
  });
  const result = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(typeof result.error === "string" ? result.error : UPLOAD_FAILED_MESSAGE);
  return result;
}

export default function DropLinkUploadPage() {
  const data = useLoaderData<typeof loader>();
  const token = useParams().token ?? "";
  const [rows, setRows] = useState<FileRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!data.open) {
    return (
      <AuthCard firmName={data.firm.name} logoUrl={data.firm.logoUrl} title="Link not available">
        <Alert tone="warning">{data.message}</Alert>
      </AuthCard>
    );
  }

  const update = (i: number, patch: Partial<FileRow>) => setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = form.getAll("files").filter((f): f is File => f instanceof File && f.name !== "");
    const sender = senderSchema.safeParse({ name: form.get("name"), email: form.get("email") });
    setDone(null);
    if (!sender.success) return setError(sender.error.issues[0]?.message ?? "Please check your name and email.");
    if (!files.length) return setError("Please choose at least one file.");
    if (files.length > 999) return setError("You can send at most 999 files at a time.");
    setError(null);
    setBusy(true);
    setRows(files.map((f) => ({ name: f.name, percent: 0, status: "uploading", error: null })));
    const ids: string[] = [];
    for (const [i, file] of files.entries()) {
      try {
        const { grant } = (await api({ intent: "grant", token, fileName: file.name, contentType: file.type, size: file.size })) as { grant: UploadGrant };
        await uploadWithProgress(grant, file, ({ percent }) => update(i, { percent }), { fileName: file.name });
        const { document } = (await api({ intent: "confirm", token, key: grant.key, fileName: file.name, contentType: file.type, ...sender.data })) as {
          document: { id: string };
        };
        ids.push(document.id);
        update(i, { status: "done", percent: 100 });
      } catch (e) {
        update(i, { status: "error", error: e instanceof UploadFailedError || e instanceof Error ? e.message : UPLOAD_FAILED_MESSAGE });
      }
    }
    if (ids.length) {
      try {
        await api({ intent: "finish", token, documentIds: ids, ...sender.data });
      } catch {
        // The files are filed; only the notification failed. The firm still sees them.
      }
      setDone(`${DROP_LINK_MESSAGES.uploaded}: ${ids.length} of ${files.length} file${files.length === 1 ? "" : "s"} sent to ${data.firm.name}.`);
    }
    setBusy(false);
  };

  return (
    <AuthCard
      firmName={data.firm.name}
      logoUrl={data.firm.logoUrl}
      title="Send files"
      description={`Send documents to ${data.firm.name} securely. No account needed.`}
      footer={<span>This link expires on {new Date(data.expiresAt).toLocaleDateString()}.</span>}
    >
      <form onSubmit={submit} noValidate>
        <TextField label="Your name" name="name" autoComplete="name" required disabled={busy} />
        <TextField label="Your email" name="email" type="email" autoComplete="email" required disabled={busy} />
        <div style={{ display: "grid", gap: "0.25rem" }}>
          <label htmlFor="drop-files" style={{ fontWeight: 600 }}>
            Files
          </label>
          <input
            id="drop-files"
            name="files"
            type="file"
            multiple
            accept=".pdf,.png,.gif,.jpg,.jpeg,.heic,application/pdf,image/png,image/gif,image/jpeg,image/heic"
            disabled={busy}
            aria-describedby="drop-files-hint"
          />
          <small id="drop-files-hint">PDF, PNG, GIF, JPEG or HEIC. Max size 150 MB.</small>
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
    </AuthCard>
  );
}
