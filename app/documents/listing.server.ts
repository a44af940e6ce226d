/**
 * Reading an entity's documents: one folder page of the document browser (tree, items, search
 * results, deleted items, tags), and the client's entities for the entity switcher.
 */
import type { SessionUser } from "~/auth/session.server";
import { readSql } from "~/db.server";
import { PortalError } from "~/errors";
import { findDocumentEntity, requireView, type Db, type DocumentContext, type DocumentEntity } from "./access.server";
import { searchPattern } from "~/staff/search";
import { findItems, toItem, type DocumentItem } from "./items.server";
import { countListed, readListPage, type ListCursors, type ListPage, type ListQuery } from "./list-page.server";
import {
  DOCUMENT_MESSAGES,
  filesInFolders,
  folderAt,
  folderTree,
  isStaffOnlyPath,
  joinPath,
  normalizePath,
  type FolderNode,
  type FolderPermissions,
} from "./rules";

/** A folder lists this many items per page (folders first, then files, by name). */
export const DOCUMENT_PAGE_SIZE = 100;
/** A search lists this many results per page. */
export const SEARCH_LIMIT = DOCUMENT_PAGE_SIZE;

/** Most deleted items the browser lists (newest first). */
export const DELETED_LIMIT = 50;

const DELETED_SQL = `
    SELECT d.id FROM documents d
     WHERE d.company_id = $1 AND d.deleted_at IS NOT NULL
       AND ($2::boolean OR NOT (d.path_staff_only OR (d.item_type = 'folder' AND d.name_staff_only)))
       AND NOT EXISTS (
         SELECT 1 FROM documents f
          WHERE f.company_id = d.company_id AND f.item_type = 'folder' AND f.deleted_at = d.deleted_at AND f.id <> d.id
            AND (d.path = CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END
                 OR starts_with(d.path, CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END || '/')))
     ORDER BY d.deleted_at DESC, d.id
     LIMIT $3`;

/**
 * What can be restored, newest first: deleted folders, and deleted files that were not deleted
 * together with a deleted folder (those come back with their folder). Two bounded queries.
 * Clients (`staff` false) never see what lies in a 'STAFF ONLY' folder or is one, deleted or not:
 * left out in the query (so the limit counts only what they may see) and checked again by path.
 */
async function deletedItems(db: Db, companyId: string, staff: boolean) {
  const rows = await readSql(db)<{ id: string }>(DELETED_SQL, [companyId, staff, DELETED_LIMIT]);
  const found = await findItems(
    db,
    rows.map((r) => r.id),
  );
  return found.filter((r) => staff || !isStaffOnlyPath(r.itemType === "folder" ? joinPath(r.path, r.name) : r.path));
}

const FOLDER_FACTS_SQL = `
    WITH RECURSIVE held AS (
      (SELECT d.path FROM documents d WHERE d.company_id = $1 AND d.deleted_at IS NULL ORDER BY d.path LIMIT 1)
      UNION ALL
      SELECT (SELECT d.path FROM documents d WHERE d.company_id = $1 AND d.deleted_at IS NULL AND d.path > held.path ORDER BY d.path LIMIT 1)
        FROM held WHERE held.path IS NOT NULL)
    SELECT h.path AS p,
           CASE WHEN h.path <> '/' AND starts_with(h.path, $2) THEN
             (SELECT count(*) FROM documents d WHERE d.company_id = $1 AND d.deleted_at IS NULL AND d.path = h.path AND d.list_order = 1)
           END AS files
      FROM held h WHERE h.path IS NOT NULL
    UNION ALL
    SELECT CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END, NULL FROM documents f
     WHERE f.company_id = $1 AND f.deleted_at IS NULL AND f.list_order = 0`;

/**
 * The entity's folder paths (as `folderPaths`: paths that hold items, and folder rows' own paths)
 * and how many files each path below `path` holds, in one statement read from the folder index
 * (migration documents_keyset_search) without visiting the rows: the distinct paths one index
 * probe each (a folder of 25,000 files is one path, not 25,000 entries), folder rows by their
 * list_order, and files counted only where the page shows them (the subfolders of `path`).
 */
async function folderFacts(db: Db, companyId: string, path: string): Promise<{ paths: string[]; filesPerPath: { path: string; files: number }[] }> {
  const below = path === "/" ? "/" : `${path}/`;
  const rows = await readSql(db)<{ p: string; files: string | number | null }>(FOLDER_FACTS_SQL, [companyId, below]);
  return {
    paths: [...new Set(rows.map((r) => r.p))],
    filesPerPath: rows.filter((r) => r.files !== null && Number(r.files) > 0).map((r) => ({ path: r.p, files: Number(r.files) })),
  };
}

