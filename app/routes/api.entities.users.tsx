/**
 * GET /api/entities/users?q= — Select User for new Entity and Add user as Owner: client users
 * matching a name or email (10 at most; group-access staff see their group and users in no group).
 * GET /api/entities/users?userId= — what Create entity for selected user needs for that user.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { EntityError, newEntityFormData, searchClientUsers } from "~/staff/entities.server";
import { loadStaffViewer } from "~/staff/viewer.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  const url = new URL(request.url);
  const headers = { "Cache-Control": "no-store" };
  const userId = url.searchParams.get("userId");
  if (userId !== null) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return json({ error: "Not found" }, { status: 404, headers });
    try {
      return json(await newEntityFormData(portal, facts, userId), { headers });
    } catch (error) {
      if (error instanceof EntityError) return json({ error: error.message }, { status: error.status, headers });
      throw error;
    }
  }
  return json({ users: await searchClientUsers(portal, facts, url.searchParams.get("q") ?? "") }, { headers });
}
