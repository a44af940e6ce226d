/**
 * A client's upload on the Documents page (not for a questionnaire question) reaches the firm:
 *
 * - `noteClientUpload` (in the upload's request): the file gets an unattached extracted document,
 *   so staff find it under Unattached in the entity's questionnaires (last 3 months) and can attach
 *   it, and is marked `notifyPending`.
 * - `scheduleUploadNotice`: one `notify-document-uploads` job per entity, started
 *   UPLOAD_NOTICE_DELAY_SECONDS after the first upload (pg-boss `short` policy + singletonKey: while
 *   it waits, further uploads add no job), so a client sending 20 files makes one email. Without a
 *   job queue in this process the firm is told at once.
 * - `notifyDocumentUploads` (the job): takes the entity's pending uploads in one statement (a file
 *   is told of once, whatever runs at the same time), then an in-app notification (type 2) and an
 *   email through the outbox to each recipient (upload-notice.ts), through `notify`
 *   (app/notifications/notify.server.ts), which honours their notification settings.
 */
import * as z from "zod";
import { firmDb, type FirmDb } from "~/db.server";
import { notifyNow } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { siteUrl } from "~/env.server";
import { enqueue, jobsRunning, type JobDefinition } from "~/jobs.server";
import { entityVisibleWhere } from "~/staff/visibility";
import { createVocabulary } from "~/vocabulary";
import type { Db } from "./access.server";
import { CLIENT_UPLOAD_SOURCE, DOCUMENT_NOTIFICATION_TYPE, UPLOAD_NOTICE_DELAY_SECONDS, uploadNotice, uploadNoticeRecipients } from "./upload-notice";

export const NOTIFY_DOCUMENT_UPLOADS_JOB = "notify-document-uploads";

const jobData = z.object({ firmId: z.string().min(1).max(64), companyId: z.string().min(1).max(64) });

export function uploadNoticeJobs(): JobDefinition[] {
  return [
    {
      name: NOTIFY_DOCUMENT_UPLOADS_JOB,
      queue: { policy: "short", retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 300 },
      run: async (data) => {
        const parsed = jobData.safeParse(data);
        if (!parsed.success) return { status: "skipped: invalid job data" };
        return notifyDocumentUploads(parsed.data.firmId, parsed.data.companyId);
      },
    },
  ];
}

/** The file becomes an unattached document of the entity, waiting to be told of. */
export async function noteClientUpload(db: Db, file: { firmId: string; companyId: string; documentId: string; name: string }): Promise<void> {
  const extracted = await db.extractedDocument.create({
    data: { firmId: file.firmId, companyId: file.companyId, name: file.name, source: CLIENT_UPLOAD_SOURCE, status: "review_required" },
    select: { id: true },
  });
  await db.document.update({ where: { id: file.documentId }, data: { extractedDocumentId: extracted.id, notifyPending: true } });
}

/** Tells the firm of the entity's pending uploads after the burst (or now, without a job queue). */
export async function scheduleUploadNotice(firmId: string, companyId: string): Promise<void> {
  if (!jobsRunning()) {
    await notifyDocumentUploads(firmId, companyId);
    return;
  }
  await enqueue(
    NOTIFY_DOCUMENT_UPLOADS_JOB,
    { firmId, companyId },
    { singletonKey: `${firmId}:${companyId}`, startAfter: new Date(Date.now() + UPLOAD_NOTICE_DELAY_SECONDS * 1000) },
  );
}

/** The job: the entity's pending uploads, told of once to its advisors and subscribers. */
export async function notifyDocumentUploads(firmId: string, companyId: string): Promise<{ files: number; notified: number }> {
  const db = firmDb(firmId);
  const taken = await db.document.updateManyAndReturn({
    where: { companyId, notifyPending: true },
    data: { notifyPending: false },
    select: { name: true, path: true, deletedAt: true, uploadedById: true },
  });
  const files = taken.filter((f) => f.deletedAt === null).sort((a, b) => a.path.localeCompare(b.path) || a.name.localeCompare(b.name));
  if (!files.length) return { files: 0, notified: 0 };
  const [firm, entity, subscriptions, vocabulary] = await Promise.all([
    db.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true } }),
    db.company.findFirst({
      where: { id: companyId, deletedAt: null },
      select: { name: true, hashId: true, owners: { select: { user: { select: { assignedAdvisorId: true } } } } },
    }),
    db.entityNotificationSubscription.findMany({ where: { companyId, notificationTypeId: DOCUMENT_NOTIFICATION_TYPE }, select: { userId: true } }),
    db.firmVocab.findMany({ select: { keyWord: true, replacement: true } }),
  ]);
  if (!firm || !entity) return { files: files.length, notified: 0 };
  const advisorIds = entity.owners.map((o) => o.user.assignedAdvisorId).filter((id): id is string => Boolean(id));
  const subscriberIds = subscriptions.map((s) => s.userId);
  const recipients = uploadNoticeRecipients(advisorIds, subscriberIds, await candidates(db, companyId, [...advisorIds, ...subscriberIds]));
  if (!recipients.length) return { files: files.length, notified: 0 };
  const uploaderIds = [...new Set(files.map((f) => f.uploadedById).filter((id): id is string => Boolean(id)))];
  const uploaders = await db.user.findMany({ where: { id: { in: uploaderIds } }, select: { fname: true, lname: true }, orderBy: { fname: "asc" } });
  const link = `/admin/${entity.hashId}/documents`;
  const origin = siteUrl(firm.slug);
  const notice = uploadNotice(
    { entityName: entity.name, uploaders: uploaders.map((u) => `${u.fname} ${u.lname}`.trim()), files, url: `${origin}${link}` },
    createVocabulary(vocabulary),
  );
  const scope = { firm: { id: firm.id, name: firm.name }, db };
  const told = await notifyNow(scope, {
    typeId: NOTIFICATION_TYPE.document,
    userIds: recipients.map((r) => r.id),
    text: notice.subject,
    link,
    clientName: entity.name,
    companyId,
    email: { subject: notice.subject, text: notice.text },
  });
  return { files: files.length, notified: told.notified.length };
}

/** The firm users among `ids`: active or not, and whether they may see the entity. */
async function candidates(db: FirmDb, companyId: string, ids: string[]) {
  if (!ids.length) return [];
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(ids)] }, kind: "staff" },
    select: { id: true, email: true, paying: true, deletedAt: true, firmAccess: true, firmGroupId: true },
  });
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      email: u.email,
      active: u.paying && u.deletedAt === null,
      seesEntity:
        u.firmAccess !== null &&
        (await db.company.count({ where: { id: companyId, ...entityVisibleWhere({ id: u.id, firmAccess: u.firmAccess, firmGroupId: u.firmGroupId }) } })) > 0,
    })),
  );
}
