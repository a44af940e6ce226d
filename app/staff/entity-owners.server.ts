/**
 * An entity's owners (staff spec §3 owner special_role, §5 "Add owner", §7 create_new_owner,
 * update_owners, change_primary_contact, spouse): Add user as Owner (a new client user or an
 * existing one, copying or transferring the previous messages), the primary contact, and the
 * spouse of an Individual entity.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { findEntity, isUniqueViolation, OWNER_NOTIFICATION_TYPES, refuse, type Actor } from "./entities.server";
import { ENTITY_MESSAGES, INDIVIDUAL, messageHistoryFlags, type AddOwnerInput, type MessageHistory, type SpouseInput } from "./entity-rules";
import { canEditEntity, canManageOwners } from "./permissions";
import { loadClientUserFact } from "./viewer.server";

/** The types a spouse gets by default (the demo firms' spouses). */
const SPOUSE_NOTIFICATION_TYPES = [1, 3, 4, 5];

/**
 * Before a new owner's notification settings are written: an entity whose owners never saved
 * theirs gets every notification (notify.server.ts), but once any owner has rows only the rows
 * count. So the existing owners' defaults are written out first, or they would stop being told.
 */
async function keepOwnersDefaults(tx: FirmTx, firmId: string, companyId: string): Promise<void> {
  if ((await tx.ownerNotificationSubscription.count({ where: { companyId }, take: 1 })) > 0) return;
  const owners = await tx.companyOwner.findMany({ where: { companyId }, select: { userId: true } });
  if (!owners.length) return;
  await tx.ownerNotificationSubscription.createMany({
    data: owners.flatMap((o) => OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId, companyId, userId: o.userId, notificationTypeId }))),
    skipDuplicates: true,
  });
}

/** Owners for the entity view and the dialogs. */
export async function entityOwners(portal: FirmSiteContext, companyId: string) {
  const rows = await portal.db.companyOwner.findMany({
    where: { companyId, user: { deletedAt: null } },
    orderBy: [{ isPrimary: "desc" }, { createdAt: "asc" }],
    select: {
      isPrimary: true,
      specialRole: true,
      user: { select: { id: true, fname: true, lname: true, email: true, phoneNumber: true, paying: true, hasTempEmail: true } },
    },
  });
  return rows.map((o) => ({
    id: o.user.id,
    fname: o.user.fname,
    lname: o.user.lname,
    name: `${o.user.fname} ${o.user.lname}`.trim(),
    email: o.user.email,
    phoneNumber: o.user.phoneNumber,
    active: o.user.paying,
    hasRealEmail: Boolean(o.user.email) && !o.user.hasTempEmail,
    primary: o.isPrimary,
    role: o.specialRole,
  }));
}

async function emailTaken(db: FirmSiteContext["db"] | FirmTx, email: string, exceptUserId?: string) {
  const row = await (db as FirmTx).user.findFirst({ where: { email, ...(exceptUserId ? { id: { not: exceptUserId } } : {}) }, select: { id: true } });
  return Boolean(row);
}

/**
 * The previous messages when `userId` joins the entity's owners: transfer (the new owner joins the
 * entity's conversations and sees their history), copy (a new conversation with every owner,
 * carrying a copy of the messages) or none (a new, empty conversation with every owner).
 */
