/**
 * Staff actions on entities (staff spec §2 "Entities page", §4 "Entity", §5, §7 "Companies and
 * entities"): edit, create for a user, delete and restore, firm roles, the Update Entity Email
 * prompt. Owners, spouse, tags, notifications and notes are in `entity-owners.server.ts` and
 * `entity-extras.server.ts`.
 *
 * Every function takes the firm's portal (row-level security: another firm's ids are simply not
 * found), the staff member's permission facts (`permissions.ts` decides, with facts loaded here,
 * never sent by the browser), validated input, and writes one activity-log entry per change.
 */
import { randomInt } from "node:crypto";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { refreshNextReminderDates } from "~/reminders/reminders.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import {
  BUILT_IN_ENTITY_TYPES,
  ENTITY_MESSAGES,
  INDIVIDUAL,
  individualAllowed,
  resolveEntityType,
  type CreateEntityInput,
  type EditEntityInput,
} from "./entity-rules";
import {
  canAssignEntityFirmRoles,
  canDeleteEntity,
  canEditEntity,
  canManageOwners,
  canRestoreEntity,
  canSetEntityReadOnly,
  type Decision,
  type EntityFacts,
  type StaffFacts,
} from "./permissions";
import { loadClientUserFact, loadEntityFacts } from "./viewer.server";
import { userVisibleWhere } from "./visibility";
import { PortalError } from "~/errors";

export function refuse(decision: Decision): void {
  if (!decision.allowed) throw new PortalError(decision.status, decision.message);
}

/** A unique index violation (Prisma P2002, or PostgreSQL 23505 through the adapter). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string; originalCode?: string }; message?: string } | null;
  return e?.code === "P2002" || e?.cause?.code === "23505" || e?.cause?.originalCode === "23505" || /unique constraint/i.test(e?.message ?? "");
}

/** 12 lower-case letters and digits, like the other public entity ids. */
export function newEntityHashId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export interface Actor {
  facts: StaffFacts;
  /** The request's client address, for the activity log. */
  ipAddress?: string | null;
}

type Found = EntityFacts & { hashId: string };

/**
 * The entity with this hash id as the actor may reach it: 404 for another firm's, another
 * group's, the hidden drop-link entity or (unless `includeDeleted`) a deleted one.
 */
export async function findEntity(
  portal: FirmSiteContext,
  hashId: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Found & { entityType: string; name: string; primaryOwnerId: string | null }> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hashId)) throw new PortalError(404, "Not found");
  const facts = (await loadEntityFacts(portal.db, { hashIds: [hashId] })).get(hashId);
  const row = facts
    ? await portal.db.company.findFirst({ where: { id: facts.id }, select: { entityType: true, name: true, primaryOwnerId: true, deletedAt: true } })
    : null;
  if (!facts || !row || row.entityType === UNASSIGNED_ENTITY_TYPE || (row.deletedAt && !options.includeDeleted)) throw new PortalError(404, "Not found");
  return { ...facts, entityType: row.entityType, name: row.name, primaryOwnerId: row.primaryOwnerId };
}

/** Entities by id for a bulk action: every one must be reachable, or nothing happens (404). */
export async function findEntities(
  portal: FirmSiteContext,
  facts: StaffFacts,
  ids: readonly string[],
  check: (v: StaffFacts, e: EntityFacts[]) => Decision,
): Promise<Found[]> {
  const unique = [...new Set(ids)];
  const found = await loadEntityFacts(portal.db, { ids: unique });
  const hidden = await portal.db.company.findMany({ where: { id: { in: unique }, entityType: UNASSIGNED_ENTITY_TYPE }, select: { id: true } });
  const list = unique.map((id) => found.get(id));
  if (hidden.length || list.some((e) => !e)) throw new PortalError(404, "Not found");
  refuse(check(facts, list as Found[]));
  return list as Found[];
}

