/**
 * Download a tax return, staff (staff spec §7 download_tax_return), JSON:
 *
 *   POST /api/staff/tax-returns/{id}/download { companyId, only_signature_pages?, include_other_pages? }
 *        → { url, fileName }: a presigned link valid 5 minutes
 *
 * 401 without a session; 404 for a client, a firm without Deliver, or a return the user may not
 * reach (another firm's or group's); 409 when there is no file (or no e-sign form page) yet.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { taxReturnDownloadUrl } from "~/deliver/ops/download.server";
import { variantOf } from "~/deliver/ops/download-rules";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { jsonAction, notFoundLoader } from "~/http.server";

const bodySchema = z.object({
  companyId: z.string().max(64).optional(),
  only_signature_pages: z.boolean().optional(),
  include_other_pages: z.boolean().optional(),
});

export const loader = notFoundLoader;

export const action = jsonAction(bodySchema, async (input, { request, portal, params }) => {
  requireSameOrigin(request, portal.origin);
  const staff = await requireStaffForDeliver(request, portal);
  return taxReturnDownloadUrl(portal.db, portal.firm.id, staff, params.id ?? "", input.companyId ?? null, variantOf(input));
});
