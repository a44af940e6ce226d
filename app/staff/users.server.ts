/**
 * Client users, as staff manage them (staff spec §4 User, §5 New client / Edit user / Tags, §7):
 * create a user with their first entity, edit, activate, deactivate, tag in bulk, delete and
 * restore. Every function takes who is asking (`StaffFacts`) and decides through `permissions.ts`;
 * everything runs under the firm's row-level security and writes an activity-log entry.
 * Refusals are `PortalError`s (status + the spec's message), never a 500.
 */
import { randomInt } from "node:crypto";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "~/time-zones";
import {
  canActivateUser,
  canChangeAssignedAdvisor,
  canChangeUserGroup,
  canCreateUser,
  canDeactivateUser,
  canDeleteUser,
  canEditUser,
  canRemoveEmail,
  canRemovePhone,
  canRestoreUser,
  canSetUserReadOnly,
  canTagUsers,
  isGroupAccess,
  PERMISSION_MESSAGES,
  type Decision,
  type StaffFacts,
} from "./permissions";
import { INDIVIDUAL, USER_MESSAGES, type CreateUserInput, type EditUserInput } from "./user-rules";
import { loadClientUserFact, loadClientUserFacts } from "./viewer.server";
import { visibilityOf } from "./visibility.server";

function check(decision: Decision): void {
  if (!decision.allowed) throw new PortalError(decision.status, decision.message);
}

/** A unique-constraint violation (PostgreSQL 23505) from Prisma or pg. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string; originalCode?: string }; message?: string } | null;
  return e?.code === "P2002" || e?.cause?.code === "23505" || e?.cause?.originalCode === "23505" || /unique constraint/i.test(e?.message ?? "");
}

function newEntityHashId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** The notification types an owner gets by default (§3 notification type ids). */
const OWNER_NOTIFICATION_TYPES = [1, 2, 3, 4, 5, 7];

const fullName = (u: { fname: string; lname: string }) => `${u.fname} ${u.lname}`.trim();

// ───────────────────────────── Email availability ─────────────────────────────

export interface EmailAvailability {
  isAvailable: boolean;
  /** Who has it (for the danger banner), when this viewer may see them. */
  user: { id: string; name: string } | null;
}

/**
 * POST /users/check_email_availability: is this address free in the firm (any kind of user)?
 *
 * Group access (staff spec §6: they see only their group and users in no group): an address held
 * by a client of another group is answered `{ isAvailable: false, user: null }`, exactly as an
 * address held by a staff member: "taken", with no name, id or entities. Saying "available"
 * instead would hide nothing (emails are unique in the firm, so creating the user would then fail
 * with 'This email already exists', staff spec §5) and would only let the dialog run into that
 * refusal; saying who has it would show another group's client.
 *
 * `exceptUserId` (the user being edited) counts only when the viewer may see that user: otherwise
 * "free apart from user X?" would tell whether another group's client X has this address.
 */
export async function checkEmailAvailability(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  email: string,
  exceptUserId?: string | null,
): Promise<EmailAvailability> {
  const visibility = visibilityOf(portal.db, viewer);
  const except = exceptUserId && (await visibility.findUser(exceptUserId)) ? exceptUserId : null;
  const owner = await portal.db.user.findFirst({
    where: { email: email.toLowerCase(), ...(except ? { id: { not: except } } : {}) },
    select: { id: true, fname: true, lname: true, kind: true, firmGroupId: true },
  });
  if (!owner) return { isAvailable: true, user: null };
  const visible = owner.kind === "client" && visibility.seesGroup(owner.firmGroupId);
  return { isAvailable: false, user: visible ? { id: owner.id, name: fullName(owner) } : null };
}

// ───────────────────────────── Create ─────────────────────────────

async function assertAdvisor(tx: FirmTx, advisorId: string | null, field = "assignedAdvisorId") {
  if (!advisorId) return;
  const advisor = await tx.user.findFirst({ where: { id: advisorId, kind: "staff", deletedAt: null }, select: { id: true } });
  if (!advisor) throw new PortalError(422, USER_MESSAGES.advisorRequired, { fields: { [field]: USER_MESSAGES.advisorRequired } });
}

