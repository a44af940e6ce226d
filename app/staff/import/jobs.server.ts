/**
 * The import's background job (run by app/jobs.server.ts):
 * `import-client-list` { firmId, importId }: reads the uploaded client list and creates its users
 * and entities row by row (client-list.server.ts). It resumes at the first row not done, so a
 * retry after a crash or a duplicate send is harmless.
 */
import type { JobDefinition } from "~/jobs.server";
import { IMPORT_CLIENT_LIST_JOB, runClientListImport } from "./client-list.server";
import { IMPORT_STAFF_LIST_JOB, runStaffListImport } from "./staff-list.server";

export function importJobs(): JobDefinition[] {
  return [
    {
      name: IMPORT_CLIENT_LIST_JOB,
      // A list of tens of thousands of rows takes minutes; a stuck one is retried where it stopped.
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 3600 },
      run: (data) => runClientListImport(data),
    },
    {
      // `import-staff-list` { firmId, importId }: one invitation per valid row (staff-list.server.ts).
      name: IMPORT_STAFF_LIST_JOB,
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 3600 },
      run: (data) => runStaffListImport(data),
    },
  ];
}
