/**
 * Reads and writes of a client's questionnaire. Every function takes the firm's scoped database
 * and the signed-in user, and finds the questionnaire through the client's own active entity
 * (company hash + ownership), so another client's or firm's questionnaire is simply "not found".
 * Each answer updates only its own question row (two tabs never overwrite each other's answers).
 */
import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { PortalError } from "~/errors";
import {
  createDocumentUploadGrant,
  documentNameFromKey,
  forgetDocumentsByKeys,
  questionnaireDocumentPath,
  recordDocumentUpload,
} from "~/documents/documents.server";
import { questionnaireUploadStates, type UploadedFileState } from "~/documents/splits/split.server";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { enqueue } from "~/jobs.server";
import { makeSignedCopy, SIGN_PDF_COPY_JOB } from "~/pdf/signed-copy.server";
import { type createUploadGrant, createDownloadUrl, createInlineUrl, deleteObject } from "~/storage.server";
import { keyBelongsToEntity, keyBelongsToFirm } from "~/storage/keys";
import { staffSeesGroup } from "~/staff/viewer.server";
import { todayIn } from "~/time-zones";
import {
  agreementComplete,
  answerError,
  CHANGE_REQUEST_MAX,
  changeRequestError,
  CLIENT_MARKABLE_SECTION_TYPES,
  DOCUMENT_SECTION_MESSAGES,
  isDocumentSectionType,
  answerLaterError,
  answerValues,
  canAnswerLater,
  depositOutstanding,
  isAnsweredSectionType,
  MESSAGES,
  MULTI_SEPARATOR,
  READ_ONLY_MESSAGES,
  readOnlyReason,
  SECTION_TYPE,
  sectionStatus,
  sectionViews,
  type QuestionFacts,
  type QuestionType,
  type SpecialAnswer,
} from "./rules";

/** The one refusal type of this module; `status` is the HTTP status, `message` is fit to show. */
export class QuestionnaireError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "QuestionnaireError";
  }
}
const notFound = () => new QuestionnaireError(404, "Not Found");

// ───────────────────────────── Shapes sent to the page ─────────────────────────────

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
  /** 'Author: body', oldest first. */
  notes: { id: string; text: string }[];
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

// ───────────────────────────── Loading ─────────────────────────────

const questionnaireSelect = {
  id: true,
  name: true,
  taxYear: true,
  dueDate: true,
  locked: true,
  completed: true,
  inProgress: true,
  openedAt: true,
  currentSectionId: true,
  depositStatus: true,
  depositAmountCents: true,
  disclaimer: true,
  documentPopoutChecklistEnabled: true,
  showUploadsAsDocumentChecklist: true,
  company: { select: { id: true, hashId: true, name: true, readonlyAccess: true } },
} as const;

interface QuestionRow {
  id: string;
  section_id: string;
  text: string;
  question_type: QuestionType;
  options: string[];
  answer: string | null;
  answer_by: string | null;
  special_answer: SpecialAnswer | null;
  optional: boolean;
  number_of_characters: number | null;
  disable_answer_later: boolean;
  disable_not_applicable: boolean;
  document_link: string | null;
  prior_year_value: string | null;
  uploaded_last_year: boolean;
  follow_up_question_id: string | null;
  trigger_for_follow_up_question: string | null;
  order: number;
  entries: { entryNumber: number; field: string; value: string | null }[];
  notes: { id: string; author: string; staff: boolean; body: string }[];
}

/** Questions with their entries and client-visible notes, in one statement. */
async function readQuestions(tx: FirmTx, questionnaireId: string, firmName: string): Promise<QuestionData[]> {
  const rows = await tx.$queryRaw<QuestionRow[]>`
    SELECT q.id, q.section_id, q.text, q.question_type::text AS question_type, q.options, q.answer,
           to_char(q.answer_by, 'YYYY-MM-DD') AS answer_by, q.special_answer::text AS special_answer, q.optional,
           q.number_of_characters, q.disable_answer_later, q.disable_not_applicable, q.document_link,
           q.prior_year_value, q.uploaded_last_year, q.follow_up_question_id, q.trigger_for_follow_up_question, q."order",
           coalesce((SELECT json_agg(json_build_object('entryNumber', e.entry_number, 'field', e.field, 'value', e.value) ORDER BY e.entry_number)
                       FROM question_entries e WHERE e.firm_id = q.firm_id AND e.question_id = q.id), '[]'::json) AS entries,
           coalesce((SELECT json_agg(json_build_object('id', c.id, 'body', c.body, 'staff', u.kind = 'staff',
                                     'author', coalesce(nullif(u.preferred_name, ''), trim(u.fname || ' ' || u.lname))) ORDER BY c.created_at)
                       FROM question_comments c JOIN users u ON u.firm_id = c.firm_id AND u.id = c.author_id
                      WHERE c.firm_id = q.firm_id AND c.question_id = q.id AND NOT c.removed AND NOT c.from_firm_user AND c.deleted_at IS NULL), '[]'::json) AS notes
      FROM questions q
     WHERE q.questionnaire_id = ${questionnaireId} AND q.deleted_at IS NULL
     ORDER BY q."order", q.id`;
  return rows.map((r) => ({
    id: r.id,
    sectionId: r.section_id,
    text: r.text,
    questionType: r.question_type,
    options: r.options,
    answer: r.answer,
    answerBy: r.answer_by,
    specialAnswer: r.special_answer,
    optional: r.optional,
    numberOfCharacters: r.number_of_characters,
    disableAnswerLater: r.disable_answer_later,
    disableNotApplicable: r.disable_not_applicable,
    documentLink: r.document_link,
    priorYearValue: r.prior_year_value,
    uploadedLastYear: r.uploaded_last_year,
    followUpQuestionId: r.follow_up_question_id,
    triggerForFollowUpQuestion: r.trigger_for_follow_up_question,
    order: r.order,
    entries: r.entries,
    notes: r.notes.map((n) => ({ id: n.id, text: `${n.staff ? `${firmName} Team` : n.author}: ${n.body}` })),
  }));
}

const sectionDocumentSelect = { id: true, name: true, contentType: true, sizeBytes: true, deletedAt: true } as const;

function toSectionDocument(
  d: { id: string; name: string; contentType: string | null; sizeBytes: bigint | null; deletedAt: Date | null } | null,
): SectionDocumentData | null {
  if (!d || d.deletedAt) return null;
  return { id: d.id, name: d.name, contentType: d.contentType, sizeBytes: d.sizeBytes == null ? null : Number(d.sizeBytes) };
}

