/** 'Mark finished sets status finished' (staff spec §4), race-free: the status must still allow it. */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { conflict } from "~/errors";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { statusesFor, TAX_RETURN_CONFLICTS } from "../rules";

export async function markTaxReturnFinished(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string): Promise<void> {
  await portal.db.$transaction(async (tx) => {
    const found = await findTaxReturn(tx, user, id, companyId);
    const { count } = await tx.taxReturn.updateMany({
      where: { id: found.id, status: { in: statusesFor("mark_finished") } },
      data: { status: "finished", completedAt: new Date() },
    });
    if (count === 0) throw conflict(TAX_RETURN_CONFLICTS.mark_finished);
    await recordTaxReturnEvent(tx, portal.firm.id, { taxReturnId: found.id, companyId: found.companyId, title: "Marked as finished", actorId: user.id });
  });
}
