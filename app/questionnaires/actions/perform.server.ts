/**
 * The client's actions on a questionnaire: one handler per intent (this folder), run inside one
 * shared frame. Reads (document and file links, upload states) take no lock; every write runs in
 * one scoped transaction on the row-locked questionnaire, refused when read-only, and cleans up
 * after itself (objects written by a failed write, files dropped by a committed one).
 */
import { withFirmSql, type FirmTx, type SqlTx } from "~/db.server";
import { forgetDocumentsByKeys } from "~/documents/documents.server";
import { enqueue } from "~/jobs.server";
import { SIGN_PDF_COPY_JOB } from "~/pdf/signed-copy.server";
import { deleteObject } from "~/storage.server";
import { keyBelongsToFirm } from "~/storage/keys";
import { todayIn } from "~/time-zones";
import { addNote } from "./add-note.server";
import { answerLater } from "./answer-later.server";
import { answerNow } from "./answer-now.server";
import { answer } from "./answer.server";
import { completeSection } from "./complete-section.server";
import { entries } from "./entries.server";
import { fileLink } from "./file-link.server";
import { assertSectionUnlocked, assertWritable, lockTarget, notFound, type ActionContext, type Handler, type Target, type WriteContext } from "./frame.server";
import { openSection } from "./open-section.server";
import { review } from "./review.server";
import type { ActionResult, QuestionnaireAction } from "./schema";
import { sign } from "./sign.server";
import { special } from "./special.server";
import { submit } from "./submit.server";
import { uploadConfirm } from "./upload-confirm.server";
import { uploadGrant } from "./upload-grant.server";
import { uploadRemove } from "./upload-remove.server";
import { uploadStates } from "./upload-states.server";
import { scheduleNoteEmail } from "../note-notification.server";

type ReadIntent = "document_url" | "file_url" | "upload_states";
type WriteIntent = Exclude<QuestionnaireAction["intent"], ReadIntent>;

/** Each write intent's handler (a handler may take several intents). */
const HANDLERS: {
  [I in WriteIntent]: (ctx: WriteContext, tx: FirmTx, target: Target, action: Extract<QuestionnaireAction, { intent: I }>) => Promise<ActionResult>;
} = {
  answer,
  answer_later: answerLater,
  answer_now: answerNow,
  undo: answerNow,
  special,
  add_entry: entries,
  remove_entry: entries,
  save_entry: entries,
  upload_grant: uploadGrant,
  upload_confirm: uploadConfirm,
  upload_remove: uploadRemove,
  add_note: addNote,
  open_section: openSection,
  complete_section: completeSection,
  approve_review: review,
  request_changes: review,
  sign,
  remove_signature: sign,
  submit,
};

/**
 * Runs one client action on the questionnaire. Refusals are PortalErrors (404 for anything that
 * isn't this client's, 403 read-only, 400 bad input).
 */
export async function performQuestionnaireAction(ctx: ActionContext, action: QuestionnaireAction): Promise<ActionResult> {
  const { portal, user, companyHash } = ctx;
  if (user.kind !== "client") throw notFound();
  const firmId = portal.firm.id;
  const today = todayIn(portal.firm.timeZone);
  if (action.intent === "document_url" || action.intent === "file_url") return fileLink(ctx, action, today);
  if (action.intent === "upload_states") return uploadStates(ctx, action.questionnaireId);

  const write: WriteContext = { ...ctx, firmId, today, ip: portal.clientAddress, filesToDelete: [], written: [], largeCopies: [] };
  const handler = HANDLERS[action.intent] as Handler<WriteIntent>;
  /** The frame: the questionnaire row-locked, refused when read-only or its section not open yet; then the handler. */
  const framed = async <Tx extends SqlTx>(tx: Tx, run: (tx: Tx, target: Target) => Promise<ActionResult>): Promise<ActionResult> => {
    const target = await lockTarget(tx, user, companyHash, action.questionnaireId);
    assertWritable(target, user, today);
    if (portal.firm.preferences.firstSectionRequired) await assertSectionUnlocked(tx, target, action, portal);
    return run(tx, target);
  };
  // The autosave (an answer) runs raw statements only: straight on the pool, without Prisma's
  // cost per statement (most of the request's CPU). Every other intent in a Prisma transaction.
  const transaction =
    action.intent === "answer"
      ? withFirmSql(firmId, (tx) => framed(tx, (t, target) => answer(write, t, target, action)))
      : portal.db.$transaction((tx) => framed(tx, (t, target) => handler(write, t, target, action as never)));
  const result = await transaction.catch(async (error: unknown) => {
    for (const key of write.written) await deleteObject({ firmId, key }).catch(() => {});
    throw error;
  });
  if (action.intent === "add_note") await scheduleNoteEmail(firmId, action.questionnaireId);
  for (const sectionId of write.largeCopies) {
    await enqueue(SIGN_PDF_COPY_JOB, { firmId, sectionId }).catch((error: unknown) => console.error(`Signed copy of section ${sectionId} not queued:`, error));
  }
  // Files leave storage only once the answer that dropped them is committed (a file the firm split stays, see forgetDocumentsByKeys).
  const kept = new Set(await forgetDocumentsByKeys(portal.db, write.filesToDelete));
  for (const key of write.filesToDelete) if (!kept.has(key) && keyBelongsToFirm(key, firmId)) await deleteObject({ firmId, key }).catch(() => {});
  return result;
}
