/**
 * Who hears of what (staff spec §3 "Notification type ids", §5 "Notifications"; client spec §2
 * notification settings), as plain rules shared by every sender (notify.server.ts), the panel and
 * the settings dialogs.
 */

/** Spec §3 notification type ids. */
export const NOTIFICATION_TYPE = {
  information: 1,
  document: 2,
  questionnaire: 3,
  receiveQuestionnaire: 4,
  questionnaireSignature: 5,
  questionnaireDocuments: 7,
} as const;
export type NotificationTypeId = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

/**
 * A staff member's entity settings row that means "saved" and subscribes to nothing: saving every
 * type off stores only this row, so "turned everything off" differs from "never chose".
 */
export const SETTINGS_SAVED_MARKER = 0;

/** What a sender knows of one staff candidate for an entity-scoped notification. */
export interface StaffRecipientFacts {
  /** Advisor assigned to one of the entity's owners: cannot turn the entity's notifications off (§5). */
  assignedAdvisor: boolean;
  /** The types saved in their entity notification settings, or null when they never saved any. */
  savedTypes: number[] | null;
}

/**
 * Whether a staff member gets a notification of `typeId` about an entity: the entity's assigned
 * advisors always; anyone else by their entity notification settings, and, when they never saved
 * any, because the sender addresses them (a conversation participant, the questionnaire's sender).
 */
export function staffReceives(typeId: number, r: StaffRecipientFacts): boolean {
  if (r.assignedAdvisor) return true;
  if (r.savedTypes === null) return true;
  return r.savedTypes.includes(typeId);
}

/** What a sender knows of one client owner of the entity. */
export interface ClientRecipientFacts {
  /** The types the owner receives for the entity (owner notification settings). */
  subscribedTypes: number[];
  /** Whether anyone saved the entity's owner notification settings (before that, every owner hears of everything). */
  entityHasSettings: boolean;
}

/** Whether a client owner gets a notification of `typeId` about an entity (client notification settings). */
export function clientReceives(typeId: number, r: ClientRecipientFacts): boolean {
  return r.entityHasSettings ? r.subscribedTypes.includes(typeId) : true;
}

// ─── Client notification settings dialog (client spec §2, §5) ───

/** The owner notification types the dialog offers, in the client's words. */
export const OWNER_NOTIFICATION_TYPES = [
  { id: NOTIFICATION_TYPE.information, label: "Messages and information" },
  { id: NOTIFICATION_TYPE.document, label: "Documents" },
  { id: NOTIFICATION_TYPE.questionnaire, label: "Questionnaire" },
  { id: NOTIFICATION_TYPE.receiveQuestionnaire, label: "Receive questionnaires" },
  { id: NOTIFICATION_TYPE.questionnaireSignature, label: "Questionnaire Signature" },
  { id: NOTIFICATION_TYPE.questionnaireDocuments, label: "Questionnaire documents" },
] as const;
export const OWNER_NOTIFICATION_TYPE_IDS: number[] = OWNER_NOTIFICATION_TYPES.map((t) => t.id);

export const OWNER_SETTINGS_MESSAGES = {
  needBoth: "Please select at least one user to receive notifications for both Questionnaire and Questionnaire Signature.",
  saved: "User notifications saved successfully",
} as const;

/** The dialog's rule: someone receives questionnaire notifications and someone signs questionnaire signatures. */
export function ownerSettingsProblem(rows: { userId: string; typeIds: number[] }[]): string | null {
  const some = (type: number) => rows.some((r) => r.typeIds.includes(type));
  return some(NOTIFICATION_TYPE.questionnaire) && some(NOTIFICATION_TYPE.questionnaireSignature) ? null : OWNER_SETTINGS_MESSAGES.needBoth;
}

// ─── The panel ───

/** Notifications per page of the panel ("Show more" loads the next). */
export const NOTIFICATION_PAGE_SIZE = 10;
export { NOTIFICATION_BADGE_CAP, badgeLabel } from "./badge";

/** 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago'; older: null (show the date). */
export function relativeTime(at: Date | string, now: Date = new Date()): string | null {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return null;
}

/** A link stored on a notification is a path of this site (never another origin). */
export function safeLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return link;
}
