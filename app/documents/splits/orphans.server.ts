/**
 * Orphan object cleanup: objects under `firms/{firmId}/entities/{companyId}/documents/` that no
 * Document row (deleted ones included) points to, and older than a day, are deleted. An upload
 * whose confirm never came, or whose row could not be written, leaves such an object.
 *
 * Bounded: the store is listed by prefix (`firms/`, or `firms/{id}/entities/` per firm), 1000 keys
 * a page; each page's keys are matched per firm against its rows in one query (firmDb, so under
 * the firm's row-level security) and its orphans deleted in one request; at most `maxKeys` keys
 * are listed per run (the next daily run starts over, and deleted orphans no longer appear).
 */
import { firmDb } from "~/db.server";
import { deleteObjects, listAllFirmObjectsPage, listObjectsPage, type ListedObject } from "~/storage.server";
import { firmPrefix, keyBelongsToFirm } from "~/storage/keys";

export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const DOCUMENT_KEY = /^firms\/([A-Za-z0-9_-]{1,64})\/entities\/[^/]+\/documents\/[^/]+$/;

export interface OrphanCleanupOptions {
  /** Only objects last modified before this (default: a day ago). */
  olderThan?: Date;
  /** Only these firms (default: every firm with objects). */
  firmIds?: string[];
  /** Most keys listed per run (per firm with `firmIds`); the next run starts over. */
  maxKeys?: number;
}

export async function cleanupOrphanObjects(options: OrphanCleanupOptions = {}): Promise<{ checked: number; deleted: number }> {
  const olderThan = options.olderThan ?? new Date(Date.now() - ORPHAN_MIN_AGE_MS);
  const maxKeys = options.maxKeys ?? 100_000;
  const totals = { checked: 0, deleted: 0 };
  const sweep = async (listPage: (token?: string) => Promise<{ objects: ListedObject[]; next: string | null }>) => {
    let token: string | undefined;
    let seen = 0;
    do {
      const page = await listPage(token);
      token = page.next ?? undefined;
      seen += page.objects.length;
      const byFirm = new Map<string, string[]>();
      for (const o of page.objects) {
        const match = DOCUMENT_KEY.exec(o.key);
        if (!match || !keyBelongsToFirm(o.key, match[1]) || !o.lastModified || o.lastModified >= olderThan) continue;
        byFirm.set(match[1], [...(byFirm.get(match[1]) ?? []), o.key]);
      }
      for (const [firmId, candidates] of byFirm) {
        totals.checked += candidates.length;
        const known = await firmDb(firmId).document.findMany({ where: { storageKey: { in: candidates } }, select: { storageKey: true } });
        const keep = new Set(known.map((k) => k.storageKey));
        const orphans = candidates.filter((k) => !keep.has(k));
        await deleteObjects({ firmId, keys: orphans });
        totals.deleted += orphans.length;
      }
    } while (token && seen < maxKeys);
  };
  if (options.firmIds) {
    for (const firmId of options.firmIds)
      await sweep((token) => listObjectsPage({ firmId, prefix: `${firmPrefix(firmId)}entities/`, continuationToken: token }));
  } else {
    await sweep(listAllFirmObjectsPage);
  }
  if (totals.deleted) console.info(`[documents] orphan cleanup: deleted ${totals.deleted} object(s) with no document`);
  return totals;
}
