/**
 * The Deliver table (staff `/tax-returns`, spec §2 'Tax returns table (Deliver)'): its columns,
 * filters and sorts as plain data shared by the loader and the page, and the SQL the table state
 * turns into (parameterised; sort expressions from a whitelist, never from the request).
 *
 * Signatures and payments sort in SQL (spec §9: 'signatures by all-signed, then total, then done
 * count; payments by completion then totals') on each return's maintained sort keys
 * (`signature_sort_key`, `payments_sort_key`: triggers keep them as rules.ts `signatureSortNumber`
 * / `paymentsSortNumber` of the cells), so paging stays on the server and reads an index.
 */
import type { TableConfig, TableState } from "~/components/data-table/state";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { entitySearchSql } from "~/staff/search";
import type { ListQuery, StaffViewer } from "~/staff/tables";
import { entityVisibleSql } from "~/staff/visibility";
import { IDENTITY_RANK_SQL } from "~/payments/identity-rules";
import { roleIdOfColumn, roleSortSql } from "~/firm-roles/rules";
import { TAX_RETURN_STATUS_LABELS } from "../rules";

/**
 * Spec §2 columns, in its order. identity_verification_status is shown only with the firm's tax
 * return identity verification preference (columns.tsx leaves it out otherwise).
 */
export const TAX_RETURN_COLUMNS = [
  { key: "select", label: "Select", sortable: false },
  { key: "company_name", label: "Entity", sortable: true },
  { key: "tax_year", label: "Tax year", sortable: true },
  { key: "tax_return_name", label: "Tax return", sortable: true },
  { key: "current_status", label: "Status", sortable: true },
  { key: "signatures", label: "Signatures", sortable: true },
  { key: "payments", label: "Payments", sortable: true },
  { key: "updated_at", label: "Updated", sortable: true },
  { key: "last_reminder_sent_at", label: "Last reminder", sortable: true },
  { key: "last_signed_at", label: "Last signed", sortable: true },
  { key: "assigned_advisor", label: "Assigned advisor", sortable: true },
  { key: "reminder_disabled", label: "Reminders", sortable: true },
  { key: "identity_verification_status", label: "Identity verification", sortable: true },
  { key: "actions", label: "Actions", sortable: false },
] as const;

export type TaxReturnColumnKey = (typeof TAX_RETURN_COLUMNS)[number]["key"];

/** Always shown: the row's checkbox, whose return it is, and its actions. */
const FIXED: readonly TaxReturnColumnKey[] = ["select", "company_name", "actions"];

export const TAX_RETURN_FILTERS = ["year", "status", "reminder"] as const;

export const TAX_RETURNS_TABLE: TableConfig = {
  sortKeys: TAX_RETURN_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  // Spec §9: 'tax returns default to updated_at descending'.
  defaultSort: { key: "updated_at", dir: "desc" },
  filters: TAX_RETURN_FILTERS,
  columns: TAX_RETURN_COLUMNS.map((c) => c.key).filter((k) => !FIXED.includes(k)),
  // So the table fits a 1280 px screen; one click away in Columns.
  defaultHidden: ["last_signed_at", "last_reminder_sent_at"],
};

/** The status filter: every status staff meet, in the order a return moves through them. */
const STATUS_ORDER: readonly TaxReturnStatus[] = [
  "processing",
  "action_required",
  "sending",
  "draft",
  "change_requested",
  "approved",
  "sent",
  "signed",
  "invoice_paid",
  "paid",
  "completed",
  "finished",
  "error",
];
export const STATUS_FILTERS = STATUS_ORDER.map((value) => ({ value, label: TAX_RETURN_STATUS_LABELS[value] }));

export const REMINDER_FILTERS = [
  { value: "on", label: "Reminders on" },
  { value: "off", label: "Reminders off" },
] as const;

// ───────────────────────────── SQL ─────────────────────────────

/** The rows: a return with its entity, the entity's primary owner and that owner's assigned advisor. */
export const TAX_RETURNS_FROM = `FROM tax_returns t
  JOIN companies c ON c.id = t.company_id
  LEFT JOIN users o ON o.id = c.primary_owner_id
  LEFT JOIN users adv ON adv.id = o.assigned_advisor_id`;

