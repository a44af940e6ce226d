/**
 * The document browser's rules, pure: folder paths and names, the folder tree, which folders a
 * client may see ('STAFF ONLY'), {year} placeholder folders, and what a client may do under the
 * firm's preferences. Shared by the server and the browser; no Node APIs.
 */

/** User-visible messages, from the spec (client §8, staff Documents). */
export const DOCUMENT_MESSAGES = {
  emptyFolder: "There are no files in this folder.",
  removed: "Document removed successfully",
  restored: "Documents restored successfully",
  restoreFailed: "Failed to restore documents",
  uploadError: "An error occurred while uploading the document(s).",
  uploadUnavailable: "We were unable to upload the file, please try refreshing the page",
  tooManyFiles: "Could not upload those files. Try uploading them one at a time.",
  invalidFiles: "We were unable to process some of uploaded files as they appear to be INVALID. Kindly check those files and try uploading them again.",
  processing: "Your documents are processing, you can continue uploading other documents.",
  updateFailed: "Failed to update document or folder",
  removeFailed: "An error occurred while removing the document.",
  maxSize: "Max size 150 MB",
  uploaded: "Document(s) uploaded successfully",
  uploadFailed: "File upload failed, please try again.",
  typeNotSupported: "File type not supported yet",
  downloadFailed: "There was a problem downloading the document.",
  folderTooLarge:
    "Unfortunately, that folder/file is too large to download. Can you split it up into smaller batches? Generally, the total size should be less than 150MB. And if you're converting images to PDF, it should be less than 15MB.",
  folderDownloadFailed: "There was a problem downloading the folder. Please refresh and try again.",
  linkCopied: "Link copied to clipboard",
  disabledByFirm: "Disabled by firm",
  notFound: "This document was not found.",
  invalidName: "Names cannot contain '/' or '..'.",
  emptyName: "Please enter a name.",
  folderExists: "A folder with this name already exists here.",
  nameTaken: "A document with this name already exists in this folder.",
  readOnly: "This account is read-only.",
  firmProvided: "This document was shared by your firm and can't be changed.",
  firmProvidedFolder: "This folder holds documents your firm shared, so it can't be deleted.",
  alreadyUploaded: (file: string) => `${file} was already uploaded`,
} as const;

export const MAX_NAME_LENGTH = 255;
export const MAX_PATH_DEPTH = 20;
/** Spec: folder download limit ("less than 150MB"). */
export const MAX_FOLDER_DOWNLOAD_BYTES = 150 * 1024 * 1024;
/** Spec: "if you're converting images to PDF, it should be less than 15MB" (the images' total). */
export const MAX_IMAGES_TO_CONVERT_BYTES = 15 * 1024 * 1024;
/** Spec: {year} placeholder folders cover 2000 to 2034. */
export const YEAR_RANGE = { from: 2000, to: 2034 } as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why a folder or file name is refused, or null when it is fine: empty, '/', '\', '..', control
 * characters, or longer than 255 characters.
 */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return DOCUMENT_MESSAGES.emptyName;
  if (trimmed.includes("/") || trimmed.includes("\\") || trimmed.includes("..") || CONTROL.test(trimmed)) return DOCUMENT_MESSAGES.invalidName;
  if (trimmed === ".") return DOCUMENT_MESSAGES.invalidName;
  if (trimmed.length > MAX_NAME_LENGTH) return `Names can be at most ${MAX_NAME_LENGTH} characters.`;
  return null;
}

/**
 * A folder path in its one stored form: "/" or "/A/B" (no trailing slash), or null when a segment
 * is not a valid name (so '../' never reaches the database).
 */
export function normalizePath(path: string | null | undefined): string | null {
  if (path == null) return "/";
  const segments = path
    .split("/")
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length > MAX_PATH_DEPTH) return null;
  for (const s of segments) if (nameError(s)) return null;
  return segments.length ? `/${segments.join("/")}` : "/";
}

/** "/A/B" + "C" → "/A/B/C" */
export function joinPath(parent: string, name: string): string {
  return parent === "/" ? `/${name}` : `${parent}/${name}`;
}

