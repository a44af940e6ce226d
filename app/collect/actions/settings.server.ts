import type { IntentHandler } from "./frame.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { logOne, touch } from "./frame.server";
import { COLLECT_MESSAGES } from "../preview/rules";

/** lock */
export const lock: IntentHandler<"lock"> = async (ctx, tx, row, intent) => {
  const title = intent.locked ? "Locked the questionnaire" : "Unlocked the questionnaire";
  await touch(tx, [row.id], title, { locked: intent.locked });
  await logOne(ctx, tx, row, title);
  return { message: intent.locked ? COLLECT_MESSAGES.locked : COLLECT_MESSAGES.unlocked, count: 1 };
};

/** complete */
export const complete: IntentHandler<"complete"> = async (ctx, tx, row, intent) => {
  const title = intent.completed ? "Marked the questionnaire completed" : "Marked the questionnaire not completed";
  await touch(tx, [row.id], title, intent.completed ? { completed: true, submittedAt: new Date() } : { completed: false });
  await logOne(ctx, tx, row, title);
  return { message: intent.completed ? COLLECT_MESSAGES.completed : COLLECT_MESSAGES.notCompleted, count: 1 };
};

/** track_changes */
export const trackChanges: IntentHandler<"track_changes"> = async (ctx, tx, row, intent) => {
  const title = intent.trackChanges ? "Turned on tracking changes" : "Turned off tracking changes";
  await touch(tx, [row.id], title, { trackChanges: intent.trackChanges });
  await logOne(ctx, tx, row, title);
  return { message: intent.trackChanges ? COLLECT_MESSAGES.trackOn : COLLECT_MESSAGES.trackOff, count: 1 };
};

/** due_date */
export const dueDate: IntentHandler<"due_date"> = async (ctx, tx, row, intent) => {
  const title = "Changed the due date";
  await touch(tx, [row.id], title, {
    dueDate: new Date(`${intent.dueDate}T00:00:00Z`),
    ...(intent.remindersDisabled === undefined ? {} : { remindersDisabled: intent.remindersDisabled }),
  });
  await logOne(ctx, tx, row, title, ACTIVITY_TYPES.questionnaire, `Due ${intent.dueDate}`);
  return { message: COLLECT_MESSAGES.updated, count: 1 };
};

/** reminders */
export const reminders: IntentHandler<"reminders"> = async (ctx, tx, row, intent) => {
  const title = intent.remindersDisabled ? "Turned reminders off" : "Updated the reminder settings";
  const texts = {
    reminderEmailSubject: intent.reminderEmailSubject?.trim() || null,
    reminderEmailMessage: intent.reminderEmailMessage?.trim() || null,
    reminderInAppMessage: intent.reminderInAppMessage?.trim() || null,
    reminderSmsMessage: intent.reminderSmsMessage?.trim() || null,
  };
  await touch(tx, [row.id], title, { remindersDisabled: intent.remindersDisabled, ...texts });
  await logOne(ctx, tx, row, title);
  return { message: COLLECT_MESSAGES.reminderUpdated, count: 1 };
};
