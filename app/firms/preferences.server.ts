import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { refreshTaxReturnReminders } from "~/deliver/reminders/reminders.server";
import { refreshNextReminderDates } from "~/reminders/reminders.server";
import { firmChanged } from "~/tenancy/firm-events.server";
import { PREFERENCE_CATALOG, type PreferenceGroup, type PreferenceValues } from "./preferences";

/** The form values of one preference group: flags, texts ("" when none), lists (one a line), days. */
export async function getPreferenceGroup(portal: FirmSiteContext, group: PreferenceGroup): Promise<Record<string, boolean | string | number>> {
  const prefs = portal.firm.preferences as unknown as Record<string, unknown>;
  const values: Record<string, boolean | string | number> = {};
  for (const field of PREFERENCE_CATALOG[group].fields) {
    if (field.kind === "days") {
      const firm = await portal.db.firm.findUniqueOrThrow({
        where: { id: portal.firm.id },
        select: { questionnaireReminderFrequencyDays: true, taxReturnReminderFrequencyDays: true },
      });
      values[field.name] = firm[field.name];
    } else if (field.kind === "flag") values[field.name] = prefs[field.name] === true;
    else {
      const value = prefs[field.name];
      values[field.name] = Array.isArray(value) ? value.join("\n") : typeof value === "string" ? value : "";
    }
  }
  return values;
}

/**
 * Saves one group of the firm's preferences (values already checked by `preferenceGroupSchema`):
 * the firm's own row only (row-level security and the firm id of the request), then every app
 * server drops its cached copy of the firm's settings. A changed reminder frequency moves the
 * next reminder of the firm's open questionnaires.
 */
export async function savePreferenceGroup(portal: FirmSiteContext, group: PreferenceGroup, values: PreferenceValues, actor: { id: string }): Promise<void> {
  const firmId = portal.firm.id;
  const preferences: Record<string, unknown> = {};
  let frequencyDays: number | null = null;
  let taxReturnFrequencyDays: number | null = null;
  for (const field of PREFERENCE_CATALOG[group].fields) {
    const value = values[field.name];
    if (field.kind === "days" && field.name === "taxReturnReminderFrequencyDays") taxReturnFrequencyDays = Number(value);
    else if (field.kind === "days") frequencyDays = Number(value);
    else if (field.kind === "flag") preferences[field.name] = value === true;
    else if (field.list) preferences[field.name] = Array.isArray(value) ? value : [];
    else preferences[field.name] = typeof value === "string" && value !== "" ? value : null;
  }
  await portal.db.$transaction(async (tx) => {
    if (Object.keys(preferences).length) {
      await tx.firmPreferences.upsert({ where: { firmId }, create: { firmId, ...preferences }, update: preferences });
    }
    if (frequencyDays !== null) {
      await tx.firm.update({ where: { id: firmId }, data: { questionnaireReminderFrequencyDays: frequencyDays } });
      await refreshNextReminderDates(tx, firmId);
    }
    if (taxReturnFrequencyDays !== null) {
      await tx.firm.update({ where: { id: firmId }, data: { taxReturnReminderFrequencyDays: taxReturnFrequencyDays } });
      await refreshTaxReturnReminders(tx, firmId);
    }
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: `Updated the firm's ${PREFERENCE_CATALOG[group].title.toLowerCase()} preferences`,
      description: null,
      actorId: actor.id,
      ipAddress: portal.clientAddress,
    });
  });
  firmChanged(firmId);
}
