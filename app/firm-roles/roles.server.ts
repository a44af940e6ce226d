/**
 * Firm roles: the firm's list (Settings → Firm Roles, partners and admins, only with
 * use_firm_roles), assigning one role to a staff member on many entities (the Entities table), and
 * who holds which role per entity (the role columns of Collect, and of Deliver). Another firm's
 * roles are never found (RLS); bulk assignment only touches entities the staff member may see.
 */
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { forbidden, notFound, PortalError } from "~/errors";
import { isFirmAdmin } from "~/staff/permissions";
import { staffFactsOf, visibilityOf } from "~/staff/visibility.server";
import { FIRM_ROLE_MESSAGES, type BulkAssignInput, type EntityRoleHolders, type FirmRoleColumn, type RoleAction } from "./rules";

function requireRolesOn(portal: FirmSiteContext, staff: SessionUser) {
  if (staff.kind !== "staff") throw notFound();
  if (!portal.firm.preferences.useFirmRoles) throw forbidden(FIRM_ROLE_MESSAGES.off);
}

function requireFirmAdmin(portal: FirmSiteContext, staff: SessionUser) {
  requireRolesOn(portal, staff);
  if (!isFirmAdmin(staff)) throw forbidden(FIRM_ROLE_MESSAGES.forbidden);
}

/** The firm's roles by name (empty when the firm does not use roles): the columns and the choices. */
export async function listFirmRoles(portal: FirmSiteContext): Promise<FirmRoleColumn[]> {
  if (!portal.firm.preferences.useFirmRoles) return [];
  const roles = await portal.db.firmRole.findMany({ select: { id: true, roleName: true }, orderBy: { roleName: "asc" } });
  return roles.map((r) => ({ id: r.id, name: r.roleName }));
}

/** The settings page: each role with how many entities it is assigned on. */
export async function listFirmRolesForSettings(portal: FirmSiteContext, staff: SessionUser) {
  requireFirmAdmin(portal, staff);
  const roles = await portal.db.firmRole.findMany({
    orderBy: { roleName: "asc" },
    select: { id: true, roleName: true, assignments: { select: { companyId: true } } },
  });
  return roles.map((r) => ({ id: r.id, name: r.roleName, entityCount: new Set(r.assignments.map((a) => a.companyId)).size }));
}

/** The staff members a role can be given to. */
export async function listAssignableStaff(portal: FirmSiteContext) {
  const staff = await portal.db.user.findMany({
    where: { kind: "staff", deletedAt: null },
    select: { id: true, fname: true, lname: true },
    orderBy: [{ lname: "asc" }, { fname: "asc" }],
  });
  return staff.map((s) => ({ value: s.id, label: `${s.fname} ${s.lname}`.trim() }));
}

async function requireUniqueName(tx: FirmTx, name: string, exceptId: string | null) {
  const others = await tx.firmRole.findMany({ where: exceptId ? { id: { not: exceptId } } : {}, select: { roleName: true } });
  if (others.some((o) => o.roleName.trim().toLowerCase() === name.trim().toLowerCase())) {
    throw new PortalError(409, FIRM_ROLE_MESSAGES.duplicate, { fields: { roleName: FIRM_ROLE_MESSAGES.duplicate } });
  }
}

