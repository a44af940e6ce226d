/**
 * A signature request's activity log for staff: its entries (type 7, signature; each step of
 * ./events.server.ts), newest first, a page at a time, with who did each. Found through the door:
 * another firm's or group's request is 404.
 */
import type { SessionUser } from "~/auth/session.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { FirmDb } from "~/db.server";
import { findSignatureRequest } from "../access.server";
import { activityLogPage, type TaxReturnActivityPage } from "../ops/activity.server";

export async function signatureRequestActivity(
  db: FirmDb,
  user: SessionUser,
  id: string,
  companyId: string | null,
  page: number,
): Promise<TaxReturnActivityPage> {
  const found = await findSignatureRequest(db, user, id, companyId);
  return activityLogPage(db, { signatureRequestId: found.id, typeId: ACTIVITY_TYPES.signature }, page);
}
