/**
 * GET /api/staff/exports/{exportId}/download: the finished export, by a redirect to a 5-minute
 * presigned URL of the store (the link of the dialog and of the notification). Only the staff member
 * who started it; anyone else, an unknown id or an export not ready yet is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { PortalError } from "~/errors";
import { exportDownloadUrl } from "~/exports/exports.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  try {
    const url = await exportDownloadUrl(portal, staff, params.exportId ?? "");
    return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof PortalError) return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
