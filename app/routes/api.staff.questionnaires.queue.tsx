/** GET /api/staff/questionnaires/queue: `{ backlog_count }` for Collect's queue banner (polled every 3 s). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  await requireStaff(request, portal);
  const { backlogCount } = await import("~/collect/overview/list.server");
  return json({ backlog_count: await backlogCount(portal) }, { headers: { "Cache-Control": "no-store" } });
}
