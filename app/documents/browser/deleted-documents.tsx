/** Deleted documents (where the viewer may restore): each restores on its own, files can be selected. */
import { Button, Checkbox, FileIcon, FolderIcon } from "~/components/ui";
import * as css from "../document-browser.css";
import type { DocumentItem } from "../items.server";

export function DeletedDocuments({
  items,
  isSelected,
  onSelect,
  onRestore,
}: {
  items: DocumentItem[];
  isSelected: (id: string) => boolean;
  onSelect: (item: DocumentItem, on: boolean) => void;
  onRestore: (item: DocumentItem) => void;
}) {
  return (
    <details className={`${css.panel} ${css.details}`}>
      <summary>Deleted documents ({items.length})</summary>
      <ul className={css.list} aria-label="Deleted documents">
        {items.map((item) => (
          <li key={item.id} className={css.row} data-selected={isSelected(item.id) || undefined}>
            <span className={css.rowName}>
              {item.itemType === "file" ? (
                <Checkbox
                  hideLabel
                  className={css.rowCheck}
                  label={`Select ${item.name} (deleted)`}
                  checked={isSelected(item.id)}
                  onChange={(e) => onSelect(item, e.currentTarget.checked)}
                />
              ) : (
                <span className={css.rowCheck} aria-hidden />
              )}
              {item.itemType === "folder" ? <FolderIcon aria-hidden /> : <FileIcon aria-hidden />} {item.name} <span className={css.rowMeta}>{item.path}</span>
              {item.itemType === "folder" ? <span className={css.rowMeta}>Folder, with its files</span> : null}
            </span>
            <Button size="sm" variant="secondary" onClick={() => onRestore(item)} aria-label={`Restore ${item.name}`}>
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
