/** A presigned POST for one file into a folder the viewer may upload to (409 when its name is taken there). */
import { PortalError } from "~/errors";
import { refuse } from "../access.server";
import { createDocumentUploadGrant } from "../upload.server";
import { safeFileName } from "~/storage/keys";
import { validPath, validName } from "./scope.server";
import { DOCUMENT_MESSAGES } from "../rules";
import type { DocumentActionOf, DocumentActionResult } from "./schema";
import type { ActionScope } from "./scope.server";

export async function grantDocumentUpload(scope: ActionScope, input: DocumentActionOf<"upload_grant">): Promise<DocumentActionResult> {
  const { portal, firmId, entity } = scope;
  const path = validPath(input.path);
  const permissions = scope.requireView(path);
  refuse(permissions, permissions.canUpload);
  const name = validName(input.fileName);
  if (await portal.db.document.count({ where: { companyId: entity.id, path, name: safeFileName(name), deletedAt: null, itemType: "file" } })) {
    throw new PortalError(409, DOCUMENT_MESSAGES.alreadyUploaded(name));
  }
  const grant = await createDocumentUploadGrant({ firmId, companyId: entity.id, fileName: name, contentType: input.contentType, size: input.size });
  return { ok: true, grant };
}