async function readSections(tx: FirmTx, questionnaireId: string): Promise<SectionData[]> {
  const [sections, signatures] = [
    await tx.section.findMany({
      where: { questionnaireId },
      select: {
        id: true,
        name: true,
        sectionType: true,
        instruction: true,
        customElement: true,
        markedCompleted: true,
        triggerQuestionId: true,
        triggerAnswer: true,
        order: true,
        changesRequested: true,
        document: { select: sectionDocumentSelect },
        signedDocument: { select: sectionDocumentSelect },
      },
      orderBy: [{ order: "asc" }, { id: "asc" }],
    }),
    await tx.engagementSignature.findMany({
      where: { section: { questionnaireId } },
      select: { id: true, sectionId: true, userId: true, userName: true, signature: true, signedAt: true, notNeeded: true },
      orderBy: { createdAt: "asc" },
    }),
  ];
  return sections.map(({ document, signedDocument, ...s }) => ({
    ...s,
    document: toSectionDocument(document),
    signedDocument: toSectionDocument(signedDocument),
    signatures: signatures
      .filter((g) => g.sectionId === s.id)
      .map((g) => ({
        id: g.id,
        userId: g.userId,
        userName: g.userName,
        signature: g.signature,
        signedAt: g.signedAt?.toISOString() ?? null,
        notNeeded: g.notNeeded,
      })),
  }));
}

function toData(q: { dueDate: Date | null; openedAt: Date | null } & Record<string, unknown>) {
  return { dueDate: q.dueDate?.toISOString().slice(0, 10) ?? null, openedAt: q.openedAt?.toISOString() ?? null };
}

/** Every file key held by the upload questions' answers. */
function uploadKeys(questions: Pick<QuestionData, "questionType" | "answer">[]): string[] {
  return questions.filter((q) => q.questionType === "upload").flatMap((q) => answerValues(q.answer));
}

/** The upload questions' files and their splits: one statement, none when there are no files. */
function readUploads(tx: FirmTx, row: { id: string; company: { id: string } }, questions: Pick<QuestionData, "questionType" | "answer">[]) {
  return questionnaireUploadStates(tx, { companyId: row.company.id, questionnaireId: row.id, keys: uploadKeys(questions) });
}

/**
 * The questionnaire page's data for a client: the questionnaire `questionnaireId` (or, without it,
 * the first open one) of the client's active entity `companyHash`. Five statements in one scoped
 * transaction, whatever the size (four without uploaded files). Throws a 404 QuestionnaireError for
 * anything not the client's.
 */
export async function loadClientQuestionnaire(
  portal: FirmSiteContext,
  user: SessionUser,
  companyHash: string,
  questionnaireId: string | null,
): Promise<QuestionnaireData> {
  if (user.kind !== "client") throw notFound();
  return portal.db.$transaction(async (tx) => {
    const row = await tx.questionnaire.findFirst({
      where: {
        ...(questionnaireId ? { id: questionnaireId } : {}),
        deletedAt: null,
        isDraft: false,
        sentAt: { not: null },
        company: { hashId: companyHash, deletedAt: null, inactive: false, owners: { some: { userId: user.id } } },
      },
      select: questionnaireSelect,
      orderBy: [{ completed: "asc" }, { locked: "asc" }, { taxYear: "desc" }, { dueDate: "asc" }],
    });
    if (!row) throw notFound();
    const [sections, questions] = [await readSections(tx, row.id), await readQuestions(tx, row.id, portal.firm.name)];
    const uploads = await readUploads(tx, row, questions);
    return { ...row, ...toData(row), hideSignaturePrintOption: portal.firm.preferences.hideSignaturePrintOption, sections, questions, uploads };
  });
}

/**
 * The same data for an advisor preview (any questionnaire of the firm, by entity id), or null.
 * It shows what the client sees (the same notes), and reads exactly like the client's loader.
 */
export async function loadQuestionnaireForStaff(
  portal: FirmSiteContext,
  staff: SessionUser,
  companyId: string,
  questionnaireId: string,
): Promise<QuestionnaireData | null> {
  return portal.db.$transaction(async (tx) => {
    const row = await tx.questionnaire.findFirst({
      where: { id: questionnaireId, companyId, deletedAt: null },
      select: { ...questionnaireSelect, company: { select: { ...questionnaireSelect.company.select, primaryOwner: { select: { firmGroupId: true } } } } },
    });
    if (!row || !(await staffSeesGroup(tx, staff, row.company.primaryOwner?.firmGroupId ?? null))) return null;
    const { primaryOwner: _owner, ...company } = row.company;
    const questionnaire = { ...row, company };
    const [sections, questions] = [await readSections(tx, row.id), await readQuestions(tx, row.id, portal.firm.name)];
    const uploads = await readUploads(tx, questionnaire, questions);
    return { ...questionnaire, ...toData(row), hideSignaturePrintOption: portal.firm.preferences.hideSignaturePrintOption, sections, questions, uploads };
  });
}

/**
 * A template shown as a questionnaire (admin-template mode): its sections and questions with no
 * answers, no entity, no due date. `taxYear` is this year (the page shows the tax year minus 1,
 * the year a questionnaire sent today would be about). Agreement sections get one placeholder
 * signer (signing is disabled in this mode). Three statements; null when not the firm's template.
 * `templateId` is the template's id or its public hash id.
 */
export async function loadTemplatePreview(portal: FirmSiteContext, templateId: string, today: string): Promise<QuestionnaireData | null> {
  return portal.db.$transaction(async (tx) => {
    const template = await tx.questionnaireTemplate.findFirst({
      where: { OR: [{ id: templateId }, { hashId: templateId }], deletedAt: null },
      select: { id: true, name: true, disclaimer: true },
    });
    if (!template) return null;
    const [sections, questions] = [
      await tx.templateSection.findMany({
        where: { templateId: template.id },
        select: { id: true, name: true, sectionType: true, instruction: true, customElement: true, triggerQuestionId: true, triggerAnswer: true, order: true },
        orderBy: [{ order: "asc" }, { id: "asc" }],
      }),
      await tx.templateQuestion.findMany({
        where: { templateId: template.id },
        select: {
          id: true,
          sectionId: true,
          text: true,
          questionType: true,
          options: true,
          optional: true,
          numberOfCharacters: true,
          disableAnswerLater: true,
          disableNotApplicable: true,
          documentLink: true,
          followUpQuestionId: true,
          triggerForFollowUpQuestion: true,
          order: true,
        },
        orderBy: [{ order: "asc" }, { id: "asc" }],
      }),
    ];
    return {
      id: template.id,
      name: template.name,
      taxYear: Number(today.slice(0, 4)),
      dueDate: null,
      locked: false,
      completed: false,
      inProgress: false,
      openedAt: null,
      currentSectionId: null,
      depositStatus: null,
      depositAmountCents: null,
      disclaimer: template.disclaimer,
      documentPopoutChecklistEnabled: false,
      showUploadsAsDocumentChecklist: false,
      company: { id: "", hashId: "", name: "", readonlyAccess: false },
      hideSignaturePrintOption: portal.firm.preferences.hideSignaturePrintOption,
      sections: sections.map((s) => ({
        ...s,
        markedCompleted: false,
        document: null,
        signedDocument: null,
        changesRequested: null,
        signatures:
          s.sectionType === SECTION_TYPE.agreement_signature
            ? [{ id: `template-${s.id}`, userId: "", userName: "{client_fname} {client_lname}", signature: null, signedAt: null, notNeeded: false }]
            : [],
      })),
      questions: questions.map((q) => ({
        ...q,
        answer: null,
        answerBy: null,
        specialAnswer: null,
        priorYearValue: null,
        uploadedLastYear: false,
        entries: [],
        notes: [],
      })),
      uploads: {},
    };
  });
}

