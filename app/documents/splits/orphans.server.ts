/**
 * Orphan object cleanup: objects that nothing points to, older than a day, are deleted:
 * - under `firms/{firmId}/entities/{companyId}/documents/`, those no Document row (deleted ones
 *   included) points to: an upload whose confirm never came, or whose row could not be written;
 * - under `firms/{firmId}/templates/`, the template PDFs no template section (of a deleted
 *   template too) points to: one replaced or removed in the editor, one uploaded but never saved,
 *   the PDFs of a template deleted for good.
 *
 * Bounded: the store is listed by prefix (`firms/`, or `firms/{id}/entities/` and
 * `firms/{id}/templates/` per firm), 1000 keys a page; each page's keys are matched per firm
 * against its rows in one query per kind (firmDb, so under the firm's row-level security) and its
 * orphans deleted in one request; at most `maxKeys` keys are listed per run (the next daily run
 * starts over, and deleted orphans no longer appear).
 */
import { firmDb, withFirm, type FirmTx } from "~/db.server";
import { lockTemplatePdfs } from "~/templates/pdf-lock.server";
import { deleteObjects, listAllFirmObjectsPage, listObjectsPage, type ListedObject } from "~/storage.server";
import { firmPrefix, keyBelongsToFirm } from "~/storage/keys";

export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const DOCUMENT_KEY = /^firms\/([A-Za-z0-9_-]{1,64})\/entities\/[^/]+\/documents\/[^/]+$/;
const TEMPLATE_KEY = /^firms\/([A-Za-z0-9_-]{1,64})\/templates\/[^/]+$/;

type Kind = "document" | "template";

/** The keys among `keys` that this firm's documents still point to. */
async function documentKeysInUse(firmId: string, keys: string[]): Promise<Set<string>> {
  const rows = await firmDb(firmId).document.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
  return new Set(rows.map((r) => r.storageKey ?? ""));
}

/** The keys among `keys` that this firm's template sections (of deleted templates too) still point to. */
async function templateKeysInUse(tx: FirmTx, keys: string[]): Promise<Set<string>> {
  const rows = await tx.templateSection.findMany({ where: { documentKey: { in: keys } }, select: { documentKey: true } });
  return new Set(rows.map((r) => r.documentKey ?? ""));
}

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
      const candidates = new Map<string, { firmId: string; kind: Kind; keys: string[] }>();
      for (const o of page.objects) {
        if (!o.lastModified || o.lastModified >= olderThan) continue;
        const document = DOCUMENT_KEY.exec(o.key);
        const template = document ? null : TEMPLATE_KEY.exec(o.key);
        const firmId = (document ?? template)?.[1];
        if (!firmId || !keyBelongsToFirm(o.key, firmId)) continue;
        const kind: Kind = document ? "document" : "template";
        const group = candidates.get(`${firmId} ${kind}`) ?? { firmId, kind, keys: [] };
        group.keys.push(o.key);
        candidates.set(`${firmId} ${kind}`, group);
      }
      for (const { firmId, kind, keys } of candidates.values()) {
        totals.checked += keys.length;
        const deleteOrphans = async (keep: Set<string>) => {
          const orphans = keys.filter((k) => !keep.has(k));
          await deleteObjects({ firmId, keys: orphans });
          totals.deleted += orphans.length;
        };
        if (kind === "document") await deleteOrphans(await documentKeysInUse(firmId, keys));
        // Under the firm's template-PDF lock: a template saved meanwhile either names the PDF
        // first (kept) or finds it gone (refused), never names a deleted one.
        else
          await withFirm(
            firmId,
            async (tx) => {
              await lockTemplatePdfs(tx, firmId);
              await deleteOrphans(await templateKeysInUse(tx, keys));
            },
            // The store's delete runs inside (a page of up to 1000 keys), and may wait for a save.
            { timeout: 120_000 },
          );
      }
    } while (token && seen < maxKeys);
  };
  if (options.firmIds) {
    for (const firmId of options.firmIds) {
      for (const area of ["entities/", "templates/"]) {
        await sweep((token) => listObjectsPage({ firmId, prefix: `${firmPrefix(firmId)}${area}`, continuationToken: token }));
      }
    }
  } else {
    await sweep(listAllFirmObjectsPage);
  }
  if (totals.deleted) console.info(`[documents] orphan cleanup: deleted ${totals.deleted} object(s) that no document or template points to`);
  return totals;
}
