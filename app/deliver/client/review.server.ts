/**
 * The client's answer to a draft: approve it, or ask for changes with a reason. Both are
 * race-free status changes (`statusesFor`), refused for read-only users and entities, and
 * recorded as events.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { conflict, forbidden } from "~/errors";
import { deliverNotificationEmails, type NotifyResult } from "~/notifications/notify.server";
import { findTaxReturn, type FoundTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";
import { notifyTaxReturnChangesRequested, notifyTaxReturnDraftApproved } from "../ops/notify.server";
import { statusesFor, TAX_RETURN_CONFLICTS, TAX_RETURN_MESSAGES } from "../rules";

export const READ_ONLY_MESSAGE = "This account or entity is read-only: changes are turned off.";

/** The return for a client write: reachable (else 404) and neither the user nor the entity read-only (else 403). */
export async function findWritableTaxReturn(tx: FirmTx, user: SessionUser, id: string, companyId: string | null): Promise<FoundTaxReturn> {
  const found = await findTaxReturn(tx, user, id, companyId);
  const entity = await tx.company.findFirst({ where: { id: found.companyId }, select: { readonlyAccess: true } });
  if (user.kind !== "client" || user.readonlyAccess || entity?.readonlyAccess) throw forbidden(READ_ONLY_MESSAGE);
  return found;
}

/** Hands the emails queued in a committed transaction to the provider (a failure leaves them queued for the sweep). */
export async function deliverTaxReturnEmails(portal: FirmSiteContext, told: NotifyResult): Promise<void> {
  await deliverNotificationEmails({ firm: { id: portal.firm.id, name: portal.firm.name }, db: portal.db }, told.messages).catch((error: unknown) =>
    console.error("Tax return emails not handed over:", error),
  );
}

const actorName = (user: SessionUser) => `${user.fname} ${user.lname}`.trim();
const notifyFirmOf = (portal: FirmSiteContext) => ({ id: portal.firm.id, name: portal.firm.name, origin: portal.origin });

export async function approveTaxReturn(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null) {
  const { told, ...result } = await portal.db.$transaction(async (tx) => {
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
    const told = await notifyTaxReturnDraftApproved(tx, notifyFirmOf(portal), { taxReturnId: found.id, actorName: actorName(user) });
    return { ok: true, message: TAX_RETURN_MESSAGES.approved, told };
  });
  await deliverTaxReturnEmails(portal, told);
  return result;
}

export async function requestTaxReturnChanges(portal: FirmSiteContext, user: SessionUser, id: string, companyId: string | null, reason: string) {
  const { told, ...result } = await portal.db.$transaction(async (tx) => {
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
    const told = await notifyTaxReturnChangesRequested(tx, notifyFirmOf(portal), { taxReturnId: found.id, actorName: actorName(user) });
    return { ok: true, message: TAX_RETURN_MESSAGES.changesRequested, told };
  });
  await deliverTaxReturnEmails(portal, told);
  return result;
}
