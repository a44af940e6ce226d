/**
 * The documents' background jobs (run by app/jobs.server.ts).
 *
 * `split-document` { firmId, extractedDocumentId, ranges }: splits one PDF (splits/split.server.ts).
 *   The ExtractedDocument row is the source of truth; a job finding it no longer `processing` does
 *   nothing, so a retry or a duplicate is harmless. A handler that throws (the row not visible yet)
 *   is retried by pg-boss.
 * `notify-document-uploads` { firmId, companyId }: tells the entity's advisors of a client's
 *   uploads on the Documents page, one job per burst (upload-notice.server.ts).
 * `cleanup-orphan-objects`: daily, once across all servers; deletes document objects with no
 *   Document row older than a day (splits/orphans.server.ts).
 */
import type { JobDefinition } from "~/jobs.server";
import { cleanupOrphanObjects } from "./splits/orphans.server";
import { runSplitJob, SPLIT_DOCUMENT_JOB } from "./splits/split.server";
import { uploadNoticeJobs } from "./upload-notice.server";

export const CLEANUP_ORPHAN_OBJECTS_JOB = "cleanup-orphan-objects";

export function documentJobs(): JobDefinition[] {
  return [
    {
      name: SPLIT_DOCUMENT_JOB,
      // A 150 MB PDF is read, split and written back within minutes.
      queue: { policy: "standard", retryLimit: 3, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 600 },
      batchSize: 2,
      run: (data) => runSplitJob(data),
    },
    {
      name: CLEANUP_ORPHAN_OBJECTS_JOB,
      queue: { policy: "standard", retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 3600 },
      everySeconds: 24 * 60 * 60,
      run: () => cleanupOrphanObjects(),
    },
    ...uploadNoticeJobs(),
  ];
}
