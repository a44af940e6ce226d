/**
 * GET /api/documents/{companyHash}/folder?path=/A/B: the folder as a zip, streamed from the store;
 * with `convert=pdf` (staff) its PNG and JPEG images become one-page PDFs (at most 15 MB of them).
 * Over 150 MB → 503 with the spec's message; not found → 404; any other failure → the spec's
 * folder message (plain text). Signed out: 401 as JSON, like the other JSON routes.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { createFolderZip } from "~/documents/zips.server";
import { zipResponse, zipTextResponse } from "~/documents/zip-response.server";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { isPortalError } from "~/errors";
import { errorResponse, requireApiUser } from "~/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  try {
    const user = await requireApiUser(request, portal);
    const url = new URL(request.url);
    const zip = await createFolderZip({ portal, user }, params.companyHash ?? "", url.searchParams.get("path"), {
      convertImages: url.searchParams.get("convert") === "pdf",
    });
    return zipResponse(zip);
  } catch (error) {
    if (isPortalError(error) && error.status === 401) return errorResponse(error);
    if (isPortalError(error))
      return zipTextResponse(error.status === 503 || error.status === 404 ? error.message : DOCUMENT_MESSAGES.folderDownloadFailed, error.status);
    console.error("Folder download failed", error);
    return zipTextResponse(DOCUMENT_MESSAGES.folderDownloadFailed, 500);
  }
}
