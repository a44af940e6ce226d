/**
 * Two upload doors into one entity, both through the one upload pipeline
 * (createDocumentUploadGrant → S3 → recordDocumentUpload):
 *
 * - /document-drop-off?questionnaireId&companyId: a signed-in client who owns the active entity
 *   sends files for one of its questionnaires, when the firm has document drop-off on. Filed in the
 *   questionnaire's document path, else '/{tax year}/Drop-off'. Anyone else gets 404.
 * - /secure-upload?token=: staff issue a 7-day link for one entity (createSecureUploadLink); the
 *   token is shown once and only its SHA-256 is stored (DocumentDropOffRequest.tokenHash). Its
 *   holder uploads without signing in into that entity only, folder '/Secure upload'.
 *
 * Every call is rate-limited per client address; refusals (unknown, expired or foreign links,
 * entities the user does not own) count as failures and, past the limit, every call is 429.
 * Nothing is written for a refused call: the entity and folder come from the server, never the caller.
 */
import { notifyNow } from "~/notifications/notify.server";
import { NOTIFICATION_TYPE } from "~/notifications/rules";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { hitThrottle, peekThrottle } from "~/rate-limit.server";
import { hashToken, newToken } from "~/auth/tokens.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { PortalError } from "~/errors";
import { createDocumentUploadGrant, questionnaireDocumentPath, recordDocumentUpload } from "~/documents/upload.server";
import { nameError, renamedFileName } from "~/documents/rules";
import { firmVocabulary } from "~/vocabulary";
import type { UploadGrant } from "~/storage/uploads";
import { ensureFolders } from "./drop-link.server";
import { UNASSIGNED_ENTITY_TYPE } from "./link-rules";
import {
  DROP_OFF_FINISH_WINDOW_MS,
  DROP_OFF_MESSAGES,
  DROP_OFF_THROTTLE,
  dropOffBucket,
  dropOffFolder,
  SECURE_UPLOAD_FOLDER,
  SECURE_UPLOAD_LIFETIME_MS,
  SECURE_UPLOAD_NAME,
  type DropOffApiRequest,
  type SecureUploadApiRequest,
} from "./request-rules";

type Feature = "dropoff" | "secureupload";

/** Counts the call; refuses it (429) when the address made too many calls or too many refused ones. */
async function throttle(portal: FirmSiteContext, feature: Feature, countRequest: boolean): Promise<void> {
  if (countRequest) {
    const hit = await hitThrottle(portal.firm.id, dropOffBucket(feature, "requests", portal.clientAddress), DROP_OFF_THROTTLE.requests);
    if (!hit.allowed) throw new PortalError(429, DROP_OFF_MESSAGES.tooMany);
  }
  const failures = await peekThrottle(portal.firm.id, dropOffBucket(feature, "failures", portal.clientAddress), DROP_OFF_THROTTLE.failures);
  if (!failures.allowed) throw new PortalError(429, DROP_OFF_MESSAGES.tooMany);
}

async function failure(portal: FirmSiteContext, feature: Feature): Promise<void> {
  await hitThrottle(portal.firm.id, dropOffBucket(feature, "failures", portal.clientAddress), DROP_OFF_THROTTLE.failures);
}

export interface UploadTarget {
  companyId: string;
  companyHash: string;
  companyName: string;
  folder: string;
  questionnaireId: string | null;
  questionnaireName: string | null;
  expiresAt: Date | null;
  /** Secure upload links: the firm user who issued it (notified when files arrive) and when. */
  issuedById: string | null;
  issuedAt: Date | null;
}

// ---------------------------------------------------------------------------------------------
// /document-drop-off (signed-in client)

/**
 * The entity and folder a client's drop-off goes to, or null (counted as a failure): the firm has
 * drop-off on, the user is a client owning the active entity, and the questionnaire is that entity's.
 */
