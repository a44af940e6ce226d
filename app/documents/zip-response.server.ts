/**
 * The answers of the two zip downloads (a folder, selected files): the zip streamed as an
 * attachment, or a plain-text refusal the browser shows as it is. Both never cached.
 */
import { contentDisposition } from "~/storage/keys";
import type { FolderZip } from "./zips.server";

export function zipResponse(zip: FolderZip): Response {
  return new Response(zip.stream, {
    headers: { "content-type": "application/zip", "content-disposition": contentDisposition(zip.fileName, "attachment"), "cache-control": "no-store" },
  });
}

export function zipTextResponse(message: string, status: number): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
