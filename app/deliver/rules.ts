/**
 * Deliver's business rules, pure (no database): the tax return status machine, the texts of the
 * Signature and Payments cells (staff spec §4), their sort keys, the identity verification labels,
 * and the catalogue of e-sign forms and payment vouchers. Every screen that shows a return's
 * status, signatures or payments (the Deliver table, the staff draft dialog, the client's card and
 * tax return page) takes it from here.
 */
import type { IdentityVerificationStatus, TaxReturnStatus } from "~/generated/prisma/enums";

// ───────────────────────────── Statuses ─────────────────────────────

export const TAX_RETURN_STATUS_LABELS: Record<TaxReturnStatus, string> = {
  processing: "Processing",
  action_required: "Action Required",
  sending: "Sending",
  draft: "Draft",
  change_requested: "Changes Requested",
  approved: "Approved",
  sent: "Sent",
  signed: "Signed",
  completed: "Completed",
  finished: "Finished",
  invoice_paid: "Invoice Paid",
  paid: "Paid",
  error: "Error",
  importing: "Importing",
};

/** What happens to a return; each event is allowed from some statuses only (`nextStatus`). */
export type TaxReturnEvent =
  /** The processing job read the PDF. */
  | "processed"
  /** The processing job could not read it. */
  | "processing_failed"
  /** Staff sent it after classification (`sending` until the delivery is written). */
  | "send"
  /** The delivery is written: the client sees it as a draft (approval asked) or to sign. */
  | "delivered_draft"
  | "delivered"
  /** The client approved the draft / asked for changes. */
  | "approve"
  | "request_changes"
  /** Every signer signed every field placed for them. */
  | "all_signed"
  /** The tax service invoice was paid through the card payment provider. */
  | "invoice_paid"
  /** Marked by a firm user. */
  | "mark_completed"
  | "mark_finished";

const FROM: Record<TaxReturnEvent, readonly TaxReturnStatus[]> = {
  processed: ["processing", "importing"],
  processing_failed: ["processing", "importing"],
  // A draft the client approved is classified (again) and sent for signature.
  send: ["action_required", "approved"],
  delivered_draft: ["sending"],
  delivered: ["sending"],
  approve: ["draft"],
  request_changes: ["draft"],
  all_signed: ["sent"],
  // A return still waiting for signatures stays sent when its invoice is paid (it is "delivered
  // until all forms are signed"); the last signature then makes it invoice_paid.
  invoice_paid: ["signed", "completed"],
  mark_completed: ["sent", "signed", "invoice_paid", "paid"],
  mark_finished: ["action_required", "draft", "change_requested", "approved", "sent", "signed", "completed", "invoice_paid", "paid", "error"],
};

/** When the client may pay the tax service invoice online: from delivery for signature on, signed or not. */
export const INVOICE_PAYABLE_STATUSES: readonly TaxReturnStatus[] = ["sent", "signed", "completed"];

const TO: Record<TaxReturnEvent, TaxReturnStatus> = {
  processed: "action_required",
  processing_failed: "error",
  send: "sending",
  delivered_draft: "draft",
  delivered: "sent",
  approve: "approved",
  request_changes: "change_requested",
  all_signed: "signed",
  invoice_paid: "invoice_paid",
  mark_completed: "completed",
  mark_finished: "finished",
};

/** The 409 texts when an event does not fit the return's status. */
export const TAX_RETURN_CONFLICTS: Record<TaxReturnEvent, string> = {
  processed: "This tax return has already been processed.",
  processing_failed: "This tax return has already been processed.",
  send: "This tax return can't be sent now: it must be classified first, or it was already sent.",
  delivered_draft: "This tax return is not being sent.",
  delivered: "This tax return is not being sent.",
  approve: "This tax return is not a draft awaiting approval.",
  request_changes: "This tax return is not a draft awaiting approval.",
  all_signed: "This tax return is not waiting for signatures.",
  invoice_paid: "This tax return has no invoice to pay now.",
  mark_completed: "This tax return can't be marked as completed now.",
  mark_finished: "This tax return can't be marked as finished now.",
};

/** The status after `event`, or null when the event is not allowed from `status`. */
export function nextStatus(status: TaxReturnStatus, event: TaxReturnEvent): TaxReturnStatus | null {
  return FROM[event].includes(status) ? TO[event] : null;
}

/** Statuses with which `event` may happen (for `updateMany({ where: { status: { in } } })`, which makes the change race-free). */
export function statusesFor(event: TaxReturnEvent): TaxReturnStatus[] {
  return [...FROM[event]];
}

/** Statuses in which the client sees the return (on the dashboard and its page). */
export const CLIENT_VISIBLE_STATUSES: readonly TaxReturnStatus[] = [
  "draft",
  "change_requested",
  "approved",
  "sent",
  "signed",
  "completed",
  "finished",
  "invoice_paid",
  "paid",
];

export function clientSees(status: TaxReturnStatus): boolean {
  return CLIENT_VISIBLE_STATUSES.includes(status);
}

