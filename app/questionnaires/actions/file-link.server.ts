/**
 * A short-lived URL of a file the client may see in this questionnaire: a document section's PDF
 * (inline for the viewer, 5 minutes; or as a download, 1 minute) or one of an upload question's
 * files. Works on read-only questionnaires too. Downloading a download_document section's file
 * completes the section (when the client may still answer).
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { PortalError } from "~/errors";
import { type ActionContext, findQuestion, findSection, findTarget, notFound, sectionDocument, touch } from "./frame.server";
import type { ActionResult, QuestionnaireAction } from "./schema";
import { DOCUMENT_SECTION_MESSAGES, SECTION_TYPE, answerValues, isDocumentSectionType, readOnlyReason } from "../rules";
import { createDownloadUrl, createInlineUrl } from "~/storage.server";
import { keyBelongsToEntity } from "~/storage/keys";
export async function fileLink(
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
        throw new PortalError(415, "File type not supported yet");
      }
    }
    const section = await findSection(tx, target.id, action.sectionId);
    if (!isDocumentSectionType(section.sectionType)) throw new PortalError(400, "This section has no document.");
    const doc = await sectionDocument(tx, section.id, action.copy);
    if (!doc || !keyBelongsToEntity(doc.storageKey, firmId, target.company_id)) throw new PortalError(404, DOCUMENT_SECTION_MESSAGES.noDocument);
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
