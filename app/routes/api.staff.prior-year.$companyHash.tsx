/**
 * GET /api/staff/prior-year/{companyHash}: the entity's prior-year items with their rollover line
 * items. POST (form): intent add | update | delete | line-add | line-update | line-delete, for
 * advisors. Another firm's or another group's entity is a 404; bad input a 4xx with the message.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { EntityError } from "~/staff/entities.server";
import { listPriorYearItems, priorYearAction } from "~/staff/prior-year/prior-year.server";
import { priorYearActionSchema } from "~/staff/prior-year/rules";
import { loadStaffViewer } from "~/staff/viewer.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  try {
    return json(await listPriorYearItems(portal, facts, params.companyHash ?? ""), { headers: NO_STORE });
  } catch (error) {
    if (error instanceof EntityError) return json({ error: error.message }, { status: error.status, headers: NO_STORE });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  let fields: Record<string, string>;
  try {
    fields = Object.fromEntries([...(await request.formData()).entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return json({ ok: false as const, error: "Invalid request" }, { status: 400, headers: NO_STORE });
  }
  const parsed = priorYearActionSchema.safeParse(fields);
  if (!parsed.success) return json({ ok: false as const, error: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 422, headers: NO_STORE });
  try {
    const { message } = await priorYearAction(portal, facts, params.companyHash ?? "", parsed.data, portal.clientAddress);
    return json({ ok: true as const, message }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof EntityError) return json({ ok: false as const, error: error.message }, { status: error.status, headers: NO_STORE });
    throw error;
  }
}
