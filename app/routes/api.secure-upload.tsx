/**
 * POST /api/secure-upload, JSON:
 * - `{ intent: "create", companyId }`: staff only; issues a 7-day link for the entity and returns `{ url, expiresAt }`.
 *   An entity the staff member may not see (group access: another group's) is answered exactly like
 *   an unknown one (404 'Entity not found.'), and no link is issued.
 * - `{ intent: "grant" | "confirm", token, … }`: the link's holder uploads (no sign-in) into that entity only.
 * Rate-limited per address; unknown or expired tokens are 404 and nothing is written.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { secureUploadApiSchema } from "~/drop-off/drop-off-rules";
import { createSecureUploadLink, DropOffError, performSecureUploadRequest } from "~/drop-off/drop-off.server";
import { NO_STORE_HEADERS } from "~/security-headers.server";
import { staffVisibility } from "~/staff/visibility.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  // JSON only: a cross-site form cannot send it without a CORS preflight, which we never grant.
  if (!request.headers.get("content-type")?.startsWith("application/json")) return json({ error: "Expected JSON" }, { status: 415 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  const parsed = secureUploadApiSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  try {
    if (parsed.data.intent === "create") {
      const user = await requireApiUser(request, portal);
      if (user.kind !== "staff") return json({ error: "Not Found" }, { status: 404 });
      const visibility = await staffVisibility(portal.db, user);
      await visibility.assertSeesEntity({ idOrHashId: parsed.data.companyId }, { notFound: () => json({ error: "Entity not found." }, { status: 404 }) });
      return json(await createSecureUploadLink(portal, user, parsed.data.companyId), { headers: NO_STORE_HEADERS });
    }
    // Upload grants are presigned POSTs, and the link holder has no session to mark the answer private.
    return json(await performSecureUploadRequest(portal, parsed.data), { headers: NO_STORE_HEADERS });
  } catch (error) {
    if (error instanceof DropOffError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
