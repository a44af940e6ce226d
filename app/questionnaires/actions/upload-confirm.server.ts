import type { Handler } from "./frame.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { documentNameFromKey, questionnaireDocumentPath, recordDocumentUpload } from "~/documents/documents.server";
import { PortalError } from "~/errors";
import { findQuestion, notFound, setAnswer, syncSectionCompletion, touch } from "./frame.server";
import { MULTI_SEPARATOR, answerValues } from "../rules";
import { keyBelongsToEntity } from "~/storage/keys";

/** upload_confirm: the uploaded file becomes a document of the entity and part of the answer. */
export const uploadConfirm: Handler<"upload_confirm"> = async (ctx, tx, target, action) => {
  const { user, firmId, ip } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  if (question.question_type !== "upload") throw new PortalError(400, "This question takes no documents.");
  if (question.options.length > 0 && (!action.option || !question.options.includes(action.option)))
    throw new PortalError(400, "Please choose an option first.");
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
    });
  } catch (error) {
    if (error instanceof PortalError && error.status === 404) throw notFound();
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
};
