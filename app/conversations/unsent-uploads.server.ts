/**
 * Files uploaded for a message that was never sent: an upload is filed in the entity's Messages
 * folder at once (attachments.server.ts) and a message then carries it; one that no message
 * carries a day later was abandoned (the composer closed, the message never sent).
 *
 * `remove-unsent-message-uploads`
 *   Every hour (once across all servers), lists the firms with Messages-folder files older than a
 *   day through `portal_message_upload_firms(before, limit)`, a SECURITY DEFINER function returning
 *   only firm ids (migration unsent_message_uploads), then works each firm in its own scope: the
 *   files on no message are claimed (marked deleted, so no message can take them any more) in one
 *   statement, their objects are deleted from the store, then their rows. A store failure leaves
 *   the claimed rows for the next run.
 */
import { withFirm } from "~/db.server";
import type { JobContext, JobDefinition } from "~/jobs.server";
import { deleteObjects } from "~/storage.server";
import { MESSAGES_FOLDER } from "./compose-rules";

export const REMOVE_UNSENT_MESSAGE_UPLOADS = "remove-unsent-message-uploads";
/** How long an upload may wait for its message. */
export const UNSENT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const FIRMS_PER_RUN = 200;
const FILES_PER_FIRM = 1000;

export function unsentUploadJobs(): JobDefinition[] {
  return [
    {
      name: REMOVE_UNSENT_MESSAGE_UPLOADS,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 900 },
      everySeconds: 3600,
      run: (_data, context) => removeUnsentMessageUploads(context),
    },
  ];
}

/** Removes the unsent uploads of every firm that may have any; returns the totals. */
export async function removeUnsentMessageUploads(context: Pick<JobContext, "sql">, now = new Date()): Promise<{ firms: number; removed: number }> {
  const before = new Date(now.getTime() - UNSENT_UPLOAD_TTL_MS);
  const firms = await context.sql<{ firmId: string }>(`SELECT firm_id AS "firmId" FROM portal_message_upload_firms($1, $2)`, [before, FIRMS_PER_RUN]);
  const total = { firms: firms.length, removed: 0 };
  for (const { firmId } of firms) {
    try {
      total.removed += await removeFirmUnsentUploads(firmId, now);
    } catch (error) {
      // One firm's failure must not hold back the others; its files wait for the next run.
      console.error(`[messages] unsent uploads of firm ${firmId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return total;
}

/** One firm's Messages-folder files on no message, uploaded more than a day before `now`: store objects and rows. */
export async function removeFirmUnsentUploads(firmId: string, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNSENT_UPLOAD_TTL_MS);
  const unsent = { path: MESSAGES_FOLDER, itemType: "file" as const, createdAt: { lt: before }, messageAttachments: { none: {} } };
  const claimed = await withFirm(firmId, async (tx) => {
    const rows = await tx.document.findMany({ where: unsent, select: { id: true, storageKey: true }, orderBy: { createdAt: "asc" }, take: FILES_PER_FIRM });
    if (!rows.length) return [];
    // Claimed: a deleted file can no longer be put on a message (attachToMessage).
    await tx.document.updateMany({ where: { id: { in: rows.map((r) => r.id) }, deletedAt: null, ...unsent }, data: { deletedAt: now } });
    return tx.document.findMany({ where: { id: { in: rows.map((r) => r.id) }, deletedAt: { not: null }, ...unsent }, select: { id: true, storageKey: true } });
  });
  if (!claimed.length) return 0;
  const keys = claimed.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
  if (keys.length) await deleteObjects({ firmId, keys });
  const { count } = await withFirm(firmId, (tx) => tx.document.deleteMany({ where: { id: { in: claimed.map((r) => r.id) }, ...unsent } }));
  return count;
}