// ───────────────────────────── Staff actions ─────────────────────────────

export const DEPOSIT_MESSAGES = { paid: "Questionnaire marked as paid", unpaid: "Questionnaire marked as unpaid" } as const;

/**
 * Staff spec §4: 'Mark as paid' sets an outstanding deposit (pending or unpaid, with an amount) to
 * marked_paid; 'Mark as unpaid' sets marked_paid back to pending. Advisors only. Other states
 * (paid online, payment pending, no deposit) are refused with 400; another firm's or entity's
 * questionnaire is 404.
 */
export async function setDepositPaid(
  portal: FirmSiteContext,
  staff: SessionUser,
  companyId: string,
  questionnaireId: string,
  paid: boolean,
): Promise<{ message: string }> {
  if (staff.kind !== "staff") throw notFound();
  if (!staff.isAdvisor) throw new QuestionnaireError(403, "Only advisors can mark a deposit paid.");
  return portal.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string; deposit_status: QuestionnaireData["depositStatus"]; deposit_amount_cents: number | null; owner_group_id: string | null }[]
    >`
      SELECT q.id, q.deposit_status::text AS deposit_status, q.deposit_amount_cents,
             (SELECT o.firm_group_id FROM companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id WHERE c.firm_id = q.firm_id AND c.id = q.company_id) AS owner_group_id
        FROM questionnaires q
       WHERE q.id = ${questionnaireId} AND q.company_id = ${companyId} AND q.deleted_at IS NULL FOR UPDATE OF q`;
    const row = rows[0];
    if (!row || !(await staffSeesGroup(tx, staff, row.owner_group_id))) throw notFound();
    const facts = { depositStatus: row.deposit_status, depositAmountCents: row.deposit_amount_cents };
    if (paid ? !depositOutstanding(facts) : row.deposit_status !== "marked_paid") {
      throw new QuestionnaireError(400, paid ? "This questionnaire has no deposit to mark paid." : "Only a deposit marked paid can be marked unpaid.");
    }
    const now = new Date();
    const title = paid ? "Marked the deposit as paid" : "Marked the deposit as unpaid";
    await tx.questionnaire.update({
      where: { id: row.id },
      data: { depositStatus: paid ? "marked_paid" : "pending", lastActivity: title, lastActivityAt: now },
    });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.questionnaire,
      title,
      actorId: staff.id,
      companyId,
      questionnaireId: row.id,
      ipAddress: portal.clientAddress,
    });
    return { message: paid ? DEPOSIT_MESSAGES.paid : DEPOSIT_MESSAGES.unpaid };
  });
}

// ───────────────────────────── Actions ─────────────────────────────

const id = z.string().min(1).max(64);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a valid date.");

export const questionnaireActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), questionnaireId: id, questionId: id, answer: z.string().max(20_000, "Your answer is too long.") }),
  z.object({ intent: z.literal("answer_later"), questionnaireId: id, questionId: id, answerBy: isoDate }),
  z.object({ intent: z.literal("answer_now"), questionnaireId: id, questionId: id }),
  z.object({
    intent: z.literal("special"),
    questionnaireId: id,
    questionId: id,
    special: z.enum(["not_applicable", "provided_elsewhere", "marked_completed"]),
  }),
  z.object({ intent: z.literal("undo"), questionnaireId: id, questionId: id }),
  z.object({ intent: z.literal("add_entry"), questionnaireId: id, questionId: id }),
  z.object({ intent: z.literal("remove_entry"), questionnaireId: id, questionId: id, entryNumber: z.number().int().min(1).max(999) }),
  z.object({
    intent: z.literal("save_entry"),
    questionnaireId: id,
    questionId: id,
    entryNumber: z.number().int().min(1).max(999),
    values: z.record(z.string(), z.string().max(2000)),
  }),
  z.object({
    intent: z.literal("upload_grant"),
    questionnaireId: id,
    questionId: id,
    fileName: z.string().min(1).max(255),
    contentType: z.string().min(1).max(100),
  }),
  z.object({
    intent: z.literal("upload_confirm"),
    questionnaireId: id,
    questionId: id,
    key: z.string().min(1).max(1024),
    contentType: z.string().min(1).max(100),
    option: z.string().max(500).optional(),
    fileName: z.string().min(1).max(255).optional(),
  }),
  z.object({ intent: z.literal("upload_remove"), questionnaireId: id, questionId: id, key: z.string().min(1).max(1024) }),
  z.object({ intent: z.literal("add_note"), questionnaireId: id, questionId: id, body: z.string().trim().min(1, "Please enter a note.").max(2000) }),
  z.object({ intent: z.literal("open_section"), questionnaireId: id, sectionId: id }),
  z.object({ intent: z.literal("complete_section"), questionnaireId: id, sectionId: id }),
  z.object({
    intent: z.literal("sign"),
    questionnaireId: id,
    sectionId: id,
    signatureId: id,
    signature: z.string().trim().min(1, MESSAGES.signatureRequired).max(200),
    clientTime: z.string().max(100).optional(),
  }),
  z.object({ intent: z.literal("remove_signature"), questionnaireId: id, sectionId: id, signatureId: id }),
  z.object({ intent: z.literal("submit"), questionnaireId: id, agreed: z.boolean() }),
  z.object({
    intent: z.literal("document_url"),
    questionnaireId: id,
    sectionId: id,
    copy: z.enum(["original", "signed"]).default("original"),
    download: z.boolean().default(false),
  }),
  z.object({ intent: z.literal("file_url"), questionnaireId: id, questionId: id, key: z.string().min(1).max(1024) }),
  z.object({ intent: z.literal("upload_states"), questionnaireId: id }),
  z.object({ intent: z.literal("approve_review"), questionnaireId: id, sectionId: id }),
  z.object({ intent: z.literal("request_changes"), questionnaireId: id, sectionId: id, reason: z.string().max(CHANGE_REQUEST_MAX + 1000) }),
]);
export type QuestionnaireAction = z.infer<typeof questionnaireActionSchema>;

export interface SectionPatch {
  id: string;
  markedCompleted: boolean;
  changesRequested?: string | null;
  signatures?: SignatureData[];
  signedDocument?: SectionDocumentData | null;
}

export interface ActionResult {
  ok: true;
  message?: string;
  /** The question as saved (answer, answerBy, specialAnswer, entries). */
  question?: Pick<QuestionData, "id" | "answer" | "answerBy" | "specialAnswer"> & { entries?: QuestionData["entries"] };
  /** Sections whose completion changed (and, for document sections, what else changed with it). */
  sections?: SectionPatch[];
  /** A short-lived presigned URL of a file (view or download). */
  url?: string;
  upload?: { key: string; grant: Awaited<ReturnType<typeof createUploadGrant>> };
  next?: { id: string; name: string; hashId: string } | null;
  /** A note just added, as the client sees it ('Author: body'). */
  note?: { questionId: string; id: string; text: string };
  /** upload_states: the files of the upload questions and their splits (polled while the firm splits); upload_confirm: the new file. */
  uploads?: Record<string, UploadedFileState>;
}

