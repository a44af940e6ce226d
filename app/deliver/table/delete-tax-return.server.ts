/**
 * Delete (after the confirmation dialog): a soft delete, so the activity log keeps the return.
 * A return being sent (the delivery is being written) can't be deleted until that is done.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict } from "~/errors";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";

export const DELETE_CONFLICT = "This tax return is being sent and can't be deleted now.";

export async function deleteTaxReturn(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string): Promise<void> {
  await portal.db.$transaction(async (tx) => {
    const found = await findTaxReturn(tx, user, id, companyId);
    const { count } = await tx.taxReturn.updateMany({
      where: { id: found.id, deletedAt: null, status: { not: "sending" } },
      data: { deletedAt: new Date(), nextReminderAt: null },
    });
    if (count === 0) throw conflict(DELETE_CONFLICT);
    await recordTaxReturnEvent(tx, portal.firm.id, { taxReturnId: found.id, companyId: found.companyId, title: "Tax return deleted", actorId: user.id });
  });
}