async function carryMessages(tx: FirmTx, firmId: string, companyId: string, userId: string, choice: MessageHistory) {
  const { copyPreviousMessages, transferPreviousMessages } = messageHistoryFlags(choice);
  const links = await tx.conversationCompany.findMany({ where: { companyId }, select: { conversationId: true } });
  if (links.length === 0) return;
  if (transferPreviousMessages) {
    await tx.conversationParticipant.createMany({ data: links.map((l) => ({ firmId, conversationId: l.conversationId, userId })), skipDuplicates: true });
    return;
  }
  const latest = await tx.conversation.findFirst({
    where: { id: { in: links.map((l) => l.conversationId) } },
    orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
    select: { id: true, lastMessageAt: true, participants: { select: { userId: true, isFirmUser: true } } },
  });
  if (!latest) return;
  const conversation = await tx.conversation.create({
    data: { firmId, lastMessageAt: copyPreviousMessages ? latest.lastMessageAt : null },
    select: { id: true },
  });
  await tx.conversationCompany.create({ data: { firmId, conversationId: conversation.id, companyId } });
  const participants = new Map(latest.participants.map((p) => [p.userId, p.isFirmUser]));
  participants.set(userId, false);
  await tx.conversationParticipant.createMany({
    data: [...participants].map(([id, isFirmUser]) => ({ firmId, conversationId: conversation.id, userId: id, isFirmUser })),
  });
  if (!copyPreviousMessages) return;
  const messages = await tx.message.findMany({
    where: { conversationId: latest.id, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      authorId: true,
      text: true,
      isFirmUser: true,
      threadId: true,
      tag: true,
      scheduledAt: true,
      isEdited: true,
      isLog: true,
      createdAt: true,
    },
  });
  // Roots first (ordered by time), so a reply's thread already has its copy.
  const copies = new Map<string, string>();
  for (const m of messages) {
    const copy = await tx.message.create({
      data: {
        firmId,
        conversationId: conversation.id,
        authorId: m.authorId,
        text: m.text,
        isFirmUser: m.isFirmUser,
        threadId: m.threadId ? (copies.get(m.threadId) ?? null) : null,
        tag: m.tag,
        scheduledAt: m.scheduledAt,
        isEdited: m.isEdited,
        isLog: m.isLog,
        createdAt: m.createdAt,
      },
      select: { id: true },
    });
    copies.set(m.id, copy.id);
  }
}

/** Add user as Owner: a new client user (first and last name, unique email) owning the entity. */
export async function addNewOwner(portal: FirmSiteContext, actor: Actor, hashId: string, input: AddOwnerInput) {
  const found = await findEntity(portal, hashId);
  refuse(canManageOwners(actor.facts, found));
  if (await emailTaken(portal.db, input.email)) throw new PortalError(409, ENTITY_MESSAGES.emailTaken, { fields: { email: ENTITY_MESSAGES.emailTaken } });
  const primary = found.primaryOwnerId
    ? await portal.db.user.findFirst({ where: { id: found.primaryOwnerId }, select: { assignedAdvisorId: true, firmGroupId: true } })
    : null;
  try {
    return await portal.db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          firmId: portal.firm.id,
          kind: "client",
          email: input.email,
          fname: input.firstName,
          lname: input.lastName,
          phoneNumber: input.phoneNumber,
          timeZone: portal.firm.timeZone,
          assignedAdvisorId: primary?.assignedAdvisorId ?? null,
          firmGroupId: primary?.firmGroupId ?? null,
        },
        select: { id: true },
      });
      await attachOwner(tx, portal, actor, found, user.id, input.messages, `${input.firstName} ${input.lastName}`);
      return { userId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, ENTITY_MESSAGES.emailTaken, { fields: { email: ENTITY_MESSAGES.emailTaken } });
    throw error;
  }
}

/** Add an existing client user (one the actor can see) as an owner. */
export async function addExistingOwner(portal: FirmSiteContext, actor: Actor, hashId: string, input: { userId: string; messages: MessageHistory }) {
  const found = await findEntity(portal, hashId);
  const user = await loadClientUserFact(portal.db, input.userId);
  refuse(canManageOwners(actor.facts, found, [user]));
  const row = await portal.db.user.findFirstOrThrow({ where: { id: input.userId }, select: { fname: true, lname: true } });
  try {
    await portal.db.$transaction((tx) => attachOwner(tx, portal, actor, found, input.userId, input.messages, `${row.fname} ${row.lname}`));
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, ENTITY_MESSAGES.alreadyOwner, { fields: { userId: ENTITY_MESSAGES.alreadyOwner } });
    throw error;
  }
  return { userId: input.userId };
}

