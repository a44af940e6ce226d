/**
 * Deliver's background jobs (processing uploaded returns, sending, signed copies, reminders),
 * listed for the job registry (app/jobs/registry.server.ts).
 */
import type { JobDefinition } from "~/jobs.server";
import { signatureRequestJobs } from "./requests/requests.server";
import { taxReturnReminderJobs } from "./reminders/jobs.server";
import { signingJobs } from "./signing/tax-return-copy.server";
import { PROCESS_TAX_RETURN_JOB, runProcessTaxReturn } from "./upload/processing.server";

export function deliverJobs(): JobDefinition[] {
  return [
    ...signingJobs(),
    {
      // Reads (and, for several files, merges) a return of up to 150 MB per file within minutes.
      name: PROCESS_TAX_RETURN_JOB,
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 600 },
      batchSize: 1,
      run: (data) => runProcessTaxReturn(data),
    },
    ...taxReturnReminderJobs(),
    ...signatureRequestJobs(),
  ];
}