/** Create, rename or delete a role (deleting removes its assignments). */
export async function performRoleAction(portal: FirmSiteContext, staff: SessionUser, action: RoleAction): Promise<{ message: string }> {
  requireFirmAdmin(portal, staff);
  return portal.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM firms WHERE id = ${portal.firm.id} FOR UPDATE`;
    const log = (title: string) =>
      tx.activityLog.create({
        data: { firmId: portal.firm.id, typeId: ACTIVITY_TYPES.detailChange, title, actorId: staff.id, ipAddress: portal.clientAddress },
      });
    switch (action.intent) {
      case "create":
        await requireUniqueName(tx, action.roleName, null);
        await tx.firmRole.create({ data: { firmId: portal.firm.id, roleName: action.roleName } });
        await log(`Created the firm role ${action.roleName}`);
        return { message: FIRM_ROLE_MESSAGES.created };
      case "rename": {
        const role = await tx.firmRole.findFirst({ where: { id: action.id } });
        if (!role) throw notFound(FIRM_ROLE_MESSAGES.notFound);
        await requireUniqueName(tx, action.roleName, role.id);
        await tx.firmRole.update({ where: { id: role.id }, data: { roleName: action.roleName } });
        await log(`Renamed the firm role ${role.roleName} to ${action.roleName}`);
        return { message: FIRM_ROLE_MESSAGES.renamed };
      }
      case "delete": {
        const role = await tx.firmRole.findFirst({ where: { id: action.id } });
        if (!role) throw notFound(FIRM_ROLE_MESSAGES.notFound);
        await tx.firmRole.delete({ where: { id: role.id } });
        await log(`Deleted the firm role ${role.roleName}`);
        return { message: FIRM_ROLE_MESSAGES.deleted };
      }
    }
  });
}

/**
 * Gives `userId` the role on each selected entity the staff member may see (group access: their
 * group's or no group's); entities they cannot see are left out, none at all is a 404. An entity
 * where the member already holds the role is left as it is.
 */
export async function assignRoleInBulk(portal: FirmSiteContext, staff: SessionUser, input: BulkAssignInput): Promise<{ message: string; count: number }> {
  if (staff.kind !== "staff") throw notFound();
  return portal.db.$transaction(async (tx) => {
    // Entities the member may not see do not exist for them (404), whatever the firm's settings.
    const visibility = visibilityOf(tx, await staffFactsOf(tx, staff));
    const entities = await tx.company.findMany({
      where: { AND: [{ id: { in: [...new Set(input.entityIds)] }, deletedAt: null }, visibility.entityWhere()] },
      select: { id: true },
    });
    if (entities.length === 0) throw notFound();
    requireRolesOn(portal, staff);
    const [role, member] = await Promise.all([
      tx.firmRole.findFirst({ where: { id: input.roleId }, select: { id: true, roleName: true } }),
      tx.user.findFirst({ where: { id: input.userId, kind: "staff", deletedAt: null }, select: { id: true, fname: true, lname: true } }),
    ]);
    if (!role) throw new PortalError(404, FIRM_ROLE_MESSAGES.notFound, { fields: { roleId: FIRM_ROLE_MESSAGES.notFound } });
    if (!member) throw new PortalError(404, FIRM_ROLE_MESSAGES.staffNotFound, { fields: { userId: FIRM_ROLE_MESSAGES.staffNotFound } });
    const created = await tx.firmRoleAssignment.createMany({
      data: entities.map((e) => ({ firmId: portal.firm.id, companyId: e.id, firmRoleId: role.id, userId: member.id })),
      skipDuplicates: true,
    });
    const name = `${member.fname} ${member.lname}`.trim();
    await tx.activityLog.createMany({
      data: entities.map((e) => ({
        firmId: portal.firm.id,
        typeId: ACTIVITY_TYPES.detailChange,
        title: `Firm role ${role.roleName} given to ${name}`.slice(0, 200),
        actorId: staff.id,
        companyId: e.id,
        ipAddress: portal.clientAddress,
      })),
    });
    return { message: FIRM_ROLE_MESSAGES.assigned, count: created.count };
  });
}

/**
 * Who holds each role on each of `companyIds` (company id → role id → staff names, by last name):
 * one statement for a page of any table whose rows belong to entities (Collect, Deliver).
 */
export async function roleHoldersByEntity(db: FirmDb, companyIds: string[]): Promise<Map<string, EntityRoleHolders>> {
  const out = new Map<string, EntityRoleHolders>();
  if (companyIds.length === 0) return out;
  const rows = await db.firmRoleAssignment.findMany({
    where: { companyId: { in: [...new Set(companyIds)] } },
    select: { companyId: true, firmRoleId: true, user: { select: { fname: true, lname: true } } },
    orderBy: [{ user: { lname: "asc" } }, { user: { fname: "asc" } }],
  });
  for (const r of rows) {
    const holders = out.get(r.companyId) ?? {};
    (holders[r.firmRoleId] ??= []).push(`${r.user.fname} ${r.user.lname}`.trim());
    out.set(r.companyId, holders);
  }
  return out;
}
