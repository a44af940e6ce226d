/** The Deliver table's columns on the shared DataTable: each column's header and cell. */
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Link } from "~/components/ui/link";
import type { DataTableColumn } from "~/components/data-table";
import { Badge, Switch } from "~/components/ui";
import { formatDay } from "~/collect/overview/format";
import { roleColumns } from "~/firm-roles/role-columns";
import type { FirmRoleColumn } from "~/firm-roles/rules";
import { TAX_RETURN_STATUS_LABELS } from "../rules";
import * as s from "./deliver.css";
import { RowActions, type RowActionHandlers } from "./row-actions";
import type { TaxReturnRow } from "./rows";
import { statusTone, TAX_RETURN_COLUMNS, type TaxReturnColumnKey } from "./table";

/** A cell text with what is still missing in a popover (keyboard and touch reachable). */
function CellWithMissing({ text, title, missing, label }: { text: string; title: string; missing: string[]; label: string }) {
  if (missing.length === 0) return <span className={s.cellText}>{text}</span>;
  return (
    <Popover>
      <PopoverButton className={s.cellButton} aria-label={`${text}: ${label}`}>
        {text}
      </PopoverButton>
      <PopoverPanel anchor={{ to: "bottom start", gap: 6 }} className={s.popover}>
        <p className={s.popoverTitle}>{title}</p>
        <ul className={s.plainList}>
          {missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </PopoverPanel>
    </Popover>
  );
}

export interface ColumnHandlers extends RowActionHandlers {
  /** A processing row was clicked: the info toast. */
  onProcessing: (row: TaxReturnRow) => void;
  onReminder: (row: TaxReturnRow, on: boolean) => void;
}

function cell(key: Exclude<TaxReturnColumnKey, "select">, row: TaxReturnRow, h: ColumnHandlers) {
  switch (key) {
    case "company_name":
      return (
        <Link className={s.link} to={`/admin/${row.companyHash}`}>
          {row.companyName}
        </Link>
      );
    case "tax_year":
      return row.taxYear;
    case "tax_return_name":
      return row.status === "processing" ? (
        <button type="button" className={s.linkButton} onClick={() => h.onProcessing(row)}>
          {row.taxReturnName}
        </button>
      ) : (
        row.taxReturnName
      );
    case "current_status":
      return <Badge tone={statusTone(row.status)}>{TAX_RETURN_STATUS_LABELS[row.status]}</Badge>;
    case "signatures":
      return (
        <CellWithMissing
          text={row.signatures.text}
          title="Still needed"
          missing={row.signatures.missing}
          label={`show the missing signatures of ${row.companyName}, ${row.taxReturnName}`}
        />
      );
    case "payments":
      return (
        <CellWithMissing
          text={row.payments.text}
          title="Still needed"
          missing={row.payments.missing}
          label={`show the missing payments of ${row.companyName}, ${row.taxReturnName}`}
        />
      );
    case "updated_at":
      return formatDay(row.updatedAt);
    case "last_reminder_sent_at":
      return row.lastReminderSentAt ? formatDay(row.lastReminderSentAt) : "—";
    case "last_signed_at":
      return row.lastSignedAt ? formatDay(row.lastSignedAt) : "—";
    case "assigned_advisor":
      return row.assignedAdvisor ?? "—";
    case "reminder_disabled":
      return (
        <Switch
          label={<span className={s.muted}>{row.reminder.on ? "On" : "Off"}</span>}
          aria-label={`Reminders for ${row.companyName}, ${row.taxReturnName}`}
          checked={row.reminder.on}
          disabled={row.reminder.disabled}
          onChange={(e) => h.onReminder(row, e.currentTarget.checked)}
        />
      );
    case "identity_verification_status":
      return <span className={s.cellText}>{row.identity}</span>;
    case "actions":
      return <RowActions row={row} handlers={h} />;
  }
}

/**
 * `tr` puts the firm's words in the headers (an Entity may be an Account). With use_firm_roles, one
 * column per firm role before the actions (as Collect), sortable like every other column here.
 */
export function deliverColumns(h: ColumnHandlers, tr: (word: string) => string, roles: readonly FirmRoleColumn[] = []): DataTableColumn<TaxReturnRow>[] {
  // 'identity_verification_status (only when the firm preference for tax return identity verification is on)'.
  const columns: DataTableColumn<TaxReturnRow>[] = TAX_RETURN_COLUMNS.filter(
    (c) => c.key !== "select" && (h.identityEnabled || c.key !== "identity_verification_status"),
  ).map((c) => ({
    key: c.key,
    label: tr(c.label),
    sortable: c.sortable,
    pin: c.key === "actions" ? ("end" as const) : undefined,
    nowrap: c.key === "updated_at" || c.key === "last_signed_at" || c.key === "last_reminder_sent_at",
    render: (row: TaxReturnRow) => cell(c.key as Exclude<TaxReturnColumnKey, "select">, row, h),
  }));
  return [...columns.slice(0, -1), ...roleColumns<TaxReturnRow>(roles, { sortable: true }), ...columns.slice(-1)];
}

export const deliverRowLabel = (row: TaxReturnRow) => `${row.companyName}: ${row.taxReturnName}`;
