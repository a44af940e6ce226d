/**
 * Bulk selection in the document browser, pure: what a selection of files is (live, deleted or a
 * mix of both), which of Download, Move, Delete and Restore the bar offers for it, the select-all
 * box's state, and the entry names of a zip of selected files. Shared by the server (which refuses
 * a mixed selection with the same message) and the browser; no Node APIs.
 */

/** Most documents one bulk action takes. */
export const MAX_BULK_DOCUMENTS = 500;

export const SELECTION_MESSAGES = {
  /** Staff spec, "Other messages". */
  mixed: "Not available for a mix of deleted and non-deleted documents",
  empty: "Select at least one document.",
  tooMany: `Select at most ${MAX_BULK_DOCUMENTS} documents at a time.`,
  duplicate: "A document is selected more than once.",
  filesOnly: "Only files can be selected; folders have their own actions.",
} as const;

/** `none`: nothing selected; `live`: only documents not deleted; `deleted`: only deleted ones; `mixed`: both. */
export type SelectionKind = "none" | "live" | "deleted" | "mixed";

export function selectionKind(items: Iterable<{ deletedAt: string | Date | null }>): SelectionKind {
  let live = false;
  let deleted = false;
  for (const item of items) {
    if (item.deletedAt == null) live = true;
    else deleted = true;
  }
  return live && deleted ? "mixed" : live ? "live" : deleted ? "deleted" : "none";
}

export type BulkAction = "download" | "move" | "delete" | "restore";

export interface BulkActionState {
  action: BulkAction;
  enabled: boolean;
}

/** What the viewer may do in the folder being shown (FolderPermissions' fields the bar reads). */
export interface BulkPermissions {
  canEditFiles: boolean;
  canRestore: boolean;
}

/**
 * The bar's actions for a selection: live documents can be downloaded, moved and deleted; deleted
 * ones restored; a mix shows every action the viewer may do, disabled (with the mixed message).
 * Actions the viewer may not do (read-only, firm preferences, not an advisor) are never offered.
 */
export function bulkActions(kind: SelectionKind, permissions: BulkPermissions): BulkActionState[] {
  const allowed: Record<BulkAction, boolean> = {
    download: true,
    move: permissions.canEditFiles,
    delete: permissions.canEditFiles,
    restore: permissions.canRestore,
  };
  const applies: Record<BulkAction, boolean> =
    kind === "live"
      ? { download: true, move: true, delete: true, restore: false }
      : kind === "deleted"
        ? { download: false, move: false, delete: false, restore: true }
        : kind === "mixed"
          ? { download: true, move: true, delete: true, restore: true }
          : { download: false, move: false, delete: false, restore: false };
  return (["download", "move", "delete", "restore"] as const).filter((a) => allowed[a] && applies[a]).map((action) => ({ action, enabled: kind !== "mixed" }));
}

/** The select-all box: checked when every listed file is selected, indeterminate when some are. */
export function selectAllState(listedIds: readonly string[], selected: ReadonlySet<string>): "none" | "some" | "all" {
  const count = listedIds.filter((id) => selected.has(id)).length;
  return count === 0 ? "none" : count === listedIds.length ? "all" : "some";
}

/** Select-all toggled: every listed file when not all were selected, otherwise none of them (others stay). */
export function toggleAll(listedIds: readonly string[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (selectAllState(listedIds, selected) === "all") listedIds.forEach((id) => next.delete(id));
  else listedIds.forEach((id) => next.add(id));
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * Entry names for a zip of selected files: the file's name, or its folder path and name when
 * another selected file has the same name ("2024/W-2.pdf", "2025/W-2.pdf"); never two alike.
 */
export function zipEntryNames(files: readonly { name: string; path: string }[]): string[] {
  const count = new Map<string, number>();
  for (const f of files) count.set(f.name.toLowerCase(), (count.get(f.name.toLowerCase()) ?? 0) + 1);
  const used = new Set<string>();
  return files.map((f) => {
    const base = count.get(f.name.toLowerCase())! > 1 && f.path !== "/" ? `${f.path.slice(1)}/${f.name}` : f.name;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const dot = base.lastIndexOf(".");
      const hasExtension = dot > base.lastIndexOf("/") + 1;
      name = hasExtension ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
