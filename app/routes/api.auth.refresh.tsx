import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSameOrigin } from "~/auth/origin";
import { requireApiUser, touchSession } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { PortalError } from "~/errors";
import { answerJson, errorResponse } from "~/http.server";

/**
 * POST /api/auth/refresh (no body): the "refreshed session" of the 401 retry (app/auth/api-fetch.ts).
 * A live session's idle timer restarts (200); a session that is gone stays gone (401
 * `{ error: "Unauthorized" }`, from the session module, never a redirect).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  return answerJson(async () => {
    const user = await requireApiUser(request, portal);
    await touchSession(portal, user.sessionId);
    return { ok: true };
  });
}

export function loader() {
  return errorResponse(new PortalError(405, "Method Not Allowed"));
}
