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
import type { SessionUser } from "~/auth/session.server";
import { sendApiSchema } from "~/collect/send/rules";
import type { FirmSiteContext } from "~/context.server";
import { forbidden, notFound } from "~/errors";
import { jsonAction, jsonLoader, requireApiUser } from "~/http.server";

/** Staff who may send; clients get 404, other staff 403. */
async function requireSender(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw notFound("Not Found");
  const { canSend } = await import("~/collect/send/send.server");
  if (!canSend(user)) throw forbidden("Only advisors can send questionnaires.");
  return user;
}

export const loader = jsonLoader(async ({ request, portal }) => {
  const user = await requireSender(request, portal);
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
    return { entities };
  }
  return sendDialogOptions(portal, { firmAccess: user.firmAccess });
});

export const action = jsonAction(sendApiSchema, async (input, { request, portal }) => {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw notFound("Not Found");
  const { requestAdditionalItems, sendCustomQuestionnaire, sendDocumentDropOff, sendQuestionnaire } = await import("~/collect/send/send.server");
  switch (input.intent) {
    case "template":
      return sendQuestionnaire(portal, user, input);
    case "custom":
      return sendCustomQuestionnaire(portal, user, input);
    case "additional-items":
      return requestAdditionalItems(portal, user, input);
    default:
      return sendDocumentDropOff(portal, user, input);
  }
});
