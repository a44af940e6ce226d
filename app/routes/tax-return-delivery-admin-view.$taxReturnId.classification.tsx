/**
 * /tax-return-delivery-admin-view/{taxReturnId}/classification?companyId= (staff), the
 * classification page's calls:
 * - GET: a short-lived presigned GET of the return's PDF for pdf.js (`{ url }`; the file comes
 *   straight from the store).
 * - POST JSON `{ intent: "save", classification }`: replaces the classification (422 with field
 *   errors when it does not fit the return; 409 once sent).
 * - POST JSON `{ intent: "send" }`: sends it as a draft for approval or for signature (409 when
 *   not classified, or not in a status it can be sent from).
 * Another firm's or group's return is 404 ('This tax return was not found') with nothing written.
 */
import * as z from "zod";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { classificationSchema, CLASSIFY_MESSAGES } from "~/deliver/classify/classification";
import { saveClassification, sendTaxReturn, taxReturnPdfUrl } from "~/deliver/classify/classify.server";
import { jsonAction, jsonLoader, type JsonRouteArgs } from "~/http.server";

const schema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("save"), classification: classificationSchema }), z.object({ intent: z.literal("send") })],
  {
    error: "Malformed request",
  },
);

async function staffCall({ request, portal, params }: JsonRouteArgs) {
  const user = await requireStaffForDeliver(request, portal);
  const companyId = new URL(request.url).searchParams.get("companyId");
  return { user, id: params.taxReturnId ?? "", companyId };
}

export const loader = jsonLoader(async (args) => {
  const { user, id, companyId } = await staffCall(args);
  return { url: await taxReturnPdfUrl(args.portal, user, id, companyId) };
});

export const action = jsonAction(schema, async (input, args) => {
  const { user, id, companyId } = await staffCall(args);
  if (input.intent === "save") {
    await saveClassification(args.portal, user, id, companyId, input.classification);
    return { ok: true, message: CLASSIFY_MESSAGES.saved };
  }
  return { ok: true, ...(await sendTaxReturn(args.portal, user, id, companyId)) };
});
