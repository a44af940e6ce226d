/** Who may use Deliver's staff routes: a signed-in staff member of a firm with Deliver on (else 404, like a page that does not exist). */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { notFound } from "~/errors";
import { requireApiUser } from "~/http.server";
import { canOpenDeliver } from "~/staff/permissions";
import { TAX_RETURN_MESSAGES } from "../rules";

export async function requireStaffForDeliver(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff" || !canOpenDeliver(null, portal.firm.preferences)) throw notFound(TAX_RETURN_MESSAGES.notFound);
  return user;
}
