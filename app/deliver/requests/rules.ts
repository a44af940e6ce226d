/**
 * Signature requests, pure (staff spec §2 'Signature requests', §4 'Signature request status',
 * §5 'Signature request upload', §8): status labels, the status machine, who may act on a row, the
 * texts, and what a request needs before it can be sent.
 *
 *   processing ─processed→ action_required ─send→ sending ─delivered→ sent ─all_signed→ signed
 *   processing ─processing_failed→ error
 *   any but completed ─complete→ completed ('Mark as completed' is offered unless already completed)
 */
import { SIGNATURE_REQUEST_MESSAGES, TAX_RETURN_MESSAGES } from "../rules";

export const SIGNATURE_REQUEST_STATUSES = ["processing", "action_required", "sending", "sent", "signed", "completed", "error"] as const;
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number];

export const SIGNATURE_REQUEST_STATUS_LABELS: Record<SignatureRequestStatus, string> = {
  processing: "Processing",
  action_required: "Action required",
  sending: "Sending",
  sent: "Sent",
  signed: "Signed",
  completed: "Completed",
  error: "Error",
};

export type SignatureRequestEvent = "processed" | "processing_failed" | "place" | "send" | "delivered" | "all_signed" | "complete";

const TRANSITIONS: Record<SignatureRequestEvent, { from: readonly SignatureRequestStatus[]; to: SignatureRequestStatus | null }> = {
  processed: { from: ["processing"], to: "action_required" },
  processing_failed: { from: ["processing"], to: "error" },
  // Placing boxes changes no status; it is allowed only before sending.
  place: { from: ["action_required"], to: null },
  send: { from: ["action_required"], to: "sending" },
  delivered: { from: ["sending"], to: "sent" },
  all_signed: { from: ["sent"], to: "signed" },
  complete: { from: ["processing", "action_required", "sending", "sent", "signed", "error"], to: "completed" },
};

/** The statuses `event` may happen in (use in `updateMany({ where: { status: { in } } })`). */
export function requestStatusesFor(event: SignatureRequestEvent): SignatureRequestStatus[] {
  return [...TRANSITIONS[event].from];
}

/** The status after `event`, or null when `event` cannot happen in `status` (or changes no status). */
export function nextRequestStatus(status: SignatureRequestStatus, event: SignatureRequestEvent): SignatureRequestStatus | null {
  const t = TRANSITIONS[event];
  return t.from.includes(status) ? t.to : null;
}

/** Statuses in which the client sees the request (dashboard and its page). */
export const CLIENT_VISIBLE_REQUEST_STATUSES: readonly SignatureRequestStatus[] = ["sent", "signed", "completed"];

/** 'Mark as completed' is offered unless already completed. */
export const canMarkCompleted = (status: SignatureRequestStatus) => status !== "completed";

/** What opening a row does: the processing toast, or the review page. */
export function openRequest(row: { id: string; companyId: string; status: SignatureRequestStatus }): { toast: string } | { href: string } {
  if (row.status === "processing") return { toast: SIGNATURE_REQUEST_MESSAGES.stillProcessing };
  return { href: reviewRequestPath(row.id, row.companyId) };
}

export const reviewRequestPath = (id: string, companyId: string) => `/review-signature-request/${id}?companyId=${encodeURIComponent(companyId)}`;

export const REQUEST_MESSAGES = {
  ...SIGNATURE_REQUEST_MESSAGES,
  protectedPdf: TAX_RETURN_MESSAGES.protectedPdf,
  entityRequired: "Select exactly one entity.",
  fileRequired: "Add a PDF to sign.",
  emptyFile: "The file is empty.",
  pdfOnly: "Only PDF files can be sent for signature.",
  nameRequired: "Enter the document name.",
  taxYear: "Enter a tax year.",
  uploaded: "Upload successful",
  signerRequired: "Choose at least one signer.",
  signerNotOwner: "Signers must be owners of the entity.",
  signatureBoxRequired: "Place at least one signature box for every signer.",
  fieldOutOfRange: "A box is outside the document's pages.",
  saved: "Saved!",
  sent: "Signature request sent for signature",
  notEditable: "This signature request was already sent; its boxes can no longer change.",
  notSendable: "This signature request cannot be sent in its current status.",
  notWaiting: "This signature request is not waiting for signatures.",
  alreadyCompleted: "This signature request is already completed.",
  signed: "Thank you! The document is signed.",
  notReady: "The signature request's file is not ready yet.",
  empty: "No signature requests were found",
} as const;

export interface RequestFieldDraft {
  signerKey: string;
  kind: "signature" | "date";
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RequestPlacement {
  /** The entity owners who sign (user ids); fields name them as `signerKey`. */
  signers: string[];
  fields: RequestFieldDraft[];
}

/** The first problem with a placement for a document of `pageCount` pages, or null. `toSend`: it must be complete. */
export function placementError(p: RequestPlacement, pageCount: number, toSend: boolean): string | null {
  const signers = new Set(p.signers);
  for (const f of p.fields) {
    if (!signers.has(f.signerKey)) return REQUEST_MESSAGES.signerRequired;
    if (f.page < 1 || f.page > pageCount || f.x < 0 || f.y < 0 || f.x + f.width > 1.0001 || f.y + f.height > 1.0001) return REQUEST_MESSAGES.fieldOutOfRange;
  }
  if (!toSend) return null;
  if (signers.size === 0) return REQUEST_MESSAGES.signerRequired;
  for (const s of signers) if (!p.fields.some((f) => f.signerKey === s && f.kind === "signature")) return REQUEST_MESSAGES.signatureBoxRequired;
  return null;
}

/** The upload dialog's field errors before anything is sent (empty: it may upload). Exactly one entity and a non-empty PDF. */
export function requestUploadErrors(draft: {
  companyIds: readonly string[];
  taxYear: number | null;
  formName: string;
  files: readonly { name: string; size: number }[];
}): Partial<Record<"companyId" | "taxYear" | "formName" | "files", string>> {
  const errors: Partial<Record<"companyId" | "taxYear" | "formName" | "files", string>> = {};
  if (draft.companyIds.length !== 1) errors.companyId = REQUEST_MESSAGES.entityRequired;
  if (!draft.taxYear || draft.taxYear < 2000 || draft.taxYear > 2100) errors.taxYear = REQUEST_MESSAGES.taxYear;
  if (!draft.formName.trim()) errors.formName = REQUEST_MESSAGES.nameRequired;
  if (!draft.files.length) errors.files = REQUEST_MESSAGES.fileRequired;
  else if (draft.files.some((f) => !/\.pdf$/i.test(f.name))) errors.files = REQUEST_MESSAGES.pdfOnly;
  else if (draft.files.some((f) => f.size < 1)) errors.files = REQUEST_MESSAGES.emptyFile;
  return errors;
}

export { requestStatusTone } from "./status-tone";
