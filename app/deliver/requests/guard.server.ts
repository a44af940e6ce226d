/**
 * Who may use the signature request calls: signed-in staff (any other caller: 404, as for a request
 * that does not exist). Changing a request is an advisor's action (staff spec §6: 'Only advisors
 * can ... manage signature requests'): others get 403.
 */
import type { FirmSiteContext } from "~/context.server";
import { refuse } from "~/staff/entities.server";
import { canDoAdvisorAction } from "~/staff/permissions";
import { loadApiStaffViewer, type StaffViewerContext } from "~/staff/viewer.server";

export async function requireRequestStaff(request: Request, portal: FirmSiteContext, manage: boolean): Promise<StaffViewerContext> {
  const viewer = await loadApiStaffViewer(request, portal);
  if (manage) refuse(canDoAdvisorAction(viewer.facts, "manageSignatureRequests"));
  return viewer;
}
