/**
 * Telling the firm of a client's uploads on the Documents page: who is told and what the email
 * says. Uploads are gathered per entity for a short while so a burst makes one email
 * (upload-notice.server.ts).
 */

/** Notification type id 'document' (spec: notification type ids). */
export const DOCUMENT_NOTIFICATION_TYPE = 2;

/** How long uploads are gathered before the firm is told (a burst of files makes one email). */
export const UPLOAD_NOTICE_DELAY_SECONDS = 120;

/** Where a client's upload on the Documents page comes from, on its unattached (extracted) document. */
export const CLIENT_UPLOAD_SOURCE = "client_upload";

export interface NoticeCandidate {
  id: string;
  email: string | null;
  /** An active firm user (not deactivated, not deleted). */
  active: boolean;
  /** The firm user may see the entity (group access). */
  seesEntity: boolean;
}

/**
 * Who hears of the uploads: the entity's advisors (the owners' assigned advisors, who cannot turn
 * their own clients' notifications off) and the staff who chose 'Documents' notifications for
 * the entity; active firm users who may see the entity, each once.
 */
export function uploadNoticeRecipients(
  advisorIds: readonly string[],
  subscriberIds: readonly string[],
  candidates: readonly NoticeCandidate[],
): NoticeCandidate[] {
  const wanted = new Set([...advisorIds, ...subscriberIds]);
  const seen = new Set<string>();
  return candidates.filter((c) => {
    if (!wanted.has(c.id) || seen.has(c.id) || !c.active || !c.seesEntity) return false;
    seen.add(c.id);
    return true;
  });
}

export interface UploadNoticeFacts {
  entityName: string;
  /** The clients who uploaded, by name. */
  uploaders: readonly string[];
  files: readonly { name: string; path: string }[];
  /** The entity's documents page, absolute. */
  url: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The in-app notification's text and the email, in the firm's words (`t`). */
export function uploadNotice(facts: UploadNoticeFacts, t: (text: string) => string = (text) => text): { subject: string; text: string } {
  const who = facts.uploaders.length ? facts.uploaders.join(", ") : t("A client");
  const subject = `${who} ${t(`uploaded ${plural(facts.files.length, "document", "documents")} for`)} ${facts.entityName}`;
  const list = facts.files.map((f) => `- ${f.path === "/" ? "" : `${f.path}/`}${f.name}`).join("\n");
  const note = t("They are not attached to a questionnaire yet: they are listed under Unattached in the entity's questionnaires.");
  const text = `${subject}:\n\n${list}\n\n${note}\n\n${facts.url}`;
  return { subject, text };
}
