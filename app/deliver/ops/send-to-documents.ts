/**
 * Send tax return to documents (staff spec §7: subject, message, document_name, path,
 * save_subject_for_future_use, save_message_for_future_use; 'The default path is /{year}/Tax
 * Return.'), the form's rules (pure; the dialog and the route check with the same schema).
 */
import * as z from "zod";
import { nameError, normalizePath } from "~/documents/rules";
import { sendToDocumentsDefaultPath } from "../rules";
import { withYear } from "./download-rules";

export const SEND_TO_DOCUMENTS_MESSAGES = {
  sent: "Sent to documents successfully",
  failed: "Failed to send the tax return to documents",
  path: "Enter a folder path that starts with / (for example /2025/Tax Return)",
  subject: "Enter a subject for the client's notification",
  message: "Enter a message for the client's notification",
  noFile: "This tax return has no file to send yet.",
} as const;

export const DEFAULT_SEND_TO_DOCUMENTS_SUBJECT = "Your {year} tax return is in your documents";
export const DEFAULT_SEND_TO_DOCUMENTS_MESSAGE = "We saved a copy of your {year} tax return to your documents. You can open or download it there at any time.";

export const fillYear = (text: string, year: number) => text.replaceAll("{year}", String(year));

/** The name the document gets unless staff change it. */
export const defaultDocumentName = (year: number, name: string) =>
  withYear(year, name)
    .replace(/[\\/]+/g, " ")
    .trim() + ".pdf";

export interface SendToDocumentsDefaults {
  path: string;
  documentName: string;
  subject: string;
  message: string;
}

export function sendToDocumentsDefaults(
  taxReturn: { taxYear: number; taxReturnName: string },
  saved: { subject: string | null; message: string | null },
): SendToDocumentsDefaults {
  return {
    path: sendToDocumentsDefaultPath(taxReturn.taxYear),
    documentName: defaultDocumentName(taxReturn.taxYear, taxReturn.taxReturnName),
    subject: saved.subject ?? fillYear(DEFAULT_SEND_TO_DOCUMENTS_SUBJECT, taxReturn.taxYear),
    message: saved.message ?? fillYear(DEFAULT_SEND_TO_DOCUMENTS_MESSAGE, taxReturn.taxYear),
  };
}

const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const sendToDocumentsSchema = z
  .object({
    companyId: z.string().max(64).optional(),
    path: z
      .string()
      .trim()
      .max(500, SEND_TO_DOCUMENTS_MESSAGES.path)
      .refine((p) => p.startsWith("/") && normalizePath(p) !== null, SEND_TO_DOCUMENTS_MESSAGES.path),
    document_name: z
      .string()
      .trim()
      .superRefine((name, ctx) => {
        const problem = nameError(name);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    notify_client: flag,
    subject: z.string().trim().max(200).optional(),
    message: z.string().trim().max(5000).optional(),
    save_subject_for_future_use: flag,
    save_message_for_future_use: flag,
  })
  .superRefine((v, ctx) => {
    if (v.notify_client && !v.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: SEND_TO_DOCUMENTS_MESSAGES.subject });
    if (v.notify_client && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: SEND_TO_DOCUMENTS_MESSAGES.message });
  });

export type SendToDocumentsInput = z.output<typeof sendToDocumentsSchema>;
