/**
 * 'Update client assignments' (spec §7: advisorId and clientIds): the chosen owners of the
 * return's entity get the chosen advisor, which the row's Assigned advisor column shows (the
 * primary owner's). Changing a client's assigned advisor is for partners and full access staff,
 * as on the client's own page.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { forbidden, PortalError } from "~/errors";
import { canChangeAssignedAdvisor, type StaffFacts } from "~/staff/permissions";
import { findTaxReturn } from "../access.server";
import { recordTaxReturnEvent } from "../events.server";

export const ASSIGNMENT_MESSAGES = {
  forbidden: "Only partner or full access users can change the assigned firm user.",
  advisorRequired: "Choose an advisor.",
  clientsRequired: "Choose at least one client of this entity.",
} as const;

export async function updateClientAssignments(
  portal: FirmSiteContext,
  viewer: { user: SessionUser; facts: StaffFacts },
  input: { id: string; companyId: string; advisorId: string; clientIds: string[] },
): Promise<number> {
  return portal.db.$transaction(async (tx) => {
    // The door first: another group's return is 'not found' for everyone, as an unknown id.
    const found = await findTaxReturn(tx, viewer.user, input.id, input.companyId);
    if (!canChangeAssignedAdvisor(viewer.facts)) throw forbidden(ASSIGNMENT_MESSAGES.forbidden);
    const advisor = await tx.user.findFirst({
      where: { id: input.advisorId, kind: "staff", isAdvisor: true, deletedAt: null },
      select: { id: true, fname: true, lname: true },
    });
    if (!advisor) throw new PortalError(422, ASSIGNMENT_MESSAGES.advisorRequired, { fields: { advisorId: ASSIGNMENT_MESSAGES.advisorRequired } });
    const owners = await tx.companyOwner.findMany({
      where: { companyId: found.companyId, userId: { in: input.clientIds }, user: { deletedAt: null, kind: "client" } },
      select: { userId: true },
    });
    if (owners.length !== new Set(input.clientIds).size) {
      throw new PortalError(422, ASSIGNMENT_MESSAGES.clientsRequired, { fields: { clientIds: ASSIGNMENT_MESSAGES.clientsRequired } });
    }
    const { count } = await tx.user.updateMany({ where: { id: { in: owners.map((o) => o.userId) } }, data: { assignedAdvisorId: advisor.id } });
    await recordTaxReturnEvent(tx, portal.firm.id, {
      taxReturnId: found.id,
      companyId: found.companyId,
      title: "Client assignments updated",
      description: `${count} client(s) assigned to ${`${advisor.fname} ${advisor.lname}`.trim()}`,
      actorId: viewer.user.id,
    });
    return count;
  });
}