async function assertGroup(tx: FirmTx, groupId: string | null) {
  if (!groupId) return;
  const group = await tx.firmGroup.findFirst({ where: { id: groupId }, select: { id: true } });
  if (!group) throw new PortalError(422, USER_MESSAGES.groupRequired, { fields: { firmGroupId: USER_MESSAGES.groupRequired } });
}

async function assertEntityNameFree(tx: FirmTx, name: string, exceptId?: string) {
  const clash = await tx.company.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, deletedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw new PortalError(409, USER_MESSAGES.entityNameExists, { fields: { entityName: USER_MESSAGES.entityNameExists } });
}

async function assertEmailsFree(tx: FirmTx, emails: { field: string; email: string | null }[]) {
  for (const { field, email } of emails) {
    if (!email) continue;
    const taken = await tx.user.findFirst({ where: { email }, select: { id: true } });
    if (taken) throw new PortalError(409, USER_MESSAGES.emailExists, { fields: { [field]: USER_MESSAGES.emailExists } });
  }
}

export interface CreatedUser {
  userId: string;
  companyId: string;
  companyHashId: string;
  spouseId: string | null;
}

/**
 * POST /users/create_client_from_api (+ the spouse): a client user, their entity (they are its
 * primary owner, taxpayer for an Individual) and, for an Individual with a spouse, the spouse as
 * a second owner. One transaction; a duplicate email (even from two staff at once: the database's
 * unique index decides) is refused with 'This email already exists'.
 */
export async function createUserAndEntity(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  input: CreateUserInput,
  context: { entityTypes: readonly string[]; individualBlocked: boolean; clientAddress?: string | null },
): Promise<CreatedUser> {
  const { firm } = portal;
  // Group-access staff create users in their own group whatever was posted.
  const firmGroupId = isGroupAccess(viewer) ? viewer.firmGroupId : input.firmGroupId;
  check(canCreateUser(viewer, firmGroupId));
  if (!context.entityTypes.includes(input.entityType))
    throw new PortalError(422, USER_MESSAGES.entityTypeRequired, { fields: { entityType: USER_MESSAGES.entityTypeRequired } });
  if (input.entityType === INDIVIDUAL && context.individualBlocked)
    throw new PortalError(422, USER_MESSAGES.individualNotAllowed, { fields: { entityType: USER_MESSAGES.individualNotAllowed } });
  if (!input.email && !input.confirmBlankEmail)
    throw new PortalError(422, USER_MESSAGES.blankEmailConfirm, { fields: { email: USER_MESSAGES.blankEmailConfirm } });
  const timeZone = input.timeZone && TIME_ZONES[input.timeZone] ? input.timeZone : firm.timeZone || DEFAULT_TIME_ZONE;
  try {
    return await portal.db.$transaction(async (tx) => {
      await assertAdvisor(tx, input.assignedAdvisorId);
      await assertGroup(tx, firmGroupId);
      await assertEmailsFree(tx, [
        { field: "email", email: input.email },
        { field: "spouseEmail", email: input.spouse?.email ?? null },
      ]);
      await assertEntityNameFree(tx, input.entityName);
      const user = await tx.user.create({
        data: {
          firmId: firm.id,
          kind: "client",
          email: input.email,
          fname: input.fname,
          lname: input.lname,
          phoneNumber: input.phoneNumber,
          preferredContactMethod: input.preferredContactMethod === "sms" && input.phoneNumber ? "sms" : "email",
          timeZone,
          assignedAdvisorId: input.assignedAdvisorId,
          firmGroupId,
        },
        select: { id: true },
      });
      const company = await tx.company.create({
        data: { firmId: firm.id, hashId: newEntityHashId(), name: input.entityName, entityType: input.entityType, primaryOwnerId: user.id },
        select: { id: true, hashId: true },
      });
      const individual = input.entityType === INDIVIDUAL;
      await tx.companyOwner.create({
        data: { firmId: firm.id, companyId: company.id, userId: user.id, isPrimary: true, specialRole: individual ? "taxpayer" : "none" },
      });
      await tx.ownerNotificationSubscription.createMany({
        data: OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId: firm.id, companyId: company.id, userId: user.id, notificationTypeId })),
      });
      await tx.user.update({ where: { id: user.id }, data: { defaultCompanyId: company.id } });
      let spouseId: string | null = null;
      if (input.spouse) {
        const spouse = await tx.user.create({
          data: {
            firmId: firm.id,
            kind: "client",
            email: input.spouse.email,
            fname: input.spouse.fname,
            lname: input.spouse.lname,
            timeZone,
            assignedAdvisorId: input.assignedAdvisorId,
            firmGroupId,
            defaultCompanyId: company.id,
          },
          select: { id: true },
        });
        spouseId = spouse.id;
        await tx.companyOwner.create({ data: { firmId: firm.id, companyId: company.id, userId: spouse.id, isPrimary: false, specialRole: "spouse" } });
        await tx.ownerNotificationSubscription.createMany({
          data: OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId: firm.id, companyId: company.id, userId: spouse.id, notificationTypeId })),
        });
      }
      await logActivity(tx, firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: "User created",
        description: `${fullName(input)} with the entity ${input.entityName}${input.spouse ? ` and the spouse ${fullName(input.spouse)}` : ""}`,
        actorId: viewer.id,
        userId: user.id,
        companyId: company.id,
        ipAddress: context.clientAddress ?? null,
      });
      return { userId: user.id, companyId: company.id, companyHashId: company.hashId, spouseId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = String((error as { message?: string }).message ?? "");
      if (/hash_id/.test(message)) throw new PortalError(409, USER_MESSAGES.error);
      // Two staff creating the same entity name at once: the index on names decided, not the email.
      if (
        /companies_firm_id_name_unique/.test(message) ||
        (await portal.db.company.findFirst({
          where: { name: { equals: input.entityName.trim(), mode: "insensitive" }, deletedAt: null },
          select: { id: true },
        })) !== null
      ) {
        throw new PortalError(409, USER_MESSAGES.entityNameExists, { fields: { entityName: USER_MESSAGES.entityNameExists } });
      }
      throw new PortalError(409, USER_MESSAGES.emailExists, { fields: { email: USER_MESSAGES.emailExists } });
    }
    throw error;
  }
}

