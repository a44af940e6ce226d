/**
 * Bulk Mark as finished / Turn reminders off on the Deliver table's selected returns, in one
 * transaction: the ids go through the door in one statement (another firm's or group's id is as
 * if it did not exist: skipped, untouched), the status machine applies in one
 * `updateMany … status IN (…)`, and each changed return records its event.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { TaxReturnStatus } from "~/generated/prisma/enums";
import { findTaxReturns, taxReturnNotFound } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { rowActionsOpen, statusesFor } from "../rules";
import { bulkMessage, type BulkTaxReturnAction, type BulkTaxReturnResult } from "./bulk";
import { REMINDER_FACTS, remindersChangeable } from "./set-reminders.server";

const REMINDER_STATUSES = Object.values(TaxReturnStatus).filter(rowActionsOpen);
const TITLES: Record<BulkTaxReturnAction, string> = { finish: "Marked as finished", reminders_off: "Reminders turned off" };

export async function bulkUpdateTaxReturns(
  portal: FirmSiteContext,
  user: SessionUser,
  ids: readonly string[],
  action: BulkTaxReturnAction,
): Promise<BulkTaxReturnResult> {
  const asked = new Set(ids).size;
  const changed = await portal.db.$transaction(async (tx) => {
    const found = await findTaxReturns(tx, user, ids);
    // None reachable: the same answer as one unknown id.
    if (!found.length) throw taxReturnNotFound();
    const select = { id: true, companyId: true } as const;
    let rows: { id: string; companyId: string }[];
    if (action === "finish") {
      rows = await tx.taxReturn.updateManyAndReturn({
        where: { id: { in: found.map((f) => f.id) }, status: { in: statusesFor("mark_finished") } },
        data: { status: "finished", completedAt: new Date() },
        select,
      });
    } else {
      const facts = await tx.taxReturn.findMany({
        where: { id: { in: found.map((f) => f.id) }, reminderDisabled: false },
        select: { id: true, ...REMINDER_FACTS },
      });
      const open = facts.filter((f) => remindersChangeable(f, true)).map((f) => f.id);
      rows = open.length
        ? await tx.taxReturn.updateManyAndReturn({
            where: { id: { in: open }, status: { in: REMINDER_STATUSES }, reminderDisabled: false },
            data: { reminderDisabled: true },
            select,
          })
        : [];
    }
    for (const row of rows) {
      await recordTaxReturnEvent(tx, portal.firm.id, { taxReturnId: row.id, companyId: row.companyId, title: TITLES[action], actorId: user.id });
    }
    return rows.length;
  });
  const skipped = asked - changed;
  return { changed, skipped, message: bulkMessage(action, changed, skipped) };
}
