/**
 * The client's notification settings for one entity they own (client spec §2 dialog), JSON:
 *
 *   GET  /api/notification-settings?entity=<hashId>               → { entity, owners: [{ userId, name, typeIds }], readOnly }
 *   POST /api/notification-settings { entity, owners: [{ userId, typeIds }] } → { message }
 *
 * 401 without a session, 400 for bad input, 404 for an entity the client does not own (or of
 * another firm), 403 for staff and read-only users or entities, 422 with the spec's message when
 * nobody receives Questionnaire or Questionnaire Signature.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { jsonAction, jsonLoader, readQuery, requireApiUser } from "~/http.server";
import { ownerSettingsBodySchema } from "~/notifications/owner-settings-schema";
import { ownerNotificationSettings, saveOwnerNotificationSettings } from "~/notifications/owner-settings.server";

const querySchema = z.object({ entity: z.string().min(1).max(64) });

export const loader = jsonLoader(async ({ request, portal }) => {
  const user = await requireApiUser(request, portal);
  return ownerNotificationSettings(portal, user, readQuery(request, querySchema).entity);
});

export const action = jsonAction(ownerSettingsBodySchema, async (input, { request, portal }) => {
  requireSameOrigin(request, portal.origin);
  const user = await requireApiUser(request, portal);
  return saveOwnerNotificationSettings(portal, user, input.entity, input.owners);
});
