/**
 * Deliver's background jobs (processing uploaded returns, sending, signed copies, reminders),
 * listed for the job registry (app/jobs/registry.server.ts).
 */
import type { JobDefinition } from "~/jobs.server";
import { signingJobs } from "./signing/tax-return-copy.server";

export function deliverJobs(): JobDefinition[] {
  return [...signingJobs()];
}
