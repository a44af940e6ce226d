/**
 * The frame every write on a client's questionnaire shares (perform.server.ts runs it once): the
 * questionnaire found and row-locked, refused when read-only or (first_section_required) when the
 * section is not open yet; and the helpers the handlers share (the question or section of this
 * questionnaire, saving an answer, keeping the section's completion in step, the activity entry).
 */
import { Prisma } from "~/generated/prisma/client";
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { readSql, type FirmTx, type SqlTx } from "~/db.server";
import { PortalError } from "~/errors";
import {
  isAnsweredSectionType,
  MESSAGES,
  READ_ONLY_MESSAGES,
  readOnlyReason,
  sectionStatus,
  sectionViews,
  type QuestionFacts,
  type QuestionType,
  type SpecialAnswer,
} from "../rules";
import { readQuestionFacts, readSections } from "../reads.server";
import type { QuestionnaireData, SignatureData } from "../types";
import type { ActionResult, QuestionnaireAction } from "./schema";

export const notFound = () => new PortalError(404, "Not Found");

export interface ActionContext {
  portal: FirmSiteContext;
  user: SessionUser;
  companyHash: string;
  userAgent?: string | null;
}

/** What a handler gets besides the transaction and the locked questionnaire. */
export interface WriteContext extends ActionContext {
  firmId: string;
  today: string;
  ip: string | null;
  /** Files the write dropped: they leave storage once it is committed. */
  filesToDelete: string[];
  /** Objects written during the transaction (signed copies): deleted again if it fails. */
  written: string[];
  /** Sections whose signed copy is too large to make in the request: a job makes it after the commit. */
  largeCopies: string[];
}

/** One intent's write, inside the shared frame: in a Prisma transaction, or (raw statements only) `withFirmSql`'s. */
export type Handler<I extends QuestionnaireAction["intent"], Tx extends SqlTx = FirmTx> = (
  ctx: WriteContext,
  tx: Tx,
  target: Target,
  action: Extract<QuestionnaireAction, { intent: I }>,
) => Promise<ActionResult>;

export interface Target {
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
  in_progress: boolean;
}

/** The client's questionnaire, row-locked for this write (writes to one questionnaire queue; reads don't). */
export async function lockTarget(tx: SqlTx, user: SessionUser, companyHash: string, questionnaireId: string): Promise<Target> {
  return findTarget(tx, user, companyHash, questionnaireId, true);
}

