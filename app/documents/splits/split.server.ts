/**
 * Document split (bulk upload processor): an advisor of a firm with `bulkUploadProcessor` on asks
 * to split one of an entity's PDFs by page ranges ("1-3, 5, 7-9"). The request only records an
 * ExtractedDocument for the source (status `processing`) and enqueues `split-document`; the job
 * (runSplitJob) reads the PDF, writes one new object per range under the same entity prefix, and
 * records a Document and a child ExtractedDocument (parent, parent pages, page count) for each,
 * then marks the parent `split_succeeded` — or `split_failed`, with any written object removed.
 * The page polls `split_status` until the status is no longer `processing`.
 */
import * as z from "zod";

import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { firmDb, readSql, type FirmDb, type FirmTx, type ReadSql } from "~/db.server";
import { enqueue, jobsRunning } from "~/jobs.server";
import { entityDocumentKey, keyBelongsToEntity } from "~/storage/keys";
import { PortalError } from "~/errors";
import { findDocumentEntity, type DocumentContext } from "../access.server";
import { deleteObjects, putObject } from "~/storage.server";
import { loadStoredPdf, PDF_MESSAGES, splitPdf } from "../pdf.server";
import { extensionOf, joinPath } from "../rules";
import { parsePageRanges, type PageRange } from "./page-ranges";
import { canSplitDocuments, SPLIT_MESSAGES, type SplitState, type UploadedFileState } from "./split-rules";

export const SPLIT_DOCUMENT_JOB = "split-document";

export { SPLIT_MESSAGES, SPLIT_POLL_INTERVAL_MS, SPLIT_POLL_MAX_LOOPS } from "./split-rules";
export type { SplitPart, SplitState, UploadedFileState } from "./split-rules";

const id = z.string().min(1).max(64);
export const extractedActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("split"), id, pages: z.string().max(2000) }),
  z.object({ intent: z.literal("split_status"), extractedDocumentId: id }),
  z.object({ intent: z.literal("split_restore"), extractedDocumentId: id }),
  z.object({ intent: z.literal("mark_other"), extractedDocumentId: id }),
]);
export type ExtractedAction = z.infer<typeof extractedActionSchema>;
export const EXTRACTED_INTENTS: ReadonlySet<string> = new Set(["split", "split_status", "split_restore", "mark_other"]);

export interface ExtractedActionResult {
  ok: true;
  message?: string;
  split?: SplitState;
}

type Db = FirmDb | FirmTx;
const notFound = () => new PortalError(404, "This document was not found.");

function requireSplitter(ctx: DocumentContext): void {
  if (ctx.user.kind !== "staff") throw notFound();
  if (!canSplitDocuments(ctx.user, ctx.portal.firm.preferences.bulkUploadProcessor)) throw new PortalError(403, SPLIT_MESSAGES.notAllowed);
}

async function splitState(db: Db, companyId: string, extractedDocumentId: string): Promise<SplitState> {
  const row = await db.extractedDocument.findFirst({
    where: { id: extractedDocumentId, companyId, deletedAt: null, parentDocumentId: null },
    select: {
      id: true,
      status: true,
      markedAsOthers: true,
      children: {
        where: { deletedAt: null },
        orderBy: { createdAt: "asc" },
        select: { pageCount: true, parentPages: true, documents: { where: { deletedAt: null }, select: { id: true, name: true }, take: 1 } },
      },
    },
  });
  if (!row) throw notFound();
  return {
    extractedDocumentId: row.id,
    status: row.status,
    processing: row.status === "processing",
    markedAsOthers: row.markedAsOthers,
    parts: row.children.flatMap((c) => c.documents.map((d) => ({ documentId: d.id, name: d.name, pageCount: c.pageCount, parentPages: c.parentPages }))),
  };
}

