/**
 * POST /api/documents/{companyHash}/files with JSON `{ ids: [...] }` (1 to 500 file ids): the
 * selected files as one zip, streamed from the store. All or nothing: an id that is not a live
 * file of this entity the user may see → 404 and no zip; deleted and live documents together →
 * 422 with the spec's message; over 150 MB → 503 with the spec's message; any other failure → the
 * spec's folder download message. JSON only, like the documents API (no cross-site form can send it).
 * Refusals answer as plain text (the browser shows them as they are).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireFirmSite } from "~/context.server";
import { documentIdsSchema } from "~/documents/actions/schema";
import { createSelectionZip } from "~/documents/zips.server";
import { zipResponse, zipTextResponse } from "~/documents/zip-response.server";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { isPortalError } from "~/errors";
import { notFoundLoader, readJson, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  try {
    const { ids } = await readJson(request, z.object({ ids: documentIdsSchema }));
    const user = await requireApiUser(request, portal);
    return zipResponse(await createSelectionZip({ portal, user }, params.companyHash ?? "", ids));
  } catch (error) {
    if (isPortalError(error)) return zipTextResponse(error.message, error.status);
    console.error("Selected files download failed", error);
    return zipTextResponse(DOCUMENT_MESSAGES.folderDownloadFailed, 500);
  }
}