interface Target {
  id: string;
  company_id: string;
  locked: boolean;
  completed: boolean;
  due_date: string | null;
  opened_at: Date | null;
  readonly_access: boolean;
  deposit_status: QuestionnaireData["depositStatus"];
  deposit_amount_cents: number | null;
  last_activity: string | null;
  last_activity_at: Date | null;
}

/** The client's questionnaire, row-locked for this write (writes to one questionnaire queue; reads don't). */
async function lockTarget(tx: FirmTx, user: SessionUser, companyHash: string, questionnaireId: string): Promise<Target> {
  return findTarget(tx, user, companyHash, questionnaireId, true);
}

async function findTarget(tx: FirmTx, user: SessionUser, companyHash: string, questionnaireId: string, forUpdate: boolean): Promise<Target> {
  const rows = await tx.$queryRaw<Target[]>`
    SELECT qn.id, qn.company_id, qn.locked, qn.completed, to_char(qn.due_date, 'YYYY-MM-DD') AS due_date, qn.opened_at,
           c.readonly_access, qn.deposit_status::text AS deposit_status, qn.deposit_amount_cents, qn.last_activity, qn.last_activity_at
      FROM questionnaires qn
      JOIN companies c ON c.firm_id = qn.firm_id AND c.id = qn.company_id
     WHERE qn.id = ${questionnaireId} AND c.hash_id = ${companyHash} AND c.deleted_at IS NULL AND NOT c.inactive
       AND qn.deleted_at IS NULL AND NOT qn.is_draft AND qn.sent_at IS NOT NULL
       AND EXISTS (SELECT 1 FROM company_owners o WHERE o.firm_id = c.firm_id AND o.company_id = c.id AND o.user_id = ${user.id})
       ${forUpdate ? Prisma.sql`FOR UPDATE OF qn` : Prisma.empty}`;
  const target = rows[0];
  if (!target) throw notFound();
  return target;
}

function assertWritable(target: Target, user: SessionUser, today: string) {
  const reason = readOnlyReason(
    { locked: target.locked, completed: target.completed, dueDate: target.due_date },
    { userReadonly: user.readonlyAccess, entityReadonly: target.readonly_access },
    today,
  );
  if (reason === "locked") throw new QuestionnaireError(403, MESSAGES.locked);
  if (reason) throw new QuestionnaireError(403, READ_ONLY_MESSAGES[reason]);
}

/**
 * first_section_required, enforced here as well as on the page: while the first section the client
 * sees is not completed, the others (except custom ones) take no answers, uploads or signatures.
 */
async function assertSectionUnlocked(tx: FirmTx, target: Target, action: QuestionnaireAction, portal: FirmSiteContext): Promise<void> {
  if (action.intent === "open_section") return; // only the page's cursor
  let sectionId: string | null = "sectionId" in action ? action.sectionId : null;
  if (!sectionId && "questionId" in action) {
    const rows = await tx.$queryRaw<
      { section_id: string }[]
    >`SELECT section_id FROM questions WHERE id = ${action.questionId} AND questionnaire_id = ${target.id} AND deleted_at IS NULL`;
    sectionId = rows[0]?.section_id ?? null;
  }
  if (!sectionId) return; // an unknown question or section is refused by the action itself
  const [sections, questions] = [await readSections(tx, target.id), await readQuestionFacts(tx, target.id)];
  const views = sectionViews(sections, questions, {
    firstSectionRequired: true,
    deposit: { depositStatus: target.deposit_status, depositAmountCents: target.deposit_amount_cents },
    onePerSection: portal.firm.preferences.requireOneSignaturePerSection,
  });
  if (views.find((v) => v.section.id === sectionId)?.locked) throw new QuestionnaireError(409, MESSAGES.firstSectionRequired);
}

/** The facts the section rules read, for every question of the questionnaire, in one statement. */
async function readQuestionFacts(tx: FirmTx, questionnaireId: string): Promise<QuestionFacts[]> {
  return tx.$queryRaw<QuestionFacts[]>`
    SELECT q.id, q.section_id AS "sectionId", q.question_type::text AS "questionType", q.answer, to_char(q.answer_by, 'YYYY-MM-DD') AS "answerBy",
           q.special_answer::text AS "specialAnswer", q.optional, q.follow_up_question_id AS "followUpQuestionId",
           q.trigger_for_follow_up_question AS "triggerForFollowUpQuestion", q."order"
      FROM questions q WHERE q.questionnaire_id = ${questionnaireId} AND q.deleted_at IS NULL`;
}

interface QuestionRecord {
  id: string;
  section_id: string;
  question_type: QuestionType;
  options: string[];
  answer: string | null;
  number_of_characters: number | null;
  disable_answer_later: boolean;
  disable_not_applicable: boolean;
}

async function findQuestion(tx: FirmTx, questionnaireId: string, questionId: string): Promise<QuestionRecord> {
  const rows = await tx.$queryRaw<QuestionRecord[]>`
    SELECT id, section_id, question_type::text AS question_type, options, answer, number_of_characters, disable_answer_later, disable_not_applicable
      FROM questions WHERE id = ${questionId} AND questionnaire_id = ${questionnaireId} AND deleted_at IS NULL`;
  if (!rows[0]) throw new QuestionnaireError(404, "This question is not part of this questionnaire.");
  return rows[0];
}

async function findSection(tx: FirmTx, questionnaireId: string, sectionId: string) {
  const section = await tx.section.findFirst({ where: { id: sectionId, questionnaireId }, select: { id: true, sectionType: true, markedCompleted: true } });
  if (!section) throw new QuestionnaireError(404, "This section is not part of this questionnaire.");
  return section;
}

/** Keeps an answered section's stored completion in step with its questions (the dashboard reads it). */
async function syncSectionCompletion(tx: FirmTx, sectionId: string): Promise<{ id: string; markedCompleted: boolean }[]> {
  const rows = await tx.$queryRaw<{ section_type: number; marked_completed: boolean; questions: QuestionFacts[] | null }[]>`
    SELECT s.section_type, s.marked_completed,
           (SELECT json_agg(json_build_object('id', q.id, 'sectionId', q.section_id, 'questionType', q.question_type, 'answer', q.answer,
                   'answerBy', q.answer_by, 'specialAnswer', q.special_answer, 'optional', q.optional, 'followUpQuestionId', q.follow_up_question_id,
                   'triggerForFollowUpQuestion', q.trigger_for_follow_up_question, 'order', q."order"))
              FROM questions q WHERE q.firm_id = s.firm_id AND q.section_id = s.id AND q.deleted_at IS NULL) AS questions
      FROM sections s WHERE s.id = ${sectionId} FOR UPDATE`;
  const s = rows[0];
  if (!s || !isAnsweredSectionType(s.section_type)) return [];
  const completed = sectionStatus({ sectionType: s.section_type, markedCompleted: false }, s.questions ?? []) === "completed";
  if (completed === s.marked_completed) return [];
  await tx.section.update({ where: { id: sectionId }, data: { markedCompleted: completed } });
  return [{ id: sectionId, markedCompleted: completed }];
}

