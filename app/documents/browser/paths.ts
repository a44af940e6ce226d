/** Links and folder lists of the document browser. */
import { joinPath, type FolderNode } from "../rules";
import type { DocumentItem } from "../items.server";

/**
 * A folder's page (`?path=`, and `&page=` past the first), or a search's (`&q=`); a page beside the
 * current one also carries the cursor it is read from (`&after=` or `&before=`).
 */
export function folderHref(basePath: string, path: string, page = 1, more: { q?: string | null; after?: string | null; before?: string | null } = {}): string {
  const params = new URLSearchParams(path === "/" ? {} : { path });
  if (more.q) params.set("q", more.q);
  if (page > 1) params.set("page", String(page));
  if (page > 1 && more.after) params.set("after", more.after);
  else if (page > 1 && more.before) params.set("before", more.before);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** Every folder path of the tree, depth first. */
export function flattenFolders(node: FolderNode, out: string[] = []): string[] {
  out.push(node.path);
  node.children.forEach((c) => flattenFolders(c, out));
  return out;
}

/** Where an item may move: any other folder (a folder never into itself). */
export function movableTo(item: DocumentItem, folders: string[]): string[] {
  const own = joinPath(item.path, item.name);
  return folders.filter((f) => f !== item.path && (item.itemType === "file" || (f !== own && !f.startsWith(`${own}/`))));
}

/** One row of a folder's content: a listed item, or a subfolder that only exists through the paths under it. */
export type FolderEntry = { item: DocumentItem; folder?: undefined } | { item?: undefined; folder: FolderNode };

/**
 * A folder's content: its subfolders by name (a folder row is listed as its item, with its
 * actions; a folder that only exists through the files under it as a plain folder link), then the
 * files. Items are paged; the subfolders without a row come on the first page.
 */
export function folderEntries(items: readonly DocumentItem[], children: readonly FolderNode[], firstPage: boolean): FolderEntry[] {
  const folderRows = new Map(items.filter((i) => i.itemType === "folder").map((i) => [joinPath(i.path, i.name), i]));
  const implicit = firstPage ? children.filter((c) => !folderRows.has(c.path)) : [];
  const folders: (FolderEntry & { name: string })[] = [
    ...[...folderRows.values()].map((item) => ({ item, name: item.name })),
    ...implicit.map((folder) => ({ folder, name: folder.name })),
  ];
  folders.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: "base" }));
  const files: FolderEntry[] = items.filter((i) => i.itemType === "file").map((item) => ({ item }));
  return [...folders.map(({ name: _name, ...entry }) => entry as FolderEntry), ...files];
}
