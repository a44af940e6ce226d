/**
 * The product's job types: each feature's list, gathered here so that the queue
 * (app/jobs.server.ts) knows no feature. The runtime (app/tenancy/runtime.server.ts) starts the
 * queue with this list.
 */
import type { JobDefinition } from "~/jobs.server";
import { sendJobs } from "~/collect/send/scheduler.server";
import { documentJobs } from "~/documents/jobs.server";
import { pdfJobs } from "~/pdf/signed-copy.server";
import { outboxJobs } from "~/outbox/jobs.server";
import { importJobs } from "~/staff/import/jobs.server";
import { reminderJobs } from "~/reminders/jobs.server";
import { scheduledMessageJobs } from "~/conversations/scheduled.server";
import { noteNotificationJobs } from "~/questionnaires/note-notification.server";
import { digestJobs } from "~/notifications/digest.server";
import { deliverJobs } from "~/deliver/jobs.server";
import { messageReminderJobs } from "~/conversations/auto-remind.server";
import { exportJobs } from "~/exports/exports.server";
import { unsentUploadJobs } from "~/conversations/unsent-uploads.server";
import { sortKeyJobs } from "~/staff/sort-keys.server";

/** Every job type of the product. */
export function productJobs(): JobDefinition[] {
  return [
    ...outboxJobs(),
    ...documentJobs(),
    ...importJobs(),
    ...sendJobs(),
    ...reminderJobs(),
    ...scheduledMessageJobs(),
    ...pdfJobs(),
    ...noteNotificationJobs(),
    ...digestJobs(),
    ...deliverJobs(),
    ...messageReminderJobs(),
    ...exportJobs(),
    ...unsentUploadJobs(),
    ...sortKeyJobs(),
  ];
}

/** The product's job types, or only those named (each name must exist). */
export function selectJobs(names?: readonly string[]): JobDefinition[] {
  const all = productJobs();
  if (!names) return all;
  return names.map((name) => {
    const found = all.find((definition) => definition.name === name);
    if (!found) throw new Error(`No job type named ${name}.`);
    return found;
  });
}
