/**
 * Rules of the client drop-off page (/document-drop-off) and the staff-issued secure upload link
 * (/secure-upload): request shapes, per-address limits, where files are filed and the messages.
 */
import * as z from "zod";

/** Per client address. A 999-file drop needs two calls per file; unknown links and refused entities count as failures. */
export const DROP_OFF_THROTTLE = {
  requests: { limit: 2100, windowSeconds: 10 * 60 },
  failures: { limit: 20, windowSeconds: 15 * 60 },
} as const;

export function dropOffBucket(feature: "dropoff" | "secureupload", kind: keyof typeof DROP_OFF_THROTTLE, clientAddress: string | null | undefined): string {
  return `${feature}:${kind}:${(clientAddress ?? "unknown").slice(0, 64)}`;
}

/** Secure upload links expire 7 days after they are issued. */
export const SECURE_UPLOAD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SECURE_UPLOAD_NAME = "Secure upload";
export const SECURE_UPLOAD_FOLDER = "/Secure upload";

/** The drop-off folder when the questionnaire has no document path. */
export function dropOffFolder(taxYear: number): string {
  return `/${taxYear}/Drop-off`;
}

export const DROP_OFF_MESSAGES = {
  notFound: "This page is not available.",
  expired: "This upload link has expired or is not valid. Please ask your firm for a new link.",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
  uploaded: "Upload successful",
} as const;

/** A drop-off batch's notification counts only files filed in the last hour. */
export const DROP_OFF_FINISH_WINDOW_MS = 60 * 60 * 1000;

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const token = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);
const file = { fileName: z.string().max(1000), contentType: z.string().max(200) };
/** Spec: additional attachments need a document name per file (the file keeps its extension). */
export const DOCUMENT_NAME_REQUIRED = "Please enter a document name.";
const documentName = z
  .string({ message: DOCUMENT_NAME_REQUIRED })
  .trim()
  .min(1, DOCUMENT_NAME_REQUIRED)
  .max(200, "Document names can be at most 200 characters.");

/** POST /api/document-drop-off (JSON, signed-in client). */
export const dropOffApiSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant"), questionnaireId: id, companyId: id, ...file, size: z.number().int().nonnegative().optional() }),
  z.object({ intent: z.literal("confirm"), questionnaireId: id, companyId: id, key: z.string().max(1000), ...file, documentName }),
  /** After a batch: the firm users who look after the entity are notified once, with the files' names. */
  z.object({ intent: z.literal("finish"), questionnaireId: id, companyId: id, documentIds: z.array(id).min(1).max(999) }),
]);
export type DropOffApiRequest = z.infer<typeof dropOffApiSchema>;

/** POST /api/secure-upload (JSON): `create` is for staff; `grant` and `confirm` for the link's holder. */
export const secureUploadApiSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), companyId: id }),
  z.object({ intent: z.literal("grant"), token, ...file, size: z.number().int().nonnegative().optional() }),
  z.object({ intent: z.literal("confirm"), token, key: z.string().max(1000), ...file, documentName }),
  /** After a batch: the firm user who issued the link is notified once, with the files' names. */
  z.object({ intent: z.literal("finish"), token, documentIds: z.array(id).min(1).max(999) }),
]);
export type SecureUploadApiRequest = z.infer<typeof secureUploadApiSchema>;
