/**
 * Entity tags (update_tags_in_bulk: ids, tag_names, remove), the staff member's entity
 * notification settings (save_notification_subscription: entity_ids, notification_type_ids) and
 * the entity's notes (list, add, remove).
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { PortalError } from "~/errors";
import { findEntities, findEntity, refuse, type Actor } from "./entities.server";
import { SETTINGS_SAVED_MARKER } from "~/notifications/rules";
import { ENTITY_MESSAGES, NOTIFICATION_TYPE_IDS } from "./entity-rules";
import { canEditEntity, canEditEntityNotifications, canTagEntities, canViewEntity, entitiesWhoseNotificationsMayBeDisabled } from "./permissions";

// ─── Tags ───

export async function entityTagNames(portal: FirmSiteContext): Promise<string[]> {
  const rows = await portal.db.entityTag.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  return rows.map((r) => r.name);
}

/**
 * Adds (creating unknown tag names) or removes tags on every selected entity. Every entity must be
 * reachable by the actor, or nothing changes (404).
 */
export async function updateTagsInBulk(portal: FirmSiteContext, actor: Actor, input: { ids: string[]; tagNames: string[]; remove: boolean }) {
  if (input.ids.length === 0) throw new PortalError(422, ENTITY_MESSAGES.noSelection, { fields: { ids: ENTITY_MESSAGES.noSelection } });
  const entities = await findEntities(portal, actor.facts, input.ids, canTagEntities);
  const live = entities.filter((e) => !e.deleted);
  if (live.length !== entities.length) throw new PortalError(404, "Not found");
  const names = [...new Map(input.tagNames.map((n) => [n.trim().toLowerCase(), n.trim()])).values()];
  return portal.db.$transaction(async (tx) => {
    const firmId = portal.firm.id;
    const existing = await tx.entityTag.findMany({ select: { id: true, name: true } });
    const byName = new Map(existing.map((t) => [t.name.toLowerCase(), t]));
    let changed = 0;
    if (input.remove) {
      const tagIds = names.map((n) => byName.get(n.toLowerCase())?.id).filter((id): id is string => Boolean(id));
      if (tagIds.length) changed = (await tx.companyEntityTag.deleteMany({ where: { companyId: { in: live.map((e) => e.id) }, tagId: { in: tagIds } } })).count;
    } else {
      const missing = names.filter((n) => !byName.has(n.toLowerCase()));
      if (missing.length) {
        await tx.entityTag.createMany({ data: missing.map((name) => ({ firmId, name })), skipDuplicates: true });
        for (const t of await tx.entityTag.findMany({ where: { name: { in: missing } }, select: { id: true, name: true } }))
          byName.set(t.name.toLowerCase(), t);
      }
      const tagIds = names.map((n) => byName.get(n.toLowerCase())!.id);
      changed = (
        await tx.companyEntityTag.createMany({ data: live.flatMap((e) => tagIds.map((tagId) => ({ firmId, companyId: e.id, tagId }))), skipDuplicates: true })
      ).count;
    }
    for (const e of live) {
      await logActivity(tx, firmId, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: input.remove ? "Entity tags removed" : "Entity tags added",
        description: names.join(", "),
        actorId: actor.facts.id,
        companyId: e.id,
        ipAddress: actor.ipAddress,
      });
    }
    return { entities: live.length, changed };
  });
}

// ─── Notifications ───

/** The notification types the staff member receives for one entity. */
export async function entityNotificationSettings(portal: FirmSiteContext, actor: Actor, hashId: string) {
  const found = await findEntity(portal, hashId);
  refuse(canViewEntity(actor.facts, found));
  const rows = await portal.db.entityNotificationSubscription.findMany({
    where: { companyId: found.id, userId: actor.facts.id },
    select: { notificationTypeId: true },
  });
  const assigned = found.ownerAdvisorIds.includes(actor.facts.id);
  return {
    typeIds: assigned
      ? NOTIFICATION_TYPE_IDS
      : rows
          .map((r) => r.notificationTypeId)
          .filter((t) => t !== SETTINGS_SAVED_MARKER)
          .sort((a, b) => a - b),
    canEdit: canEditEntityNotifications(actor.facts, found).allowed,
    /** Advisors always get the notifications of their own clients' entities. */
    locked: assigned,
  };
}

