/**
 * POST /api/drop-link: the public drop link's upload API (no sign-in), as JSON
 * `{ intent: "grant" | "confirm" | "finish", token, … }`. Rate-limited per address; an unknown or
 * expired token is 404 and nothing is written. Files land only in the link's firm.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireFirmSite } from "~/context.server";
import { DropLinkError, performDropLinkRequest } from "~/drop-off/drop-link.server";
import { dropLinkApiSchema } from "~/drop-off/rules";
import { NO_STORE_HEADERS } from "~/security-headers.server";

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
  const parsed = dropLinkApiSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  try {
    // Upload grants are presigned POSTs, and there is no session here to mark the answer private.
    return json(await performDropLinkRequest(portal, parsed.data), { headers: NO_STORE_HEADERS });
  } catch (error) {
    if (error instanceof DropLinkError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
