/**
 * Questionnaire reminders for staff (advisors), JSON:
 *
 *   GET  /api/reminders?questionnaire_ids=…          → { texts }: the saved texts of one questionnaire, else the defaults
 *   POST /api/reminders { intent: "send", questionnaire_ids, customize?, reminder_email_subject?,
 *        reminder_email_message?, reminder_in_app_message?, reminder_sms_message? }
 *                                                     → { message: 'Reminders sent successfully.', sent, skipped }
 *   POST /api/reminders { intent: "save", questionnaire_ids, reminder_… }  → { message: 'Reminder updated' } (no sending)
 *   POST /api/reminders { intent: "disable" | "enable", questionnaire_ids } → automatic reminders off / on
 *
 * 401 without a session, 403 for non-advisors, 404 when any questionnaire is not the firm's (or,
 * for group-access staff, not their group's): then nothing is sent. 400 for bad input.
 */
import * as z from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { fromZod } from "~/errors";
import { jsonAction, jsonLoader, requireApiUser } from "~/http.server";
import { MAX_REMINDERS_PER_REQUEST, reminderTextsFor, saveReminderTexts, sendReminders, setRemindersDisabled } from "~/reminders/reminders.server";
import { REMINDER_MESSAGES, REMINDER_TEXT_FIELDS, reminderTextsSchema, type ReminderTexts } from "~/reminders/rules";

const ids = z.array(z.string().min(1).max(64)).min(1, REMINDER_MESSAGES.noneSelected).max(MAX_REMINDERS_PER_REQUEST);

// The texts are checked with the dialog's own schema, only when they are used (a plain send or
// disable ignores them).
const bodySchema = z.looseObject({
  intent: z.enum(["send", "save", "disable", "enable"]),
  questionnaire_ids: ids,
  customize: z.boolean().optional(),
});

/** The texts posted (any of the four), checked: 400 with the field's message when one is empty or too long. */
function textsOf(body: z.infer<typeof bodySchema>): Partial<ReminderTexts> {
  const parsed = reminderTextsSchema.partial().safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const out: Partial<ReminderTexts> = {};
  for (const [key, field] of Object.entries(REMINDER_TEXT_FIELDS) as [keyof ReminderTexts, keyof typeof parsed.data][]) {
    if (parsed.data[field] !== undefined) out[key] = parsed.data[field];
  }
  return out;
}

export const loader = jsonLoader(async ({ request, portal }) => {
  const staff = await requireApiUser(request, portal);
  // Repeated parameters (`questionnaire_ids=a&questionnaire_ids=b`), so not `readQuery`.
  const parsed = ids.safeParse(new URL(request.url).searchParams.getAll("questionnaire_ids"));
  if (!parsed.success) throw fromZod(parsed.error);
  return { texts: await reminderTextsFor(portal, staff, parsed.data) };
});

export const action = jsonAction(bodySchema, async (input, { request, portal }) => {
  requireSameOrigin(request, portal.origin);
  const staff = await requireApiUser(request, portal);
  switch (input.intent) {
    case "send":
      return sendReminders(portal, staff, input.questionnaire_ids, input.customize ? textsOf(input) : null);
    case "save":
      return saveReminderTexts(portal, staff, input.questionnaire_ids, textsOf(input));
    case "disable":
    case "enable":
      return setRemindersDisabled(portal, staff, input.questionnaire_ids, input.intent === "disable");
  }
});
