import { requireApiUser } from "~/auth/session.server";
import { jsonLoader } from "~/http.server";

/** GET /api/auth/session: 200 with who is signed in, or 401 `{ error: "Unauthorized" }` (never a redirect). */
export const loader = jsonLoader(async ({ request, portal }) => {
  const user = await requireApiUser(request, portal);
  return { user: { id: user.id, kind: user.kind } };
});