/** 'Action_required rows hide most actions'; processing/sending/importing rows are not ready either. */
export function rowActionsOpen(status: TaxReturnStatus): boolean {
  return !["processing", "action_required", "sending", "importing"].includes(status);
}

export const TAX_RETURN_MESSAGES = {
  stillProcessing: "The tax return is still processing. It may take up to a few minutes, depending on the size of the return.",
  protectedPdf: "The PDFs you uploaded are either password-protected or cannot be opened. Please either remove the password or upload alternative files.",
  notFound: "This tax return was not found",
  draftUnderReview: "Tax Return Draft - Under client review",
  draftChangesRequested: "Tax Return Draft - Changes requested",
  deleted: "Tax return has been deleted",
  markedFinished: "Tax return has been marked as finished",
  remindersSent: "Reminders sent successfully.",
  assignmentsUpdated: "Assignments updated successfully",
  sentToDocuments: "Sent to documents successfully",
  voucherUpdated: "Payment voucher updated",
  vouchersPaid: "Payment vouchers marked as paid",
  approved: "Tax return approved successfully",
  changesRequested: "Tax return changes requested successfully",
  approveFailed: "Failed to approve tax return",
  requestChangesFailed: "Failed to request changes",
  loadPdfFailed: "Failed to load PDF file",
  loadBookmarksFailed: "Failed to load PDF bookmarks",
  downloadFailed: "Error downloading tax return",
  emptyTable: "No tax returns were found",
} as const;

export const SIGNATURE_REQUEST_MESSAGES = {
  stillProcessing: "The signature request is still processing. Please wait for a few seconds.",
  deleted: "Signature request has been deleted",
  markedCompleted: "Signature request has been marked as completed",
  notFound: "This signature request was not found",
} as const;

// ───────────────────────────── Forms and vouchers ─────────────────────────────

export interface FormDefinition {
  id: string;
  name: string;
}

/** E-sign forms staff can mark (get_form_definitions); "custom" takes a custom name. */
export const E_SIGN_FORMS: readonly FormDefinition[] = [
  { id: "8879", name: "Form 8879 - IRS e-file Signature Authorization" },
  { id: "8878", name: "Form 8878 - IRS e-file Signature Authorization for Form 4868 or Form 2350" },
  { id: "8879-S", name: "Form 8879-S - e-file Authorization for Form 1120-S" },
  { id: "8879-PE", name: "Form 8879-PE - e-file Authorization for Form 1065" },
  { id: "8879-C", name: "Form 8879-C - e-file Authorization for Form 1120" },
  { id: "8879-F", name: "Form 8879-F - e-file Authorization for Form 1041" },
  { id: "8879-EO", name: "Form 8879-EO - e-file Authorization for an Exempt Organization" },
  { id: "8453", name: "Form 8453 - U.S. Individual Income Tax Transmittal" },
  { id: "state", name: "State e-file authorization" },
  { id: "engagement", name: "Engagement letter" },
  { id: "custom", name: "Custom form" },
];

/** Payment vouchers staff can mark (get_voucher_definitions); "custom" takes a custom name. */
export const VOUCHERS: readonly FormDefinition[] = [
  { id: "1040-V", name: "Form 1040-V - Payment Voucher" },
  { id: "1040-ES-1", name: "Form 1040-ES - Estimated Tax, 1st quarter" },
  { id: "1040-ES-2", name: "Form 1040-ES - Estimated Tax, 2nd quarter" },
  { id: "1040-ES-3", name: "Form 1040-ES - Estimated Tax, 3rd quarter" },
  { id: "1040-ES-4", name: "Form 1040-ES - Estimated Tax, 4th quarter" },
  { id: "4868", name: "Form 4868 - Extension Payment" },
  { id: "state", name: "State payment voucher" },
  { id: "custom", name: "Custom payment" },
];

export function formName(formId: string, customName?: string | null): string {
  if (customName?.trim()) return customName.trim();
  return E_SIGN_FORMS.find((f) => f.id === formId)?.name ?? formId;
}

export function voucherName(voucherId: string, customName?: string | null): string {
  if (customName?.trim()) return customName.trim();
  return VOUCHERS.find((v) => v.id === voucherId)?.name ?? voucherId;
}

// ───────────────────────────── Signature cell ─────────────────────────────

export interface FormSignatureFacts {
  formId: string;
  customFormName?: string | null;
  wetSignaturesRequired: boolean;
  /** One entry per signer asked to sign this form. */
  signatures: readonly { signerName: string; signed: boolean; wetSignature: boolean }[];
}

export interface SignatureCell {
  total: number;
  done: number;
  allSigned: boolean;
  text: string;
  /** What is still needed: 'Form 8879 - ... (Jane Doe)'. */
  missing: string[];
}

/** 'A signature counts as done if signed data exists, or for wet-signature-required forms if wet signatures exist.' */
export function signatureCell(forms: readonly FormSignatureFacts[]): SignatureCell {
  let total = 0;
  let done = 0;
  const missing: string[] = [];
  for (const form of forms) {
    for (const s of form.signatures) {
      total += 1;
      const isDone = form.wetSignaturesRequired ? s.wetSignature : s.signed;
      if (isDone) done += 1;
      else missing.push(`${formName(form.formId, form.customFormName)} (${s.signerName})`);
    }
  }
  const left = total - done;
  const text = total === 0 ? "No signatures requested." : left === 0 ? "All signatures completed" : `${left} signature(s) still needed on these forms`;
  return { total, done, allSigned: total > 0 && left === 0, text, missing };
}

