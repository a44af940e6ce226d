/**
 * POST /api/staff/questionnaires: an action on the rows selected in Collect (lock, due dates,
 * reminder settings, send drafts, restore). JSON `{ intent, questionnaireIds, ... }`; answers
 * `{ ok, message, count }` or `{ ok: false, error }` with 400/403/404/409/422.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const { CollectError, performBulkIntent, readActionBody } = await import("~/collect/actions.server");
  const { bulkIntentSchema, firstIssue } = await import("~/collect/preview/rules");
  const parsed = bulkIntentSchema.safeParse(await readActionBody(request));
  if (!parsed.success) return json({ ok: false as const, error: firstIssue(parsed.error) }, { status: 400 });
  try {
    const result = await performBulkIntent(portal, staff, parsed.data);
    return json({ ok: true as const, ...result });
  } catch (error) {
    if (error instanceof CollectError) return json({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}
