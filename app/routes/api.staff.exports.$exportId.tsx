/**
 * GET /api/staff/exports/{exportId}: an export's progress (status, steps done of the total, the
 * download path once ready), polled by the Export in progress dialog. Only the staff member who
 * started it sees it: anyone else (another firm included) gets 404.
 */
import { exportProgress } from "~/exports/exports.server";
import { jsonLoader, requireApiUser } from "~/http.server";

export const loader = jsonLoader(async ({ request, params, portal }) => {
  const staff = await requireApiUser(request, portal);
  return { export: await exportProgress(portal, staff, params.exportId ?? "") };
});
