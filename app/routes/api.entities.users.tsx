/**
 * GET /api/entities/users?q= — Select User for new Entity and Add user as Owner: client users
 * matching a name or email (10 at most; group-access staff see their group and users in no group).
 * GET /api/entities/users?userId= — what Create entity for selected user needs for that user.
 */
import { notFound } from "~/errors";
import { jsonLoader } from "~/http.server";
import { newEntityFormData, searchClientUsers } from "~/staff/entities.server";
import { loadApiStaffViewer } from "~/staff/viewer.server";

export const loader = jsonLoader(async ({ request, portal }) => {
  const { facts } = await loadApiStaffViewer(request, portal);
  const url = new URL(request.url);
  const userId = url.searchParams.get("userId");
  if (userId !== null) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw notFound();
    return newEntityFormData(portal, facts, userId);
  }
  return { users: await searchClientUsers(portal, facts, url.searchParams.get("q") ?? "") };
});
