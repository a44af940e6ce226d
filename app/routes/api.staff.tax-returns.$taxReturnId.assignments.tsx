/**
 * /api/staff/tax-returns/{id}/assignments: 'Update client assignments' (spec §7: advisorId and
 * clientIds; the response reads message 'Success!'). The clients must be owners of the return's
 * entity; partners and full access staff only.
 */
import * as z from "zod";
import { requireDeliverStaff } from "~/deliver/table/guard.server";
import { updateClientAssignments } from "~/deliver/table/update-assignments.server";
import { TAX_RETURN_MESSAGES } from "~/deliver/rules";
import { jsonAction, notFoundLoader } from "~/http.server";

const id = z.string().min(1).max(64);

const schema = z.object({ companyId: id, advisorId: id, clientIds: z.array(id).min(1).max(50) }).strict();

export const loader = notFoundLoader;

export const action = jsonAction(schema, async (input, { request, params, portal }) => {
  const viewer = await requireDeliverStaff(request, portal);
  await updateClientAssignments(portal, viewer, { id: params.taxReturnId ?? "", ...input });
  return { ok: true as const, message: "Success!", toast: TAX_RETURN_MESSAGES.assignmentsUpdated };
});
