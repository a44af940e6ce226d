/**
 * POST /api/document-drop-off: the drop-off page's upload API (signed-in client), JSON
 * `{ intent: "grant" | "confirm", questionnaireId, companyId, … }`. Rate-limited per address;
 * an entity the user does not own is 404 and nothing is written.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { dropOffApiSchema } from "~/drop-off/drop-off-rules";
import { DropOffError, performDocumentDropOffRequest } from "~/drop-off/drop-off.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  if (!request.headers.get("content-type")?.startsWith("application/json")) return json({ error: "Expected JSON" }, { status: 415 });
  const user = await requireApiUser(request, portal);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  const parsed = dropOffApiSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  try {
    return json(await performDocumentDropOffRequest(portal, user, parsed.data));
  } catch (error) {
    if (error instanceof DropOffError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
