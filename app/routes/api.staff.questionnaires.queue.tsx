/** GET /api/staff/questionnaires/queue: `{ backlog_count }` for Collect's queue banner (polled every 3 s). */
import { notFound } from "~/errors";
import { jsonLoader, requireApiUser } from "~/http.server";

export const loader = jsonLoader(async ({ request, portal }) => {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw notFound("Not Found");
  const { backlogCount } = await import("~/collect/overview/list.server");
  return { backlog_count: await backlogCount(portal) };
});