/** "/A/B/C" → "/A/B"; "/A" → "/" */
export function parentPath(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/** True when `path` is `folder` or inside it. */
export function isWithin(path: string, folder: string): boolean {
  return folder === "/" || path === folder || path.startsWith(`${folder}/`);
}

/** Folders whose name contains 'STAFF ONLY' (any case) are the firm's: hidden from clients and in preview. */
export function isStaffOnlyPath(path: string): boolean {
  return path.split("/").some((segment) => segment.toUpperCase().includes("STAFF ONLY"));
}

/** A folder name of the form "{year}" with the year filled in, e.g. "/{year}/Tax Return" → "/2025/Tax Return". */
export function fillYear(path: string, year: number): string {
  return path.replaceAll("{year}", String(year));
}

/**
 * Whether a firm's folder rule (which may contain {year}, matching 2000–2034) covers `path`
 * (the folder itself or anything inside it). Case-insensitive.
 */
export function folderRuleMatches(rule: string, path: string): boolean {
  const segments = rule
    .split("/")
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length === 0) return false;
  const escaped = segments.map((s) => s.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&").replace(/\\\{year\\\}/g, "(20[0-2][0-9]|203[0-4])")).join("/");
  return new RegExp(`^/${escaped}(/.*)?$`, "i").test(path);
}

/** The firm preferences the document rules read. */
export interface DocumentPreferences {
  hideDocumentsViewFromClients: boolean;
  disableFolderAction: boolean;
  disableFileEditAction: boolean;
  foldersWhereClientActionsDisabled: string[];
}

export interface DocumentViewer {
  kind: "staff" | "client";
  /** Staff: an advisor (only advisors restore deleted documents). */
  isAdvisor?: boolean;
  userReadonly: boolean;
  entityReadonly: boolean;
}

/** What the viewer may do in one folder. `reason` explains a client's missing actions. */
export interface FolderPermissions {
  canView: boolean;
  /** Upload files into this folder. */
  canUpload: boolean;
  /** Rename, move, delete and restore files. */
  canEditFiles: boolean;
  /** Add, rename, move and delete folders. */
  canManageFolders: boolean;
  /** Descriptions and tags (staff). */
  canDescribe: boolean;
  /** See and restore deleted files and folders: among staff only advisors (staff spec); clients where they may edit files. */
  canRestore: boolean;
  reason: string | null;
}

/**
 * The spec's document permissions: staff may do everything; a client sees nothing when the firm
 * hides documents from clients, nothing in 'STAFF ONLY' folders, no actions when the user or the
 * entity is read-only, no folder actions with disable_folder_action, no file edits with
 * disable_file_edit_action, and no actions at all in the firm's listed folders ('Disabled by firm').
 */
export function folderPermissions(prefs: DocumentPreferences, viewer: DocumentViewer, path: string): FolderPermissions {
  if (viewer.kind === "staff")
    return {
      canView: true,
      canUpload: true,
      canEditFiles: true,
      canManageFolders: true,
      canDescribe: true,
      canRestore: Boolean(viewer.isAdvisor),
      reason: null,
    };
  const none = (canView: boolean, reason: string | null): FolderPermissions => ({
    canView,
    canUpload: false,
    canEditFiles: false,
    canManageFolders: false,
    canDescribe: false,
    canRestore: false,
    reason,
  });
  if (prefs.hideDocumentsViewFromClients || isStaffOnlyPath(path)) return none(false, null);
  if (viewer.userReadonly) return none(true, "This account is read-only.");
  if (viewer.entityReadonly) return none(true, "This entity is read-only.");
  if (prefs.foldersWhereClientActionsDisabled.some((rule) => folderRuleMatches(rule, path))) return none(true, DOCUMENT_MESSAGES.disabledByFirm);
  return {
    canView: true,
    canUpload: true,
    canEditFiles: !prefs.disableFileEditAction,
    canManageFolders: !prefs.disableFolderAction,
    canDescribe: false,
    // Clients restore what they deleted (client spec: restore_deleted_document), where they may edit files.
    canRestore: !prefs.disableFileEditAction,
    reason: null,
  };
}

/** The names taken in a folder, compared case-insensitively; one set for many restored names. */
export class TakenNames {
  private readonly names = new Set<string>();
  constructor(names: Iterable<string> = []) {
    for (const name of names) this.add(name);
  }
  has(name: string): boolean {
    return this.names.has(name.toLowerCase());
  }
  add(name: string): void {
    this.names.add(name.toLowerCase());
  }
}

/**
 * A name not in `taken` (compared case-insensitively) for an item coming back from the deleted
 * documents: "W2.pdf" → "W2 (restored).pdf", then "W2 (restored 2).pdf"…; folders have no extension.
 * Restoring many into one folder: pass one `TakenNames` and add each name given.
 */
export function restoredName(name: string, taken: Iterable<string> | TakenNames, isFile: boolean): string {
  const used = taken instanceof TakenNames ? taken : new TakenNames(taken);
  if (!used.has(name)) return name;
  const ext = isFile ? extensionOf(name) : "";
  const base = name.slice(0, name.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = `${base} (restored${n === 1 ? "" : ` ${n}`})${ext}`;
    if (!used.has(candidate)) return candidate;
  }
}

export interface FolderNode {
  name: string;
  path: string;
  children: FolderNode[];
}

/**
 * The folder tree (folders only) from every folder path, including the parents of paths that
 * have no folder row of their own. Sorted by name; the root is "/" (Home).
 */
export function folderTree(paths: Iterable<string>): FolderNode {
  const root: FolderNode = { name: "Home", path: "/", children: [] };
  const byPath = new Map<string, FolderNode>([["/", root]]);
  const ensure = (path: string): FolderNode => {
    const found = byPath.get(path);
    if (found) return found;
    const parent = ensure(parentPath(path));
    const node: FolderNode = { name: path.slice(path.lastIndexOf("/") + 1), path, children: [] };
    parent.children.push(node);
    byPath.set(path, node);
    return node;
  };
  for (const p of paths) if (p !== "/") ensure(p);
  const sort = (n: FolderNode) => {
    n.children.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: "base" }));
    n.children.forEach(sort);
  };
  sort(root);
  return root;
}