/**
 * Saves which notification types the actor (an advisor) receives for the entities. Advisors cannot
 * disable notifications for entities of users assigned to them: for one entity that is refused,
 * in bulk those entities are skipped.
 */
export async function saveNotificationSubscription(portal: FirmSiteContext, actor: Actor, input: { ids: string[]; typeIds: number[] }) {
  if (input.ids.length === 0) throw new PortalError(422, ENTITY_MESSAGES.noSelection, { fields: { ids: ENTITY_MESSAGES.noSelection } });
  const entities = await findEntities(portal, actor.facts, input.ids, (v, list) => {
    for (const e of list) {
      const d = canEditEntityNotifications(v, e);
      if (!d.allowed) return d;
    }
    return { allowed: true };
  });
  const typeIds = [...new Set(input.typeIds)].sort((a, b) => a - b);
  const disables = NOTIFICATION_TYPE_IDS.some((t) => !typeIds.includes(t));
  const targets = disables ? entitiesWhoseNotificationsMayBeDisabled(actor.facts, entities) : entities;
  if (entities.length === 1 && targets.length === 0) throw new PortalError(403, ENTITY_MESSAGES.advisorCannotDisable);
  const skipped = entities.filter((e) => !targets.includes(e)).map((e) => e.id);
  await portal.db.$transaction(async (tx) => {
    const firmId = portal.firm.id;
    const ids = targets.map((e) => e.id);
    await tx.entityNotificationSubscription.deleteMany({ where: { userId: actor.facts.id, companyId: { in: ids } } });
    // With the "saved" marker, so that turning every type off is honoured by the senders
    // (app/notifications/rules.ts staffReceives).
    const saved = [SETTINGS_SAVED_MARKER, ...typeIds];
    await tx.entityNotificationSubscription.createMany({
      data: ids.flatMap((companyId) => saved.map((notificationTypeId) => ({ firmId, companyId, userId: actor.facts.id, notificationTypeId }))),
    });
    for (const companyId of ids) {
      await logActivity(tx, firmId, {
        typeId: ACTIVITY_TYPES.detailChange,
        title: "Notification settings updated",
        description: typeIds.length ? `Types ${typeIds.join(", ")}` : "All notifications off",
        actorId: actor.facts.id,
        companyId,
        ipAddress: actor.ipAddress,
      });
    }
  });
  return { updated: targets.length, skipped };
}

// ─── Notes ───

export async function entityNotes(portal: FirmSiteContext, companyId: string) {
  const rows = await portal.db.note.findMany({
    where: { companyId, deletedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: { id: true, text: true, createdAt: true, authorId: true, author: { select: { fname: true, lname: true } } },
  });
  return rows.map((n) => ({
    id: n.id,
    text: n.text,
    createdAt: n.createdAt.toISOString(),
    authorId: n.authorId,
    author: `${n.author.fname} ${n.author.lname}`.trim(),
  }));
}

export async function addNote(portal: FirmSiteContext, actor: Actor, hashId: string, text: string) {
  const found = await findEntity(portal, hashId);
  refuse(canEditEntity(actor.facts, found));
  return portal.db.$transaction(async (tx) => {
    const note = await tx.note.create({ data: { firmId: portal.firm.id, companyId: found.id, authorId: actor.facts.id, text }, select: { id: true } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Note added",
      description: text.slice(0, 200),
      actorId: actor.facts.id,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
    return note;
  });
}

export async function removeNote(portal: FirmSiteContext, actor: Actor, hashId: string, noteId: string) {
  const found = await findEntity(portal, hashId);
  refuse(canEditEntity(actor.facts, found));
  await portal.db.$transaction(async (tx) => {
    const done = await tx.note.updateMany({ where: { id: noteId, companyId: found.id, deletedAt: null }, data: { deletedAt: new Date() } });
    if (done.count === 0) throw new PortalError(404, "Not found");
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Note removed",
      actorId: actor.facts.id,
      companyId: found.id,
      ipAddress: actor.ipAddress,
    });
  });
}
