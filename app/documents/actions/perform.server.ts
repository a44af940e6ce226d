/**
 * The document browser's actions (client and staff), one module each, dispatched by intent. The
 * entity is found once, through the asking user: another firm's or entity's document is "not
 * found" (404) and nothing changes.
 */
import { findDocumentEntity, type DocumentContext } from "../access.server";
import { confirmDocumentUpload } from "./upload-confirm.server";
import { createFolder } from "./create-folder.server";
import { deleteDocument } from "./delete.server";
import { deleteDocuments } from "./delete-many.server";
import { describeDocument } from "./describe.server";
import { documentDownloadUrl } from "./download-url.server";
import { documentViewUrl } from "./view-url.server";
import { grantDocumentUpload } from "./upload-grant.server";
import { moveDocument } from "./move.server";
import { moveDocuments } from "./move-many.server";
import { renameDocument } from "./rename.server";
import { restoreDocument } from "./restore.server";
import { restoreDocuments } from "./restore-many.server";
import type { DocumentAction, DocumentActionOf, DocumentActionResult } from "./schema";
import { actionScope, type ActionScope } from "./scope.server";
import { setDocumentTags } from "./set-tags.server";

type Handlers = { [I in DocumentAction["intent"]]: (scope: ActionScope, input: DocumentActionOf<I>) => Promise<DocumentActionResult> };

const HANDLERS: Handlers = {
  upload_grant: grantDocumentUpload,
  upload_confirm: confirmDocumentUpload,
  create_folder: createFolder,
  rename: renameDocument,
  move: moveDocument,
  delete: deleteDocument,
  restore: restoreDocument,
  describe: describeDocument,
  set_tags: setDocumentTags,
  download_url: documentDownloadUrl,
  view_url: documentViewUrl,
  delete_many: deleteDocuments,
  restore_many: restoreDocuments,
  move_many: moveDocuments,
};

/** Runs one document-browser action for `companyHash` as the asking user. */
export async function performDocumentAction(ctx: DocumentContext, companyHash: string, action: DocumentAction): Promise<DocumentActionResult> {
  const entity = await findDocumentEntity(ctx.portal.db, ctx.user, companyHash);
  const handler = HANDLERS[action.intent] as (scope: ActionScope, input: DocumentAction) => Promise<DocumentActionResult>;
  return handler(actionScope(ctx, entity), action);
}