// ───────────────────────────── Edit ─────────────────────────────

export interface UpdateUserResult {
  advisorChanged: boolean;
  entitiesUpdated: number;
}

/**
 * PATCH /users/{id}: the Details and Settings tabs. Group-access staff can't change the group,
 * only partner or full users the assigned advisor (which then applies to all the user's entities:
 * an entity's advisor is its primary owner's, and its co-owners follow). Removing the email or
 * phone follows the sign-in method rules; the read-only flag only on active users.
 */
export async function updateUser(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  userId: string,
  input: EditUserInput,
  clientAddress?: string | null,
): Promise<UpdateUserResult> {
  const { firm } = portal;
  const before = await loadClientUserFact(portal.db, userId);
  check(canEditUser(viewer, before));
  const current = await portal.db.user.findFirst({
    where: { id: userId },
    select: { fname: true, lname: true, email: true, phoneNumber: true, firmGroupId: true, assignedAdvisorId: true, readonlyAccess: true },
  });
  if (!before || !current) throw new PortalError(404, "Not found");
  if (current.email && !input.email) check(canRemoveEmail(viewer, before));
  if (current.phoneNumber && !input.phoneNumber) check(canRemovePhone(viewer, before));
  if (input.readonlyAccess && !current.readonlyAccess) check(canSetUserReadOnly(viewer, before, true));

  const groupChanged = input.firmGroupId !== undefined && input.firmGroupId !== current.firmGroupId;
  if (groupChanged && !canChangeUserGroup(viewer))
    throw new PortalError(403, "You can't change the firm group.", { fields: { firmGroupId: "You can't change the firm group." } });
  const advisorChanged = input.assignedAdvisorId !== undefined && input.assignedAdvisorId !== current.assignedAdvisorId;
  if (advisorChanged && !canChangeAssignedAdvisor(viewer)) {
    throw new PortalError(403, "Only partner or full access users can change the assigned firm user.", {
      fields: { assignedAdvisorId: "Only partner or full access users can change the assigned firm user." },
    });
  }
  const timeZone = input.timeZone && TIME_ZONES[input.timeZone] ? input.timeZone : undefined;
  try {
    return await portal.db.$transaction(async (tx) => {
      if (input.email && input.email !== current.email) await assertEmailsFree(tx, [{ field: "email", email: input.email }]);
      if (groupChanged) await assertGroup(tx, input.firmGroupId ?? null);
      if (advisorChanged) await assertAdvisor(tx, input.assignedAdvisorId ?? null);
      await tx.user.update({
        where: { id: userId },
        data: {
          fname: input.fname,
          lname: input.lname,
          preferredName: input.preferredName || null,
          email: input.email,
          // A new real address replaces a placeholder.
          ...(input.email !== current.email ? { hasTempEmail: false, pendingEmail: null } : {}),
          phoneNumber: input.phoneNumber,
          workPhoneNumber: input.workPhoneNumber ?? null,
          workPhoneExtension: input.workPhoneExtension || null,
          preferredContactMethod: input.preferredContactMethod === "sms" && input.phoneNumber ? "sms" : "email",
          // The external id is kept only where the firm allows it.
          ...(portal.firm.preferences.externalUserIdAllowed ? { externalUserId: input.externalUserId || null } : {}),
          ...(timeZone ? { timeZone } : {}),
          ...(groupChanged ? { firmGroupId: input.firmGroupId ?? null } : {}),
          ...(advisorChanged ? { assignedAdvisorId: input.assignedAdvisorId ?? null } : {}),
          readonlyAccess: before.paying ? input.readonlyAccess : false,
        },
      });
      let entitiesUpdated = 0;
      if (advisorChanged) {
        // The co-owners of the entities this user is primary owner of get the same advisor.
        const companies = await tx.company.findMany({ where: { primaryOwnerId: userId, deletedAt: null }, select: { id: true } });
        entitiesUpdated = companies.length;
        if (companies.length) {
          await tx.user.updateMany({
            where: { kind: "client", id: { not: userId }, ownerships: { some: { companyId: { in: companies.map((c) => c.id) } } } },
            data: { assignedAdvisorId: input.assignedAdvisorId ?? null },
          });
        }
      }
      const changes = [
        current.email !== input.email ? `email ${current.email ?? "(none)"} → ${input.email ?? "(none)"}` : null,
        fullName(current) !== fullName(input) ? `name ${fullName(current)} → ${fullName(input)}` : null,
        groupChanged ? "firm group" : null,
        advisorChanged ? "assigned advisor" : null,
        current.readonlyAccess !== input.readonlyAccess ? `read-only ${input.readonlyAccess ? "on" : "off"}` : null,
      ].filter(Boolean);
      await logActivity(tx, firm.id, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: advisorChanged ? "Assigned firm user updated" : "User updated",
        description: `${fullName(input)}${changes.length ? `: ${changes.join("; ")}` : ""}`,
        actorId: viewer.id,
        userId,
        ipAddress: clientAddress ?? null,
      });
      return { advisorChanged, entitiesUpdated };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, USER_MESSAGES.emailExists, { fields: { email: USER_MESSAGES.emailExists } });
    throw error;
  }
}