async function attachOwner(
  tx: FirmTx,
  portal: FirmSiteContext,
  actor: Actor,
  found: { id: string; primaryOwnerId: string | null },
  userId: string,
  messages: MessageHistory,
  name: string,
) {
  const firmId = portal.firm.id;
  const existing = await tx.companyOwner.findFirst({ where: { companyId: found.id, userId }, select: { id: true } });
  if (existing) throw new PortalError(409, ENTITY_MESSAGES.alreadyOwner, { fields: { userId: ENTITY_MESSAGES.alreadyOwner } });
  const isPrimary = !found.primaryOwnerId;
  await keepOwnersDefaults(tx, firmId, found.id);
  await tx.companyOwner.create({ data: { firmId, companyId: found.id, userId, isPrimary } });
  if (isPrimary) await tx.company.update({ where: { id: found.id }, data: { primaryOwnerId: userId } });
  await tx.ownerNotificationSubscription.createMany({
    data: OWNER_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId, companyId: found.id, userId, notificationTypeId })),
    skipDuplicates: true,
  });
  await tx.user.updateMany({ where: { id: userId, defaultCompanyId: null }, data: { defaultCompanyId: found.id } });
  await carryMessages(tx, firmId, found.id, userId, messages);
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.detailChange,
    title: "Owner added",
    description: `${name.trim()} (${messages === "copy" ? "previous messages copied" : messages === "transfer" ? "previous messages transferred" : "new conversation"})`,
    actorId: actor.facts.id,
    userId,
    companyId: found.id,
    ipAddress: actor.ipAddress,
  });
}

/** Change the primary contact to another active owner; optionally prompt-driven entity email update. */
export async function changePrimaryContact(portal: FirmSiteContext, actor: Actor, hashId: string, input: { userId: string; updateEntityEmail: boolean }) {
  const found = await findEntity(portal, hashId);
  refuse(canManageOwners(actor.facts, found));
  const owner = await portal.db.companyOwner.findFirst({
    where: { companyId: found.id, userId: input.userId, user: { deletedAt: null } },
    select: { user: { select: { fname: true, lname: true, email: true, hasTempEmail: true } } },
  });
  if (!owner) throw new PortalError(422, ENTITY_MESSAGES.notAnOwner, { fields: { userId: ENTITY_MESSAGES.notAnOwner } });
  if (found.primaryOwnerId === input.userId) return { changed: false };
  const email = owner.user.email && !owner.user.hasTempEmail ? owner.user.email : null;
  await portal.db.$transaction(async (tx) => {
    await tx.companyOwner.updateMany({ where: { companyId: found.id, isPrimary: true }, data: { isPrimary: false } });
    await tx.companyOwner.updateMany({ where: { companyId: found.id, userId: input.userId }, data: { isPrimary: true } });
    await tx.company.update({
      where: { id: found.id },
      data: { primaryOwnerId: input.userId, ...(input.updateEntityEmail && email ? { businessEmail: email } : {}) },
    });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Primary contact changed",
      description: `${owner.user.fname} ${owner.user.lname}`.trim() + (input.updateEntityEmail && email ? "; entity email updated" : ""),
      actorId: actor.facts.id,
      userId: input.userId,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
  });
  return { changed: true };
}

/** The spouse of an Individual entity (owner with special_role spouse), or null. */
export async function entitySpouse(portal: FirmSiteContext, companyId: string) {
  const row = await portal.db.companyOwner.findFirst({
    where: { companyId, specialRole: "spouse", user: { deletedAt: null } },
    select: { user: { select: { id: true, fname: true, lname: true, email: true, phoneNumber: true } } },
  });
  return row?.user ?? null;
}

