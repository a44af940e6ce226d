/**
 * A tax return's activity log for staff (staff spec §7 get_activity_logs), JSON:
 *
 *   GET /api/staff/tax-returns/{id}/activity?companyId={companyId}&page=1
 *       → { entries: [{ id, title, description, actor, createdAt }], page, perPage, totalCount, totalPages }
 *
 * Entries of type 5 (tax return delivery), newest first. 401 without a session; 404 for a client,
 * a firm without Deliver, or a return the user may not reach (another firm's or group's).
 */
import * as z from "zod";
import { taxReturnActivity } from "~/deliver/ops/activity.server";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { jsonLoader, readQuery } from "~/http.server";

const querySchema = z.object({
  companyId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const loader = jsonLoader(async ({ request, portal, params }) => {
  const staff = await requireStaffForDeliver(request, portal);
  const query = readQuery(request, querySchema);
  return taxReturnActivity(portal.db, staff, params.id ?? "", query.companyId ?? null, query.page);
});
