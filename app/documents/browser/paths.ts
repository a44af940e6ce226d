/** Links and folder lists of the document browser. */
import { joinPath, type FolderNode } from "../rules";
import type { DocumentItem } from "../items.server";

/** A folder's page (`?path=`, and `&page=` past the first). */
export function folderHref(basePath: string, path: string, page = 1): string {
  const params = new URLSearchParams(path === "/" ? {} : { path });
  if (page > 1) params.set("page", String(page));
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
