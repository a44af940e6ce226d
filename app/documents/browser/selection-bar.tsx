/** The bar under the list while files are selected: download, move, delete or restore them at once. */
import { Button } from "~/components/ui";
import * as css from "../document-browser.css";
import { SELECTION_MESSAGES, type BulkAction } from "../selection";

const BULK_LABELS: Record<BulkAction, string> = { download: "Download", move: "Move", delete: "Delete", restore: "Restore" };

export function SelectionBar({
  count,
  mixed,
  actions,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  /** Deleted and live files together: every action is off, and the bar says why. */
  mixed: boolean;
  actions: { action: BulkAction; enabled: boolean }[];
  busy: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  return (
    <div className={css.selectionBar} role="region" aria-label="Selected documents">
      <p className={css.selectionStatus} role="status">
        <strong>{count} selected</strong>
        {mixed ? (
          <span id="document-selection-mixed" className={css.selectionNote}>
            {SELECTION_MESSAGES.mixed}
          </span>
        ) : null}
      </p>
      <div className={css.selectionActions}>
        {actions.map(({ action, enabled }) => (
          <Button
            key={action}
            size="sm"
            variant={action === "delete" ? "danger" : "secondary"}
            disabled={!enabled || busy}
            aria-describedby={enabled ? undefined : "document-selection-mixed"}
            onClick={() => onAction(action)}
          >
            {BULK_LABELS[action]}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear
        </Button>
      </div>
    </div>
  );
}
