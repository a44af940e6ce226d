/**
 * GET /api/staff/prior-year/{companyHash}: the entity's prior-year items with their rollover line
 * items. POST (form): intent add | update | delete | line-add | line-update | line-delete, for
 * advisors. Another firm's or another group's entity is a 404; bad input a 4xx with the message.
 *
 * The POST is the panel's form (a fetcher), so it reads form fields; its answers are the JSON of
 * every API route (`{ ok, message }`, or `{ ok: false, error }` with the status).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { PortalError } from "~/errors";
import { answerJson, jsonLoader, jsonResponse } from "~/http.server";
import { listPriorYearItems, priorYearAction } from "~/staff/prior-year/prior-year.server";
import { priorYearActionSchema } from "~/staff/prior-year/rules";
import { loadApiStaffViewer } from "~/staff/viewer.server";

export const loader = jsonLoader(async ({ request, params, portal }) => {
  const { facts } = await loadApiStaffViewer(request, portal);
  return listPriorYearItems(portal, facts, params.companyHash ?? "");
});

const refused = (status: number, error: string) => jsonResponse({ ok: false as const, error }, { status });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  return answerJson(async () => {
    const { facts } = await loadApiStaffViewer(request, portal);
    const form = await request.formData().catch(() => null);
    if (!form) return refused(400, "Invalid request");
    const fields = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
    const parsed = priorYearActionSchema.safeParse(fields);
    if (!parsed.success) return refused(422, parsed.error.issues[0]?.message ?? "Invalid request");
    try {
      const { message } = await priorYearAction(portal, facts, params.companyHash ?? "", parsed.data, portal.clientAddress);
      return { ok: true as const, message };
    } catch (error) {
      if (error instanceof PortalError) return refused(error.status, error.message);
      throw error;
    }
  });
}