const ANSWERED_TITLE = "Answered questions";
const SUMMARY_WINDOW_MS = 15 * 60_000;

/** Marks the questionnaire as worked on; answers are summarised in one activity entry per 15 minutes. */
async function touch(tx: FirmTx, firmId: string, target: Target, user: SessionUser, title: string, typeId: number, ip: string | null) {
  const now = new Date();
  await tx.questionnaire.update({
    where: { id: target.id },
    data: { lastActivity: title, lastActivityAt: now, inProgress: true, ...(target.opened_at ? {} : { openedAt: now }) },
  });
  const summarised =
    title === ANSWERED_TITLE &&
    target.last_activity === ANSWERED_TITLE &&
    target.last_activity_at &&
    now.getTime() - target.last_activity_at.getTime() < SUMMARY_WINDOW_MS;
  if (!summarised) await logActivity(tx, firmId, { typeId, title, actorId: user.id, companyId: target.company_id, questionnaireId: target.id, ipAddress: ip });
}

async function setAnswer(
  tx: FirmTx,
  question: QuestionRecord,
  user: SessionUser,
  data: { answer: string | null; answerBy: Date | null; specialAnswer: SpecialAnswer | null },
) {
  const saved = await tx.question.update({
    where: { id: question.id },
    data: { ...data, answeredById: user.id, answeredAt: new Date() },
    select: { id: true, answer: true, answerBy: true, specialAnswer: true },
  });
  return { ...saved, answerBy: saved.answerBy?.toISOString().slice(0, 10) ?? null };
}

async function readEntries(tx: FirmTx, questionId: string) {
  return tx.questionEntry.findMany({
    where: { questionId },
    select: { entryNumber: true, field: true, value: true },
    orderBy: [{ entryNumber: "asc" }, { field: "asc" }],
  });
}

async function entryCount(tx: FirmTx, questionId: string): Promise<number> {
  const rows = await tx.questionEntry.groupBy({ by: ["entryNumber"], where: { questionId } });
  return rows.length;
}

/** 'Author: body', the author named as the loader names them (preferred name, else first and last). */
function noteText(user: Pick<SessionUser, "preferredName" | "fname" | "lname">, body: string): string {
  return `${user.preferredName || `${user.fname} ${user.lname}`.trim()}: ${body}`;
}

export interface ActionContext {
  portal: FirmSiteContext;
  user: SessionUser;
  companyHash: string;
  userAgent?: string | null;
}

/**
 * Runs one client action on the questionnaire, in one scoped transaction. Refusals are
 * QuestionnaireErrors (404 for anything that isn't this client's, 403 read-only, 400 bad input).
 */
