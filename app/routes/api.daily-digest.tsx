/**
 * The staff member's own "Daily notification email" switch (/admin-profile), JSON:
 *
 *   POST /api/daily-digest { enabled } → { enabled }
 *
 * 401 without a session, 403 for clients, 400 for bad input. Only ever the caller's own row; the
 * digest job (app/notifications/digest.server.ts) reads it.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { forbidden } from "~/errors";
import { jsonAction, requireApiUser, notFoundLoader } from "~/http.server";
import { setDailyDigest } from "~/notifications/daily-digest-setting.server";

export const loader = notFoundLoader;

export const action = jsonAction(z.object({ enabled: z.boolean() }), async (input, { request, portal }) => {
  requireSameOrigin(request, portal.origin);
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw forbidden();
  return setDailyDigest(portal.db, user, input.enabled);
});
