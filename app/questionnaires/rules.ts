/**
 * The questionnaire's rules as plain functions (client spec §4–§5, staff spec §4 "Questionnaire").
 * Shared by the server (what it stores and refuses) and the page (what it shows), so both agree.
 * Pure: no database, no React, no clock (callers pass `today` as YYYY-MM-DD in the firm's zone).
 */
export { calendarDaysUntil, clientStatus, dueBadge, staffStatusLabel, type ClientQuestionnaireStatus } from "./status";

/** section_type numbers (client spec §2). Mirrors SECTION_TYPES in app/templates/canned.ts, kept here so the page bundle stays small. */
export const SECTION_TYPE = {
  custom: 0,
  agreement_signature: 2,
  questionnaire: 3,
  review_and_submit: 4,
  pdf_review: 6,
  payment_request: 7,
  download_document: 8,
  pdf_signature: 9,
  document_checklist: 10,
  delivery: 11,
} as const;

export const QUESTION_TYPES = ["boolean", "select", "upload", "multiple", "entries", "password", "date", "text", "textarea"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const SPECIAL_ANSWERS = ["not_applicable", "provided_elsewhere", "marked_completed"] as const;
export type SpecialAnswer = (typeof SPECIAL_ANSWERS)[number];

/** Multiple answers (multiple choice, several documents) are joined with this marker. */
export const MULTI_SEPARATOR = "&!&";
export const ANSWER_LATER_DEFAULT_DAYS = 7;
/** The 'Saved' tick shows for 1 s (client spec §9). */
export const SAVED_TICK_MS = 1000;

export const MESSAGES = {
  saveFailed: "Your answer couldn't be saved at this time. Please refresh and retry. Our team was notified.",
  locked: "Questionnaire is locked",
  pastDue: "Questionnaire is past the due date",
  notApplicable: "You marked this question as not applicable to you.",
  providedElsewhere: "You provided this elsewhere.",
  markedCompleted: "This question was marked as completed.",
  undo: "Undo was successful",
  loadFailed: "Failed to load questionnaire",
  firstSectionRequired: "Please complete the first section before proceeding.",
  answerLaterYear: "Answer later date must be in the current year",
  answerLaterFuture: "Answer later date must be in the future",
  answerLaterDue: (date: string) => `Answer later date must be before the due date: ${date}`,
  uploadLaterYear: "Upload later date must be in the current year",
  uploadLaterFuture: "Upload later date must be in the future",
  uploadLaterDue: (date: string) => `Upload later date must be before the due date: ${date}`,
  uploadLaterWarning: "On Save, all documents uploaded on this item will be removed.",
  signatureRequired: "Signature is required",
  signatureNotRequired: "Your signature isn't required.",
  autosaved: "Your progress is saved automatically.",
  templateBanner:
    "This is a preview of the template. Template tags such as {client_fname} are replaced with the client's details when the questionnaire is sent.",
} as const;

export function specialAnswerMessage(special: SpecialAnswer): string {
  if (special === "not_applicable") return MESSAGES.notApplicable;
  if (special === "provided_elsewhere") return MESSAGES.providedElsewhere;
  return MESSAGES.markedCompleted;
}

// ───────────────────────────── Shapes ─────────────────────────────

export interface QuestionFacts {
  id: string;
  sectionId: string;
  questionType: QuestionType;
  answer: string | null;
  /** YYYY-MM-DD */
  answerBy: string | null;
  specialAnswer: SpecialAnswer | null;
  optional: boolean;
  followUpQuestionId: string | null;
  triggerForFollowUpQuestion: string | null;
  order: number;
}

export interface SectionFacts {
  id: string;
  sectionType: number;
  markedCompleted: boolean;
  triggerQuestionId: string | null;
  triggerAnswer: string | null;
  order: number;
}

export type QuestionStatus = "completed" | "pending" | "incomplete" | "error";
export type SectionStatus = "completed" | "pending" | "incomplete" | "error";

// ───────────────────────────── Questions ─────────────────────────────

/** The values of an answer ('&!&'-joined for multiple choice and several documents). */
export function answerValues(answer: string | null | undefined): string[] {
  if (!answer) return [];
  return answer.split(MULTI_SEPARATOR).filter((v) => v !== "");
}

/** Whether the question holds a real answer: a value other than '' and '0' (an entries answer of 0 entries), or a special answer. */
export function isAnswered(q: Pick<QuestionFacts, "answer" | "specialAnswer">): boolean {
  if (q.specialAnswer) return true;
  return q.answer != null && q.answer !== "" && q.answer !== "0";
}

/**
 * Spec: completed when answered with a value other than '0' and no answer_by; pending when answer_by
 * is set; else incomplete. A required unanswered question shows as error once the client has moved on
 * from its section (`showErrors`).
 */
export function questionStatus(q: Pick<QuestionFacts, "answer" | "answerBy" | "specialAnswer" | "optional">, showErrors = false): QuestionStatus {
  if (q.answerBy) return "pending";
  if (isAnswered(q)) return "completed";
  return showErrors && !q.optional ? "error" : "incomplete";
}

/** A follow-up shows when its parent shows and the parent's answer is the trigger (for multiple choice: among the choices). */
export function visibleQuestions<Q extends QuestionFacts>(questions: readonly Q[]): Q[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const memo = new Map<string, boolean>();
  const visible = (q: Q, depth = 0): boolean => {
    const known = memo.get(q.id);
    if (known !== undefined) return known;
    let shown = true;
    if (q.followUpQuestionId) {
      const parent = byId.get(q.followUpQuestionId);
      shown =
        depth < 10 &&
        parent !== undefined &&
        visible(parent, depth + 1) &&
        !parent.specialAnswer &&
        !parent.answerBy &&
        answerValues(parent.answer).includes(q.triggerForFollowUpQuestion ?? "Yes");
    }
    memo.set(q.id, shown);
    return shown;
  };
  return questions.filter((q) => visible(q));
}

/**
 * Question numbers per section, three levels: 1., 2., then 1.1, 1.2 for follow-ups of 1., then
 * 1.1.1. Only visible questions are numbered, so numbers never skip. Deeper follow-ups keep three levels.
 */
export function questionNumbers(questions: readonly QuestionFacts[]): Map<string, string> {
  const shown = [...visibleQuestions(questions)].sort((a, b) => a.order - b.order);
  const ids = new Set(shown.map((q) => q.id));
  const numbers = new Map<string, string>();
  const children = new Map<string | null, QuestionFacts[]>();
  for (const q of shown) {
    const parent = q.followUpQuestionId && ids.has(q.followUpQuestionId) ? q.followUpQuestionId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(q);
    else children.set(parent, [q]);
  }
  const walk = (parent: string | null, prefix: string, depth: number) => {
    (children.get(parent) ?? []).forEach((q, i) => {
      const label = depth === 0 ? `${i + 1}` : depth < 3 ? `${prefix}.${i + 1}` : prefix;
      numbers.set(q.id, depth === 0 ? `${label}.` : label);
      walk(q.id, label, depth + 1);
    });
  };
  walk(null, "", 0);
  return numbers;
}

// ───────────────────────────── Sections ─────────────────────────────

/** A triggered section shows only while its trigger question has the trigger answer. */
export function isSectionVisible(
  section: Pick<SectionFacts, "triggerQuestionId" | "triggerAnswer">,
  questionsById: ReadonlyMap<string, Pick<QuestionFacts, "answer" | "specialAnswer">>,
): boolean {
  if (!section.triggerQuestionId) return true;
  const trigger = questionsById.get(section.triggerQuestionId);
  if (!trigger || trigger.specialAnswer) return false;
  return answerValues(trigger.answer).includes(section.triggerAnswer ?? "");
}

export interface DepositFacts {
  depositStatus: "paid" | "marked_paid" | "payment_pending" | "pending" | "unpaid" | null;
  depositAmountCents: number | null;
}

/** Staff spec: a deposit is unpaid (outstanding) when pending or unpaid with an amount. */
export function depositOutstanding(q: DepositFacts): boolean {
  return (q.depositAmountCents ?? 0) > 0 && (q.depositStatus === "pending" || q.depositStatus === "unpaid");
}

/**
 * Spec "Section completion":
 * - custom (0), agreement (2), review and submit (4): completed when marked_completed;
 * - document checklist (10): completed when every shown required upload is answered, or when marked;
 * - questionnaire (3): pending if any answer_by, completed if all shown required questions are answered, else incomplete (error once visited);
 * - payment request (7): completed when marked or the deposit is no longer outstanding;
 * - the document kinds: see `documentSectionStatus` (6 approved, 8 downloaded, 9 signed, 11 received).
 */
export function sectionStatus(
  section: Pick<SectionFacts, "sectionType" | "markedCompleted"> & DocumentSectionFacts,
  sectionQuestions: readonly QuestionFacts[],
  options: { showErrors?: boolean; deposit?: DepositFacts; onePerSection?: boolean } = {},
): SectionStatus {
  if (isDocumentSectionType(section.sectionType))
    return documentSectionStatus(section, { showErrors: options.showErrors, onePerSection: options.onePerSection });
  const missing: SectionStatus = options.showErrors ? "error" : "incomplete";
  const shown = visibleQuestions(sectionQuestions);
  switch (section.sectionType) {
    case SECTION_TYPE.questionnaire: {
      if (shown.some((q) => q.answerBy)) return "pending";
      return shown.every((q) => q.optional || isAnswered(q)) ? "completed" : missing;
    }
    case SECTION_TYPE.document_checklist: {
      if (section.markedCompleted) return "completed";
      const uploads = shown.filter((q) => q.questionType === "upload" && !q.optional);
      if (uploads.every((q) => questionStatus(q) === "completed")) return "completed";
      return uploads.some((q) => q.answerBy) ? "pending" : missing;
    }
    case SECTION_TYPE.payment_request:
      if (section.markedCompleted) return "completed";
      return options.deposit && !depositOutstanding(options.deposit) ? "completed" : missing;
    default:
      return section.markedCompleted ? "completed" : missing;
  }
}

/** Sections kept in sync with their questions: the stored marked_completed mirrors the computed status. */
export function isAnsweredSectionType(sectionType: number): boolean {
  return sectionType === SECTION_TYPE.questionnaire || sectionType === SECTION_TYPE.document_checklist;
}

export interface SectionView<S extends SectionFacts = SectionFacts> {
  section: S;
  status: SectionStatus;
  /** Locked by first_section_required until the first section is completed. */
  locked: boolean;
  /** The first section, when first_section_required marks it Required. */
  required: boolean;
}

/**
 * The sections the client sees (triggered ones only while triggered), in order, with their status
 * and the first_section_required locking: the first section is Required and the others (except
 * custom ones) are locked until it is completed.
 */
export function sectionViews<S extends SectionFacts>(
  sections: readonly S[],
  questions: readonly QuestionFacts[],
  options: { firstSectionRequired?: boolean; visited?: ReadonlySet<string>; deposit?: DepositFacts; onePerSection?: boolean } = {},
): SectionView<S>[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const bySection = new Map<string, QuestionFacts[]>();
  for (const q of questions) {
    const list = bySection.get(q.sectionId);
    if (list) list.push(q);
    else bySection.set(q.sectionId, [q]);
  }
  const shown = [...sections].sort((a, b) => a.order - b.order).filter((s) => isSectionVisible(s, byId));
  const views = shown.map((section) => ({
    section,
    status: sectionStatus(section, bySection.get(section.id) ?? [], {
      showErrors: options.visited?.has(section.id),
      deposit: options.deposit,
      onePerSection: options.onePerSection,
    }),
    locked: false,
    required: false,
  }));
  if (options.firstSectionRequired && views.length > 0) {
    views[0].required = true;
    const firstDone = views[0].status === "completed" || views[0].section.sectionType === SECTION_TYPE.custom;
    if (!firstDone) for (const v of views.slice(1)) v.locked = v.section.sectionType !== SECTION_TYPE.custom;
  }
  return views;
}

/** Spec: Next is blocked on the first section while first_section_required is on and it is not completed (except a custom one). */
export function nextBlockedMessage(views: readonly SectionView[], currentIndex: number, firstSectionRequired: boolean): string | null {
  if (!firstSectionRequired || currentIndex !== 0 || views.length === 0) return null;
  const first = views[0];
  if (first.section.sectionType === SECTION_TYPE.custom || first.status === "completed") return null;
  return MESSAGES.firstSectionRequired;
}

/** The next section after `currentIndex` (wrapping) that is not completed, skipping review-and-submit and locked ones; null when all are done. */
export function nextIncompleteSectionIndex(views: readonly SectionView[], currentIndex: number): number | null {
  for (let step = 1; step <= views.length; step++) {
    const i = (currentIndex + step) % views.length;
    const v = views[i];
    if (v.status !== "completed" && v.section.sectionType !== SECTION_TYPE.review_and_submit && !v.locked) return i;
  }
  return null;
}

/** Sections still missing (for the banner and the review page's pills). */
export function missingSections<S extends SectionFacts>(views: readonly SectionView<S>[]): SectionView<S>[] {
  return views.filter((v) => v.status !== "completed" && v.section.sectionType !== SECTION_TYPE.review_and_submit);
}

// ───────────────────────────── Questionnaire ─────────────────────────────

export interface QuestionnaireFacts {
  locked: boolean;
  completed: boolean;
  isDraft?: boolean;
  inProgress: boolean;
  openedAt: Date | string | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
}

/**
 * Spec label: Completed; Draft; the current section's name once in progress beyond the start;
 * In Progress; Opened; otherwise Sent.
 */
export function questionnaireLabel(q: QuestionnaireFacts, currentSectionName?: string | null): string {
  if (q.completed) return "Completed";
  if (q.isDraft) return "Draft";
  if (q.inProgress && currentSectionName) return currentSectionName;
  if (q.inProgress) return "In Progress";
  if (q.openedAt) return "Opened";
  return "Sent";
}

/** Due date passed (the due day itself still counts). */
export function isPastDue(dueDate: string | null, today: string): boolean {
  return dueDate !== null && dueDate < today;
}

export type ReadOnlyReason = "locked" | "completed" | "readonly_user" | "readonly_entity" | "past_due";

/** Why the client cannot answer, or null. Locked, completed, a read-only user or entity, or past the due date. */
export function readOnlyReason(
  q: Pick<QuestionnaireFacts, "locked" | "completed" | "dueDate">,
  who: { userReadonly: boolean; entityReadonly: boolean },
  today: string,
): ReadOnlyReason | null {
  if (q.locked) return "locked";
  if (q.completed) return "completed";
  if (who.userReadonly) return "readonly_user";
  if (who.entityReadonly) return "readonly_entity";
  if (isPastDue(q.dueDate, today)) return "past_due";
  return null;
}

export const READ_ONLY_MESSAGES: Record<ReadOnlyReason, string> = {
  locked: "This questionnaire is locked and can only be viewed. Please contact your firm if you need to make changes.",
  completed: "This questionnaire was submitted and can only be viewed.",
  readonly_user: "This account is read-only. You can view this questionnaire but not change it.",
  readonly_entity: "This entity is read-only. You can view this questionnaire but not change it.",
  past_due: MESSAGES.pastDue,
};

/** Spec: Submit enabled only if 'I Agree' is ticked (when a review_and_submit section exists), the deposit is not outstanding, and not in template mode. */
export function submitEnabled(input: { hasReviewSection: boolean; agreed: boolean; deposit: DepositFacts; mode: PortalMode; readOnly: boolean }): boolean {
  if (input.mode === "admin-template" || input.readOnly) return false;
  if (input.hasReviewSection && !input.agreed) return false;
  return !depositOutstanding(input.deposit);
}

export type PortalMode = "client" | "admin-preview" | "admin-template";

// ───────────────────────────── Answer Later ─────────────────────────────

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** MM/DD/YYYY, as US clients read dates. */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The dialog's default: 7 days out (client spec §9). */
export function defaultAnswerLaterDate(today: string): string {
  return addDays(today, ANSWER_LATER_DEFAULT_DAYS);
}

/** Answer Later is offered unless the question or the firm disables it, the questionnaire is past due, or an advisor is looking. */
export function canAnswerLater(input: {
  disableAnswerLater: boolean;
  firmDisablesAnswerLater?: boolean;
  dueDate: string | null;
  today: string;
  mode: PortalMode;
}): boolean {
  if (input.disableAnswerLater || input.firmDisablesAnswerLater) return false;
  if (input.mode !== "client") return false;
  return !isPastDue(input.dueDate, input.today);
}

/**
 * Spec §5: in the future, in the current year, before the due date. Returns the message, or null
 * when valid. An upload item's messages say 'Upload later' (staff spec §5 'Upload later').
 */
export function answerLaterError(date: string, today: string, dueDate: string | null, kind: "answer" | "upload" = "answer"): string | null {
  const upload = kind === "upload";
  if (!isIsoDate(date) || date <= today) return upload ? MESSAGES.uploadLaterFuture : MESSAGES.answerLaterFuture;
  if (date.slice(0, 4) !== today.slice(0, 4)) return upload ? MESSAGES.uploadLaterYear : MESSAGES.answerLaterYear;
  if (dueDate && date >= dueDate) return (upload ? MESSAGES.uploadLaterDue : MESSAGES.answerLaterDue)(formatDate(dueDate));
  return null;
}

// ───────────────────────────── Answers ─────────────────────────────

export interface AnswerRules {
  questionType: QuestionType;
  options: readonly string[];
  numberOfCharacters: number | null;
}

/** Checks a value for a question; returns a message or null. An empty answer clears the question. */
export function answerError(q: AnswerRules, answer: string): string | null {
  if (answer === "") return null;
  switch (q.questionType) {
    case "boolean":
      return answer === "Yes" || answer === "No" ? null : "Please answer Yes or No.";
    case "select":
      return q.options.includes(answer) ? null : "Please choose one of the options.";
    case "multiple": {
      const values = answerValues(answer);
      if (values.length === 0 || values.some((v) => !q.options.includes(v))) return "Please choose among the options.";
      return new Set(values).size === values.length ? null : "Please choose each option once.";
    }
    case "date":
      return isIsoDate(answer) && answer >= "1900-01-01" && answer <= "2199-12-31" ? null : "Please enter a valid date.";
    case "entries":
      return /^\d{1,3}$/.test(answer) ? null : "Entries are saved through the entries dialog.";
    case "upload":
      return "Documents are saved through the upload.";
    case "text":
    case "textarea":
    case "password": {
      const max = q.numberOfCharacters;
      if (max && answer.length > max) return `Please keep your answer within ${max} characters.`;
      return answer.length > 20000 ? "Your answer is too long." : null;
    }
  }
}

/** 'n/max' under a text answer. */
export function characterCounter(answer: string | null, max: number | null): string | null {
  return max ? `${(answer ?? "").length}/${max}` : null;
}

/** With one signature per section, once one signer signs the other unsigned signatures become Not Needed. */
export type SignatureState = "signed" | "unsigned" | "not_needed";
export function signatureState(s: { signedAt: Date | string | null; notNeeded: boolean }): SignatureState {
  if (s.signedAt) return "signed";
  return s.notNeeded ? "not_needed" : "unsigned";
}

/** Engagement letter: complete once every needed signature is signed (or one, with one signature per section). */
export function agreementComplete(signatures: readonly { signedAt: Date | string | null; notNeeded: boolean }[], onePerSection: boolean): boolean {
  const states = signatures.map(signatureState);
  if (states.length === 0) return false;
  if (onePerSection) return states.includes("signed");
  return states.every((s) => s !== "unsigned");
}

// ───────────────────────────── Document sections (6, 8, 9, 11) ─────────────────────────────

/** The kinds that show a document the firm attached: pdf_review, download_document, pdf_signature, delivery. */
export const DOCUMENT_SECTION_TYPES: readonly number[] = [
  SECTION_TYPE.pdf_review,
  SECTION_TYPE.download_document,
  SECTION_TYPE.pdf_signature,
  SECTION_TYPE.delivery,
];

export function isDocumentSectionType(sectionType: number): boolean {
  return DOCUMENT_SECTION_TYPES.includes(sectionType);
}

/** Kinds the client completes with the section's own button (`complete_section`); the others complete by approving, signing or answering. */
export const CLIENT_MARKABLE_SECTION_TYPES: readonly number[] = [
  SECTION_TYPE.custom,
  SECTION_TYPE.review_and_submit,
  SECTION_TYPE.download_document,
  SECTION_TYPE.delivery,
  SECTION_TYPE.document_checklist,
];

export interface DocumentSectionFacts {
  /** pdf_review: the reason the client asked for changes (null once approved, or never asked). */
  changesRequested?: string | null;
  /** pdf_signature: its signers. */
  signatures?: readonly { signedAt: Date | string | null; notNeeded: boolean }[];
}

/**
 * The document kinds' status:
 * - pdf_review (6): completed once approved (marked); pending while the firm looks at a change request; else incomplete;
 * - download_document (8): completed once downloaded, or marked by the client;
 * - pdf_signature (9): completed when every needed signature is in (one, with one signature per
 *   section); pending while some signers have signed and others not; with no signers listed, when marked;
 * - delivery (11): completed once the client confirmed receipt (marked).
 * Incomplete becomes error once the client has moved on from the section.
 */
export function documentSectionStatus(
  section: Pick<SectionFacts, "sectionType" | "markedCompleted"> & DocumentSectionFacts,
  options: { showErrors?: boolean; onePerSection?: boolean } = {},
): SectionStatus {
  const missing: SectionStatus = options.showErrors ? "error" : "incomplete";
  if (section.sectionType === SECTION_TYPE.pdf_signature && section.signatures && section.signatures.length > 0) {
    if (agreementComplete(section.signatures, options.onePerSection ?? false)) return "completed";
    return section.signatures.some((g) => signatureState(g) === "signed") ? "pending" : missing;
  }
  if (section.markedCompleted) return "completed";
  if (section.sectionType === SECTION_TYPE.pdf_review && section.changesRequested) return "pending";
  return missing;
}

export const DOCUMENT_SECTION_MESSAGES = {
  approved: "Document approved successfully",
  changesRequested: "Changes requested successfully",
  reasonRequired: "Please enter the changes you need.",
  signed: "Document signed successfully",
  received: "Thank you for confirming you received your documents.",
  noDocument: "Your firm hasn't attached the document yet. Please check back later.",
  downloadFailed: "There was a problem downloading the document.",
  alreadyApproved: "This document was already approved.",
} as const;

export const CHANGE_REQUEST_MAX = 2000;

/** Request Changes needs a non-blank reason (client spec §5). Returns the message, or null when valid. */
export function changeRequestError(reason: string): string | null {
  if (reason.trim() === "") return DOCUMENT_SECTION_MESSAGES.reasonRequired;
  if (reason.length > CHANGE_REQUEST_MAX) return `Please keep it within ${CHANGE_REQUEST_MAX} characters.`;
  return null;
}

/** 'Engagement Letter.pdf' → 'Engagement Letter (signed).pdf' (the original keeps its name). */
export function signedFileName(name: string): string {
  const dot = name.toLowerCase().endsWith(".pdf") ? name.length - 4 : name.length;
  return `${name.slice(0, dot)} (signed).pdf`;
}

export interface SignatureRecord {
  userName: string;
  signature: string;
  signedAt: Date | string;
  ipAddress: string | null;
  clientTime: string | null;
}

/** The lines of the signature certificate page added to a signed PDF, one block per signer. */
export function signatureCertificateLines(documentName: string, signers: readonly SignatureRecord[]): string[] {
  const lines = [`Document: ${documentName}`, `Signatures: ${signers.length}`, ""];
  for (const s of signers) {
    const at = typeof s.signedAt === "string" ? s.signedAt : s.signedAt.toISOString();
    lines.push(`Signed by: ${s.userName}`, `Signature: ${s.signature}`, `Signed at (UTC): ${at.replace("T", " ").slice(0, 19)}`);
    if (s.clientTime) lines.push(`Signer's local time: ${s.clientTime}`);
    if (s.ipAddress) lines.push(`IP address: ${s.ipAddress}`);
    lines.push("");
  }
  return lines;
}

// ───────────────────────────── Document checklist (popout) ─────────────────────────────

export interface ChecklistFlags {
  /** Questionnaire document_popout_checklist_enabled: a Document checklist dialog on the page. */
  documentPopoutChecklistEnabled: boolean;
  /** Questionnaire show_uploads_as_document_checklist: the uploads are answered from the checklist. */
  showUploadsAsDocumentChecklist: boolean;
}

/**
 * Where a questionnaire's upload questions are answered. The Document checklist dialog gathers
 * every upload question the client sees (upload, split, preview, remove) when the questionnaire
 * asks for it (popout or uploads as a checklist) or the firm hides uploads within sections; with
 * the latter two, questionnaire sections (type 3) no longer show their upload questions inline.
 */
export function checklistPlacement(flags: ChecklistFlags, hideDocumentUploadsWithinSections: boolean): { dialog: boolean; hideInSections: boolean } {
  const hideInSections = hideDocumentUploadsWithinSections || flags.showUploadsAsDocumentChecklist;
  return { dialog: hideInSections || flags.documentPopoutChecklistEnabled, hideInSections };
}

export interface ChecklistGroup<S, Q> {
  section: S;
  questions: Q[];
}

/**
 * The Document checklist's content: the upload questions the client sees, by section, in the
 * order of the page (sections shown and not locked; questions shown), with how many required
 * ones are provided.
 */
export function documentChecklist<S extends SectionFacts & { id: string }, Q extends QuestionFacts>(
  views: readonly Pick<SectionView<S>, "section" | "locked">[],
  questions: readonly Q[],
): { groups: ChecklistGroup<S, Q>[]; required: number; provided: number } {
  const groups: ChecklistGroup<S, Q>[] = [];
  let required = 0;
  let provided = 0;
  for (const view of views) {
    if (view.locked) continue;
    const shown = visibleQuestions(questions.filter((q) => q.sectionId === view.section.id)).filter((q) => q.questionType === "upload");
    if (shown.length === 0) continue;
    groups.push({ section: view.section, questions: shown });
    for (const q of shown) {
      if (q.optional) continue;
      required += 1;
      if (questionStatus(q) === "completed") provided += 1;
    }
  }
  return { groups, required, provided };
}
