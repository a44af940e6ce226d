/**
 * The client's answer to a draft: approve it, or ask for changes with a reason. Both are
 * race-free status changes (`statusesFor`), refused for read-only users and entities, and
 * recorded as events.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { conflict, forbidden } from "~/errors";
import { findTaxReturn, type FoundTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { statusesFor, TAX_RETURN_CONFLICTS, TAX_RETURN_MESSAGES } from "../rules";

export const READ_ONLY_MESSAGE = "This account or entity is read-only: changes are turned off.";

/** The return for a client write: reachable (else 404) and neither the user nor the entity read-only (else 403). */
export async function findWritableTaxReturn(tx: FirmTx, user: SessionUser, id: string, companyId: string | null): Promise<FoundTaxReturn> {
  const found = await findTaxReturn(tx, user, id, companyId);
  const entity = await tx.company.findFirst({ where: { id: found.companyId }, select: { readonlyAccess: true } });
  if (user.kind !== "client" || user.readonlyAccess || entity?.readonlyAccess) throw forbidden(READ_ONLY_MESSAGE);
  return found;
}

export async function approveTaxReturn(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  return portal.db.$transaction(async (tx) => {
    const found = await findWritableTaxReturn(tx, user, id, companyId);
    const now = new Date();
    const changed = await tx.taxReturn.updateMany({
      where: { id: found.id, status: { in: statusesFor("approve") } },
      data: { status: "approved", draftStatus: "approved", approvedAt: now },
    });
    if (changed.count === 0) throw conflict(TAX_RETURN_CONFLICTS.approve);
    await recordTaxReturnEvent(tx, portal.firm.id, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: "Draft approved",
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
    return { ok: true, message: TAX_RETURN_MESSAGES.approved };
  });
}

export async function requestTaxReturnChanges(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null, reason: string) {
  return portal.db.$transaction(async (tx) => {
    const found = await findWritableTaxReturn(tx, user, id, companyId);
    const changed = await tx.taxReturn.updateMany({
      where: { id: found.id, status: { in: statusesFor("request_changes") } },
      data: { status: "change_requested", draftStatus: "change_requested", draftComment: reason },
    });
    if (changed.count === 0) throw conflict(TAX_RETURN_CONFLICTS.request_changes);
    await recordTaxReturnEvent(tx, portal.firm.id, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: "Changes requested",
      description: reason,
      actorId: user.id,
      ipAddress: portal.clientAddress,
    });
    return { ok: true, message: TAX_RETURN_MESSAGES.changesRequested };
  });
}
