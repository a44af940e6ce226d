/**
 * A tax return's identity verification checks for staff (the 'verification checks' dialog):
 *
 *   GET  /api/staff/tax-returns/{id}/identity?companyId= → { required, signers: [{ signerId, name, status, label, errorCode, … }] }
 *   POST /api/staff/tax-returns/{id}/identity { companyId, signerId } → re-request: the open session
 *        is cancelled, the signer verifies again before signing, and is told so.
 *
 * 401 without a session; 404 for a client, a firm without Deliver, or a return the user may not reach.
 */
import * as z from "zod";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { jsonAction, jsonLoader, readQuery } from "~/http.server";
import { identityChecks, reRequestIdentity } from "~/payments/identity.server";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const loader = jsonLoader(async ({ request, portal, params }) => {
  const staff = await requireStaffForDeliver(request, portal);
  const query = readQuery(request, z.object({ companyId: id.optional() }));
  return identityChecks(portal, staff, params.id ?? "", query.companyId ?? null);
});

export const action = jsonAction(z.object({ companyId: id.nullish(), signerId: id }), async (input, { request, params, portal }) => {
  const staff = await requireStaffForDeliver(request, portal);
  return reRequestIdentity(portal, staff, params.id ?? "", input.companyId ?? null, input.signerId);
});
