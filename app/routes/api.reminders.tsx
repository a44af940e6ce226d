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
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireSameOrigin } from "~/auth/origin";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import {
  MAX_REMINDERS_PER_REQUEST,
  ReminderError,
  reminderTextsFor,
  saveReminderTexts,
  sendReminders,
  setRemindersDisabled,
} from "~/reminders/reminders.server";
import { REMINDER_MESSAGES, REMINDER_TEXT_LIMITS, type ReminderTexts } from "~/reminders/rules";

const ids = z.array(z.string().min(1).max(64)).min(1, REMINDER_MESSAGES.noneSelected).max(MAX_REMINDERS_PER_REQUEST);
const text = (max: number) => z.string().max(max, `Reminder text is too long (at most ${max} characters)`).optional();

const bodySchema = z.object({
  intent: z.enum(["send", "save", "disable", "enable"]),
  questionnaire_ids: ids,
  customize: z.boolean().optional(),
  reminder_email_subject: text(REMINDER_TEXT_LIMITS.emailSubject),
  reminder_email_message: text(REMINDER_TEXT_LIMITS.emailMessage),
  reminder_in_app_message: text(REMINDER_TEXT_LIMITS.inAppMessage),
  reminder_sms_message: text(REMINDER_TEXT_LIMITS.smsMessage),
});

function textsOf(body: z.infer<typeof bodySchema>): Partial<ReminderTexts> {
  const out: Partial<ReminderTexts> = {};
  if (body.reminder_email_subject !== undefined) out.emailSubject = body.reminder_email_subject;
  if (body.reminder_email_message !== undefined) out.emailMessage = body.reminder_email_message;
  if (body.reminder_in_app_message !== undefined) out.inAppMessage = body.reminder_in_app_message;
  if (body.reminder_sms_message !== undefined) out.smsMessage = body.reminder_sms_message;
  return out;
}

function failure(error: unknown) {
  if (error instanceof ReminderError) return Response.json({ error: error.message }, { status: error.status });
  throw error;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireApiUser(request, portal);
  const parsed = ids.safeParse(new URL(request.url).searchParams.getAll("questionnaire_ids"));
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 400 });
  try {
    return Response.json({ texts: await reminderTextsFor(portal, staff, parsed.data) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return failure(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const staff = await requireApiUser(request, portal);
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) return Response.json({ error: "Expected JSON" }, { status: 415 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "Invalid request body" }, { status: 400 });
  }
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid request body" }, { status: 400 });
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "send":
        return Response.json(await sendReminders(portal, staff, input.questionnaire_ids, input.customize ? textsOf(input) : null));
      case "save":
        return Response.json(await saveReminderTexts(portal, staff, input.questionnaire_ids, textsOf(input)));
      case "disable":
      case "enable":
        return Response.json(await setRemindersDisabled(portal, staff, input.questionnaire_ids, input.intent === "disable"));
    }
  } catch (error) {
    return failure(error);
  }
}