/** Runs one split action for `companyHash` as the asking advisor. */
export async function performExtractedAction(ctx: DocumentContext, companyHash: string, action: ExtractedAction): Promise<ExtractedActionResult> {
  requireSplitter(ctx);
  const { portal, user } = ctx;
  const firmId = portal.firm.id;
  const db = portal.db;
  const entity = await findDocumentEntity(db, user, companyHash);
  const log = (title: string, description: string) =>
    logActivity(db, firmId, { typeId: ACTIVITY_TYPES.document, title, description, actorId: user.id, companyId: entity.id, ipAddress: portal.clientAddress });

  switch (action.intent) {
    case "split": {
      const doc = await db.document.findFirst({
        where: { id: action.id, companyId: entity.id, deletedAt: null, itemType: "file" },
        select: { id: true, name: true, path: true, storageKey: true, contentType: true, passwordProtected: true, questionnaireId: true },
      });
      if (!doc || !doc.storageKey || !keyBelongsToEntity(doc.storageKey, firmId, entity.id)) throw notFound();
      if (doc.contentType !== "application/pdf") throw new PortalError(400, SPLIT_MESSAGES.onlyPdf);
      if (doc.passwordProtected) throw new PortalError(400, PDF_MESSAGES.protected);
      const parsed = parsePageRanges(action.pages);
      if (!parsed.ok) throw new PortalError(400, parsed.error);
      if (await db.extractedDocument.count({ where: { sourceDocumentId: doc.id, status: "processing", deletedAt: null } }))
        throw new PortalError(409, SPLIT_MESSAGES.busy);
      if (!jobsRunning()) throw new PortalError(503, SPLIT_MESSAGES.failed);
      const parent = await db.extractedDocument.create({
        data: {
          firmId,
          companyId: entity.id,
          questionnaireId: doc.questionnaireId,
          sourceDocumentId: doc.id,
          name: doc.name,
          status: "processing",
          source: "split",
        },
        select: { id: true },
      });
      try {
        await enqueue(SPLIT_DOCUMENT_JOB, { firmId, extractedDocumentId: parent.id, ranges: parsed.ranges } satisfies SplitJobData);
      } catch {
        await db.extractedDocument.update({ where: { id: parent.id }, data: { status: "split_failed" } });
        throw new PortalError(503, SPLIT_MESSAGES.failed);
      }
      await log("Split a document", `${joinPath(doc.path, doc.name)}: pages ${action.pages.trim()}`);
      return { ok: true, message: SPLIT_MESSAGES.started, split: await splitState(db, entity.id, parent.id) };
    }
    case "split_status":
      return { ok: true, split: await splitState(db, entity.id, action.extractedDocumentId) };
    case "split_restore": {
      // Undo a split: the new documents go to the deleted list, the original stays as it was.
      const state = await splitState(db, entity.id, action.extractedDocumentId);
      if (state.processing) throw new PortalError(409, SPLIT_MESSAGES.busy);
      const now = new Date();
      await db.document.updateMany({ where: { id: { in: state.parts.map((p) => p.documentId) }, companyId: entity.id }, data: { deletedAt: now } });
      await db.extractedDocument.updateMany({
        where: { OR: [{ id: state.extractedDocumentId }, { parentDocumentId: state.extractedDocumentId }], companyId: entity.id },
        data: { deletedAt: now },
      });
      await log("Restored a split document", state.parts.map((p) => p.name).join(", "));
      return { ok: true, message: SPLIT_MESSAGES.restored };
    }
    case "mark_other": {
      const state = await splitState(db, entity.id, action.extractedDocumentId);
      await db.extractedDocument.update({ where: { id: state.extractedDocumentId }, data: { markedAsOthers: true, documentType: "other" } });
      return { ok: true, message: SPLIT_MESSAGES.markedOther, split: { ...state, markedAsOthers: true } };
    }
  }
}

/**
 * Whether the firm has split any of the documents of the entity with this hash id (clients see
 * SPLIT_MESSAGES.clientNote). By hash id, in the firm's scope, so a page can ask it with its first
 * reads; the answer means something only once the page has checked the reader may see the entity.
 */