export async function openDocumentDropOff(
  portal: FirmSiteContext,
  user: SessionUser,
  questionnaireId: string,
  companyId: string,
): Promise<UploadTarget | null> {
  await throttle(portal, "dropoff", false);
  const valid = /^[A-Za-z0-9_-]{1,64}$/;
  const company =
    portal.firm.preferences.documentDropOffEnabled && user.kind === "client" && valid.test(questionnaireId) && valid.test(companyId)
      ? await portal.db.company.findFirst({
          where: { id: companyId, deletedAt: null, inactive: false, entityType: { not: UNASSIGNED_ENTITY_TYPE }, owners: { some: { userId: user.id } } },
          select: { id: true, name: true, hashId: true },
        })
      : null;
  const questionnaire = company
    ? await portal.db.questionnaire.findFirst({
        where: { id: questionnaireId, companyId: company.id, deletedAt: null },
        select: { id: true, name: true, taxYear: true, documentPath: true },
      })
    : null;
  if (!company || !questionnaire) {
    await failure(portal, "dropoff");
    return null;
  }
  const folder = questionnaire.documentPath ? await questionnaireDocumentPath(portal.db, questionnaire.id) : dropOffFolder(questionnaire.taxYear);
  return {
    companyId: company.id,
    companyHash: company.hashId,
    companyName: company.name,
    folder,
    questionnaireId: questionnaire.id,
    questionnaireName: questionnaire.name,
    expiresAt: null,
    issuedById: null,
    issuedAt: null,
  };
}

export type UploadApiResult = { grant: UploadGrant } | { document: { id: string; name: string } } | { notified: number };

export async function performDocumentDropOffRequest(portal: FirmSiteContext, user: SessionUser, request: DropOffApiRequest): Promise<UploadApiResult> {
  await throttle(portal, "dropoff", true);
  const target = await openDocumentDropOff(portal, user, request.questionnaireId, request.companyId);
  if (!target) throw new PortalError(404, DROP_OFF_MESSAGES.notFound);
  if (request.intent === "finish") return notifyDropOff(portal, user, target, request.documentIds);
  return upload(portal, target, request, { uploadedById: user.id, description: null });
}

/**
 * The firm users told when a client drops off files: the staff user who sent the drop-off request
 * and the client's advisor; when neither is an active firm user, the partners.
 */
async function dropOffRecipients(portal: FirmSiteContext, user: SessionUser, questionnaireId: string): Promise<{ id: string; email: string | null }[]> {
  const [questionnaire, client] = await Promise.all([
    portal.db.questionnaire.findFirst({ where: { id: questionnaireId }, select: { createdById: true } }),
    portal.db.user.findFirst({ where: { id: user.id }, select: { assignedAdvisorId: true } }),
  ]);
  const ids = [questionnaire?.createdById, client?.assignedAdvisorId].filter((id): id is string => Boolean(id));
  const active = { kind: "staff" as const, paying: true, deletedAt: null };
  const staff = ids.length ? await portal.db.user.findMany({ where: { id: { in: ids }, ...active }, select: { id: true, email: true } }) : [];
  if (staff.length) return staff;
  return portal.db.user.findMany({ where: { firmAccess: "partner", ...active }, select: { id: true, email: true }, orderBy: { createdAt: "asc" }, take: 20 });
}

/**
 * After a client's drop-off batch: the firm users who look after the entity get an in-app
 * notification (type 2, document) and an email listing the files. Only files this client just
 * filed for this questionnaire count; none is 404 (and counts as a failure).
 */
async function notifyDropOff(portal: FirmSiteContext, user: SessionUser, target: UploadTarget, documentIds: string[]): Promise<{ notified: number }> {
  const firmId = portal.firm.id;
  const files = await portal.db.document.findMany({
    where: {
      id: { in: documentIds },
      companyId: target.companyId,
      questionnaireId: target.questionnaireId,
      path: target.folder,
      uploadedById: user.id,
      itemType: "file",
      deletedAt: null,
      createdAt: { gte: new Date(Date.now() - DROP_OFF_FINISH_WINDOW_MS) },
    },
    select: { name: true },
    orderBy: { name: "asc" },
    take: 999,
  });
  if (!files.length) {
    await failure(portal, "dropoff");
    throw new PortalError(404, "No uploaded files were found.");
  }
  const recipients = await dropOffRecipients(portal, user, target.questionnaireId ?? "");
  const t = firmVocabulary(portal.firm);
  // Our words in the firm's vocabulary; the entity's, questionnaire's and files' names as they are.
  const subject = `${t(`${files.length} file${files.length === 1 ? "" : "s"} dropped off for`)} ${target.companyName}`;
  const link = `/admin/${target.companyHash}/documents?${new URLSearchParams({ path: target.folder })}`;
  await notifyNow(portal, {
    typeId: NOTIFICATION_TYPE.document,
    userIds: recipients.map((r) => r.id),
    text: subject,
    link,
    clientName: target.companyName,
    companyId: target.companyId,
    email: {
      subject,
      text: `${t("These files were dropped off for")} ${target.companyName}${target.questionnaireName ? ` (${target.questionnaireName})` : ""}:\n\n${files.map((f) => `- ${f.name}`).join("\n")}\n\n${t("They are in the folder")} ${target.folder}:\n${portal.origin}${link}`,
    },
  });
  await logActivity(portal.db, firmId, {
    typeId: ACTIVITY_TYPES.document,
    title: "Dropped off files",
    description: `${files.length} file(s) in ${target.folder}`,
    companyId: target.companyId,
    questionnaireId: target.questionnaireId ?? undefined,
    actorId: user.id,
    ipAddress: portal.clientAddress,
  });
  return { notified: recipients.length };
}

