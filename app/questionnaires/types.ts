/**
 * The questionnaire page's data, as the server sends it (loaders and action answers) and the page
 * reads it. Types only: shared by the page, the server modules and the PDF signing code.
 */
import type { UploadedFileState } from "~/documents/splits/split-rules";
import type { QuestionFacts } from "./rules";

export interface QuestionData extends QuestionFacts {
  text: string;
  options: string[];
  numberOfCharacters: number | null;
  disableAnswerLater: boolean;
  disableNotApplicable: boolean;
  documentLink: string | null;
  priorYearValue: string | null;
  uploadedLastYear: boolean;
  entries: { entryNumber: number; field: string; value: string | null }[];
  /** 'Author: body', oldest first; a staff reply names the note it answers. */
  notes: NoteData[];
}

export interface NoteData {
  id: string;
  /** 'Author: body' (staff replies: '{Firm} Team: body'). */
  text: string;
  /** A staff reply: the client's note it answers. */
  replyToId?: string | null;
  /** Written by the firm's staff (a reply). */
  fromStaff?: boolean;
  createdAt?: string;
}

export interface SignatureData {
  id: string;
  userId: string;
  userName: string;
  signature: string | null;
  signedAt: string | null;
  notNeeded: boolean;
}

export interface SectionData {
  id: string;
  name: string;
  sectionType: number;
  instruction: string | null;
  customElement: string | null;
  markedCompleted: boolean;
  triggerQuestionId: string | null;
  triggerAnswer: string | null;
  order: number;
  signatures: SignatureData[];
  /** The firm's document shown in a document section (pdf_review, download_document, pdf_signature, delivery). */
  document: SectionDocumentData | null;
  /** pdf_signature: the signed copy, once every needed signature is in. */
  signedDocument: SectionDocumentData | null;
  /** pdf_review: the client's change request, while the firm hasn't answered it with a new approval. */
  changesRequested: string | null;
}

export interface SectionDocumentData {
  id: string;
  name: string;
  contentType: string | null;
  sizeBytes: number | null;
}

export interface QuestionnaireData {
  id: string;
  name: string;
  taxYear: number;
  dueDate: string | null;
  locked: boolean;
  completed: boolean;
  inProgress: boolean;
  openedAt: string | null;
  currentSectionId: string | null;
  depositStatus: "paid" | "marked_paid" | "payment_pending" | "pending" | "unpaid" | null;
  depositAmountCents: number | null;
  disclaimer: string | null;
  /** A Document checklist dialog on the page (rules.ts checklistPlacement). */
  documentPopoutChecklistEnabled: boolean;
  /** The upload questions are answered from the Document checklist, not within their sections. */
  showUploadsAsDocumentChecklist: boolean;
  company: { id: string; hashId: string; name: string; readonlyAccess: boolean };
  /** Firm preference hide_signature_print_option: no 'Print and Sign' on engagement letters. */
  hideSignaturePrintOption: boolean;
  sections: SectionData[];
  questions: QuestionData[];
  /** The upload questions' files by storage key: Document, content type, and the firm's newest split of it. */
  uploads: Record<string, UploadedFileState>;
}
