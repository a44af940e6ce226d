/**
 * The upload dialog's rules, shared by the browser and the server (staff spec §5 'Tax return
 * upload'): one entity (or a replacement target) and at least one PDF.
 */
import { TAX_RETURN_MESSAGES } from "../rules";

export const UPLOAD_MESSAGES = {
  entityRequired: "Select an entity.",
  fileRequired: "Add the tax return's PDF.",
  pdfOnly: "Only PDF files can be uploaded as a tax return.",
  taxYear: "Enter a tax year.",
  alreadyRecorded: "This file was already uploaded.",
  unavailable: "Uploads are not available right now. Please try again in a few minutes.",
  uploaded: "Upload successful",
  protectedPdf: TAX_RETURN_MESSAGES.protectedPdf,
} as const;

export interface UploadDraft {
  companyId: string | null;
  replacing: boolean;
  taxYear: number | null;
  files: readonly { name: string }[];
}

/** The dialog's field errors before anything is sent (empty: it may upload). */
export function uploadErrors(draft: UploadDraft): Partial<Record<"companyId" | "taxYear" | "files", string>> {
  const errors: Partial<Record<"companyId" | "taxYear" | "files", string>> = {};
  if (!draft.replacing && !draft.companyId) errors.companyId = UPLOAD_MESSAGES.entityRequired;
  if (!draft.taxYear || draft.taxYear < 2000 || draft.taxYear > 2100) errors.taxYear = UPLOAD_MESSAGES.taxYear;
  if (!draft.files.length) errors.files = UPLOAD_MESSAGES.fileRequired;
  else if (draft.files.some((f) => !/\.pdf$/i.test(f.name))) errors.files = UPLOAD_MESSAGES.pdfOnly;
  return errors;
}
