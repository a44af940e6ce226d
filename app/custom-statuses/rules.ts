/**
 * A firm's custom questionnaire statuses (staff spec §3 Firm "custom statuses", §9
 * send_custom_status_change): the colour palette, the form's rules and messages, and the texts of
 * the status-change message. Pure: shared by the settings page, Collect, the preview dialog and the
 * server.
 */
import * as z from "zod";
import { STATUS_COLORS, type StatusColor } from "./colors";

export { STATUS_COLORS, statusTone, type StatusColor } from "./colors";

/** A status as staff choose it (Collect, the preview dialog). */
export interface CustomStatusChoice {
  id: string;
  /** What staff see (firm_user_display_status). */
  name: string;
  /** What the client sees (client_display_status). */
  clientName: string;
  color: string;
}

export const STATUS_LIMITS = { name: 60, instruction: 500, emailSubject: 200, emailMessage: 5000, smsMessage: 320 } as const;

export const CUSTOM_STATUS_MESSAGES = {
  nameRequired: "Enter the status staff see",
  clientNameRequired: "Enter the status clients see",
  duplicate: "Your firm already has a status with this name",
  notFound: "Status not found",
  saved: "Status saved",
  deleted: "Status deleted",
  reordered: "Order saved",
  set: "Status updated",
  cleared: "Status cleared",
  notified: "Status updated and the client notified",
  /** Staff spec §10, when the status's message cannot be built. */
  templateMissing: "Could not load custom status information. Please make sure the email template is filled out correctly.",
  forbidden: "Only partners and admins can manage custom statuses.",
} as const;

const text = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => !message || v.length > 0, message ?? "");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

/** The settings page's create and edit form. */
export const statusFieldsSchema = z.object({
  firmUserDisplayStatus: text(STATUS_LIMITS.name, CUSTOM_STATUS_MESSAGES.nameRequired),
  clientDisplayStatus: text(STATUS_LIMITS.name, CUSTOM_STATUS_MESSAGES.clientNameRequired),
  clientInstruction: optionalText(STATUS_LIMITS.instruction),
  color: z.enum(STATUS_COLORS.map((c) => c.value) as [StatusColor, ...StatusColor[]], { message: "Choose a colour" }),
  emailSubject: optionalText(STATUS_LIMITS.emailSubject),
  emailMessage: optionalText(STATUS_LIMITS.emailMessage),
  smsMessage: optionalText(STATUS_LIMITS.smsMessage),
});
export type StatusFields = z.output<typeof statusFieldsSchema>;

export const statusActionSchema = z.discriminatedUnion("intent", [
  statusFieldsSchema.extend({ intent: z.literal("create") }),
  statusFieldsSchema.extend({ intent: z.literal("update"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("move"), id: z.string().min(1).max(64), direction: z.enum(["up", "down"]) }),
]);
export type StatusAction = z.output<typeof statusActionSchema>;

/** Setting (or clearing, with null) the status of questionnaires from Collect or the preview dialog. */
export const setStatusSchema = z.object({
  questionnaireIds: z.array(z.string().min(1).max(64)).min(1, "Select at least one questionnaire").max(500, "At most 500 questionnaires at once"),
  statusId: z.string().min(1).max(64).nullable(),
  notify: z.boolean().default(false),
});
export type SetStatusInput = z.output<typeof setStatusSchema>;

/** Same name, whatever the case and spacing: the duplicate check. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The default texts of the status-change message when the firm left its templates empty (in the firm's words: tags allowed). */
export const DEFAULT_STATUS_MESSAGE = {
  emailSubject: "Update on your {questionnaire_name}: {status}",
  emailMessage: "Hi {client_fname},\n\nYour {questionnaire_name} is now: {status}.",
  smsMessage: "{firm_name}: your {questionnaire_name} is now {status}.",
} as const;

export interface StatusMessageTexts {
  emailSubject: string;
  emailMessage: string;
  smsMessage: string;
}

/** The status's own templates, or the defaults for those left empty; {status} is the client-facing name. */
export function statusMessageTexts(s: {
  clientDisplayStatus: string;
  clientInstruction: string | null;
  emailSubject: string | null;
  emailMessage: string | null;
  smsMessage: string | null;
}): StatusMessageTexts {
  const fill = (t: string) => t.replaceAll("{status}", s.clientDisplayStatus);
  const message = s.emailMessage?.trim() || DEFAULT_STATUS_MESSAGE.emailMessage;
  const withInstruction = !s.emailMessage?.trim() && s.clientInstruction ? `${message}\n\n${s.clientInstruction}` : message;
  return {
    emailSubject: fill(s.emailSubject?.trim() || DEFAULT_STATUS_MESSAGE.emailSubject),
    emailMessage: fill(withInstruction),
    smsMessage: fill(s.smsMessage?.trim() || DEFAULT_STATUS_MESSAGE.smsMessage),
  };
}

/** The order after moving one status up or down (ids in their new order); unchanged at either end. */
export function moveInOrder(ids: string[], id: string, direction: "up" | "down"): string[] {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
