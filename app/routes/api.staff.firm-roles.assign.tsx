/**
 * POST /api/staff/firm-roles/assign: give one firm role to one staff member on the selected
 * entities (the Entities table's Assign role). JSON `{ roleId, userId, entityIds }`; answers
 * `{ ok, message, count }` or `{ error, errors }` with 400/403/404. Entities the staff member may
 * not see are left out.
 */
import { bulkAssignSchema } from "~/firm-roles/rules";
import { assignRoleInBulk } from "~/firm-roles/roles.server";
import { jsonAction, requireApiUser } from "~/http.server";

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}

export const action = jsonAction(bulkAssignSchema, async (input, { request, portal }) => {
  const staff = await requireApiUser(request, portal);
  return { ok: true as const, ...(await assignRoleInBulk(portal, staff, input)) };
});