export async function performQuestionnaireAction(ctx: ActionContext, action: QuestionnaireAction): Promise<ActionResult> {
  const { portal, user, companyHash } = ctx;
  if (user.kind !== "client") throw notFound();
  const firmId = portal.firm.id;
  const today = todayIn(portal.firm.timeZone);
  const ip = portal.clientAddress;
  const filesToDelete: string[] = [];
  /** Objects written during the transaction (signed copies): deleted again if it fails. */
  const written: string[] = [];
  /** Sections whose signed copy is too large to make in the request: a job makes it after the commit. */
  const largeCopies: string[] = [];
  if (action.intent === "document_url" || action.intent === "file_url") return fileLink(ctx, action, today);
  if (action.intent === "upload_states") return uploadStates(ctx, action.questionnaireId);

  const result = await portal.db
    .$transaction(async (tx): Promise<ActionResult> => {
      const target = await lockTarget(tx, user, companyHash, action.questionnaireId);
      assertWritable(target, user, today);
      if (portal.firm.preferences.firstSectionRequired) await assertSectionUnlocked(tx, target, action, portal);
      const touchAnswer = () => touch(tx, firmId, target, user, ANSWERED_TITLE, ACTIVITY_TYPES.questionnaire, ip);

      switch (action.intent) {
        case "answer": {
          const question = await findQuestion(tx, target.id, action.questionId);
          if (question.question_type === "upload") throw new QuestionnaireError(400, "Documents are saved through the upload.");
          if (question.question_type === "entries") throw new QuestionnaireError(400, "Entries are saved through the entries dialog.");
          const problem = answerError(
            { questionType: question.question_type, options: question.options, numberOfCharacters: question.number_of_characters },
            action.answer,
          );
          if (problem) throw new QuestionnaireError(400, problem);
          const saved = await setAnswer(tx, question, user, { answer: action.answer === "" ? null : action.answer, answerBy: null, specialAnswer: null });
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touchAnswer();
          return { ok: true, question: saved, sections };
        }
        case "answer_later": {
          const question = await findQuestion(tx, target.id, action.questionId);
          if (
            !canAnswerLater({
              disableAnswerLater: question.disable_answer_later,
              firmDisablesAnswerLater: portal.firm.preferences.disableAnswerLater,
              dueDate: target.due_date,
              today,
              mode: "client",
            })
          ) {
            throw new QuestionnaireError(400, "Answer Later is not available for this question.");
          }
          const problem = answerLaterError(action.answerBy, today, target.due_date);
          if (problem) throw new QuestionnaireError(400, problem);
          if (question.question_type === "upload") filesToDelete.push(...answerValues(question.answer));
          const saved = await setAnswer(tx, question, user, { answer: null, answerBy: new Date(`${action.answerBy}T00:00:00Z`), specialAnswer: null });
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touchAnswer();
          return { ok: true, question: saved, sections };
        }
        case "answer_now":
        case "undo": {
          const question = await findQuestion(tx, target.id, action.questionId);
          const saved = await setAnswer(tx, question, user, { answer: action.intent === "undo" ? null : question.answer, answerBy: null, specialAnswer: null });
          if (action.intent === "undo" && question.question_type === "entries") await tx.questionEntry.deleteMany({ where: { questionId: question.id } });
          if (action.intent === "undo" && question.question_type === "upload") filesToDelete.push(...answerValues(question.answer));
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touchAnswer();
          return {
            ok: true,
            question: { ...saved, entries: action.intent === "undo" && question.question_type === "entries" ? [] : undefined },
            sections,
            message: action.intent === "undo" ? MESSAGES.undo : undefined,
          };
        }
        case "special": {
          const question = await findQuestion(tx, target.id, action.questionId);
          if (action.special === "not_applicable" && question.disable_not_applicable)
            throw new QuestionnaireError(400, "This question can't be marked not applicable.");
          if (action.special === "provided_elsewhere" && portal.firm.preferences.disableProvidedElsewhere)
            throw new QuestionnaireError(400, "Provided Elsewhere is not available.");
          if (question.question_type === "upload") filesToDelete.push(...answerValues(question.answer));
          const saved = await setAnswer(tx, question, user, { answer: null, answerBy: null, specialAnswer: action.special });
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touchAnswer();
          return { ok: true, question: saved, sections };
        }
        case "add_entry":
        case "remove_entry":
        case "save_entry": {
          const question = await findQuestion(tx, target.id, action.questionId);
          if (question.question_type !== "entries") throw new QuestionnaireError(400, "This question has no entries.");
          if (action.intent === "add_entry") {
            const count = await entryCount(tx, question.id);
            if (count >= 999) throw new QuestionnaireError(400, "Too many entries.");
            await tx.questionEntry.createMany({
              data: question.options.map((field) => ({ firmId, questionId: question.id, entryNumber: count + 1, field, value: "" })),
            });
          } else if (action.intent === "remove_entry") {
            const removed = await tx.questionEntry.deleteMany({ where: { questionId: question.id, entryNumber: action.entryNumber } });
            if (removed.count === 0) throw new QuestionnaireError(404, "This entry does not exist.");
            // Renumber the later entries (through negative numbers: the unique index is checked row by row).
            await tx.$executeRaw`UPDATE question_entries SET entry_number = -entry_number WHERE question_id = ${question.id} AND entry_number > ${action.entryNumber}`;
            await tx.$executeRaw`UPDATE question_entries SET entry_number = -entry_number - 1 WHERE question_id = ${question.id} AND entry_number < 0`;
          } else {
            const unknown = Object.keys(action.values).find((field) => !question.options.includes(field));
            if (unknown !== undefined) throw new QuestionnaireError(400, `Unknown field: ${unknown}`);
            const exists = await tx.questionEntry.count({ where: { questionId: question.id, entryNumber: action.entryNumber } });
            if (exists === 0) throw new QuestionnaireError(404, "This entry does not exist.");
            for (const [field, value] of Object.entries(action.values)) {
              await tx.questionEntry.upsert({
                where: { firmId_questionId_entryNumber_field: { firmId, questionId: question.id, entryNumber: action.entryNumber, field } },
                create: { firmId, questionId: question.id, entryNumber: action.entryNumber, field, value },
                update: { value },
              });
            }
          }
          const entries = await readEntries(tx, question.id);
          const count = new Set(entries.map((e) => e.entryNumber)).size;
          const saved = await setAnswer(tx, question, user, { answer: String(count), answerBy: null, specialAnswer: null });
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touchAnswer();
          return { ok: true, question: { ...saved, entries }, sections };
        }
        case "upload_grant": {
          const question = await findQuestion(tx, target.id, action.questionId);
          if (question.question_type !== "upload") throw new QuestionnaireError(400, "This question takes no documents.");
          try {
            const grant = await createDocumentUploadGrant({ firmId, companyId: target.company_id, fileName: action.fileName, contentType: action.contentType });
            return { ok: true, upload: { key: grant.key, grant } };
          } catch (error) {
            if (error instanceof PortalError) throw new QuestionnaireError(error.status === 404 ? 404 : 400, error.message);
            throw error;
          }
        }
        case "upload_confirm": {
          const question = await findQuestion(tx, target.id, action.questionId);
          if (question.question_type !== "upload") throw new QuestionnaireError(400, "This question takes no documents.");
          if (question.options.length > 0 && (!action.option || !question.options.includes(action.option)))
            throw new QuestionnaireError(400, "Please choose an option first.");
          if (!keyBelongsToEntity(action.key, firmId, target.company_id)) throw notFound();
          let recorded;
          try {
            recorded = await recordDocumentUpload(tx, {
              firmId,
              companyId: target.company_id,
              key: action.key,
              contentType: action.contentType,
              fileName: action.fileName ?? documentNameFromKey(action.key),
              path: await questionnaireDocumentPath(tx, target.id),
              uploadedById: user.id,
              questionnaireId: target.id,
              questionId: question.id,
              duplicateMessage: DOCUMENT_MESSAGES.alreadyUploadedInQuestionnaire,
            });
          } catch (error) {
            if (error instanceof PortalError) throw error.status === 404 ? notFound() : new QuestionnaireError(error.status, error.message);
            throw error;
          }
          const values = answerValues(question.answer);
          const saved = await setAnswer(tx, question, user, {
            answer: [...values.filter((v) => v !== action.key), action.key].join(MULTI_SEPARATOR),
            answerBy: null,
            specialAnswer: null,
          });
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touch(tx, firmId, target, user, "Uploaded a document", ACTIVITY_TYPES.document, ip);
          if (!(await tx.questionnaire.count({ where: { id: target.id, firstDocUploadedAt: { not: null } } }))) {
            await tx.questionnaire.update({ where: { id: target.id }, data: { firstDocUploadedAt: new Date() } });
          }
          const uploads = {
            [action.key]: {
              documentId: recorded.id,
              name: recorded.name,
              contentType: recorded.contentType,
              passwordProtected: recorded.passwordProtected,
              split: null,
            },
          };
          return { ok: true, question: saved, sections, uploads };
        }
        case "upload_remove": {
          const question = await findQuestion(tx, target.id, action.questionId);
          const values = answerValues(question.answer);
          if (question.question_type !== "upload" || !values.includes(action.key)) throw notFound();
          filesToDelete.push(action.key);
          const rest = values.filter((v) => v !== action.key);
          const saved = await setAnswer(tx, question, user, { answer: rest.length ? rest.join(MULTI_SEPARATOR) : null, answerBy: null, specialAnswer: null });
          const sections = await syncSectionCompletion(tx, question.section_id);
          await touchAnswer();
          return { ok: true, question: saved, sections, message: "Document removed successfully" };
        }
        case "add_note": {
          const question = await findQuestion(tx, target.id, action.questionId);
          const note = await tx.questionComment.create({
            data: { firmId, questionId: question.id, authorId: user.id, body: action.body, fromFirmUser: false },
            select: { id: true },
          });
          await touch(tx, firmId, target, user, "Added a note", ACTIVITY_TYPES.questionnaire, ip);
          return { ok: true, note: { questionId: question.id, id: note.id, text: noteText(user, action.body) } };
        }
        case "open_section": {
          const section = await findSection(tx, target.id, action.sectionId);
          const now = new Date();
          await tx.questionnaire.update({
            where: { id: target.id },
            data: { currentSectionId: section.id, inProgress: true, ...(target.opened_at ? {} : { openedAt: now }) },
          });
          if (!target.opened_at)
            await logActivity(tx, firmId, {
              typeId: ACTIVITY_TYPES.questionnaire,
              title: "Opened the questionnaire",
              actorId: user.id,
              companyId: target.company_id,
              questionnaireId: target.id,
              ipAddress: ip,
            });
          if (section.sectionType === SECTION_TYPE.custom && !section.markedCompleted) {
            await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true } });
            return { ok: true, sections: [{ id: section.id, markedCompleted: true }] };
          }
          return { ok: true };
        }
        case "complete_section": {
          const section = await findSection(tx, target.id, action.sectionId);
          if (!CLIENT_MARKABLE_SECTION_TYPES.includes(section.sectionType)) throw new QuestionnaireError(400, "This section completes on its own.");
          await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true } });
          if (section.sectionType === SECTION_TYPE.delivery) {
            await touch(tx, firmId, target, user, "Confirmed receipt of the delivered documents", ACTIVITY_TYPES.document, ip);
            return { ok: true, sections: [{ id: section.id, markedCompleted: true }], message: DOCUMENT_SECTION_MESSAGES.received };
          }
          await touchAnswer();
          return { ok: true, sections: [{ id: section.id, markedCompleted: true }] };
        }
        case "approve_review":
        case "request_changes": {
          const section = await findSection(tx, target.id, action.sectionId);
          if (section.sectionType !== SECTION_TYPE.pdf_review) throw new QuestionnaireError(400, "This section has no document to review.");
          const doc = await sectionDocument(tx, section.id, "original");
          if (!doc) throw new QuestionnaireError(409, DOCUMENT_SECTION_MESSAGES.noDocument);
          if (section.markedCompleted) throw new QuestionnaireError(409, DOCUMENT_SECTION_MESSAGES.alreadyApproved);
          if (action.intent === "approve_review") {
            await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true, changesRequested: null, changesRequestedAt: null } });
            await touch(tx, firmId, target, user, `Approved ${doc.name}`, ACTIVITY_TYPES.questionnaire, ip);
            return { ok: true, message: DOCUMENT_SECTION_MESSAGES.approved, sections: [{ id: section.id, markedCompleted: true, changesRequested: null }] };
          }
          const problem = changeRequestError(action.reason);
          if (problem) throw new QuestionnaireError(400, problem);
          const reason = action.reason.trim();
          await tx.section.update({ where: { id: section.id }, data: { changesRequested: reason, changesRequestedAt: new Date() } });
          await touch(tx, firmId, target, user, `Requested changes to ${doc.name}`, ACTIVITY_TYPES.questionnaire, ip);
          await logActivity(tx, firmId, {
            typeId: ACTIVITY_TYPES.questionnaire,
            title: "Change request",
            description: reason,
            actorId: user.id,
            companyId: target.company_id,
            questionnaireId: target.id,
            ipAddress: ip,
          });
          return {
            ok: true,
            message: DOCUMENT_SECTION_MESSAGES.changesRequested,
            sections: [{ id: section.id, markedCompleted: false, changesRequested: reason }],
          };
        }
        case "sign":
        case "remove_signature": {
          const section = await findSection(tx, target.id, action.sectionId);
          const onPdf = section.sectionType === SECTION_TYPE.pdf_signature;
          if (section.sectionType !== SECTION_TYPE.agreement_signature && !onPdf) throw new QuestionnaireError(400, "This section takes no signature.");
          if (onPdf && !(await sectionDocument(tx, section.id, "original"))) throw new QuestionnaireError(409, DOCUMENT_SECTION_MESSAGES.noDocument);
          // A PDF with no signers listed is signed by whichever owner of the entity signs it.
          if (
            onPdf &&
            action.intent === "sign" &&
            action.signatureId === "new" &&
            (await tx.engagementSignature.count({ where: { sectionId: section.id } })) === 0
          ) {
            const created = await tx.engagementSignature.create({
              data: { firmId, sectionId: section.id, userId: user.id, userName: `${user.fname} ${user.lname}`.trim() },
              select: { id: true },
            });
            action.signatureId = created.id;
          }
          const signature = await tx.engagementSignature.findFirst({ where: { id: action.signatureId, sectionId: section.id, userId: user.id } });
          if (!signature) throw new QuestionnaireError(404, "This signature is not yours to sign.");
          const onePerSection = portal.firm.preferences.requireOneSignaturePerSection;
          if (action.intent === "sign") {
            if (!action.signature.trim()) throw new QuestionnaireError(400, MESSAGES.signatureRequired);
            if (signature.notNeeded) throw new QuestionnaireError(400, MESSAGES.signatureNotRequired);
            await tx.engagementSignature.update({
              where: { id: signature.id },
              data: {
                signature: action.signature,
                signedAt: new Date(),
                clientTime: action.clientTime ?? null,
                ipAddress: ip,
                userAgent: ctx.userAgent?.slice(0, 500) ?? null,
              },
            });
            if (onePerSection) await tx.engagementSignature.updateMany({ where: { sectionId: section.id, signedAt: null }, data: { notNeeded: true } });
          } else {
            await tx.engagementSignature.update({
              where: { id: signature.id },
              data: { signature: null, signedAt: null, clientTime: null, ipAddress: null, userAgent: null },
            });
            if (onePerSection && (await tx.engagementSignature.count({ where: { sectionId: section.id, signedAt: { not: null } } })) === 0) {
              await tx.engagementSignature.updateMany({ where: { sectionId: section.id }, data: { notNeeded: false } });
            }
          }
          const all = await tx.engagementSignature.findMany({ where: { sectionId: section.id }, select: { signedAt: true, notNeeded: true } });
          const complete = agreementComplete(all, onePerSection);
          if (complete !== section.markedCompleted) await tx.section.update({ where: { id: section.id }, data: { markedCompleted: complete } });
          if (!onPdf) {
            await touch(
              tx,
              firmId,
              target,
              user,
              action.intent === "sign" ? "Signed the engagement letter" : "Removed a signature",
              ACTIVITY_TYPES.signature,
              ip,
            );
            return { ok: true, sections: [{ id: section.id, markedCompleted: complete }] };
          }
          // pdf_signature: the signed copy follows the signatures (made once complete, dropped when a signature is removed).
          await dropSignedCopy(tx, section.id);
          let signedDocument: SectionDocumentData | null = null;
          if (complete) {
            const made = await makeSignedCopy(tx, firmId, { companyId: target.company_id, questionnaireId: target.id }, section.id, written);
            if (made === "too_large") largeCopies.push(section.id);
            else signedDocument = made;
          }
          const doc = await sectionDocument(tx, section.id, "original");
          await touch(
            tx,
            firmId,
            target,
            user,
            action.intent === "sign" ? `Signed ${doc?.name ?? "the document"}` : "Removed a signature",
            ACTIVITY_TYPES.signature,
            ip,
          );
          return {
            ok: true,
            message: action.intent === "sign" ? DOCUMENT_SECTION_MESSAGES.signed : undefined,
            sections: [{ id: section.id, markedCompleted: complete, signatures: await readSignatures(tx, section.id), signedDocument }],
          };
        }
        case "submit": {
          const hasReview = (await tx.section.count({ where: { questionnaireId: target.id, sectionType: SECTION_TYPE.review_and_submit } })) > 0;
          if (hasReview && !action.agreed) throw new QuestionnaireError(400, "Please tick 'I Agree' before submitting.");
          if (depositOutstanding({ depositStatus: target.deposit_status, depositAmountCents: target.deposit_amount_cents }))
            throw new QuestionnaireError(400, "The deposit must be paid before submitting.");
          const now = new Date();
          await tx.questionnaire.update({
            where: { id: target.id },
            data: {
              completed: true,
              submittedAt: now,
              inProgress: false,
              lastActivity: "Submitted",
              lastActivityAt: now,
              ...(target.opened_at ? {} : { openedAt: now }),
            },
          });
          await tx.section.updateMany({ where: { questionnaireId: target.id, sectionType: SECTION_TYPE.review_and_submit }, data: { markedCompleted: true } });
          await logActivity(tx, firmId, {
            typeId: ACTIVITY_TYPES.questionnaire,
            title: "Submitted the questionnaire",
            actorId: user.id,
            companyId: target.company_id,
            questionnaireId: target.id,
            ipAddress: ip,
          });
          const next = await tx.questionnaire.findFirst({
            where: {
              id: { not: target.id },
              completed: false,
              locked: false,
              deletedAt: null,
              isDraft: false,
              sentAt: { not: null },
              company: { deletedAt: null, inactive: false, owners: { some: { userId: user.id } } },
            },
            select: { id: true, name: true, company: { select: { hashId: true } } },
            orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
          });
          return { ok: true, next: next ? { id: next.id, name: next.name, hashId: next.company.hashId } : null };
        }
      }
    })
    .catch(async (error: unknown) => {
      for (const key of written) await deleteObject({ firmId, key }).catch(() => {});
      throw error;
    });
  for (const sectionId of largeCopies) {
    await enqueue(SIGN_PDF_COPY_JOB, { firmId, sectionId }).catch((error: unknown) => console.error(`Signed copy of section ${sectionId} not queued:`, error));
  }
  // Files leave storage only once the answer that dropped them is committed (a file the firm split stays, see forgetDocumentsByKeys).
  const kept = new Set(await forgetDocumentsByKeys(portal.db, filesToDelete));
  for (const key of filesToDelete) if (!kept.has(key) && keyBelongsToFirm(key, firmId)) await deleteObject({ firmId, key }).catch(() => {});
  return result;
}