export interface DocumentBrowserData {
  entity: DocumentEntity;
  path: string;
  permissions: FolderPermissions;
  tree: FolderNode;
  items: DocumentItem[];
  /** How many files each subfolder of `path` holds (its own subfolders' included). */
  folderFiles: Record<string, number>;
  /** The folder's page (or the search's): 1-based, its size, and how many items the folder holds (or the search found). */
  page: ListPage;
  /** The pages beside this one, read by keyset from its first and last rows. */
  cursors: ListCursors;
  search: string | null;
  /** A search's page of results (the folder's items are then left empty). */
  results: DocumentItem[] | null;
  deleted: DocumentItem[];
  tags: string[];
}

/** One folder of the entity's documents: the folder tree, the items in `path`, search results, deleted items. */
export async function loadDocumentBrowser(
  ctx: DocumentContext,
  companyHash: string,
  options: { path?: string | null; search?: string | null; page?: string | number | null; after?: string | null; before?: string | null } = {},
): Promise<DocumentBrowserData> {
  const { db } = ctx.portal;
  const staff = ctx.user.kind === "staff";
  const entity = await findDocumentEntity(db, ctx.user, companyHash);
  const path = normalizePath(options.path);
  if (!path) throw new PortalError(400, DOCUMENT_MESSAGES.invalidName);
  const permissions = requireView(ctx, entity, path);
  const visible = (p: string) => staff || !isStaffOnlyPath(p);

  // Clients never see 'STAFF ONLY' folders (nor, in a search, what lies in one): left out in the
  // query, so pages and counts agree (by the columns migration documents_staff_only stores).
  const search = options.search?.trim().slice(0, 100) || null;
  const query: ListQuery = search
    ? {
        where: `d.company_id = $1 AND d.deleted_at IS NULL AND d.name ILIKE $2${staff ? "" : " AND NOT (d.path_staff_only OR d.name_staff_only)"}`,
        values: [entity.id, searchPattern(search)],
        listing: `search:${search}`,
      }
    : {
        where: `d.company_id = $1 AND d.path = $2 AND d.deleted_at IS NULL${staff ? "" : " AND NOT (d.list_order = 0 AND d.name_staff_only)"}`,
        values: [entity.id, path],
        listing: `folder:${path}`,
      };
  const requested = Math.max(1, Math.min(100_000, Math.floor(Number(options.page ?? 1)) || 1));
  // The first page's rows are read with the count and the folder's facts, in one round trip.
  const [{ paths, filesPerPath }, { ids, page, cursors }, deletedRows, tags] = await Promise.all([
    folderFacts(db, entity.id, path),
    readListPage(db, query, { page: requested, after: options.after, before: options.before }, countListed(db, query), DOCUMENT_PAGE_SIZE),
    permissions.canRestore ? deletedItems(db, entity.id, staff) : Promise.resolve([]),
    staff ? db.documentTag.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: 500 }) : Promise.resolve([]),
  ]);
  const found = await findItems(db, ids);
  const rows = found.filter((r) => !search || (visible(r.path) && visible(joinPath(r.path, r.name))));
  const results = search ? rows.map((r) => toItem(r, staff)) : null;
  const items = search ? [] : rows.map((r) => toItem(r, staff));
  const tree = folderTree(paths.filter(visible));
  const children = folderAt(tree, path)?.children ?? [];
  const counts = filesPerPath.filter((p) => visible(p.path));
  return {
    entity,
    path,
    permissions,
    tree,
    items,
    folderFiles: filesInFolders(
      children.map((c) => c.path),
      counts,
    ),
    page,
    cursors,
    search,
    results,
    deleted: deletedRows.map((r) => toItem(r, staff)),
    tags: tags.map((t) => t.name),
  };
}

/** The client's active entities (for the entity switcher and /documents), the default one first. */
export async function clientDocumentEntities(db: Db, user: SessionUser): Promise<{ hashId: string; name: string }[]> {
  // The default entity first, then by name (one statement).
  return readSql(db)<{ hashId: string; name: string }>(
    `SELECT c.hash_id AS "hashId", c.name
       FROM company_owners w JOIN companies c ON c.firm_id = w.firm_id AND c.id = w.company_id
      WHERE w.user_id = $1 AND c.deleted_at IS NULL AND NOT c.inactive
      ORDER BY c.id = $2 DESC, c.name ASC
      LIMIT 500`,
    [user.id, user.defaultCompanyId ?? ""],
  );
}
