/**
 * Staff previews of a client (`/preview/user/{previewUserId}`): the client read as a session user
 * would be, so the client's own loaders (the dashboard) show exactly what the client sees. Nothing
 * here writes; the preview is read-only.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { staffVisibility } from "~/staff/visibility.server";

/**
 * The firm's client `userId` as the dashboard loader expects a signed-in client, or null (staff,
 * deleted, another firm, or a client of another firm group for group-access `staff`).
 */
export async function findPreviewClient(portal: FirmSiteContext, staff: SessionUser, userId: string): Promise<SessionUser | null> {
  const row = await portal.db.user.findFirst({
    where: { id: userId, kind: "client", deletedAt: null },
    select: {
      id: true,
      email: true,
      fname: true,
      lname: true,
      preferredName: true,
      readonlyAccess: true,
      timeZone: true,
      defaultCompanyId: true,
      firmGroupId: true,
    },
  });
  if (!row || staff.kind !== "staff" || !(await staffVisibility(portal.db, staff)).seesGroup(row.firmGroupId)) return null;
  const { firmGroupId: _group, ...user } = row;
  return { ...user, kind: "client", sessionId: "preview", firmAccess: null, isAdvisor: false };
}