/**
 * Read-only: the files of the client's questionnaire and their splits (the page polls this while
 * the firm splits one). Works on read-only questionnaires too; 404 for anything not the client's.
 */
async function uploadStates(ctx: ActionContext, questionnaireId: string): Promise<ActionResult> {
  return ctx.portal.db.$transaction(async (tx): Promise<ActionResult> => {
    const target = await findTarget(tx, ctx.user, ctx.companyHash, questionnaireId, false);
    const questions = await tx.question.findMany({
      where: { questionnaireId: target.id, questionType: "upload", deletedAt: null },
      select: { questionType: true, answer: true },
    });
    return { ok: true, uploads: await readUploads(tx, { id: target.id, company: { id: target.company_id } }, questions) };
  });
}

// ───────────────────────────── Document sections ─────────────────────────────

async function sectionDocument(tx: FirmTx, sectionId: string, copy: "original" | "signed") {
  const rows = await tx.section.findFirst({
    where: { id: sectionId },
    select: {
      document: { select: { id: true, name: true, path: true, storageKey: true, contentType: true, sizeBytes: true, companyId: true, deletedAt: true } },
      signedDocument: { select: { id: true, name: true, path: true, storageKey: true, contentType: true, sizeBytes: true, companyId: true, deletedAt: true } },
    },
  });
  const doc = copy === "signed" ? rows?.signedDocument : rows?.document;
  return doc && !doc.deletedAt && doc.storageKey ? { ...doc, storageKey: doc.storageKey } : null;
}

