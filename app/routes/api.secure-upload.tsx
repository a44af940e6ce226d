/**
 * POST /api/secure-upload, JSON:
 * - `{ intent: "create", companyId }`: staff only; issues a 7-day link for the entity and returns `{ url, expiresAt }`.
 *   An entity the staff member may not see (group access: another group's) is answered exactly like
 *   an unknown one (404 'Entity not found.'), and no link is issued.
 * - `{ intent: "grant" | "confirm", token, … }`: the link's holder uploads (no sign-in) into that entity only.
 * Rate-limited per address; unknown or expired tokens are 404 and nothing is written. Answers are
 * `no-store` (upload grants are presigned POSTs).
 */
import { secureUploadApiSchema } from "~/drop-off/request-rules";
import { createSecureUploadLink, performSecureUploadRequest } from "~/drop-off/drop-off.server";
import { notFound } from "~/errors";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { staffVisibility } from "~/staff/visibility.server";

export const loader = notFoundLoader;

export const action = jsonAction(secureUploadApiSchema, async (input, { request, portal }) => {
  if (input.intent !== "create") return performSecureUploadRequest(portal, input);
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw notFound("Not Found");
  const visibility = await staffVisibility(portal.db, user);
  if (!(await visibility.findEntity({ idOrHashId: input.companyId }))) throw notFound("Entity not found.");
  return createSecureUploadLink(portal, user, input.companyId);
});
