/**
 * The send dialog's API (staff, advisors only).
 *
 * GET  /api/staff/send                → the dialog's options (templates, tax years, defaults)
 * GET  /api/staff/send?q=term&page=0  → active entities matching the term (10 per page)
 * POST /api/staff/send, JSON, by intent:
 *   - `template`: send, save as drafts, or schedule a template (staff spec §7 send template payload)
 *   - `custom`: a custom questionnaire of typed items
 *   - `additional-items`: additional items for a sent questionnaire
 *   - `dropoff`: document drop-off requests
 * Bad input: 400 (malformed) or 422 with `{ error, errors }` (the spec's messages per field);
 * another firm's template or entity: 404, nothing written; not an advisor: 403.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { sendApiSchema } from "~/collect/send/rules";
import { requireFirmSite } from "~/context.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") return json({ error: "Not Found" }, { status: 404 });
  const { canSend } = await import("~/collect/send/send.server");
  if (!canSend(user)) return json({ error: "Only advisors can send questionnaires." }, { status: 403 });
  const url = new URL(request.url);
  const { searchSendEntities, sendDialogOptions } = await import("~/collect/send/options.server");
  if (url.searchParams.has("q")) {
    const page = Number(url.searchParams.get("page") ?? 0);
    const entities = await searchSendEntities(
      portal,
      { id: user.id, firmAccess: user.firmAccess },
      url.searchParams.get("q") ?? "",
      Number.isInteger(page) ? page : 0,
    );
    return json({ entities }, { headers: NO_STORE });
  }
  return json(await sendDialogOptions(portal), { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") return json({ error: "Not Found" }, { status: 404 });
  // JSON only: a cross-site form cannot send it without a CORS preflight, which we never grant.
  if (!request.headers.get("content-type")?.startsWith("application/json")) return json({ error: "Expected JSON" }, { status: 415 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  const parsed = sendApiSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  const { SendError, requestAdditionalItems, sendCustomQuestionnaire, sendDocumentDropOff, sendQuestionnaire } = await import("~/collect/send/send.server");
  try {
    const input = parsed.data;
    const result =
      input.intent === "template"
        ? await sendQuestionnaire(portal, user, input)
        : input.intent === "custom"
          ? await sendCustomQuestionnaire(portal, user, input)
          : input.intent === "additional-items"
            ? await requestAdditionalItems(portal, user, input)
            : await sendDocumentDropOff(portal, user, input);
    return json(result, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof SendError) return json({ error: error.message, errors: error.errors }, { status: error.status, headers: NO_STORE });
    throw error;
  }
}