// ───────────────────────────── Payments cell ─────────────────────────────

export interface VoucherFacts {
  voucherId: string;
  customPaymentName?: string | null;
  amountCents: number;
  isPaid: boolean;
  isDueAsap: boolean;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
}

export interface PaymentsCell {
  total: number;
  paid: number;
  allPaid: boolean;
  text: string;
  missing: string[];
}

/** 'ASAP', a formatted date ('Apr 15, 2027') or 'Not specified'. */
export function voucherDue(v: Pick<VoucherFacts, "isDueAsap" | "dueDate">): string {
  if (v.isDueAsap) return "ASAP";
  if (!v.dueDate) return "Not specified";
  const [y, m, d] = v.dueDate.split("-").map(Number);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${months[m - 1]} ${d}, ${y}`;
}

/** 'Total is vouchers plus an optional tax service invoice. Paid is paid vouchers plus the paid invoice.' */
export function paymentsCell(vouchers: readonly VoucherFacts[], invoice: { amountCents: number | null; paid: boolean }): PaymentsCell {
  const hasInvoice = invoice.amountCents !== null && invoice.amountCents > 0;
  const total = vouchers.length + (hasInvoice ? 1 : 0);
  const paid = vouchers.filter((v) => v.isPaid).length + (hasInvoice && invoice.paid ? 1 : 0);
  const missing: string[] = [];
  if (hasInvoice && !invoice.paid) missing.push("Tax Service Invoice - Due now");
  for (const v of vouchers) if (!v.isPaid) missing.push(`${voucherName(v.voucherId, v.customPaymentName)} - ${voucherDue(v)}`);
  const left = total - paid;
  const text = total === 0 ? "No tax payments requested." : left === 0 ? "All tax payments completed" : `${left} payment(s) still needed`;
  return { total, paid, allPaid: left === 0, text, missing };
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// ───────────────────────────── Sorting (staff spec §9) ─────────────────────────────

/** 'signatures by all-signed, then total, then done count' (ascending key; reverse for descending). */
export function signatureSortKey(cell: Pick<SignatureCell, "allSigned" | "total" | "done">): [number, number, number] {
  return [cell.allSigned ? 1 : 0, cell.total, cell.done];
}

/** 'payments by completion then totals'. */
export function paymentsSortKey(cell: Pick<PaymentsCell, "allPaid" | "total">): [number, number] {
  return [cell.allPaid ? 1 : 0, cell.total];
}

/** 'The reminder toggle is off and disabled when all signed and all paid.' */
export function reminderToggle(facts: { reminderDisabled: boolean; allSigned: boolean; allPaid: boolean; signaturesTotal: number }): {
  on: boolean;
  disabled: boolean;
} {
  const nothingLeft = (facts.allSigned || facts.signaturesTotal === 0) && facts.allPaid;
  return nothingLeft ? { on: false, disabled: true } : { on: !facts.reminderDisabled, disabled: false };
}

// ───────────────────────────── Identity verification ─────────────────────────────

const IDENTITY_LABELS: Record<IdentityVerificationStatus, string> = {
  not_started: "Not Started",
  requires_input: "Needs Info",
  processing: "Processing",
  verified: "Verified",
  canceled: "Cancelled",
  failed: "Failed",
};

/** 'Any error_code shows Failed.' */
export function identityLabel(v: { status: IdentityVerificationStatus; errorCode?: string | null }): string {
  return v.errorCode ? IDENTITY_LABELS.failed : IDENTITY_LABELS[v.status];
}

// ───────────────────────────── Storage folders (staff spec §9) ─────────────────────────────

export const taxReturnDeliveryFolder = (year: number) => `/_soraban/Tax Return Delivery/${year}`;
export const signatureRequestFolder = (year: number) => `/_soraban/Signature Requests/${year}`;
/** The name a signed copy is filed under in the entity's documents: the document's name, '(signed)', a PDF. */
export const signedCopyDocumentName = (documentName: string) => `${documentName.replace(/\.pdf$/i, "").trim() || "Document"} (signed).pdf`;
/** Send to documents: 'The default path is /{year}/Tax Return.' */
export const sendToDocumentsDefaultPath = (year: number) => `/${year}/Tax Return`;

/**
 * The sort keys as one number each, as the database keeps them in tax_returns.signature_sort_key
 * and payments_sort_key (triggers of the deliver_sort_keys migration; counts capped at 999).
 */
export function signatureSortNumber([allSigned, total, done]: [number, number, number]): number {
  return allSigned * 1_000_000 + Math.min(total, 999) * 1000 + Math.min(done, 999);
}

export function paymentsSortNumber([allPaid, total]: [number, number]): number {
  return allPaid * 1000 + Math.min(total, 999);
}
