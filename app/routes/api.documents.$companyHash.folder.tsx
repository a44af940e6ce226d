/**
 * GET /api/documents/{companyHash}/folder?path=/A/B: the folder as a zip, streamed from the store;
 * with `convert=pdf` (staff) its PNG and JPEG images become one-page PDFs (at most 15 MB of them).
 * Over 150 MB → 503 with the spec's message; any other failure → the spec's folder message.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { createFolderZip, DocumentError } from "~/documents/documents.server";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { contentDisposition } from "~/storage/keys";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireApiUser(request, portal);
  const text = (message: string, status: number) =>
    new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  try {
    const url = new URL(request.url);
    const zip = await createFolderZip({ portal, user }, params.companyHash ?? "", url.searchParams.get("path"), {
      convertImages: url.searchParams.get("convert") === "pdf",
    });
    return new Response(zip.stream, {
      headers: { "content-type": "application/zip", "content-disposition": contentDisposition(zip.fileName, "attachment"), "cache-control": "no-store" },
    });
  } catch (error) {
    if (error instanceof DocumentError)
      return text(error.status === 503 || error.status === 404 ? error.message : DOCUMENT_MESSAGES.folderDownloadFailed, error.status);
    console.error("Folder download failed", error);
    return text(DOCUMENT_MESSAGES.folderDownloadFailed, 500);
  }
}