/** Whether another entity (not deleted) of the firm has this name. */
export async function entityNameTaken(db: FirmSiteContext["db"] | FirmTx, name: string, exceptId?: string): Promise<boolean> {
  const rows = await (db as FirmTx).$queryRaw<{ id: string }[]>`
    SELECT id FROM companies WHERE deleted_at IS NULL AND lower(btrim(name)) = lower(btrim(${name})) AND id <> ${exceptId ?? ""} LIMIT 1`;
  return rows.length > 0;
}

/** The primary owner's other Individual entities (for 'Individual (Not Allowed)'). */
async function ownerIndividualEntityIds(db: FirmSiteContext["db"] | FirmTx, ownerId: string | null): Promise<string[]> {
  if (!ownerId) return [];
  const rows = await (db as FirmTx).company.findMany({ where: { primaryOwnerId: ownerId, entityType: INDIVIDUAL, deletedAt: null }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** The firm's custom entity types. */
export async function customEntityTypes(portal: FirmSiteContext): Promise<string[]> {
  const rows = await portal.db.firmEntityType.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  return rows.map((r) => r.name);
}

async function rememberCustomType(tx: FirmTx, firmId: string, type: string, isNew: boolean) {
  if (!isNew || (BUILT_IN_ENTITY_TYPES as readonly string[]).includes(type)) return;
  await tx.firmEntityType.createMany({ data: [{ firmId, name: type }], skipDuplicates: true });
}

const FIELD_LABELS: Record<string, string> = {
  name: "name",
  entityType: "type",
  ein: "EIN",
  businessEmail: "business email",
  otherEmail: "other email",
  street: "street",
  city: "city",
  state: "state",
  zip: "zip",
  country: "country",
  externalEntityId: "external entity id",
  taxReturnId: "tax return id",
  inactive: "inactive",
  readonlyAccess: "read-only",
};

// ─── Edit entity ───

/** The data of the Edit entity dialog (Details, Settings and, with firm roles, Firm Roles). */
export async function entityEditorData(portal: FirmSiteContext, facts: StaffFacts, hashId: string) {
  const found = await findEntity(portal, hashId);
  refuse(canEditEntity(facts, found));
  const [company, types, individuals] = await Promise.all([
    portal.db.company.findFirstOrThrow({
      where: { id: found.id },
      select: {
        name: true,
        entityType: true,
        ein: true,
        businessEmail: true,
        otherEmail: true,
        street: true,
        city: true,
        state: true,
        zip: true,
        country: true,
        externalEntityId: true,
        taxReturnId: true,
        inactive: true,
        readonlyAccess: true,
      },
    }),
    customEntityTypes(portal),
    ownerIndividualEntityIds(portal.db, found.primaryOwnerId),
  ]);
  const roles = portal.firm.preferences.useFirmRoles ? await firmRolesOf(portal, found.id) : null;
  return { values: company, customTypes: types, individualAllowed: individualAllowed(individuals, found.id), firmRoles: roles };
}

export async function updateEntity(portal: FirmSiteContext, actor: Actor, hashId: string, input: EditEntityInput) {
  const found = await findEntity(portal, hashId);
  refuse(canEditEntity(actor.facts, found));
  refuse(canSetEntityReadOnly(actor.facts, { ...found, inactive: input.inactive }, input.readonlyAccess));
  const type = resolveEntityType(input.entityType, input.customEntityType);
  if ("error" in type) throw new PortalError(422, type.error, { fields: { [type.field]: type.error } });
  if (
    type.type === INDIVIDUAL &&
    found.entityType !== INDIVIDUAL &&
    !individualAllowed(await ownerIndividualEntityIds(portal.db, found.primaryOwnerId), found.id)
  ) {
    throw new PortalError(422, ENTITY_MESSAGES.individualNotAllowed, { fields: { entityType: ENTITY_MESSAGES.individualNotAllowed } });
  }
  if (await entityNameTaken(portal.db, input.name, found.id))
    throw new PortalError(409, ENTITY_MESSAGES.nameTaken, { fields: { name: ENTITY_MESSAGES.nameTaken } });
  const data = {
    name: input.name,
    entityType: type.type,
    ein: input.ein,
    businessEmail: input.businessEmail,
    otherEmail: input.otherEmail,
    street: input.street,
    city: input.city,
    state: input.state,
    zip: input.zip,
    country: input.country,
    // Only firms that use external ids can set them; others keep what an import stored.
    ...(portal.firm.preferences.externalEntityIdAllowed ? { externalEntityId: input.externalEntityId } : {}),
    taxReturnId: input.taxReturnId,
    inactive: input.inactive,
    readonlyAccess: input.inactive ? false : input.readonlyAccess,
  };
  try {
    return await portal.db.$transaction(async (tx) => {
      const before = await tx.company.findFirstOrThrow({
        where: { id: found.id },
        select: Object.fromEntries(Object.keys(data).map((k) => [k, true])) as Record<keyof typeof data, true>,
      });
      const changed = (Object.keys(data) as (keyof typeof data)[]).filter((k) => (before[k] ?? null) !== (data[k] ?? null));
      if (changed.length === 0) return { changed };
      await rememberCustomType(tx, portal.firm.id, type.type, type.isNewCustom);
      await tx.company.update({ where: { id: found.id }, data });
      if (changed.includes("inactive")) await refreshNextReminderDates(tx, portal.firm.id, undefined, { companyId: found.id }); // no reminders while inactive
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: changed.includes("inactive") ? (data.inactive ? "Entity deactivated" : "Entity activated") : "Entity updated",
        description: `Changed ${changed.map((k) => FIELD_LABELS[k] ?? k).join(", ")}`,
        actorId: actor.facts.id,
        companyId: found.id,
        ipAddress: actor.ipAddress,
      });
      return { changed };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, ENTITY_MESSAGES.nameTaken, { fields: { name: ENTITY_MESSAGES.nameTaken } });
    throw error;
  }
}

// ─── Create entity for selected user ───

/** Select User for new Entity: client users (not deleted) matching a name or email, 10 at most. */
export async function searchClientUsers(portal: FirmSiteContext, facts: StaffFacts, term: string) {
  const q = term.trim().slice(0, 100);
  if (!q) return [];
  const words = q.split(/\s+/).slice(0, 3);
  const rows = await portal.db.user.findMany({
    where: {
      kind: "client",
      deletedAt: null,
      AND: [
        userVisibleWhere(facts),
        ...words.map((w) => ({
          OR: [
            { fname: { contains: w, mode: "insensitive" as const } },
            { lname: { contains: w, mode: "insensitive" as const } },
            { email: { contains: w, mode: "insensitive" as const } },
          ],
        })),
      ],
    },
    select: { id: true, fname: true, lname: true, email: true, paying: true },
    orderBy: [{ lname: "asc" }, { fname: "asc" }],
    take: 10,
  });
  return rows.map((r) => ({ id: r.id, name: `${r.fname} ${r.lname}`.trim(), email: r.email, active: r.paying }));
}

/** What the create form needs for a chosen user: their name, and whether Individual is allowed. */
export async function newEntityFormData(portal: FirmSiteContext, facts: StaffFacts, userId: string) {
  const user = await loadClientUserFact(portal.db, userId);
  refuse(canManageOwners(facts, { id: "", inactive: false, deleted: false, ownerGroupId: null, ownerAdvisorIds: [] }, [user]));
  const row = await portal.db.user.findFirstOrThrow({ where: { id: userId }, select: { fname: true, lname: true, email: true } });
  return {
    user: { id: userId, name: `${row.fname} ${row.lname}`.trim(), email: row.email },
    individualAllowed: individualAllowed(await ownerIndividualEntityIds(portal.db, userId)),
    customTypes: await customEntityTypes(portal),
  };
}

export async function createEntityForUser(portal: FirmSiteContext, actor: Actor, input: CreateEntityInput) {
  const user = await loadClientUserFact(portal.db, input.userId);
  if (!user) throw new PortalError(404, "Not found", { fields: { userId: "Not found" } });
  refuse(canManageOwners(actor.facts, { id: "", inactive: false, deleted: false, ownerGroupId: null, ownerAdvisorIds: [] }, [user]));
  const type = resolveEntityType(input.entityType, input.customEntityType);
  if ("error" in type) throw new PortalError(422, type.error, { fields: { [type.field]: type.error } });
  if (type.type === INDIVIDUAL && !individualAllowed(await ownerIndividualEntityIds(portal.db, user.id))) {
    throw new PortalError(422, ENTITY_MESSAGES.individualNotAllowed, { fields: { entityType: ENTITY_MESSAGES.individualNotAllowed } });
  }
  if (await entityNameTaken(portal.db, input.name)) throw new PortalError(409, ENTITY_MESSAGES.nameTaken, { fields: { name: ENTITY_MESSAGES.nameTaken } });
  try {
    return await portal.db.$transaction(async (tx) => {
      await rememberCustomType(tx, portal.firm.id, type.type, type.isNewCustom);
      const company = await tx.company.create({
        data: {
          firmId: portal.firm.id,
          hashId: newEntityHashId(),
          name: input.name,
          entityType: type.type,
          ein: input.ein,
          businessEmail: input.businessEmail,
          otherEmail: input.otherEmail,
          street: input.street,
          city: input.city,
          state: input.state,
          zip: input.zip,
          country: input.country,
          primaryOwnerId: user.id,
        },
        select: { id: true, hashId: true, name: true },
      });
      await tx.companyOwner.create({
        data: { firmId: portal.firm.id, companyId: company.id, userId: user.id, isPrimary: true, specialRole: type.type === INDIVIDUAL ? "taxpayer" : "none" },
      });
      await tx.ownerNotificationSubscription.createMany({
        data: OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId: portal.firm.id, companyId: company.id, userId: user.id, notificationTypeId })),
      });
      await tx.user.updateMany({ where: { id: user.id, defaultCompanyId: null }, data: { defaultCompanyId: company.id } });
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: "Entity created",
        description: `${company.name} (${type.type})`,
        actorId: actor.facts.id,
        userId: user.id,
        companyId: company.id,
        ipAddress: actor.ipAddress,
      });
      return company;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, ENTITY_MESSAGES.nameTaken, { fields: { name: ENTITY_MESSAGES.nameTaken } });
    throw error;
  }
}

