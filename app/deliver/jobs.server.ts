/**
 * Deliver's background jobs (processing uploaded returns, sending, signed copies, reminders),
 * listed for the job registry (app/jobs/registry.server.ts).
 */
import type { JobDefinition } from "~/jobs.server";
import { taxReturnReminderJobs } from "./reminders/jobs.server";

export function deliverJobs(): JobDefinition[] {
  return [...taxReturnReminderJobs()];
}
