/**
 * Who may use the Deliver table's calls: a signed-in staff member of a firm with new tax return
 * delivery on (the preference that shows 'Deliver' in the navigation). Otherwise the calls do
 * not exist (404), as for a client.
 */
import type { FirmSiteContext } from "~/context.server";
import { notFound } from "~/errors";
import { canOpenDeliver } from "~/staff/permissions";
import { loadApiStaffViewer, type StaffViewerContext } from "~/staff/viewer.server";

export async function requireDeliverStaff(request: Request, portal: FirmSiteContext): Promise<StaffViewerContext> {
  const viewer = await loadApiStaffViewer(request, portal);
  if (!canOpenDeliver(viewer.facts, portal.firm.preferences)) throw notFound("Not Found");
  return viewer;
}