/** The notification types an owner gets by default (the same as the demo firms' clients). */
export const OWNER_NOTIFICATION_TYPES = [1, 2, 3, 4, 5, 7];

// ─── Delete and restore ───

export async function deleteEntity(portal: FirmSiteContext, actor: Actor, hashId: string) {
  const found = await findEntity(portal, hashId);
  refuse(canDeleteEntity(actor.facts, found));
  await portal.db.$transaction(async (tx) => {
    const done = await tx.company.updateMany({ where: { id: found.id, deletedAt: null }, data: { deletedAt: new Date() } });
    if (done.count === 0) throw new PortalError(404, "Not found");
    // Owners whose default entity it was start on another one.
    await tx.user.updateMany({ where: { defaultCompanyId: found.id }, data: { defaultCompanyId: null } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Entity deleted",
      description: found.name,
      actorId: actor.facts.id,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
  });
  return { name: found.name };
}

export async function restoreEntity(portal: FirmSiteContext, actor: Actor, id: string) {
  const [found] = await findEntities(portal, actor.facts, [id], () => ({ allowed: true }));
  refuse(canRestoreEntity(actor.facts, found));
  const row = await portal.db.company.findFirstOrThrow({ where: { id: found!.id }, select: { name: true, hashId: true } });
  if (await entityNameTaken(portal.db, row.name, found!.id))
    throw new PortalError(409, ENTITY_MESSAGES.nameTaken, { fields: { name: ENTITY_MESSAGES.nameTaken } });
  try {
    await portal.db.$transaction(async (tx) => {
      const done = await tx.company.updateMany({ where: { id: found!.id, deletedAt: { not: null } }, data: { deletedAt: null } });
      if (done.count === 0) throw new PortalError(409, "Entity is not deleted.");
      await logActivity(tx, portal.firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: "Entity restored",
        description: row.name,
        actorId: actor.facts.id,
        companyId: found!.id,
        ipAddress: actor.ipAddress,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, ENTITY_MESSAGES.nameTaken, { fields: { name: ENTITY_MESSAGES.nameTaken } });
    throw error;
  }
  return row;
}

// ─── Update Entity Email prompt ───

/** Sets the entity's business email to its primary owner's email (after a primary contact change). */
export async function applyOwnerEmailToEntity(portal: FirmSiteContext, actor: Actor, hashId: string) {
  const found = await findEntity(portal, hashId);
  refuse(canEditEntity(actor.facts, found));
  const owner = found.primaryOwnerId
    ? await portal.db.user.findFirst({ where: { id: found.primaryOwnerId }, select: { email: true, hasTempEmail: true } })
    : null;
  if (!owner?.email || owner.hasTempEmail) throw new PortalError(422, "The primary contact has no email address.");
  await portal.db.$transaction(async (tx) => {
    await tx.company.update({ where: { id: found.id }, data: { businessEmail: owner.email } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Entity updated",
      description: "Changed business email to the primary contact's email",
      actorId: actor.facts.id,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
  });
  return { email: owner.email };
}

// ─── Firm roles (Edit entity → Firm Roles, only with use_firm_roles) ───

async function firmRolesOf(portal: FirmSiteContext, companyId: string) {
  const [roles, staff, assignments] = await Promise.all([
    portal.db.firmRole.findMany({ select: { id: true, roleName: true }, orderBy: { roleName: "asc" } }),
    portal.db.user.findMany({
      where: { kind: "staff", deletedAt: null },
      select: { id: true, fname: true, lname: true },
      orderBy: [{ lname: "asc" }, { fname: "asc" }],
    }),
    portal.db.firmRoleAssignment.findMany({ where: { companyId }, select: { firmRoleId: true, userId: true } }),
  ]);
  return {
    roles: roles.map((r) => ({ id: r.id, name: r.roleName, userIds: assignments.filter((a) => a.firmRoleId === r.id).map((a) => a.userId) })),
    staff: staff.map((s) => ({ id: s.id, name: `${s.fname} ${s.lname}`.trim() })),
  };
}

/** Replaces the entity's firm role assignments with `assignments` (role → staff users). */
export async function saveEntityFirmRoles(portal: FirmSiteContext, actor: Actor, hashId: string, assignments: { firmRoleId: string; userId: string }[]) {
  const found = await findEntity(portal, hashId);
  refuse(canAssignEntityFirmRoles(actor.facts, found, portal.firm.preferences));
  const roleIds = [...new Set(assignments.map((a) => a.firmRoleId))];
  const userIds = [...new Set(assignments.map((a) => a.userId))];
  const [roles, staff] = await Promise.all([
    portal.db.firmRole.count({ where: { id: { in: roleIds } } }),
    portal.db.user.count({ where: { id: { in: userIds }, kind: "staff", deletedAt: null } }),
  ]);
  if (roles !== roleIds.length || staff !== userIds.length) throw new PortalError(404, "Not found");
  await portal.db.$transaction(async (tx) => {
    await tx.firmRoleAssignment.deleteMany({ where: { companyId: found.id } });
    if (assignments.length) {
      await tx.firmRoleAssignment.createMany({
        data: assignments.map((a) => ({ firmId: portal.firm.id, companyId: found.id, firmRoleId: a.firmRoleId, userId: a.userId })),
        skipDuplicates: true,
      });
    }
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Firm roles updated",
      description: `${assignments.length} assignment(s)`,
      actorId: actor.facts.id,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
  });
}
