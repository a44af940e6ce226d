/**
 * Reads and writes of a client's questionnaire. Every function takes the firm's scoped database
 * and the signed-in user, and finds the questionnaire through the client's own active entity
 * (company hash + ownership), so another client's or firm's questionnaire is simply "not found".
 * Each answer updates only its own question row (two tabs never overwrite each other's answers).
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { readSql } from "~/db.server";
import { PortalError } from "~/errors";
import { staffVisibility } from "~/staff/visibility.server";
import { depositOutstanding, SECTION_TYPE } from "./rules";
import { questionnaireSelect, readQuestions, readSections, readUploads, toData } from "./reads.server";
import type { QuestionnaireData } from "./types";

const notFound = () => new PortalError(404, "Not Found");

// ───────────────────────────── Loading ─────────────────────────────

/** The questionnaire fields the page reads (as `questionnaireSelect` with `toData`), and its entity. */
const CLIENT_QUESTIONNAIRE_SQL = (byId: boolean) => `
    SELECT q.id, q.name, q.tax_year AS "taxYear", to_char(q.due_date, 'YYYY-MM-DD') AS "dueDate", q.locked, q.completed,
           q.in_progress AS "inProgress", to_char(q.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "openedAt",
           q.current_section_id AS "currentSectionId", q.deposit_status::text AS "depositStatus", q.deposit_amount_cents AS "depositAmountCents",
           q.disclaimer, q.document_popout_checklist_enabled AS "documentPopoutChecklistEnabled",
           q.show_uploads_as_document_checklist AS "showUploadsAsDocumentChecklist",
           json_build_object('id', c.id, 'hashId', c.hash_id, 'name', c.name, 'readonlyAccess', c.readonly_access) AS company
      FROM companies c
      JOIN questionnaires q ON q.firm_id = c.firm_id AND q.company_id = c.id
     WHERE c.hash_id = $1 AND c.deleted_at IS NULL AND NOT c.inactive
       AND EXISTS (SELECT 1 FROM company_owners o WHERE o.firm_id = c.firm_id AND o.company_id = c.id AND o.user_id = $2)
       AND q.deleted_at IS NULL AND NOT q.is_draft AND q.sent_at IS NOT NULL${byId ? " AND q.id = $3" : ""}
     ORDER BY q.completed, q.locked, q.tax_year DESC, q.due_date, q.id
     LIMIT 1`;

/**
 * The questionnaire page's data for a client: the questionnaire `questionnaireId` (or, without it,
 * the first open one) of the client's active entity `companyHash`. Three statements, or four with
 * uploaded files, straight through the pool (in a loader: the page's read transaction; no Prisma),
 * in one round trip (two without an id), and one more for the files.
 * Throws a 404 PortalError for anything not the client's.
 */
export async function loadClientQuestionnaire(
  portal: FirmSiteContext,
  user: SessionUser,
  companyHash: string,
  questionnaireId: string | null,
): Promise<QuestionnaireData> {
  if (user.kind !== "client") throw notFound();
  const sql = readSql(portal.firm.id);
  const rowOf = async () => {
    const [row] = await sql<Omit<QuestionnaireData, "hideSignaturePrintOption" | "sections" | "questions" | "uploads">>(
      CLIENT_QUESTIONNAIRE_SQL(Boolean(questionnaireId)),
      questionnaireId ? [companyHash, user.id, questionnaireId] : [companyHash, user.id],
    );
    if (!row) throw notFound();
    return row;
  };
  const contentOf = (id: string) => Promise.all([readSections(sql, id), readQuestions(sql, id, portal.firm.name)]);
  // Asked for by id (every link to it): its sections and questions are read together with the
  // questionnaire, in one round trip, and used only once the questionnaire has been found to be
  // this client's. Without an id, which questionnaire it is comes first.
  const [row, [sections, questions]] = questionnaireId
    ? await Promise.all([rowOf(), contentOf(questionnaireId)])
    : await rowOf().then(async (found) => [found, await contentOf(found.id)] as const);
  const uploads = await readUploads(sql, row, questions);
  return { ...row, hideSignaturePrintOption: portal.firm.preferences.hideSignaturePrintOption, sections, questions, uploads };
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
    if (!row || staff.kind !== "staff" || !(await staffVisibility(tx, staff)).seesGroup(row.company.primaryOwner?.firmGroupId ?? null)) return null;
    const { primaryOwner: _owner, ...company } = row.company;
    const questionnaire = { ...row, company };
    const [sections, questions] = [await readSections(readSql(tx), row.id), await readQuestions(readSql(tx), row.id, portal.firm.name)];
    const uploads = await readUploads(readSql(tx), questionnaire, questions);
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
        select: {
          id: true,
          name: true,
          sectionType: true,
          instruction: true,
          customElement: true,
          triggerQuestionId: true,
          triggerAnswer: true,
          order: true,
          documentName: true,
          documentKey: true,
        },
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
      sections: sections.map(({ documentName, documentKey, ...s }) => ({
        ...s,
        markedCompleted: false,
        // The template's PDF by name (the preview does not open it: the client gets a copy when it is sent).
        document: documentKey ? { id: `template-${s.id}`, name: documentName ?? "Document.pdf", contentType: "application/pdf", sizeBytes: null } : null,
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

/** The code of the refusal when the deposit is not in a state to be marked (Collect answers it with 409). */
export const DEPOSIT_STATE_REFUSED = "deposit.state";

export const DEPOSIT_MESSAGES = { paid: "Questionnaire marked as paid", unpaid: "Questionnaire marked as unpaid" } as const;

/**
 * Staff spec §4: 'Mark as paid' sets an outstanding deposit (pending or unpaid, with an amount) to
 * marked_paid; 'Mark as unpaid' sets marked_paid back to pending. Advisors only. Other states
 * (paid online, payment pending, no deposit) are refused with 400 (code DEPOSIT_STATE_REFUSED); another firm's or entity's
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
  if (!staff.isAdvisor) throw new PortalError(403, "Only advisors can mark a deposit paid.");
  return portal.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string; deposit_status: QuestionnaireData["depositStatus"]; deposit_amount_cents: number | null; owner_group_id: string | null }[]
    >`
      SELECT q.id, q.deposit_status::text AS deposit_status, q.deposit_amount_cents,
             (SELECT o.firm_group_id FROM companies c JOIN users o ON o.firm_id = c.firm_id AND o.id = c.primary_owner_id WHERE c.firm_id = q.firm_id AND c.id = q.company_id) AS owner_group_id
        FROM questionnaires q
       WHERE q.id = ${questionnaireId} AND q.company_id = ${companyId} AND q.deleted_at IS NULL FOR UPDATE OF q`;
    const row = rows[0];
    if (!row || !(await staffVisibility(tx, staff)).seesGroup(row.owner_group_id)) throw notFound();
    const facts = { depositStatus: row.deposit_status, depositAmountCents: row.deposit_amount_cents };
    if (paid ? !depositOutstanding(facts) : row.deposit_status !== "marked_paid") {
      throw new PortalError(400, paid ? "This questionnaire has no deposit to mark paid." : "Only a deposit marked paid can be marked unpaid.", {
        code: DEPOSIT_STATE_REFUSED,
      });
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

// The client's actions (one module per action in ./actions) and the page's shapes, for callers of this module.
export { performQuestionnaireAction } from "./actions/perform.server";
export { questionnaireActionSchema, type ActionResult, type QuestionnaireAction, type SectionPatch } from "./actions/schema";
export type { ActionContext } from "./actions/frame.server";
export type { QuestionData, QuestionnaireData, SectionData, SectionDocumentData, SignatureData } from "./types";