// ───────────────────────────── Activate / deactivate ─────────────────────────────

/** Activating needs a real email; it can also reactivate the inactive entities the user is primary owner of. */
export async function activateUser(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  userId: string,
  options: { includeEntities: boolean },
  clientAddress?: string | null,
) {
  const user = await loadClientUserFact(portal.db, userId);
  check(canActivateUser(viewer, user));
  return portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { paying: true } });
    const entities = options.includeEntities
      ? (await tx.company.updateMany({ where: { primaryOwnerId: userId, inactive: true, deletedAt: null }, data: { inactive: false } })).count
      : 0;
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "User activated",
      description: entities ? `${entities} entit${entities === 1 ? "y" : "ies"} activated too` : null,
      actorId: viewer.id,
      userId,
      ipAddress: clientAddress ?? null,
    });
    return { entitiesActivated: entities };
  });
}

/**
 * Deactivating locks all the questionnaires of the entities the user is primary owner of and
 * removes their scheduled sends; optionally it also deactivates those entities. The read-only
 * flag goes (only active users carry it) and the user's sessions end.
 */
export async function deactivateUser(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  userId: string,
  options: { deactivateEntities: boolean },
  clientAddress?: string | null,
) {
  const user = await loadClientUserFact(portal.db, userId);
  check(canDeactivateUser(viewer, user));
  return portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { paying: false, readonlyAccess: false } });
    // The entities are locked before their questionnaires, in the order an entity's change of
    // primary owner takes them (its trigger updates the entity's questionnaires' sort keys, migration
    // collect_advisor_sort_keys): the other order could deadlock with it.
    const companies = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM companies WHERE primary_owner_id = ${userId} AND deleted_at IS NULL ORDER BY id FOR NO KEY UPDATE`;
    const companyIds = companies.map((c) => c.id);
    const locked = companyIds.length
      ? (await tx.questionnaire.updateMany({ where: { companyId: { in: companyIds }, locked: false }, data: { locked: true, nextReminderDate: null } })).count
      : 0;
    const unscheduled = companyIds.length ? (await tx.templateSchedulerCompany.deleteMany({ where: { companyId: { in: companyIds } } })).count : 0;
    const entities =
      options.deactivateEntities && companyIds.length
        ? (await tx.company.updateMany({ where: { id: { in: companyIds }, inactive: false }, data: { inactive: true, readonlyAccess: false } })).count
        : 0;
    await tx.session.deleteMany({ where: { userId } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "User deactivated",
      description: `${locked} questionnaire(s) locked, ${unscheduled} scheduled send(s) removed${entities ? `, ${entities} entit${entities === 1 ? "y" : "ies"} deactivated` : ""}`,
      actorId: viewer.id,
      userId,
      ipAddress: clientAddress ?? null,
    });
    return { questionnairesLocked: locked, scheduledRemoved: unscheduled, entitiesDeactivated: entities };
  });
}

// ───────────────────────────── Tags ─────────────────────────────

/**
 * POST /users/update_tags: adds tags (creating new names) to and removes tags from the selected
 * users. 'No selected users or entities to update!' when nothing is selected.
 */
export async function updateUserTags(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  input: { userIds: string[]; add: string[]; remove: string[] },
  clientAddress?: string | null,
) {
  const { firm } = portal;
  const userIds = [...new Set(input.userIds)];
  if (!userIds.length) throw new PortalError(422, USER_MESSAGES.noSelection);
  const facts = await loadClientUserFacts(portal.db, userIds);
  check(
    canTagUsers(
      viewer,
      userIds.map((id) => facts.get(id)),
    ),
  );
  const add = [...new Set(input.add)];
  const remove = [...new Set(input.remove)].filter((n) => !add.includes(n));
  return portal.db.$transaction(async (tx) => {
    if (add.length) await tx.contactTag.createMany({ data: add.map((name) => ({ firmId: firm.id, name })), skipDuplicates: true });
    const tags = await tx.contactTag.findMany({ where: { name: { in: [...add, ...remove] } }, select: { id: true, name: true } });
    const idOf = new Map(tags.map((t) => [t.name, t.id]));
    const addIds = add.map((n) => idOf.get(n)).filter((id): id is string => Boolean(id));
    const removeIds = remove.map((n) => idOf.get(n)).filter((id): id is string => Boolean(id));
    if (addIds.length) {
      await tx.userContactTag.createMany({
        data: userIds.flatMap((userId) => addIds.map((tagId) => ({ firmId: firm.id, userId, tagId }))),
        skipDuplicates: true,
      });
    }
    if (removeIds.length) await tx.userContactTag.deleteMany({ where: { userId: { in: userIds }, tagId: { in: removeIds } } });
    await logActivity(tx, firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "User tags updated",
      description: `${userIds.length} user(s)${add.length ? `; added ${add.join(", ")}` : ""}${remove.length ? `; removed ${remove.join(", ")}` : ""}`.slice(
        0,
        2000,
      ),
      actorId: viewer.id,
      userId: userIds.length === 1 ? userIds[0] : null,
      ipAddress: clientAddress ?? null,
    });
    return { users: userIds.length, added: addIds.length, removed: removeIds.length };
  });
}

// ───────────────────────────── Delete / restore ─────────────────────────────

/** POST /users/delete_client_from_api: a soft delete (restorable); the user's sessions end. */
export async function deleteUser(portal: FirmSiteContext, viewer: StaffFacts, userId: string, clientAddress?: string | null) {
  const user = await loadClientUserFact(portal.db, userId);
  check(canDeleteUser(viewer, user));
  await portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { deletedAt: new Date() } });
    await tx.session.deleteMany({ where: { userId } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "User deleted",
      actorId: viewer.id,
      userId,
      ipAddress: clientAddress ?? null,
    });
  });
}

/** POST /v2/users/{id}/restore_deleted_user. Refused if the email was given to someone else meanwhile. */
export async function restoreUser(portal: FirmSiteContext, viewer: StaffFacts, userId: string, clientAddress?: string | null) {
  const user = await loadClientUserFact(portal.db, userId);
  check(canRestoreUser(viewer, user));
  await portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { deletedAt: null } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "User restored",
      actorId: viewer.id,
      userId,
      ipAddress: clientAddress ?? null,
    });
  });
}

// ───────────────────────────── Dialog choices ─────────────────────────────

/** What the users dialogs offer this viewer: advisors, groups, entity types, tags, and what they may change. */
export async function userDialogOptions(portal: FirmSiteContext, viewer: StaffFacts) {
  const prefs = portal.firm.preferences;
  const [advisors, groups, customTypes, tags] = await Promise.all([
    portal.db.user.findMany({
      where: { kind: "staff", deletedAt: null },
      select: { id: true, fname: true, lname: true, isAdvisor: true },
      orderBy: [{ lname: "asc" }, { fname: "asc" }],
    }),
    portal.db.firmGroup.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    portal.db.firmEntityType.findMany({ select: { name: true }, orderBy: { name: "asc" } }),
    portal.db.contactTag.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  const visibleGroups = isGroupAccess(viewer) ? groups.filter((g) => g.id === viewer.firmGroupId) : groups;
  return {
    advisors: advisors.filter((a) => a.isAdvisor).map((a) => ({ value: a.id, label: fullName(a) })),
    groups: visibleGroups.map((g) => ({ value: g.id, label: g.name })),
    customEntityTypes: customTypes.map((t) => t.name),
    tags: tags.map((t) => ({ value: t.id, label: t.name })),
    hasFirmGroups: Boolean(prefs.hasFirmGroups) && groups.length > 0,
    individualBlocked: Boolean(prefs.individualEntityTypeBlocked),
    externalUserIdAllowed: Boolean(prefs.externalUserIdAllowed),
    firmTimeZone: portal.firm.timeZone || DEFAULT_TIME_ZONE,
    can: { changeGroup: canChangeUserGroup(viewer), changeAdvisor: canChangeAssignedAdvisor(viewer) },
    viewerGroupId: viewer.firmGroupId,
  };
}
export type UserDialogOptions = Awaited<ReturnType<typeof userDialogOptions>>;

// ───────────────────────────── Entity email after an email change ─────────────────────────────

/**
 * Update Entity Email prompt, answered yes: the entities this user is the primary contact of take
 * the user's (new) email as their business email. Only entities the viewer may edit; another
 * user's entities, or unknown ones, are 404 and nothing changes.
 */
export async function applyEmailToPrimaryEntities(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  userId: string,
  hashIds: readonly string[],
  ipAddress?: string | null,
): Promise<{ updated: number }> {
  const { applyOwnerEmailToEntity } = await import("./entities.server");
  const owned = await portal.db.company.findMany({
    where: { hashId: { in: [...hashIds] }, primaryOwnerId: userId, deletedAt: null },
    select: { hashId: true },
  });
  if (owned.length !== new Set(hashIds).size) throw new PortalError(404, PERMISSION_MESSAGES.notFound);
  let updated = 0;
  for (const { hashId } of owned) {
    await applyOwnerEmailToEntity(portal, { facts: viewer, ipAddress }, hashId);
    updated++;
  }
  return { updated };
}
