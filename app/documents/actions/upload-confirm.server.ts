/** Records an uploaded file (the upload pipeline checks it) and logs it; a client's reaches the firm (upload-notice.server.ts). */
import { refuse } from "../access.server";
import { recordDocumentUpload } from "../upload.server";
import { noteClientUpload, scheduleUploadNotice } from "../upload-notice.server";
import { PDF_MESSAGES } from "../pdf.server";
import { validPath } from "./scope.server";
import { DOCUMENT_MESSAGES } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function confirmDocumentUpload(scope: ActionScope, input: DocumentActionOf<"upload_confirm">): Promise<DocumentActionResult> {
  const { portal, user, firmId, entity, log } = scope;
  const path = validPath(input.path);
  const permissions = scope.requireView(path);
  refuse(permissions, permissions.canUpload);
  const item = await recordDocumentUpload(portal.db, {
    firmId,
    companyId: entity.id,
    key: input.key,
    contentType: input.contentType,
    fileName: input.fileName,
    path,
    uploadedById: user.id,
  });
  await log(portal.db, "Uploaded a document", item.name);
  // A client's upload here is for no questionnaire: staff find it under Unattached, and its
  // advisors are told (one email per burst of files).
  if (!scope.staff) {
    await noteClientUpload(portal.db, { firmId, companyId: entity.id, documentId: item.id, name: item.name });
    await scheduleUploadNotice(firmId, entity.id);
  }
  return { ok: true, item, message: item.passwordProtected ? PDF_MESSAGES.protected : DOCUMENT_MESSAGES.uploaded };
}
