/**
 * Reading an entity's documents: one folder page of the document browser (tree, items, search
 * results, deleted items, tags), and the client's entities for the entity switcher.
 */
import type { SessionUser } from "~/auth/session.server";
import { PortalError } from "~/errors";
import { findDocumentEntity, requireView, type Db, type DocumentContext, type DocumentEntity } from "./access.server";
import { folderPaths, itemSelect, toItem, type DocumentItem, type ItemRow } from "./items.server";
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
/** Most items a search returns. */
export const SEARCH_LIMIT = 100;

/** Most deleted items the browser lists (newest first). */
export const DELETED_LIMIT = 50;

/**
 * What can be restored, newest first: deleted folders, and deleted files that were not deleted
 * together with a deleted folder (those come back with their folder). Two bounded queries.
 * Clients (`staff` false) never see what lies in a 'STAFF ONLY' folder or is one, deleted or not:
 * left out in the query (so the limit counts only what they may see) and checked again by path.
 */
async function deletedItems(db: Db, companyId: string, staff: boolean) {
  const hidden = "%STAFF ONLY%";
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM documents d
     WHERE d.company_id = ${companyId} AND d.deleted_at IS NOT NULL
       AND (${staff} OR NOT (d.path ILIKE ${hidden} OR (d.item_type = 'folder' AND d.name ILIKE ${hidden})))
       AND NOT EXISTS (
         SELECT 1 FROM documents f
          WHERE f.company_id = d.company_id AND f.item_type = 'folder' AND f.deleted_at = d.deleted_at AND f.id <> d.id
            AND (d.path = CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END
                 OR starts_with(d.path, CASE WHEN f.path = '/' THEN '/' || f.name ELSE f.path || '/' || f.name END || '/')))
     ORDER BY d.deleted_at DESC, d.id
     LIMIT ${DELETED_LIMIT}`;
  if (!rows.length) return [];
  const found = await db.document.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: itemSelect });
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return found
    .filter((r) => staff || !isStaffOnlyPath(r.itemType === "folder" ? joinPath(r.path, r.name) : r.path))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export interface DocumentBrowserData {
  entity: DocumentEntity;
  path: string;
  permissions: FolderPermissions;
  tree: FolderNode;
  items: DocumentItem[];
  /** How many files each subfolder of `path` holds (its own subfolders' included). */
  folderFiles: Record<string, number>;
  /** The folder's page: 1-based, its size, and how many items the folder holds. */
  page: { page: number; size: number; total: number; lastPage: number };
  search: string | null;
  results: DocumentItem[] | null;
  deleted: DocumentItem[];
  tags: string[];
}

/** One folder of the entity's documents: the folder tree, the items in `path`, search results, deleted items. */
export async function loadDocumentBrowser(
  ctx: DocumentContext,
  companyHash: string,
  options: { path?: string | null; search?: string | null; page?: string | number | null } = {},
): Promise<DocumentBrowserData> {
  const { db } = ctx.portal;
  const staff = ctx.user.kind === "staff";
  const entity = await findDocumentEntity(db, ctx.user, companyHash);
  const path = normalizePath(options.path);
  if (!path) throw new PortalError(400, DOCUMENT_MESSAGES.invalidName);
  const permissions = requireView(ctx, entity, path);
  const visible = (p: string) => staff || !isStaffOnlyPath(p);

  // Clients never see 'STAFF ONLY' folders: left out in the query, so pages and counts agree.
  const listed = {
    companyId: entity.id,
    path,
    deletedAt: null,
    ...(staff ? {} : { NOT: { itemType: "folder" as const, name: { contains: "STAFF ONLY", mode: "insensitive" as const } } }),
  };
  const requested = Math.max(1, Math.min(100_000, Math.floor(Number(options.page ?? 1)) || 1));
  const [paths, filesPerPath, total, deletedRows, tags] = await Promise.all([
    folderPaths(db, entity.id),
    db.document.groupBy({ by: ["path"], where: { companyId: entity.id, deletedAt: null, itemType: "file" }, _count: { _all: true } }),
    db.document.count({ where: listed }),
    permissions.canRestore ? deletedItems(db, entity.id, staff) : Promise.resolve([]),
    staff ? db.documentTag.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: 500 }) : Promise.resolve([]),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / DOCUMENT_PAGE_SIZE));
  const page = Math.min(requested, lastPage);
  const rows = await db.document.findMany({
    where: listed,
    select: itemSelect,
    orderBy: [{ itemType: "desc" }, { name: "asc" }, { id: "asc" }],
    skip: (page - 1) * DOCUMENT_PAGE_SIZE,
    take: DOCUMENT_PAGE_SIZE,
  });
  const search = options.search?.trim().slice(0, 100) || null;
  let results: DocumentItem[] | null = null;
  if (search) {
    const found = await db.document.findMany({
      where: { companyId: entity.id, deletedAt: null, name: { contains: search, mode: "insensitive" } },
      select: itemSelect,
      orderBy: [{ itemType: "desc" }, { name: "asc" }],
      take: SEARCH_LIMIT,
    });
    results = found.filter((r) => visible(r.path) && visible(joinPath(r.path, r.name))).map((r) => toItem(r as ItemRow, staff));
  }
  const items = rows.map((r) => toItem(r as ItemRow, staff));
  const tree = folderTree(paths.filter(visible));
  const children = folderAt(tree, path)?.children ?? [];
  const counts = filesPerPath.filter((p) => visible(p.path)).map((p) => ({ path: p.path, files: p._count._all }));
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
    page: { page, size: DOCUMENT_PAGE_SIZE, total, lastPage },
    search,
    results,
    deleted: deletedRows.map((r) => toItem(r as ItemRow, staff)),
    tags: tags.map((t) => t.name),
  };
}

/** The client's active entities (for the entity switcher and /documents), the default one first. */
export async function clientDocumentEntities(db: Db, user: SessionUser): Promise<{ hashId: string; name: string }[]> {
  const owned = await db.companyOwner.findMany({
    where: { userId: user.id, company: { deletedAt: null, inactive: false } },
    select: { company: { select: { id: true, hashId: true, name: true } } },
    orderBy: { company: { name: "asc" } },
    take: 500,
  });
  const entities = owned.map((o) => o.company);
  entities.sort((a, b) => Number(b.id === user.defaultCompanyId) - Number(a.id === user.defaultCompanyId));
  return entities.map(({ hashId, name }) => ({ hashId, name }));
}
