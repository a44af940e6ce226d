/**
 * Send a tax return to the entity's documents (staff spec §7 send_to_documents), JSON:
 *
 *   GET  /api/staff/tax-returns/{id}/send-to-documents?companyId=  → { defaults: { path, documentName, subject, message } }
 *   POST /api/staff/tax-returns/{id}/send-to-documents { companyId, path, document_name, notify_client?, subject?, message?,
 *        save_subject_for_future_use?, save_message_for_future_use? } → { message: 'Sent to documents successfully', documentId }
 *
 * 401 without a session; 404 for a client, a firm without Deliver, or a return the user may not
 * reach (nothing is written); 400 with the field's message for a bad path or name; 409 when the
 * return has no file yet.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { sendToDocumentsSchema } from "~/deliver/ops/send-to-documents";
import { sendTaxReturnToDocuments, sendToDocumentsDefaultsFor } from "~/deliver/ops/send-to-documents.server";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { jsonAction, jsonLoader, readQuery } from "~/http.server";

export const loader = jsonLoader(async ({ request, portal, params }) => {
  const staff = await requireStaffForDeliver(request, portal);
  const query = readQuery(request, z.object({ companyId: z.string().max(64).optional() }));
  return { defaults: await sendToDocumentsDefaultsFor(portal, staff, params.id ?? "", query.companyId ?? null) };
});

export const action = jsonAction(sendToDocumentsSchema, async (input, { request, portal, params }) => {
  requireSameOrigin(request, portal.origin);
  const staff = await requireStaffForDeliver(request, portal);
  return sendTaxReturnToDocuments(portal, staff, params.id ?? "", input);
});
