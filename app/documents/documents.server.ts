/**
 * The documents feature's server API, for routes and the other features (questionnaires, drop-off,
 * the inbox). Each piece lives in its own module:
 *
 * - access.server.ts: the entity behind a company hash as the asking user may see it, and folder permissions;
 * - listing.server.ts: a folder page of the document browser, the client's entities;
 * - actions/: one module per browser action (perform.server.ts dispatches by intent; schema.ts is the JSON);
 * - upload.server.ts: the one upload pipeline (grant → the browser posts to the store → record);
 * - zips.server.ts: a folder or selected files as one zip;
 * - items.server.ts, selection.server.ts: the row shape the browser shows, the files of a bulk action.
 *
 * Another firm's or entity's document is always "not found": 404, nothing changed, no URL issued.
 */
export { findDocumentEntity, type DocumentContext, type DocumentEntity } from "./access.server";
export { type DocumentItem } from "./items.server";
export { clientDocumentEntities, DELETED_LIMIT, DOCUMENT_PAGE_SIZE, loadDocumentBrowser, SEARCH_LIMIT, type DocumentBrowserData } from "./listing.server";
export { documentActionSchema, documentIdsSchema, type DocumentAction, type DocumentActionResult } from "./actions/schema";
export { performDocumentAction } from "./actions/perform.server";
export {
  createDocumentUploadGrant,
  documentNameFromKey,
  forgetDocumentsByKeys,
  questionnaireDocumentPath,
  recordDocumentUpload,
  type RecordUploadOptions,
} from "./upload.server";
export { createFolderZip, createSelectionZip, type FolderZip } from "./zips.server";