export async function findTarget(tx: SqlTx, user: SessionUser, companyHash: string, questionnaireId: string, forUpdate: boolean): Promise<Target> {
  const rows = await tx.$queryRaw<Target[]>`
    SELECT qn.id, qn.company_id, qn.locked, qn.completed, to_char(qn.due_date, 'YYYY-MM-DD') AS due_date, qn.opened_at,
           c.readonly_access, qn.deposit_status::text AS deposit_status, qn.deposit_amount_cents, qn.last_activity, qn.last_activity_at, qn.in_progress
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

export function assertWritable(target: Target, user: SessionUser, today: string) {
  const reason = readOnlyReason(
    { locked: target.locked, completed: target.completed, dueDate: target.due_date },
    { userReadonly: user.readonlyAccess, entityReadonly: target.readonly_access },
    today,
  );
  if (reason === "locked") throw new PortalError(403, MESSAGES.locked);
  if (reason) throw new PortalError(403, READ_ONLY_MESSAGES[reason]);
}

/**
 * first_section_required, enforced here as well as on the page: while the first section the client
 * sees is not completed, the others (except custom ones) take no answers, uploads or signatures.
 */
export async function assertSectionUnlocked(tx: SqlTx, target: Target, action: QuestionnaireAction, portal: FirmSiteContext): Promise<void> {
  if (action.intent === "open_section") return; // only the page's cursor
  let sectionId: string | null = "sectionId" in action ? action.sectionId : null;
  if (!sectionId && "questionId" in action) {
    const rows = await tx.$queryRaw<
      { section_id: string }[]
    >`SELECT section_id FROM questions WHERE id = ${action.questionId} AND questionnaire_id = ${target.id} AND deleted_at IS NULL`;
    sectionId = rows[0]?.section_id ?? null;
  }
  if (!sectionId) return; // an unknown question or section is refused by the action itself
  const [sections, questions] = [await readSections(readSql(tx), target.id), await readQuestionFacts(tx, target.id)];
  const views = sectionViews(sections, questions, {
    firstSectionRequired: true,
    deposit: { depositStatus: target.deposit_status, depositAmountCents: target.deposit_amount_cents },
    onePerSection: portal.firm.preferences.requireOneSignaturePerSection,
  });
  if (views.find((v) => v.section.id === sectionId)?.locked) throw new PortalError(409, MESSAGES.firstSectionRequired);
}

export interface QuestionRecord {
  id: string;
  section_id: string;
  question_type: QuestionType;
  options: string[];
  answer: string | null;
  number_of_characters: number | null;
  disable_answer_later: boolean;
  disable_not_applicable: boolean;
}

export async function findQuestion(tx: SqlTx, questionnaireId: string, questionId: string): Promise<QuestionRecord> {
  const rows = await tx.$queryRaw<QuestionRecord[]>`
    SELECT id, section_id, question_type::text AS question_type, options, answer, number_of_characters, disable_answer_later, disable_not_applicable
      FROM questions WHERE id = ${questionId} AND questionnaire_id = ${questionnaireId} AND deleted_at IS NULL`;
  if (!rows[0]) throw new PortalError(404, "This question is not part of this questionnaire.");
  return rows[0];
}

export async function findSection(tx: FirmTx, questionnaireId: string, sectionId: string) {
  const section = await tx.section.findFirst({ where: { id: sectionId, questionnaireId }, select: { id: true, sectionType: true, markedCompleted: true } });
  if (!section) throw new PortalError(404, "This section is not part of this questionnaire.");
  return section;
}

/** Keeps an answered section's stored completion in step with its questions (the dashboard reads it). */
export async function syncSectionCompletion(tx: SqlTx, sectionId: string): Promise<{ id: string; markedCompleted: boolean }[]> {
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
  await tx.$executeRaw`UPDATE sections SET marked_completed = ${completed}, updated_at = ${new Date()} WHERE id = ${sectionId}`;
  return [{ id: sectionId, markedCompleted: completed }];
}

export const ANSWERED_TITLE = "Answered questions";
const SUMMARY_WINDOW_MS = 15 * 60_000;
/** The questionnaire's last activity is moved forward at most this often while it stays the same. */
export const LAST_ACTIVITY_STEP_MS = 60_000;

/**
 * Marks the questionnaire as worked on; answers are summarised in one activity entry per 15
 * minutes. While the activity stays the same, its time moves forward at most once a minute (staff
 * see it as a day): the row is not written on every keystroke's save (a write of the row updates
 * each of its indexes, the name's trigram index among them).
 */
export async function touch(tx: SqlTx, firmId: string, target: Target, user: SessionUser, title: string, typeId: number, ip: string | null) {
  const now = new Date();
  const current =
    target.in_progress &&
    target.opened_at !== null &&
    target.last_activity === title &&
    target.last_activity_at !== null &&
    now.getTime() - target.last_activity_at.getTime() < LAST_ACTIVITY_STEP_MS;
  // The row is locked (lockTarget): opened_at is set only on the first save, as the page read it.
  if (!current) {
    await tx.$executeRaw`
      UPDATE questionnaires SET last_activity = ${title}, last_activity_at = ${now}, in_progress = true, opened_at = coalesce(opened_at, ${now}), updated_at = ${now}
       WHERE id = ${target.id}`;
  }
  const summarised =
    title === ANSWERED_TITLE &&
    target.last_activity === ANSWERED_TITLE &&
    target.last_activity_at &&
    now.getTime() - target.last_activity_at.getTime() < SUMMARY_WINDOW_MS;
  if (!summarised) await logActivity(tx, firmId, { typeId, title, actorId: user.id, companyId: target.company_id, questionnaireId: target.id, ipAddress: ip });
}

export async function setAnswer(
  tx: SqlTx,
  question: QuestionRecord,
  user: SessionUser,
  data: { answer: string | null; answerBy: Date | null; specialAnswer: SpecialAnswer | null },
) {
  const now = new Date();
  // Raw SQL: this runs on every autosave (see touch).
  const rows = await tx.$queryRaw<{ id: string; answer: string | null; answerBy: string | null; specialAnswer: SpecialAnswer | null }[]>`
    UPDATE questions
       SET answer = ${data.answer}, answer_by = ${data.answerBy?.toISOString().slice(0, 10) ?? null}::date,
           special_answer = ${data.specialAnswer}::"SpecialAnswer", answered_by_id = ${user.id}, answered_at = ${now}, updated_at = ${now}
     WHERE id = ${question.id}
    RETURNING id, answer, to_char(answer_by, 'YYYY-MM-DD') AS "answerBy", special_answer::text AS "specialAnswer"`;
  if (!rows[0]) throw new PortalError(404, "This question is not part of this questionnaire.");
  return rows[0];
}

export async function readEntries(tx: FirmTx, questionId: string) {
  return tx.questionEntry.findMany({
    where: { questionId },
    select: { entryNumber: true, field: true, value: true },
    orderBy: [{ entryNumber: "asc" }, { field: "asc" }],
  });
}

export async function entryCount(tx: FirmTx, questionId: string): Promise<number> {
  const rows = await tx.questionEntry.groupBy({ by: ["entryNumber"], where: { questionId } });
  return rows.length;
}

/** 'Author: body', the author named as the loader names them (preferred name, else first and last). */
export function noteText(user: Pick<SessionUser, "preferredName" | "fname" | "lname">, body: string): string {
  return `${user.preferredName || `${user.fname} ${user.lname}`.trim()}: ${body}`;
}

export async function sectionDocument(tx: FirmTx, sectionId: string, copy: "original" | "signed") {
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

export async function readSignatures(tx: FirmTx, sectionId: string): Promise<SignatureData[]> {
  const rows = await tx.engagementSignature.findMany({
    where: { sectionId },
    select: { id: true, userId: true, userName: true, signature: true, signedAt: true, notNeeded: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((g) => ({ ...g, signedAt: g.signedAt?.toISOString() ?? null }));
}

/** A removed signature voids the signed copy: its document is deleted (restorable from the document browser). */
export async function dropSignedCopy(tx: FirmTx, sectionId: string): Promise<void> {
  const section = await tx.section.findFirst({ where: { id: sectionId }, select: { signedDocumentId: true } });
  if (!section?.signedDocumentId) return;
  await tx.document.update({ where: { id: section.signedDocumentId }, data: { deletedAt: new Date() } });
  await tx.section.update({ where: { id: sectionId }, data: { signedDocumentId: null } });
}

/** An answer changed: the questionnaire is worked on (one activity entry per 15 minutes). */
export function touchAnswer(ctx: WriteContext, tx: SqlTx, target: Target) {
  return touch(tx, ctx.firmId, target, ctx.user, ANSWERED_TITLE, ACTIVITY_TYPES.questionnaire, ctx.ip);
}
