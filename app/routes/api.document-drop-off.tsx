/**
 * POST /api/document-drop-off: the drop-off page's upload API (signed-in client), JSON
 * `{ intent: "grant" | "confirm", questionnaireId, companyId, … }`. Rate-limited per address;
 * an entity the user does not own is 404 and nothing is written.
 */
import { dropOffApiSchema } from "~/drop-off/request-rules";
import { performDocumentDropOffRequest } from "~/drop-off/drop-off.server";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(dropOffApiSchema, async (input, { request, portal }) => {
  const user = await requireApiUser(request, portal);
  return performDocumentDropOffRequest(portal, user, input);
});
