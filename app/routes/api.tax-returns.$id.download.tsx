/**
 * Download a tax return, client (client spec §7 tax return calls), JSON:
 *
 *   POST /api/tax-returns/{id}/download { companyId, only_signature_pages?, include_other_pages? }
 *        → { url, fileName }: a presigned link valid 5 minutes
 *
 * Through the one door (`findTaxReturn`): a return of an active entity the client owns, in a
 * status clients see; anything else is 404 'This tax return was not found', as is a firm
 * without Deliver.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { taxReturnNotFound } from "~/deliver/access.server";
import { taxReturnDownloadUrl } from "~/deliver/ops/download.server";
import { variantOf } from "~/deliver/ops/download-rules";
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { canOpenDeliver } from "~/staff/permissions";

const bodySchema = z.object({
  companyId: z.string().max(64).optional(),
  only_signature_pages: z.boolean().optional(),
  include_other_pages: z.boolean().optional(),
});

export const loader = notFoundLoader;

export const action = jsonAction(bodySchema, async (input, { request, portal, params }) => {
  requireSameOrigin(request, portal.origin);
  const user = await requireApiUser(request, portal);
  if (!canOpenDeliver(null, portal.firm.preferences)) throw taxReturnNotFound();
  return taxReturnDownloadUrl(portal.db, portal.firm.id, user, params.id ?? "", input.companyId ?? null, variantOf(input));
});
