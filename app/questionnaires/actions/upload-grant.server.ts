import type { Handler } from "./frame.server";
import { createDocumentUploadGrant } from "~/documents/documents.server";
import { PortalError } from "~/errors";
import { findQuestion } from "./frame.server";

/** upload_grant: a presigned POST for one file of an upload question. */
export const uploadGrant: Handler<"upload_grant"> = async (ctx, tx, target, action) => {
  const { firmId } = ctx;
  const question = await findQuestion(tx, target.id, action.questionId);
  if (question.question_type !== "upload") throw new PortalError(400, "This question takes no documents.");
  try {
    const grant = await createDocumentUploadGrant({ firmId, companyId: target.company_id, fileName: action.fileName, contentType: action.contentType });
    return { ok: true, upload: { key: grant.key, grant } };
  } catch (error) {
    // Every refusal of the upload rules is a bad request here, except a vanished entity.
    if (error instanceof PortalError) throw new PortalError(error.status === 404 ? 404 : 400, error.message);
    throw error;
  }
};
