import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { MAX_SIGN_IN_LINKS_PER_REQUEST, sendSignInLinks } from "~/auth/send-sign-in-links.server";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

const bodySchema = z.object({
  userIds: z.array(z.string().min(1).max(100)).min(1, "Please select at least one user").max(MAX_SIGN_IN_LINKS_PER_REQUEST),
});

/**
 * POST /api/users/send-sign-in-links {userIds} (JSON, or a form with repeated userIds): staff
 * (advisors) email sign-in links, which reset the users' passwords. 401 without a session, 403
 * for clients and non-advisors, 400 for a malformed body.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const staff = await requireApiUser(request, portal);
  if (staff.kind !== "staff") return Response.json({ error: "Forbidden" }, { status: 403 });
  let body: unknown;
  try {
    body = (request.headers.get("content-type") ?? "").includes("application/json")
      ? await request.json()
      : { userIds: (await request.formData()).getAll("userIds").map(String) };
  } catch {
    return Response.json({ error: "Invalid request body" }, { status: 400 });
  }
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid request body" }, { status: 400 });
  const result = await sendSignInLinks(portal, staff, parsed.data.userIds);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}

export async function loader() {
  return Response.json({ error: "Method Not Allowed" }, { status: 405 });
}
