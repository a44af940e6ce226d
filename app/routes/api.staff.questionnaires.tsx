/**
 * POST /api/staff/questionnaires: an action on the rows selected in Collect (lock, due dates,
 * reminder settings, send drafts, restore). JSON `{ intent, questionnaireIds, ... }`; answers
 * `{ ok, message, count }` or `{ error }` with 400/403/404/409/422.
 */
import * as z from "zod";
import { performBulkIntent } from "~/collect/questionnaire-actions.server";
import { bulkIntentSchema, readIntent } from "~/collect/preview/rules";
import { jsonAction, requireApiUser } from "~/http.server";

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}

export const action = jsonAction(z.unknown(), async (body, { request, portal }) => {
  const staff = await requireApiUser(request, portal);
  const result = await performBulkIntent(portal, staff, readIntent(bulkIntentSchema, body));
  return { ok: true as const, ...result };
});