// ---------------------------------------------------------------------------------------------
// /secure-upload (staff issue, anyone with the link uploads)

export function secureUploadUrl(portal: FirmSiteContext, token: string): string {
  return `${portal.origin}/secure-upload?${new URLSearchParams({ token })}`;
}

export function canCreateSecureUploadLink(user: SessionUser): boolean {
  return user.kind === "staff" && !user.readonlyAccess;
}

/**
 * Issues a 7-day secure upload link for one active entity of the firm; returns its URL, shown once
 * (only the token's hash is stored). Staff only; an unknown entity is 404.
 */
export async function createSecureUploadLink(portal: FirmSiteContext, staffUser: SessionUser, companyId: string): Promise<{ url: string; expiresAt: string }> {
  if (!canCreateSecureUploadLink(staffUser)) throw new PortalError(403, "Only firm users can create secure upload links.");
  const company = /^[A-Za-z0-9_-]{1,64}$/.test(companyId)
    ? await portal.db.company.findFirst({
        where: { OR: [{ id: companyId }, { hashId: companyId }], deletedAt: null, inactive: false, entityType: { not: UNASSIGNED_ENTITY_TYPE } },
        select: { id: true, name: true },
      })
    : null;
  if (!company) throw new PortalError(404, "Entity not found.");
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SECURE_UPLOAD_LIFETIME_MS);
  const firmId = portal.firm.id;
  await portal.db.$transaction(async (tx) => {
    await tx.documentDropOffRequest.create({
      data: {
        firmId,
        companyId: company.id,
        name: SECURE_UPLOAD_NAME,
        taxYear: now.getUTCFullYear(),
        tokenHash: hashToken(token),
        expiresAt,
        sentAt: now,
        createdById: staffUser.id,
      },
    });
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.document,
      title: "Created a secure upload link",
      description: `For ${company.name}; expires ${expiresAt.toISOString().slice(0, 10)}`,
      companyId: company.id,
      actorId: staffUser.id,
    });
  });
  return { url: secureUploadUrl(portal, token), expiresAt: expiresAt.toISOString() };
}

/** The entity behind a secure upload token while the link is live, else null (counted as a failure). */
export async function openSecureUpload(portal: FirmSiteContext, token: string): Promise<UploadTarget | null> {
  await throttle(portal, "secureupload", false);
  const link = /^[A-Za-z0-9_-]{20,100}$/.test(token)
    ? await portal.db.documentDropOffRequest.findFirst({
        where: { tokenHash: hashToken(token), isDraft: false, expiresAt: { gt: new Date() }, company: { deletedAt: null, inactive: false } },
        select: { companyId: true, expiresAt: true, createdById: true, createdAt: true, company: { select: { name: true, hashId: true } } },
      })
    : null;
  if (!link) {
    await failure(portal, "secureupload");
    return null;
  }
  return {
    companyId: link.companyId,
    companyHash: link.company.hashId,
    companyName: link.company.name,
    folder: SECURE_UPLOAD_FOLDER,
    questionnaireId: null,
    questionnaireName: null,
    expiresAt: link.expiresAt,
    issuedById: link.createdById,
    issuedAt: link.createdAt,
  };
}

