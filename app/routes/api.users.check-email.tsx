/**
 * POST /api/users/check-email `{ email, userId? }` (staff): is the address free in this firm?
 * `{ isAvailable, user }` — `user` names who has it when the viewer may see them. The dialogs
 * call it as the email is typed (200 ms debounce).
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireFirmSite } from "~/context.server";
import { optionalEmail } from "~/staff/user-rules";
import { checkEmailAvailability } from "~/staff/users.server";
import { loadStaffViewer } from "~/staff/viewer.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

const body = z.object({ email: optionalEmail, userId: z.string().max(100).optional().nullable() });

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const { facts } = await loadStaffViewer(request, portal);
  let raw: unknown;
  try {
    raw = request.headers.get("content-type")?.startsWith("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  const parsed = body.safeParse(raw);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  if (!parsed.data.email) return json({ isAvailable: true, user: null });
  return json(await checkEmailAvailability(portal, facts, parsed.data.email, parsed.data.userId ?? null), { headers: { "Cache-Control": "no-store" } });
}
