/** A row's actions menu (headless Menu: arrow keys, Escape, outside click). */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui";
import { ChevronDownIcon } from "~/components/ui/icons";
import * as staff from "~/staff/staff.css";
import type { DownloadVariant } from "../ops/download-rules";
import { rowActions, type RowAction, type TaxReturnRow } from "./rows";
import { classificationUrl } from "./table";

export interface RowActionHandlers {
  canAssign: boolean;
  /** The firm's identity verification is on: 'Verification checks' is offered. */
  identityEnabled?: boolean;
  onIdentity?: (row: TaxReturnRow) => void;
  onDraft: (row: TaxReturnRow) => void;
  onFinish: (row: TaxReturnRow) => void;
  onReminder: (row: TaxReturnRow, on: boolean) => void;
  onVouchers: (row: TaxReturnRow) => void;
  onAssignments: (row: TaxReturnRow) => void;
  onDelete: (row: TaxReturnRow) => void;
  onDownload: (row: TaxReturnRow, variant: DownloadVariant) => void;
  onDocuments: (row: TaxReturnRow) => void;
  onActivity: (row: TaxReturnRow) => void;
}

const LABELS: Record<Exclude<RowAction, "reminders">, string> = {
  draft: "View draft",
  classify: "Open classification",
  finish: "Mark as finished",
  vouchers: "Mark payment vouchers paid",
  assignments: "Update client assignments",
  download: "Download",
  download_signature_pages: "Download signature pages",
  download_all_pages: "Download with all pages",
  documents: "Send to documents",
  activity: "Activity log",
  identity: "Verification checks",
  delete: "Delete",
};

export function RowActions({ row, handlers: h }: { row: TaxReturnRow; handlers: RowActionHandlers }) {
  const actions = rowActions(row, h.canAssign, h.identityEnabled);
  if (actions.length === 0) return null;
  const run: Record<Exclude<RowAction, "classify">, () => void> = {
    draft: () => h.onDraft(row),
    finish: () => h.onFinish(row),
    reminders: () => h.onReminder(row, !row.reminder.on),
    vouchers: () => h.onVouchers(row),
    assignments: () => h.onAssignments(row),
    download: () => h.onDownload(row, "plain"),
    download_signature_pages: () => h.onDownload(row, "signature_pages"),
    download_all_pages: () => h.onDownload(row, "all_pages"),
    documents: () => h.onDocuments(row),
    activity: () => h.onActivity(row),
    identity: () => h.onIdentity?.(row),
    delete: () => h.onDelete(row),
  };
  return (
    <Menu>
      <MenuButton
        as={Button}
        size="sm"
        variant="secondary"
        iconEnd={<ChevronDownIcon size={14} />}
        aria-label={`Actions for ${row.companyName}, ${row.taxReturnName}`}
      >
        Actions
      </MenuButton>
      <MenuItems className={staff.actionMenu} anchor={{ to: "bottom end", gap: 6 }} modal={false}>
        {actions.map((a) =>
          a === "classify" ? (
            <MenuItem key={a}>
              <Link className={staff.actionMenuItem} to={classificationUrl(row)}>
                {LABELS.classify}
              </Link>
            </MenuItem>
          ) : (
            <MenuItem key={a}>
              <button type="button" className={a === "delete" ? staff.actionMenuItemDanger : staff.actionMenuItem} onClick={run[a]}>
                {a === "reminders" ? (row.reminder.on ? "Turn reminders off" : "Turn reminders on") : LABELS[a]}
              </button>
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
