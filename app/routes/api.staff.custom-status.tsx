/**
 * POST /api/staff/custom-status: set (statusId) or clear (null) the custom status of questionnaires
 * from Collect or the preview dialog, optionally notifying the clients (send_custom_status_change).
 * JSON `{ questionnaireIds, statusId, notify }`; answers `{ ok, message, count, emails, sms }` or
 * `{ error }` with 400/403/404.
 */
import { setStatusSchema } from "~/custom-statuses/rules";
import { setQuestionnaireCustomStatus } from "~/custom-statuses/statuses.server";
import { jsonAction, requireApiUser } from "~/http.server";

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}

export const action = jsonAction(setStatusSchema, async (input, { request, portal }) => {
  const staff = await requireApiUser(request, portal);
  return { ok: true as const, ...(await setQuestionnaireCustomStatus(portal, staff, input)) };
});