export async function performSecureUploadRequest(
  portal: FirmSiteContext,
  request: Exclude<SecureUploadApiRequest, { intent: "create" }>,
): Promise<UploadApiResult> {
  await throttle(portal, "secureupload", true);
  const target = await openSecureUpload(portal, request.token);
  if (!target) throw new PortalError(404, DROP_OFF_MESSAGES.expired);
  if (request.intent === "finish") return notifySecureUpload(portal, target, request.documentIds);
  return upload(portal, target, request, { uploadedById: null, description: "Uploaded through a secure upload link" });
}

/**
 * Tells the firm user who issued the link that files arrived: an in-app notification (type 2,
 * document) and an email listing them. Only files this link's holder sent (the link's entity and
 * folder, no uploader, since the link was issued) count; none is 404.
 */
async function notifySecureUpload(portal: FirmSiteContext, target: UploadTarget, documentIds: string[]): Promise<{ notified: number }> {
  const firmId = portal.firm.id;
  const files = await portal.db.document.findMany({
    where: {
      id: { in: documentIds },
      companyId: target.companyId,
      path: target.folder,
      uploadedById: null,
      itemType: "file",
      deletedAt: null,
      createdAt: { gte: target.issuedAt ?? new Date(0) },
    },
    select: { name: true },
    orderBy: { name: "asc" },
    take: 999,
  });
  if (!files.length) {
    await failure(portal, "secureupload");
    throw new PortalError(404, "No uploaded files were found.");
  }
  const issuer = target.issuedById
    ? await portal.db.user.findFirst({ where: { id: target.issuedById, kind: "staff", paying: true }, select: { id: true, email: true } })
    : null;
  const subject = `${files.length} file${files.length === 1 ? "" : "s"} uploaded for ${target.companyName} through a secure upload link`;
  const link = `/admin/${target.companyHash}/documents?${new URLSearchParams({ path: target.folder })}`;
  if (issuer) {
    await notifyNow(portal, {
      typeId: NOTIFICATION_TYPE.document,
      userIds: [issuer.id],
      text: subject,
      link,
      clientName: target.companyName,
      companyId: target.companyId,
      email: {
        subject,
        text: `These files were uploaded for ${target.companyName} through the secure upload link you issued:\n\n${files.map((f) => `- ${f.name}`).join("\n")}\n\nThey are in the folder ${target.folder}:\n${portal.origin}${link}`,
      },
    });
  }
  await logActivity(portal.db, firmId, {
    typeId: ACTIVITY_TYPES.document,
    title: "Files arrived through a secure upload link",
    description: `${files.length} file(s) in ${target.folder}`,
    companyId: target.companyId,
    ipAddress: portal.clientAddress,
  });
  return { notified: issuer ? 1 : 0 };
}

// ---------------------------------------------------------------------------------------------

async function upload(
  portal: FirmSiteContext,
  target: UploadTarget,
  request:
    | { intent: "grant"; fileName: string; contentType: string; size?: number }
    | { intent: "confirm"; key: string; fileName: string; contentType: string; documentName: string },
  options: { uploadedById: string | null; description: string | null },
): Promise<UploadApiResult> {
  const firmId = portal.firm.id;
  if (request.intent === "grant") {
    return {
      grant: await createDocumentUploadGrant({
        firmId,
        companyId: target.companyId,
        fileName: request.fileName,
        contentType: request.contentType,
        size: request.size,
      }),
    };
  }
  // The document's name is the one the sender gave, with the file's extension.
  const fileName = renamedFileName(request.fileName, request.documentName);
  const problem = nameError(fileName);
  if (problem) throw new PortalError(400, problem);
  const item = await recordDocumentUpload(portal.db, {
    firmId,
    companyId: target.companyId,
    key: request.key,
    contentType: request.contentType,
    fileName,
    path: target.folder,
    uploadedById: options.uploadedById,
    questionnaireId: target.questionnaireId,
  });
  // Folder rows only once a file is filed, so a refused upload leaves nothing behind.
  await ensureFolders(portal, target.companyId, target.folder);
  if (options.description) await portal.db.document.update({ where: { id: item.id }, data: { description: options.description } });
  await logActivity(portal.db, firmId, {
    typeId: ACTIVITY_TYPES.document,
    title: target.questionnaireId ? "Uploaded a file through document drop-off" : "Uploaded a file through a secure upload link",
    description: `${item.name} in ${target.folder}`,
    companyId: target.companyId,
    actorId: options.uploadedById ?? undefined,
    ipAddress: portal.clientAddress,
  });
  return { document: { id: item.id, name: item.name } };
}
