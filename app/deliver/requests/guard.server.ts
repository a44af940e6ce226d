/**
 * Who may use the signature request calls: signed-in staff of a firm with signature requests on
 * (signature_requests_enabled; any other caller: 404, as for a request that does not exist). Changing a request is an advisor's action (staff spec §6: 'Only advisors
 * can ... manage signature requests'): others get 403.
 */
import type { FirmSiteContext } from "~/context.server";
import { notFound } from "~/errors";
import { refuse } from "~/staff/entities.server";
import { canDoAdvisorAction, canOpenSignatureRequests } from "~/staff/permissions";
import { loadApiStaffViewer, type StaffViewerContext } from "~/staff/viewer.server";

export async function requireRequestStaff(request: Request, portal: FirmSiteContext, manage: boolean): Promise<StaffViewerContext> {
  requireSignatureRequestsOn(portal);
  const viewer = await loadApiStaffViewer(request, portal);
  if (manage) refuse(canDoAdvisorAction(viewer.facts, "manageSignatureRequests"));
  return viewer;
}

/** Signature requests exist only for a firm that turned them on: otherwise every page and call is 404. */
export function requireSignatureRequestsOn(portal: FirmSiteContext): void {
  if (!canOpenSignatureRequests(null, portal.firm.preferences)) throw notFound("Not Found");
}
