/**
 * Browser side of an upload: send one file straight to the store with the presigned POST the app
 * granted (see createUploadGrant in app/storage.server.ts), reporting progress. XMLHttpRequest,
 * because fetch has no upload progress. After it resolves, ask the app to confirm the upload
 * (verifyUpload): the store may not have enforced every rule.
 */
import { formatFileSize, sniffFileType, SNIFF_BYTES, type FileKind, type UploadGrant } from "../../storage/uploads";

export interface UploadProgressEvent {
  loaded: number;
  total: number;
  /** 0..100, whole numbers. */
  percent: number;
}

/** Spec wording for a failed upload. */
export const UPLOAD_FAILED_MESSAGE = "File upload failed, please try again.";

export class UploadFailedError extends Error {
  constructor(
    message: string,
    /** HTTP status from the store; 0 for network errors (including CORS refusals) and aborts. */
    readonly status: number,
    /** The store's error code when it sent one, e.g. "EntityTooLarge", "AccessDenied"; "Aborted"; "TooLarge". */
    readonly code: string | null,
  ) {
    super(message);
    this.name = "UploadFailedError";
  }
}

/**
 * The multipart form for a grant: every granted field, then the file as "file". S3 ignores fields
 * after the file, so the file must come last.
 */
export function grantFormData(grant: Pick<UploadGrant, "fields">, file: Blob, fileName?: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  const name = fileName ?? (typeof File !== "undefined" && file instanceof File ? file.name : "upload");
  form.append("file", file, name);
  return form;
}

/** The real type of a file from its first bytes, read in the browser before asking for a grant. */
export async function sniffBlob(file: Blob): Promise<FileKind | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffFileType(head);
}

function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

function storeErrorCode(responseText: string): string | null {
  return /<Code>([^<]+)<\/Code>/.exec(responseText)?.[1] ?? null;
}

/**
 * POSTs `file` to the grant's URL. Resolves when the store answers 2xx; rejects with an
 * UploadFailedError otherwise (or at once when the file is over the grant's size limit, or empty).
 */
export function uploadWithProgress(
  grant: UploadGrant,
  file: Blob,
  onProgress?: (event: UploadProgressEvent) => void,
  options: { signal?: AbortSignal; fileName?: string } = {},
): Promise<void> {
  if (file.size > grant.maxBytes) {
    const limit = formatFileSize(grant.maxBytes);
    return Promise.reject(new UploadFailedError(`The file is larger than the ${limit} limit.`, 0, "TooLarge"));
  }
  if (file.size === 0) return Promise.reject(new UploadFailedError("The file is empty.", 0, "Empty"));

  return new Promise<void>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(new UploadFailedError("The upload was cancelled.", 0, "Aborted"));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (error?: UploadFailedError) => {
      signal?.removeEventListener("abort", onAbortSignal);
      if (error) reject(error);
      else resolve();
    };

    xhr.open("POST", grant.url);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress?.({ loaded: event.loaded, total, percent: percentOf(event.loaded, total) });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        settle();
      } else {
        settle(new UploadFailedError(UPLOAD_FAILED_MESSAGE, xhr.status, storeErrorCode(xhr.responseText)));
      }
    };
    xhr.onerror = () => settle(new UploadFailedError(UPLOAD_FAILED_MESSAGE, 0, null));
    xhr.ontimeout = () => settle(new UploadFailedError(UPLOAD_FAILED_MESSAGE, 0, "Timeout"));
    xhr.onabort = () => settle(new UploadFailedError("The upload was cancelled.", 0, "Aborted"));
    signal?.addEventListener("abort", onAbortSignal, { once: true });

    onProgress?.({ loaded: 0, total: file.size, percent: 0 });
    xhr.send(grantFormData(grant, file, options.fileName));
  });
}
