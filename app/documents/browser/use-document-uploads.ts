/**
 * Uploads from the document browser: the batch is screened (count, names, types, sizes), then each
 * file goes grant → straight to the store (a progress bar per file) → confirm, three at a time.
 */
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { sniffBlob, UploadFailedError, uploadWithProgress, UPLOAD_FAILED_MESSAGE } from "~/components/upload";
import { useToast } from "~/components/ui";
import type { UploadGrant } from "~/storage/uploads";
import { DOCUMENT_MESSAGES } from "../rules";
import { screenUploadBatch } from "../upload-batch";
import { ActionRefused, type DocumentApi } from "./use-document-api";

export interface UploadRow {
  id: number;
  name: string;
  percent: number;
  status: "uploading" | "done" | "error";
  error: string | null;
}

const PARALLEL_UPLOADS = 3;

export function useDocumentUploads({ api, path, staffMode, existingNames }: { api: DocumentApi; path: string; staffMode: boolean; existingNames: string[] }) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const update = (id: number, patch: Partial<UploadRow>) => setUploads((current) => current.map((u) => (u.id === id ? { ...u, ...patch } : u)));

  /** One file: grant, upload, confirm. Returns the server's note about it (e.g. a protected PDF), if any. */
  async function sendOne(file: File, row: UploadRow): Promise<string | undefined> {
    let grant: UploadGrant;
    try {
      ({ grant } = await api.call<{ grant: UploadGrant }>({ intent: "upload_grant", path, fileName: file.name, contentType: file.type, size: file.size }));
    } catch (error) {
      // Refused (duplicate, type, permissions): the server's message; otherwise the page is stale or offline.
      throw error instanceof ActionRefused ? error : new Error(DOCUMENT_MESSAGES.uploadUnavailable);
    }
    await uploadWithProgress(grant, file, ({ percent }) => update(row.id, { percent }), { fileName: file.name });
    const confirmed = await api.call<{ message?: string }>({
      intent: "upload_confirm",
      path,
      fileName: file.name,
      contentType: grant.contentType,
      key: grant.key,
    });
    return confirmed.message && confirmed.message !== DOCUMENT_MESSAGES.uploaded ? confirmed.message : undefined;
  }

  async function uploadFiles(files: File[]) {
    if (uploads.some((u) => u.status === "uploading")) toast.info(DOCUMENT_MESSAGES.processing);
    const sniffed = await Promise.all(files.map((f) => sniffBlob(f).catch(() => null)));
    const screening = screenUploadBatch(
      files.map((file, i) => ({ file, name: file.name, size: file.size, type: file.type, sniffed: sniffed[i] })),
      existingNames,
    );
    if (screening.tooMany) {
      toast.error(DOCUMENT_MESSAGES.tooManyFiles);
      return;
    }
    const base = Date.now();
    const rows: UploadRow[] = screening.send.map((f, i) => ({ id: base + i, name: f.name, percent: 0, status: "uploading", error: null }));
    const skippedRows: UploadRow[] = screening.skipped.map((s, i) => ({
      id: base + rows.length + i,
      name: s.file.name,
      percent: 0,
      status: "error",
      error: s.message,
    }));
    setUploads((current) => [...current.filter((u) => u.status === "uploading"), ...rows, ...skippedRows]);
    // Skipped files: the INVALID message once for wrong types, the spec's message for the others.
    if (screening.anyInvalid) toast.error(DOCUMENT_MESSAGES.invalidFiles);
    for (const message of new Set(screening.skipped.filter((s) => s.reason !== "invalid").map((s) => s.message))) toast.error(message);

    let succeeded = 0;
    const failures = new Set<string>();
    const notes = new Set<string>();
    const queue = screening.send.map((f, i) => ({ file: f.file, row: rows[i]! }));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, row } = next;
        try {
          const note = await sendOne(file, row);
          if (note) notes.add(note);
          update(row.id, { status: "done", percent: 100 });
          succeeded++;
        } catch (error) {
          const message =
            error instanceof ActionRefused || error instanceof UploadFailedError
              ? error.message
              : error instanceof Error && error.message === DOCUMENT_MESSAGES.uploadUnavailable
                ? error.message
                : UPLOAD_FAILED_MESSAGE;
          update(row.id, { status: "error", error: message });
          failures.add(message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
    if (failures.size) {
      if (staffMode) toast.error(DOCUMENT_MESSAGES.uploadError);
      else for (const message of failures) toast.error(message);
    }
    for (const note of notes) toast.warning(note);
    if (succeeded > 0) {
      toast.success(staffMode ? "Upload successful" : DOCUMENT_MESSAGES.uploaded);
      revalidate();
    }
  }

  return { uploads, uploadFiles };
}
