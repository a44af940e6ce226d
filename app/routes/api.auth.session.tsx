import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

/** GET /api/auth/session: 200 with who is signed in, or 401 (never a redirect). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, requireFirmSite(context));
  return Response.json({ user: { id: user.id, kind: user.kind } }, { headers: { "Cache-Control": "no-store" } });
}
