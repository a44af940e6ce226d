/**
 * The document browser's calls to the documents API, all through `apiFetch` (the spec's 401 rule:
 * refresh once, then sign out): JSON actions, the two zip downloads, and preview links.
 */
import { useMemo } from "react";
import { apiFetch } from "~/auth/api-fetch";
import type { UploadGrant } from "~/storage/uploads";
import type { DocumentItem } from "../items.server";

/** The server refused an action (4xx) with a message fit to show. */
export class ActionRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface DocumentApiResult {
  ok: true;
  message?: string;
  url?: string;
  grant?: UploadGrant;
  item?: DocumentItem;
}

export interface DocumentApi {
  /** One JSON action; throws ActionRefused for a 4xx with the server's message, an Error otherwise. */
  call<T = DocumentApiResult>(body: Record<string, unknown>): Promise<T>;
  /** A presigned preview link (inline) for a file. */
  viewUrl(id: string): Promise<string>;
  /** The selected files as one zip (the raw answer: a zip, or a plain-text refusal). */
  selectionZip(ids: string[]): Promise<Response>;
  /** A folder as one zip (`convert`: its images as PDFs), the raw answer. */
  folderZip(path: string, convert?: boolean): Promise<Response>;
}

export function useDocumentApi(entityHash: string): DocumentApi {
  return useMemo(() => {
    const apiUrl = `/api/documents/${entityHash}`;
    const call = async <T>(body: Record<string, unknown>): Promise<T> => {
      const response = await apiFetch(apiUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const result = (await response.json().catch(() => ({}))) as { error?: string };
      // A 4xx with the server's message is a refusal worth showing; anything else is a failure.
      if (!response.ok)
        throw response.status < 500 && result.error ? new ActionRefused(result.error, response.status) : new Error(result.error ?? "Something went wrong");
      return result as T;
    };
    return {
      call,
      viewUrl: async (id) => (await call<{ url: string }>({ intent: "view_url", id })).url,
      selectionZip: (ids) => apiFetch(`${apiUrl}/files`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids }) }),
      folderZip: (path, convert = false) => apiFetch(`${apiUrl}/folder?${new URLSearchParams({ path, ...(convert ? { convert: "pdf" } : {}) })}`),
    } satisfies DocumentApi;
  }, [entityHash]);
}

/** Saves a zip the server answered with under the name it gave. */
export async function saveDownload(response: Response) {
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "documents.zip";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
