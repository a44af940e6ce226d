/** What the entity view's panels and dialogs need beyond the overview (loadEntity). */
import type { FirmSiteContext } from "~/context.server";
import { entityEditorData, findEntity, type Actor } from "./entities.server";
import { entityNotes, entityNotificationSettings } from "./entity-extras.server";
import { entityOwners, entitySpouse } from "./entity-owners.server";
import { INDIVIDUAL } from "./entity-rules";
import { canDeleteEntity, canEditEntityNotifications } from "./permissions";

export async function entityPanels(portal: FirmSiteContext, actor: Actor, hashId: string) {
  const found = await findEntity(portal, hashId);
  const [owners, spouse, notes, notifications, editor] = await Promise.all([
    entityOwners(portal, found.id),
    found.entityType === INDIVIDUAL ? entitySpouse(portal, found.id) : Promise.resolve(null),
    entityNotes(portal, found.id),
    entityNotificationSettings(portal, actor, hashId),
    entityEditorData(portal, actor.facts, hashId),
  ]);
  return {
    entityId: found.id,
    owners,
    spouse: spouse ? { fname: spouse.fname, lname: spouse.lname, email: spouse.email, phoneNumber: spouse.phoneNumber } : null,
    isIndividual: found.entityType === INDIVIDUAL,
    notes,
    notifications,
    editor,
    can: {
      editNotifications: canEditEntityNotifications(actor.facts, found).allowed,
      delete: canDeleteEntity(actor.facts, found).allowed,
    },
    externalEntityIdAllowed: portal.firm.preferences.externalEntityIdAllowed,
  };
}
