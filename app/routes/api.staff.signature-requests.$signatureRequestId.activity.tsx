/**
 * A signature request's activity log for staff, JSON (the row action 'Activity log'):
 *
 *   GET /api/staff/signature-requests/{id}/activity?companyId={companyId}&page=1
 *       → { entries: [{ id, title, description, actor, createdAt }], page, perPage, totalCount, totalPages }
 *
 * 401 without a session; 404 for a client, a firm with signature requests off, or a request the
 * staff member may not reach (another firm's or group's).
 */
import * as z from "zod";
import { signatureRequestActivity } from "~/deliver/requests/activity.server";
import { requireRequestStaff } from "~/deliver/requests/guard.server";
import { jsonLoader, readQuery } from "~/http.server";

const querySchema = z.object({
  companyId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const loader = jsonLoader(async ({ request, portal, params }) => {
  const { user } = await requireRequestStaff(request, portal, false);
  const query = readQuery(request, querySchema);
  return signatureRequestActivity(portal.db, user, params.signatureRequestId ?? "", query.companyId ?? null, query.page);
});
