/**
 * Questionnaire exports (staff spec §2 'Export Questionnaire(s)' and 'Export in progress', §5, §7):
 * - `startQuestionnaireExports`: advisors only; every questionnaire must be one the staff member
 *   may see (same firm by RLS, live entity, group access) — otherwise 404 and nothing is started.
 *   One ExportJob per questionnaire (named '{entity} - {questionnaire} ({tax year}) {date}' unless
 *   a name is given), made by the `export-questionnaire` job.
 * - `runQuestionnaireExport` (the job): builds the file and streams it to the store under
 *   `firms/{firmId}/exports/{exportId}/`, updating the progress; then the requester is notified
 *   (the bell) with the download link. A failure marks the export failed and says so.
 * - `exportProgress` / `exportDownloadUrl`: only the staff member who asked sees an export (404
 *   for anyone else, another firm included); the download is a short presigned URL.
 */
import type { SessionUser } from "~/auth/session.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import type { FirmSiteContext } from "~/context.server";
import { firmDb, withFirm, type FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import { enqueue, jobsRunning, type JobDefinition } from "~/jobs.server";
import { notifyNow } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { canDoAdvisorAction } from "~/staff/permissions";
import { createDownloadUrl, deleteObject, uploadStream } from "~/storage.server";
import { firmPrefix, keySafeName } from "~/storage/keys";
import { todayIn } from "~/time-zones";
import { firmVocabulary } from "~/vocabulary";
import { visibleQuestionnaires, type VisibleRow } from "~/collect/actions/frame.server";
import { readExportContent } from "./content.server";
import { answersPdf, answersSpreadsheet, answersZip, type AnswersDocument } from "./formats.server";
import {
  defaultExportName,
  EXPORT_CONTENT_TYPES,
  EXPORT_TEXT,
  exportFileName,
  exportRows,
  optionsFor,
  safeExportName,
  type ExportOptions,
  type ExportRequest,
  type QuestionnaireExportFormat,
} from "./rules";

export const EXPORT_QUESTIONNAIRE_JOB = "export-questionnaire";

const notFound = () => new PortalError(404, "Not Found");

export interface ExportProgress {
  id: string;
  name: string;
  format: QuestionnaireExportFormat;
  status: "pending" | "processing" | "completed" | "failed";
  done: number;
  total: number;
  /** Where the finished file downloads (this site's path; it redirects to the store). */
  downloadPath: string | null;
  error: string | null;
}

export function exportDownloadPath(id: string): string {
  return `/api/staff/exports/${encodeURIComponent(id)}/download`;
}

/** Where an export's file lives: `firms/{firmId}/exports/{exportId}/{name}`. */
export function exportKey(firmId: string, exportId: string, fileName: string): string {
  return `${firmPrefix(firmId)}exports/${exportId}/${keySafeName(fileName)}`;
}

function requireExporter(staff: SessionUser): void {
  if (staff.kind !== "staff") throw notFound();
  const decision = canDoAdvisorAction(staff, "exportQuestionnaire");
  if (!decision.allowed) throw new PortalError(decision.status, decision.message);
}

export async function startQuestionnaireExports(portal: FirmSiteContext, staff: SessionUser, request: ExportRequest): Promise<ExportProgress[]> {
  requireExporter(staff);
  const firmId = portal.firm.id;
  const ids = [...new Set(request.questionnaireIds)];
  const options = optionsFor(request.format, request);
  const created = await portal.db.$transaction(async (tx) => {
    const rows = await visibleQuestionnaires(tx, staff, ids, "live");
    if (rows.length !== ids.length) throw notFound();
    const defaults = await defaultNames(tx, portal, rows);
    const jobs = [];
    for (const row of rows) {
      const given = request.saveAsNames?.[request.questionnaireIds.indexOf(row.id)];
      const name = given ? safeExportName(given) : defaults.get(row.id)!;
      const job = await tx.exportJob.create({
        data: {
          firmId,
          kind: "questionnaires",
          format: request.format,
          subjectIds: [row.id],
          saveAsName: name,
          requestedById: staff.id,
          options: options as object,
        },
      });
      await tx.activityLog.create({
        data: {
          firmId,
          typeId: request.reviewedOnly ? ACTIVITY_TYPES.reviewAndExport : ACTIVITY_TYPES.questionnaire,
          title: request.reviewedOnly ? "Exported the reviewed answers" : "Exported the questionnaire",
          description: exportFileName(name, request.format),
          actorId: staff.id,
          companyId: row.company_id,
          questionnaireId: row.id,
          ipAddress: portal.clientAddress,
        },
      });
      jobs.push(job);
    }
    return jobs;
  });
  for (const job of created) await startJob(firmId, job.id);
  return created.map(toProgress);
}

/** Each questionnaire's default export name: the firm's words for it and today in the firm's time zone. */
async function defaultNames(tx: FirmTx, portal: FirmSiteContext, rows: VisibleRow[]): Promise<Map<string, string>> {
  const tr = firmVocabulary(portal.firm);
  const today = todayIn(portal.firm.timeZone);
  const entities = await tx.company.findMany({ where: { id: { in: rows.map((r) => r.company_id) } }, select: { id: true, name: true } });
  const entityName = new Map(entities.map((e) => [e.id, e.name]));
  return new Map(
    rows.map((row) => [
      row.id,
      defaultExportName({ entityName: entityName.get(row.company_id) ?? "", questionnaireName: tr(row.name), taxYear: row.tax_year, today }),
    ]),
  );
}

/** The names the Export dialog offers (same rule as the export), for questionnaires the staff member may see (404 otherwise). */
export async function exportNames(portal: FirmSiteContext, staff: SessionUser, ids: string[]): Promise<{ id: string; name: string }[]> {
  requireExporter(staff);
  const unique = [...new Set(ids)];
  return portal.db.$transaction(async (tx) => {
    const rows = await visibleQuestionnaires(tx, staff, unique, "live");
    if (rows.length !== unique.length || unique.length === 0) throw notFound();
    const names = await defaultNames(tx, portal, rows);
    return unique.map((id) => ({ id, name: names.get(id)! }));
  });
}

/** Sends the job; with no queue in this process the export runs here in the background. */
async function startJob(firmId: string, exportId: string): Promise<void> {
  const data = { firmId, exportId };
  if (jobsRunning()) {
    await enqueue(EXPORT_QUESTIONNAIRE_JOB, data, { singletonKey: exportId });
    return;
  }
  void runQuestionnaireExport(data).catch((error) => console.error(`[export] ${exportId}: ${error instanceof Error ? error.message : String(error)}`));
}

type ExportRow = {
  id: string;
  saveAsName: string | null;
  format: string;
  status: string;
  progressDone: number;
  progressTotal: number;
  storageKey: string | null;
  error: string | null;
};

function toProgress(row: ExportRow): ExportProgress {
  return {
    id: row.id,
    name: row.saveAsName ?? "Export",
    format: row.format as QuestionnaireExportFormat,
    status: row.status as ExportProgress["status"],
    done: row.progressDone,
    total: row.progressTotal,
    downloadPath: row.status === "completed" && row.storageKey ? exportDownloadPath(row.id) : null,
    error: row.status === "failed" ? (row.format === "spreadsheet" ? EXPORT_TEXT.failedSpreadsheet : EXPORT_TEXT.failed) : null,
  };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The requester's own export of this firm, or 404. */
async function ownExport(portal: FirmSiteContext, staff: SessionUser, exportId: string) {
  if (staff.kind !== "staff" || !ID.test(exportId)) throw notFound();
  const row = await portal.db.exportJob.findFirst({ where: { id: exportId, requestedById: staff.id, kind: "questionnaires" } });
  if (!row) throw notFound();
  return row;
}

export async function exportProgress(portal: FirmSiteContext, staff: SessionUser, exportId: string): Promise<ExportProgress> {
  return toProgress(await ownExport(portal, staff, exportId));
}

/** A 5-minute presigned URL of the finished file (404 until it is ready, or for anyone but the requester). */
export async function exportDownloadUrl(portal: FirmSiteContext, staff: SessionUser, exportId: string): Promise<string> {
  const row = await ownExport(portal, staff, exportId);
  if (row.status !== "completed" || !row.storageKey) throw notFound();
  return createDownloadUrl({
    firmId: portal.firm.id,
    key: row.storageKey,
    fileName: exportFileName(row.saveAsName ?? "Export", row.format as QuestionnaireExportFormat),
    expiresInSeconds: 300,
  });
}

// ───────────────────────────── The job ─────────────────────────────

export async function runQuestionnaireExport(data: unknown): Promise<{ status: string }> {
  const { firmId, exportId } = data as { firmId: string; exportId: string };
  const db = firmDb(firmId);
  const job = await db.exportJob.findFirst({ where: { id: exportId } });
  if (!job || job.status === "completed" || job.status === "failed") return { status: job?.status ?? "missing" };
  const format = job.format as QuestionnaireExportFormat;
  const name = job.saveAsName ?? "Export";
  const fileName = exportFileName(name, format);
  const key = exportKey(firmId, exportId, fileName);
  const options = job.options as unknown as ExportOptions;
  const firm = await db.firm.findFirstOrThrow({ select: { id: true, name: true } });
  try {
    await db.exportJob.update({ where: { id: exportId }, data: { status: "processing" } });
    const content = await withFirm(firmId, (tx) => readExportContent(tx, job.subjectIds[0] ?? ""));
    if (!content) throw new Error("The questionnaire is gone.");
    const keep = options.reviewedOnly ? (id: string) => content.reviewed.questions.has(id) : undefined;
    const files = options.reviewedOnly ? content.files.filter((f) => content.reviewed.documents.has(f.id)) : content.files;
    const doc: AnswersDocument = {
      title: `${content.questionnaire.name} (${content.questionnaire.taxYear})`,
      entityName: content.questionnaire.entityName,
      firmName: content.firm.name,
      timeZone: content.firm.timeZone,
      rows: exportRows(content.sections, content.questions, files, options, keep),
      files,
      now: new Date(),
    };
    const withDocuments = format === "zip" && options.includeDocuments ? files.filter((f) => f.storageKey) : [];
    const total = 1 + withDocuments.length;
    await db.exportJob.update({ where: { id: exportId }, data: { progressTotal: total, progressDone: 0 } });
    let size: number;
    if (format === "spreadsheet") {
      size = await uploadStream({ firmId, key, contentType: EXPORT_CONTENT_TYPES.spreadsheet, body: answersSpreadsheet(doc) });
    } else {
      const pdf = await answersPdf(doc);
      if (format === "pdf") size = await uploadStream({ firmId, key, contentType: EXPORT_CONTENT_TYPES.pdf, body: [pdf] });
      else {
        await db.exportJob.update({ where: { id: exportId }, data: { progressDone: 1 } });
        let last = Date.now();
        const zip = answersZip({
          name,
          pdf,
          files: withDocuments,
          firmId,
          convertImages: options.convertImagesToPdfs,
          onFile: async (done) => {
            // At most one progress write per 500 ms.
            if (Date.now() - last < 500 && done < withDocuments.length) return;
            last = Date.now();
            await db.exportJob.update({ where: { id: exportId }, data: { progressDone: 1 + done } });
          },
        });
        size = await uploadStream({ firmId, key, contentType: EXPORT_CONTENT_TYPES.zip, body: zip });
      }
    }
    await db.exportJob.update({
      where: { id: exportId },
      data: { status: "completed", storageKey: key, sizeBytes: BigInt(size), progressDone: total, completedAt: new Date() },
    });
    if (job.requestedById) {
      await notifyNow(
        { firm, db },
        {
          typeId: NOTIFICATION_TYPE.information,
          userIds: [job.requestedById],
          text: EXPORT_TEXT.notifyReady(fileName),
          link: exportDownloadPath(exportId),
          clientName: content.questionnaire.entityName,
        },
      );
    }
    return { status: "completed" };
  } catch (error) {
    await deleteObject({ firmId, key }).catch(() => {});
    await db.exportJob.update({
      where: { id: exportId },
      data: { status: "failed", error: String(error instanceof Error ? error.message : error).slice(0, 500) },
    });
    if (job.requestedById) {
      await notifyNow({ firm, db }, { typeId: NOTIFICATION_TYPE.information, userIds: [job.requestedById], text: EXPORT_TEXT.notifyFailed(fileName) });
    }
    console.error(`[export] ${exportId}: ${error instanceof Error ? error.message : String(error)}`);
    return { status: "failed" };
  }
}

export function exportJobs(): JobDefinition[] {
  return [
    {
      name: EXPORT_QUESTIONNAIRE_JOB,
      // A failure is recorded and told to the requester (who can export again); not retried.
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: 3600 },
      run: (data) => runQuestionnaireExport(data),
    },
  ];
}
