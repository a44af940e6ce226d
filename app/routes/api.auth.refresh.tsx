import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSameOrigin } from "~/auth/origin";
import { requireApiUser, touchSession } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

/**
 * POST /api/auth/refresh: the "refreshed session" of the 401 retry (app/auth/api-fetch.ts).
 * A live session's idle timer restarts (200); a session that is gone stays gone (401).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const user = await requireApiUser(request, portal);
  await touchSession(portal, user.sessionId);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader() {
  return Response.json({ error: "Method Not Allowed" }, { status: 405 });
}
