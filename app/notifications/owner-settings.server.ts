/**
 * The client's notification settings dialog (client spec §2, §5): for one entity the client owns,
 * which of its owners receive which owner notification types (OwnerNotificationSubscription).
 * Before anyone saves, every owner hears of everything (rules.ts clientReceives), so the dialog
 * shows every type on. Saving replaces the entity's rows; the senders (notify) honour them.
 * Only an owner who is a client may read or save them; read-only users and entities may not save.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { PortalError, forbidden, notFound } from "~/errors";
import { OWNER_NOTIFICATION_TYPE_IDS, OWNER_SETTINGS_MESSAGES, ownerSettingsProblem } from "./rules";

export const OWNER_SETTINGS_REFUSALS = {
  notFound: "This entity was not found.",
  readOnly: "This entity is read-only.",
  unknownOwner: "Only the entity's owners can receive its notifications.",
} as const;

export interface OwnerSettingsRow {
  userId: string;
  name: string;
  typeIds: number[];
}

export interface OwnerSettings {
  entity: { hashId: string; name: string };
  owners: OwnerSettingsRow[];
  readOnly: boolean;
}

async function ownedEntity(portal: FirmSiteContext, user: SessionUser, hashId: string) {
  if (user.kind !== "client") throw forbidden(OWNER_SETTINGS_REFUSALS.notFound);
  const entity = await portal.db.company.findFirst({
    where: { hashId, deletedAt: null, owners: { some: { userId: user.id } } },
    select: {
      id: true,
      hashId: true,
      name: true,
      readonlyAccess: true,
      owners: {
        where: { user: { deletedAt: null } },
        select: {
          userId: true,
          user: { select: { fname: true, lname: true, preferredName: true } },
          notificationSubscriptions: { select: { notificationTypeId: true } },
        },
        orderBy: { user: { fname: "asc" } },
      },
    },
  });
  if (!entity) throw notFound(OWNER_SETTINGS_REFUSALS.notFound);
  return entity;
}

/** The dialog's rows for the client's entity `hashId`. */
export async function ownerNotificationSettings(portal: FirmSiteContext, user: SessionUser, hashId: string): Promise<OwnerSettings> {
  const entity = await ownedEntity(portal, user, hashId);
  const saved = entity.owners.some((o) => o.notificationSubscriptions.length > 0);
  return {
    entity: { hashId: entity.hashId, name: entity.name },
    owners: entity.owners.map((o) => ({
      userId: o.userId,
      name: [o.user.preferredName || o.user.fname, o.user.lname].filter(Boolean).join(" "),
      typeIds: saved
        ? o.notificationSubscriptions
            .map((s) => s.notificationTypeId)
            .filter((t) => OWNER_NOTIFICATION_TYPE_IDS.includes(t))
            .sort((a, b) => a - b)
        : [...OWNER_NOTIFICATION_TYPE_IDS],
    })),
    readOnly: user.readonlyAccess || entity.readonlyAccess,
  };
}

/** Saves the dialog: replaces the entity's owner notification settings with `rows`. */
export async function saveOwnerNotificationSettings(
  portal: FirmSiteContext,
  user: SessionUser,
  hashId: string,
  rows: { userId: string; typeIds: number[] }[],
): Promise<{ message: string }> {
  const entity = await ownedEntity(portal, user, hashId);
  if (user.readonlyAccess || entity.readonlyAccess) throw forbidden(OWNER_SETTINGS_REFUSALS.readOnly);
  const owners = new Set(entity.owners.map((o) => o.userId));
  if (rows.some((r) => !owners.has(r.userId))) throw new PortalError(422, OWNER_SETTINGS_REFUSALS.unknownOwner);
  const clean = rows.map((r) => ({ userId: r.userId, typeIds: [...new Set(r.typeIds)].filter((t) => OWNER_NOTIFICATION_TYPE_IDS.includes(t)) }));
  const problem = ownerSettingsProblem(clean);
  if (problem) throw new PortalError(422, problem, { fields: { form: problem } });
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    await tx.ownerNotificationSubscription.deleteMany({ where: { companyId: entity.id } });
    await tx.ownerNotificationSubscription.createMany({
      data: clean.flatMap((r) => r.typeIds.map((notificationTypeId) => ({ firmId, companyId: entity.id, userId: r.userId, notificationTypeId }))),
    });
  });
  return { message: OWNER_SETTINGS_MESSAGES.saved };
}