const SORT: Record<string, string> = {
  company_name: "lower(c.name) {dir}",
  tax_year: "t.tax_year {dir}",
  tax_return_name: "lower(t.tax_return_name) {dir}",
  current_status: "t.status::text {dir}",
  // Kept by triggers (rules.ts signatureSortNumber / paymentsSortNumber): each reads an index.
  signatures: "t.signature_sort_key {dir}",
  payments: "t.payments_sort_key {dir}",
  updated_at: "t.updated_at {dir}",
  last_reminder_sent_at: "t.last_reminder_sent_at {dir} NULLS LAST",
  last_signed_at: "t.last_signed_at {dir} NULLS LAST",
  // The entity owner's advisor, kept on the return (migration deliver_advisor_sort_keys): read from its index.
  assigned_advisor: "t.advisor_sort_lname {dir} NULLS LAST, t.advisor_sort_fname {dir} NULLS LAST",
  reminder_disabled: "t.reminder_disabled {dir} NULLS LAST",
  // The signer furthest from verified (identity-rules.ts `identityCell`); no signers last.
  identity_verification_status: `(SELECT min(${IDENTITY_RANK_SQL}) FROM tax_return_signers sg
    LEFT JOIN identity_verifications iv ON iv.tax_return_id = sg.tax_return_id AND iv.user_id = sg.user_id WHERE sg.tax_return_id = t.id) {dir} NULLS LAST`,
};

const first = (state: TableState, name: string) => state.filters[name]?.[0] ?? "";

export interface TaxReturnsQuery extends ListQuery {
  from: string;
  /** A cheaper FROM for the count (the returns alone: every condition on the entity is a subquery). */
  countFrom: string;
}

/**
 * FROM, WHERE and ORDER BY of the Deliver table: the firm's returns (RLS) not deleted, of entities
 * not deleted that the viewer may see (group access), narrowed by the search (entity name or its
 * owner) and the filters. `roleIds`: the firm's roles whose columns it shows (use_firm_roles),
 * each sortable by who holds it on the row's entity, entities without a holder last.
 */
export function taxReturnsQuery(state: TableState, viewer: StaffViewer, roleIds: readonly string[] = []): TaxReturnsQuery {
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  // Deleted entities as an anti-join (the set is tiny), and conditions on the entity as a semi-join
  // (one hash of the firm's entities): the count reads returns alone, never joined row by row.
  const where = ["t.deleted_at IS NULL", "NOT EXISTS (SELECT 1 FROM companies x WHERE x.id = t.company_id AND x.deleted_at IS NOT NULL)"];
  const entityIn = (condition: string) => `t.company_id IN (SELECT ec.id FROM companies ec WHERE ${condition})`;
  if (viewer.firmAccess === "group") where.push(entityIn(entityVisibleSql(viewer, "ec", add)));
  if (state.q) where.push(entityIn(entitySearchSql("ec", state.q, add)));
  const years = (state.filters.year ?? []).map(Number).filter((y) => Number.isInteger(y) && y >= 1900 && y <= 2200);
  if (years.length) where.push(`t.tax_year = ANY(${add(years)}::int[])`);
  const statuses = (state.filters.status ?? []).filter((s) => (STATUS_ORDER as readonly string[]).includes(s));
  if (statuses.length) where.push(`t.status::text = ANY(${add(statuses)}::text[])`);
  const reminder = first(state, "reminder");
  if (reminder === "on") where.push("NOT t.reminder_disabled");
  else if (reminder === "off") where.push("t.reminder_disabled");
  const dir = state.dir === "asc" ? "ASC" : "DESC";
  const roleId = roleIdOfColumn(state.sort);
  const roleSort = roleId && roleIds.includes(roleId) ? `${roleSortSql("t.company_id", roleId)} {dir} NULLS LAST` : null;
  const sortKey = roleSort || SORT[state.sort] ? state.sort : "updated_at";
  const sort = (roleSort ?? SORT[sortKey]!).replaceAll("{dir}", dir);
  const tail = sortKey === "updated_at" ? `t.id ${dir}` : `t.updated_at ${dir}, t.id ${dir}`;
  return {
    from: TAX_RETURNS_FROM,
    countFrom: "FROM tax_returns t",
    where: where.join(" AND "),
    orderBy: `${sort}, ${tail}`,
    values,
  };
}

// ───────────────────────────── Status badge ─────────────────────────────

export type StatusTone = "neutral" | "brand" | "info" | "success" | "warning" | "danger";

/** The badge colour of a status: what needs the firm (warning), the client (info), done (success), broken (danger). */
export function statusTone(status: TaxReturnStatus): StatusTone {
  switch (status) {
    case "action_required":
    case "change_requested":
      return "warning";
    case "draft":
    case "sent":
    case "approved":
      return "info";
    case "signed":
    case "completed":
    case "finished":
    case "invoice_paid":
    case "paid":
      return "success";
    case "error":
      return "danger";
    default:
      return "neutral";
  }
}

/** Where 'open classification' goes (the embedded page of deliver-classify). */
export function classificationUrl(row: { id: string; companyId: string }): string {
  return `/tax-return-delivery-admin-view/${encodeURIComponent(row.id)}?companyId=${encodeURIComponent(row.companyId)}`;
}