export async function hasSplitDocuments(db: Db, companyHash: string): Promise<boolean> {
  const [row] = await readSql(db)<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM companies c JOIN extracted_documents e ON e.firm_id = c.firm_id AND e.company_id = c.id
                     WHERE c.hash_id = $1 AND e.status = 'split_succeeded' AND e.deleted_at IS NULL AND e.parent_document_id IS NULL) AS found`,
    [companyHash],
  );
  return row?.found === true;
}

interface UploadStateRow {
  key: string;
  id: string;
  name: string;
  content_type: string | null;
  password_protected: boolean;
  split: SplitState | null;
}

/**
 * The files of a questionnaire's upload questions (their storage keys, as the answers hold them):
 * each one's Document, content type and newest split (not undone) with its parts, in ONE statement
 * however many files there are. Only Documents of that questionnaire and entity are read (a key of
 * anything else is simply missing from the answer); splits are found through the questionnaire's
 * own index, their parts through the documents' extracted-document index.
 */
export async function questionnaireUploadStates(
  sql: ReadSql,
  input: { companyId: string; questionnaireId: string; keys: string[] },
): Promise<Record<string, UploadedFileState>> {
  const keys = [...new Set(input.keys)];
  if (keys.length === 0) return {};
  const rows = await sql<UploadStateRow>(UPLOAD_STATES_SQL, [input.questionnaireId, input.companyId, keys]);
  const states: Record<string, UploadedFileState> = {};
  for (const r of rows)
    states[r.key] = { documentId: r.id, name: r.name, contentType: r.content_type, passwordProtected: r.password_protected, split: r.split };
  return states;
}

const UPLOAD_STATES_SQL = `
    SELECT d.storage_key AS key, d.id, d.name, d.content_type, d.password_protected, s.split
      FROM documents d
      LEFT JOIN LATERAL (
        SELECT json_build_object(
                 'extractedDocumentId', e.id, 'status', e.status::text, 'processing', e.status = 'processing', 'markedAsOthers', e.marked_as_others,
                 'parts', coalesce((
                   SELECT json_agg(json_build_object('documentId', pd.id, 'name', pd.name, 'pageCount', c.page_count, 'parentPages', c.parent_pages) ORDER BY c.created_at, c.id)
                     FROM extracted_documents c
                     JOIN documents pd ON pd.firm_id = c.firm_id AND pd.extracted_document_id = c.id AND pd.company_id = c.company_id AND pd.deleted_at IS NULL
                    WHERE c.firm_id = e.firm_id AND c.questionnaire_id = e.questionnaire_id AND c.parent_document_id = e.id AND c.deleted_at IS NULL), '[]'::json)
               ) AS split
          FROM extracted_documents e
         WHERE e.firm_id = d.firm_id AND e.questionnaire_id = d.questionnaire_id AND e.company_id = d.company_id AND e.source_document_id = d.id
           AND e.parent_document_id IS NULL AND e.deleted_at IS NULL AND e.source = 'split'
         ORDER BY e.created_at DESC, e.id DESC
         LIMIT 1
      ) s ON true
     WHERE d.questionnaire_id = $1 AND d.company_id = $2 AND d.storage_key = ANY($3::text[])
       AND d.deleted_at IS NULL AND d.item_type = 'file'`;

// ---------------------------------------------------------------------------------------------
// The job

export interface SplitJobData {
  firmId: string;
  extractedDocumentId: string;
  ranges: PageRange[];
}

function splitJobData(data: unknown): SplitJobData | null {
  const d = (data ?? {}) as Record<string, unknown>;
  if (typeof d.firmId !== "string" || typeof d.extractedDocumentId !== "string" || !Array.isArray(d.ranges)) return null;
  const ranges = d.ranges.filter((r): r is PageRange => Number.isInteger(r?.from) && Number.isInteger(r?.to));
  return ranges.length === d.ranges.length && ranges.length ? { firmId: d.firmId, extractedDocumentId: d.extractedDocumentId, ranges } : null;
}

/** A name not taken in `path`: "W-2 (pages 1-3).pdf", then "W-2 (pages 1-3) (2).pdf", … */
async function freeName(db: Db, companyId: string, path: string, wanted: string, taken: Set<string>): Promise<string> {
  const ext = extensionOf(wanted);
  const base = wanted.slice(0, wanted.length - ext.length);
  for (let n = 1; ; n++) {
    const name = n === 1 ? wanted : `${base} (${n})${ext}`;
    if (taken.has(name)) continue;
    if (!(await db.document.count({ where: { companyId, path, name, deletedAt: null, itemType: "file" } }))) {
      taken.add(name);
      return name;
    }
  }
}

/** Splits one PDF (see the top of this file); a job whose row is no longer processing does nothing. */
export async function runSplitJob(data: unknown): Promise<{ status: string; parts?: number; error?: string }> {
  const job = splitJobData(data);
  if (!job) return { status: "skipped: invalid job data" };
  const db = firmDb(job.firmId);
  const parent = await db.extractedDocument.findFirst({
    where: { id: job.extractedDocumentId, deletedAt: null },
    select: {
      id: true,
      companyId: true,
      questionnaireId: true,
      status: true,
      sourceDocument: { select: { id: true, name: true, path: true, storageKey: true, uploadedById: true, deletedAt: true } },
    },
  });
  // Not visible yet: the request's write has not committed. pg-boss retries shortly.
  if (!parent) throw new Error(`Extracted document ${job.extractedDocumentId} not found in firm ${job.firmId}`);
  if (parent.status !== "processing") return { status: `skipped: ${parent.status}` };
  const source = parent.sourceDocument;
  const written: string[] = [];
  try {
    if (!source?.storageKey || source.deletedAt || !keyBelongsToEntity(source.storageKey, job.firmId, parent.companyId))
      throw new Error("The source document is gone");
    const pdf = await loadStoredPdf({ firmId: job.firmId, key: source.storageKey });
    const parts = await splitPdf(pdf, job.ranges);
    const ext = extensionOf(source.name) || ".pdf";
    const base = source.name.slice(0, source.name.length - extensionOf(source.name).length);
    const taken = new Set<string>();
    const planned: (Awaited<ReturnType<typeof splitPdf>>[number] & { name: string; key: string })[] = [];
    for (const part of parts) {
      const name = await freeName(db, parent.companyId, source.path, `${base} (${/^\d+$/.test(part.label) ? "page" : "pages"} ${part.label})${ext}`, taken);
      const key = entityDocumentKey(job.firmId, parent.companyId, name);
      await putObject({ firmId: job.firmId, key, bytes: part.bytes, contentType: "application/pdf" });
      written.push(key);
      planned.push({ ...part, name, key });
    }
    await db.$transaction(async (tx) => {
      for (const part of planned) {
        const child = await tx.extractedDocument.create({
          data: {
            firmId: job.firmId,
            companyId: parent.companyId,
            questionnaireId: parent.questionnaireId,
            sourceDocumentId: source.id,
            parentDocumentId: parent.id,
            parentPages: Array.from({ length: part.range.to - part.range.from + 1 }, (_, i) => part.range.from + i),
            pageCount: part.pageCount,
            name: part.name,
            status: "split_succeeded",
            source: "split",
          },
          select: { id: true },
        });
        await tx.document.create({
          data: {
            firmId: job.firmId,
            companyId: parent.companyId,
            itemType: "file",
            path: source.path,
            name: part.name,
            storageKey: part.key,
            sizeBytes: BigInt(part.bytes.length),
            contentType: "application/pdf",
            extractedDocumentId: child.id,
            uploadedById: source.uploadedById,
          },
        });
      }
      await tx.extractedDocument.update({ where: { id: parent.id }, data: { status: "split_succeeded", pageCount: pdf.getPageCount() } });
    });
    return { status: "split_succeeded", parts: planned.length };
  } catch (error) {
    await deleteObjects({ firmId: job.firmId, keys: written }).catch(() => {});
    await db.extractedDocument.update({ where: { id: parent.id }, data: { status: "split_failed" } });
    return { status: "split_failed", error: error instanceof Error ? error.message : String(error) };
  }
}
