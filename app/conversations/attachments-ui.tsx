/**
 * Files on messages in the browser: the composer's "Attach files" (each file screened like a
 * document upload, then grant → straight to the store → confirm, through
 * /api/messages/{entity}/attachments), and a message's files, each opening the documents'
 * preview dialog.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { DOCUMENT_ACCEPT, sniffBlob, UploadFailedError, uploadWithProgress, UPLOAD_FAILED_MESSAGE } from "~/components/upload";
import { Button, useToast } from "~/components/ui";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { screenUploadBatch } from "~/documents/upload-batch";
import { formatFileSize, type UploadGrant } from "~/storage/uploads";
import { COMPOSE_TEXT, MAX_ATTACHMENTS } from "./compose-rules";
import type { MessageAttachmentView } from "./attachments.server";
import * as s from "./inbox.css";

// The viewer (and pdf.js with it) loads only when a file is opened: the inbox carries none of it.
const FilePreviewDialog = lazy(() => import("~/pdf/file-preview-dialog").then((m) => ({ default: m.FilePreviewDialog })));

async function call<T>(entityHash: string, body: object): Promise<T> {
  const res = await apiFetch(`/api/messages/${encodeURIComponent(entityHash)}/attachments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok || !json) throw new Error(json?.error ?? UPLOAD_FAILED_MESSAGE);
  return json;
}

export interface PendingAttachment {
  key: string;
  name: string;
  status: "uploading" | "done" | "error";
  attachment?: MessageAttachmentView;
  error?: string;
}

/** The composer's files: upload state, the ids to send, and a reset after sending. */
export function useMessageAttachments(entityHash: string | null) {
  const toast = useToast();
  const [files, setFiles] = useState<PendingAttachment[]>([]);
  const update = (key: string, patch: Partial<PendingAttachment>) => setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  async function add(list: File[]) {
    if (!entityHash || !list.length) return;
    if (files.length + list.length > MAX_ATTACHMENTS) {
      toast.error(COMPOSE_TEXT.tooManyFiles);
      return;
    }
    const sniffed = await Promise.all(list.map((f) => sniffBlob(f).catch(() => null)));
    const screening = screenUploadBatch(
      list.map((file, i) => ({ file, name: file.name, size: file.size, type: file.type, sniffed: sniffed[i] })),
      files.map((f) => f.name),
    );
    if (screening.anyInvalid) toast.error(DOCUMENT_MESSAGES.invalidFiles);
    for (const message of new Set(screening.skipped.filter((x) => x.reason !== "invalid").map((x) => x.message))) toast.error(message);
    for (const { file } of screening.send) {
      const key = `${Date.now()}-${Math.random()}`;
      setFiles((all) => [...all, { key, name: file.name, status: "uploading" }]);
      try {
        const { grant } = await call<{ grant: UploadGrant }>(entityHash, {
          intent: "upload_grant",
          fileName: file.name,
          contentType: file.type,
          size: file.size,
        });
        await uploadWithProgress(grant, file, undefined, { fileName: file.name });
        const { attachment } = await call<{ attachment: MessageAttachmentView }>(entityHash, {
          intent: "upload_confirm",
          key: grant.key,
          fileName: file.name,
          contentType: grant.contentType,
        });
        update(key, { status: "done", attachment });
      } catch (error) {
        const message = error instanceof UploadFailedError || error instanceof Error ? error.message : UPLOAD_FAILED_MESSAGE;
        update(key, { status: "error", error: message });
        toast.error(message);
      }
    }
  }

  return {
    files,
    add,
    remove: (key: string) => setFiles((all) => all.filter((f) => f.key !== key)),
    reset: () => setFiles([]),
    ids: files.flatMap((f) => (f.status === "done" && f.attachment ? [f.attachment.id] : [])),
    uploading: files.some((f) => f.status === "uploading"),
  };
}

/** "Attach files" and the chosen files (with their hidden `attachmentId` fields). */
export function AttachmentPicker({ state }: { state: ReturnType<typeof useMessageAttachments> }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={s.attachmentPicker}>
      <input
        ref={input}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        className={s.hiddenInput}
        aria-label={COMPOSE_TEXT.attach}
        onChange={(e) => {
          const list = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = "";
          void state.add(list);
        }}
      />
      <Button type="button" size="sm" variant="secondary" onClick={() => input.current?.click()}>
        {COMPOSE_TEXT.attach}
      </Button>
      {state.files.length ? (
        <ul className={s.attachmentList} aria-label="Files to send">
          {state.files.map((f) => (
            <li key={f.key} className={s.attachmentChip} data-status={f.status}>
              <span>
                {f.name}
                {f.status === "uploading" ? " (uploading…)" : f.status === "error" ? ` (${f.error ?? UPLOAD_FAILED_MESSAGE})` : ""}
              </span>
              {f.attachment ? <input type="hidden" name="attachmentId" value={f.attachment.id} /> : null}
              <Button type="button" size="sm" variant="ghost" onClick={() => state.remove(f.key)} aria-label={`Remove ${f.name}`}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A message's files; each opens the documents' preview. */
export function MessageAttachments({ entityHash, attachments }: { entityHash: string | null; attachments: MessageAttachmentView[] }) {
  const [open, setOpen] = useState<MessageAttachmentView | null>(null);
  if (!attachments.length || !entityHash) return null;
  return (
    <>
      <ul className={s.attachmentList} aria-label="Attachments">
        {attachments.map((a) => (
          <li key={a.id}>
            <button type="button" className={s.attachmentChip} onClick={() => setOpen(a)}>
              {a.name} <span className={s.time}>{formatFileSize(a.size)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <FilePreviewDialog
            file={open}
            onClose={() => setOpen(null)}
            getUrl={async () => (await call<{ url: string }>(entityHash, { intent: "view_url", id: open?.id ?? "" })).url}
          />
        </Suspense>
      ) : null}
    </>
  );
}