/** The folder at `path` in the tree, or null. */
export function folderAt(tree: FolderNode, path: string): FolderNode | null {
  if (tree.path === path) return tree;
  const next = tree.children.find((c) => path === c.path || path.startsWith(`${c.path}/`));
  return next ? folderAt(next, path) : null;
}

/** How many files each folder holds, its subfolders' included, from the number of files per path. */
export function filesInFolders(folders: readonly string[], filesPerPath: readonly { path: string; files: number }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const folder of folders) {
    counts[folder] = filesPerPath.reduce((sum, p) => sum + (p.path === folder || p.path.startsWith(`${folder}/`) ? p.files : 0), 0);
  }
  return counts;
}

/** The extension of a file name including the dot ("" when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || name.length - dot > 11 || /\s/.test(name.slice(dot))) return "";
  return name.slice(dot);
}

/** Rename keeps the extension: "W2.pdf" renamed to "Wages" or "Wages.png" → "Wages.pdf". */
export function renamedFileName(oldName: string, requested: string): string {
  const ext = extensionOf(oldName);
  let base = requested.trim();
  const requestedExt = extensionOf(base);
  if (requestedExt && (requestedExt.toLowerCase() === ext.toLowerCase() || ext)) base = base.slice(0, -requestedExt.length);
  return `${base.trim()}${ext}`;
}

/** Search matches a document or folder name, case-insensitively. */
export function matchesSearch(name: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q.length > 0 && name.toLowerCase().includes(q);
}

/** Images a folder download can turn into PDFs (pdf-lib embeds PNG and JPEG; GIF and HEIC stay as they are). */
export function convertibleImage(contentType: string | null): "png" | "jpeg" | null {
  if (contentType === "image/png") return "png";
  if (contentType === "image/jpeg") return "jpeg";
  return null;
}

/**
 * The zip entry names of a download that converts images to PDFs: each converted image takes its
 * name with ".pdf"; where that is taken in its folder (by a file or another converted image),
 * " (image)" and then a number are added. `entries` are the zip's relative names, in order.
 */
export function convertedNames(entries: readonly { name: string; convert: boolean }[]): string[] {
  const taken = new Set(entries.filter((e) => !e.convert).map((e) => e.name.toLowerCase()));
  return entries.map((entry) => {
    if (!entry.convert) return entry.name;
    const base = entry.name.slice(0, entry.name.length - extensionOf(entry.name).length);
    let candidate = `${base}.pdf`;
    for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = n === 1 ? `${base} (image).pdf` : `${base} (image ${n}).pdf`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