async function readSignatures(tx: FirmTx, sectionId: string): Promise<SignatureData[]> {
  const rows = await tx.engagementSignature.findMany({
    where: { sectionId },
    select: { id: true, userId: true, userName: true, signature: true, signedAt: true, notNeeded: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((g) => ({ ...g, signedAt: g.signedAt?.toISOString() ?? null }));
}

/** A removed signature voids the signed copy: its document is deleted (restorable from the document browser). */
async function dropSignedCopy(tx: FirmTx, sectionId: string): Promise<void> {
  const section = await tx.section.findFirst({ where: { id: sectionId }, select: { signedDocumentId: true } });
  if (!section?.signedDocumentId) return;
  await tx.document.update({ where: { id: section.signedDocumentId }, data: { deletedAt: new Date() } });
  await tx.section.update({ where: { id: sectionId }, data: { signedDocumentId: null } });
}

/**
 * A short-lived URL of a file the client may see in this questionnaire: a document section's PDF
 * (inline for the viewer, 5 minutes; or as a download, 1 minute) or one of an upload question's
 * files. Works on read-only questionnaires too. Downloading a download_document section's file
 * completes the section (when the client may still answer).
 */
async function fileLink(
  ctx: ActionContext,
  action: Extract<QuestionnaireAction, { intent: "document_url" | "file_url" }>,
  today: string,
): Promise<ActionResult> {
  const { portal, user, companyHash } = ctx;
  const firmId = portal.firm.id;
  return portal.db.$transaction(async (tx): Promise<ActionResult> => {
    const target = await findTarget(tx, user, companyHash, action.questionnaireId, false);
    if (action.intent === "file_url") {
      const question = await findQuestion(tx, target.id, action.questionId);
      if (
        question.question_type !== "upload" ||
        !answerValues(question.answer).includes(action.key) ||
        !keyBelongsToEntity(action.key, firmId, target.company_id)
      )
        throw notFound();
      try {
        return { ok: true, url: await createInlineUrl({ firmId, key: action.key, expiresInSeconds: 300 }) };
      } catch {
        throw new QuestionnaireError(415, "File type not supported yet");
      }
    }
    const section = await findSection(tx, target.id, action.sectionId);
    if (!isDocumentSectionType(section.sectionType)) throw new QuestionnaireError(400, "This section has no document.");
    const doc = await sectionDocument(tx, section.id, action.copy);
    if (!doc || !keyBelongsToEntity(doc.storageKey, firmId, target.company_id)) throw new QuestionnaireError(404, DOCUMENT_SECTION_MESSAGES.noDocument);
    if (!action.download) return { ok: true, url: await createInlineUrl({ firmId, key: doc.storageKey, expiresInSeconds: 300 }) };
    const url = await createDownloadUrl({ firmId, key: doc.storageKey, fileName: doc.name, expiresInSeconds: 60 });
    const writable =
      readOnlyReason(
        { locked: target.locked, completed: target.completed, dueDate: target.due_date },
        { userReadonly: user.readonlyAccess, entityReadonly: target.readonly_access },
        today,
      ) === null;
    if (writable && section.sectionType === SECTION_TYPE.download_document && !section.markedCompleted) {
      await tx.section.update({ where: { id: section.id }, data: { markedCompleted: true } });
      await touch(tx, firmId, target, user, `Downloaded ${doc.name}`, ACTIVITY_TYPES.document, portal.clientAddress);
      return { ok: true, url, sections: [{ id: section.id, markedCompleted: true }] };
    }
    await logActivity(tx, firmId, {
      typeId: ACTIVITY_TYPES.document,
      title: `Downloaded ${doc.name}`,
      actorId: user.id,
      companyId: target.company_id,
      questionnaireId: target.id,
      ipAddress: portal.clientAddress,
    });
    return { ok: true, url };
  });
}
