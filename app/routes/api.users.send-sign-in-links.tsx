import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { MAX_SIGN_IN_LINKS_PER_REQUEST, sendSignInLinks } from "~/auth/send-sign-in-links.server";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { forbidden, fromZod, PortalError } from "~/errors";
import { answerJson, readJson } from "~/http.server";

const bodySchema = z.object({
  userIds: z.array(z.string().min(1).max(100)).min(1, "Please select at least one user").max(MAX_SIGN_IN_LINKS_PER_REQUEST),
});

/** The body as JSON, or (a plain form post) the repeated `userIds` fields. */
async function readBody(request: Request): Promise<z.output<typeof bodySchema>> {
  if (request.headers.get("content-type")?.includes("application/json")) return readJson(request, bodySchema);
  const form = await request.formData().catch(() => null);
  if (!form) throw new PortalError(400, "Invalid request body");
  const parsed = bodySchema.safeParse({ userIds: form.getAll("userIds").map(String) });
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/**
 * POST /api/users/send-sign-in-links {userIds} (JSON, or a form with repeated userIds): staff
 * (advisors) email sign-in links, which reset the users' passwords. 401 without a session, 403
 * for clients and non-advisors, 400 for a malformed body.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const staff = await requireApiUser(request, portal);
  return answerJson(async () => {
    if (staff.kind !== "staff") throw forbidden("Forbidden");
    const input = await readBody(request);
    const result = await sendSignInLinks(portal, staff, input.userIds);
    if (!result.ok) throw new PortalError(result.status, result.message);
    return result;
  });
}

export async function loader() {
  return Response.json({ error: "Method Not Allowed" }, { status: 405 });
}