/** Adds or edits the spouse (Individual entities only); the email must be unique if given. */
export async function saveSpouse(portal: FirmSiteContext, actor: Actor, hashId: string, input: SpouseInput) {
  const found = await findEntity(portal, hashId);
  refuse(canEditEntity(actor.facts, found));
  refuse(canManageOwners(actor.facts, found));
  if (found.entityType !== INDIVIDUAL) throw new PortalError(422, ENTITY_MESSAGES.spouseIndividualOnly);
  const spouse = await entitySpouse(portal, found.id);
  if (input.email && (await emailTaken(portal.db, input.email, spouse?.id)))
    throw new PortalError(409, ENTITY_MESSAGES.emailTaken, { fields: { email: ENTITY_MESSAGES.emailTaken } });
  const primary = found.primaryOwnerId
    ? await portal.db.user.findFirst({ where: { id: found.primaryOwnerId }, select: { assignedAdvisorId: true, firmGroupId: true } })
    : null;
  try {
    return await portal.db.$transaction(async (tx) => {
      const firmId = portal.firm.id;
      let userId: string;
      if (spouse) {
        userId = spouse.id;
        await tx.user.update({
          where: { id: spouse.id },
          data: { fname: input.firstName, lname: input.lastName, email: input.email, phoneNumber: input.phoneNumber },
        });
      } else {
        const user = await tx.user.create({
          data: {
            firmId,
            kind: "client",
            email: input.email,
            fname: input.firstName,
            lname: input.lastName,
            phoneNumber: input.phoneNumber,
            timeZone: portal.firm.timeZone,
            assignedAdvisorId: primary?.assignedAdvisorId ?? null,
            firmGroupId: primary?.firmGroupId ?? null,
          },
          select: { id: true },
        });
        userId = user.id;
        await keepOwnersDefaults(tx, firmId, found.id);
        await tx.companyOwner.create({ data: { firmId, companyId: found.id, userId, specialRole: "spouse" } });
        await tx.ownerNotificationSubscription.createMany({
          data: SPOUSE_NOTIFICATION_TYPES.map((notificationTypeId) => ({ firmId, companyId: found.id, userId, notificationTypeId })),
        });
        await tx.user.update({ where: { id: userId }, data: { defaultCompanyId: found.id } });
      }
      await logActivity(tx, firmId, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: spouse ? "Spouse updated" : "Spouse added",
        description: `${input.firstName} ${input.lastName}`,
        actorId: actor.facts.id,
        userId,
        companyId: found.id,
        ipAddress: actor.ipAddress,
      });
      return { userId, created: !spouse };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, ENTITY_MESSAGES.emailTaken, { fields: { email: ENTITY_MESSAGES.emailTaken } });
    throw error;
  }
}

/**
 * Removes an owner (not the primary contact: choose another first). They leave the entity's
 * conversations; their user account stays.
 */
export async function removeOwner(portal: FirmSiteContext, actor: Actor, hashId: string, userId: string) {
  const found = await findEntity(portal, hashId);
  refuse(canManageOwners(actor.facts, found));
  if (found.primaryOwnerId === userId)
    throw new PortalError(422, ENTITY_MESSAGES.cannotRemovePrimary, { fields: { userId: ENTITY_MESSAGES.cannotRemovePrimary } });
  const owner = await portal.db.companyOwner.findFirst({ where: { companyId: found.id, userId }, select: { user: { select: { fname: true, lname: true } } } });
  if (!owner) throw new PortalError(422, ENTITY_MESSAGES.notAnOwner, { fields: { userId: ENTITY_MESSAGES.notAnOwner } });
  await portal.db.$transaction(async (tx) => {
    await tx.companyOwner.deleteMany({ where: { companyId: found.id, userId } });
    const links = await tx.conversationCompany.findMany({ where: { companyId: found.id }, select: { conversationId: true } });
    if (links.length) await tx.conversationParticipant.deleteMany({ where: { userId, conversationId: { in: links.map((l) => l.conversationId) } } });
    await tx.user.updateMany({ where: { id: userId, defaultCompanyId: found.id }, data: { defaultCompanyId: null } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Owner removed",
      description: `${owner.user.fname} ${owner.user.lname}`.trim(),
      actorId: actor.facts.id,
      userId,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
  });
}
