/**
 * /api/staff/questionnaires/{id}: GET the advisor preview dialog's data (sections, documents,
 * activities, unattached documents); POST one action on the questionnaire (JSON `{ intent, ... }`,
 * see app/collect/preview/rules.ts). Another firm's or an invisible questionnaire is a 404.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const id = params.questionnaireId ?? "";
  if (!ID.test(id)) throw new Response("Not Found", { status: 404 });
  const { CollectError, loadPreview } = await import("~/collect/actions.server");
  try {
    return json(await loadPreview(portal, staff, id), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof CollectError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const id = params.questionnaireId ?? "";
  if (!ID.test(id)) return json({ ok: false as const, error: "Not Found" }, { status: 404 });
  const { CollectError, performQuestionnaireIntent, readActionBody } = await import("~/collect/actions.server");
  const { questionnaireIntentSchema, firstIssue } = await import("~/collect/preview/rules");
  const parsed = questionnaireIntentSchema.safeParse(await readActionBody(request));
  if (!parsed.success) return json({ ok: false as const, error: firstIssue(parsed.error) }, { status: 400 });
  try {
    const result = await performQuestionnaireIntent(portal, staff, id, parsed.data);
    return json({ ok: true as const, ...result });
  } catch (error) {
    if (error instanceof CollectError) return json({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}
