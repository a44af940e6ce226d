/**
 * The Deliver table (staff `/tax-returns`, spec §2 'Tax returns table (Deliver)'): its columns,
 * filters and sorts as plain data shared by the loader and the page, and the SQL the table state
 * turns into (parameterised; sort expressions from a whitelist, never from the request).
 *
 * Signatures and payments sort in SQL (spec §9: 'signatures by all-signed, then total, then done
 * count; payments by completion then totals') over the same facts the cells count
 * (`SIGNATURE_DONE_SQL`, `PAYMENTS_*`), so paging stays on the server and the order agrees with
 * the text each row shows (rules.ts `signatureCell` / `paymentsCell`).
 */
import type { TableConfig, TableState } from "~/components/data-table/state";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { entitySearchSql } from "~/staff/search";
import type { ListQuery, StaffViewer } from "~/staff/tables";
import { entityVisibleSql } from "~/staff/visibility";
import { IDENTITY_RANK_SQL } from "~/payments/identity-rules";
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

// ───────────────────────────── Facts in SQL ─────────────────────────────

/** 'A signature counts as done if signed data exists, or for wet-signature-required forms if wet signatures exist.' (aliases f, s) */
export const SIGNATURE_DONE_SQL = "(CASE WHEN f.wet_signatures_required THEN s.wet_signature_key IS NOT NULL ELSE s.signature_data IS NOT NULL END)";

/** Per return: how many signatures are asked and how many are done (one hashed pass over the firm's signatures). */
const SIGNATURE_COUNTS = `LEFT JOIN (SELECT f.tax_return_id, count(*)::int AS total, count(*) FILTER (WHERE ${SIGNATURE_DONE_SQL})::int AS done
    FROM e_sign_forms f JOIN e_sign_form_signatures s ON s.e_sign_form_id = f.id GROUP BY f.tax_return_id) sig ON sig.tax_return_id = t.id`;

/** Per return: vouchers asked and paid ('Total is vouchers plus an optional tax service invoice'). */
const VOUCHER_COUNTS = `LEFT JOIN (SELECT v.tax_return_id, count(*)::int AS total, count(*) FILTER (WHERE v.is_paid)::int AS paid
    FROM payment_vouchers v GROUP BY v.tax_return_id) pay ON pay.tax_return_id = t.id`;

const HAS_INVOICE = "(t.invoice_amount_cents IS NOT NULL AND t.invoice_amount_cents > 0)";
export const PAYMENTS_TOTAL_SQL = `(COALESCE(pay.total, 0) + CASE WHEN ${HAS_INVOICE} THEN 1 ELSE 0 END)`;
export const PAYMENTS_PAID_SQL = `(COALESCE(pay.paid, 0) + CASE WHEN ${HAS_INVOICE} AND t.invoice_paid THEN 1 ELSE 0 END)`;

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
  // all-signed (1 when every asked signature is done), then total, then done.
  signatures:
    "(CASE WHEN COALESCE(sig.total, 0) > 0 AND sig.done = sig.total THEN 1 ELSE 0 END) {dir}, COALESCE(sig.total, 0) {dir}, COALESCE(sig.done, 0) {dir}",
  // completion (1 when nothing is left to pay), then the total.
  payments: `(CASE WHEN ${PAYMENTS_PAID_SQL} = ${PAYMENTS_TOTAL_SQL} THEN 1 ELSE 0 END) {dir}, ${PAYMENTS_TOTAL_SQL} {dir}`,
  updated_at: "t.updated_at {dir}",
  last_reminder_sent_at: "t.last_reminder_sent_at {dir} NULLS LAST",
  last_signed_at: "t.last_signed_at {dir} NULLS LAST",
  assigned_advisor: "lower(adv.lname) {dir} NULLS LAST, lower(adv.fname) {dir} NULLS LAST",
  reminder_disabled: "t.reminder_disabled {dir} NULLS LAST",
  // The signer furthest from verified (identity-rules.ts `identityCell`); no signers last.
  identity_verification_status: `(SELECT min(${IDENTITY_RANK_SQL}) FROM tax_return_signers sg
    LEFT JOIN identity_verifications iv ON iv.tax_return_id = sg.tax_return_id AND iv.user_id = sg.user_id WHERE sg.tax_return_id = t.id) {dir} NULLS LAST`,
};

/** The FROM of a sort: the signature and voucher counts are joined only when the sort reads them. */
export function taxReturnsFrom(sort: string): string {
  if (sort === "signatures") return `${TAX_RETURNS_FROM}\n  ${SIGNATURE_COUNTS}`;
  if (sort === "payments") return `${TAX_RETURNS_FROM}\n  ${VOUCHER_COUNTS}`;
  return TAX_RETURNS_FROM;
}

const first = (state: TableState, name: string) => state.filters[name]?.[0] ?? "";

export interface TaxReturnsQuery extends ListQuery {
  from: string;
  /** A cheaper FROM for the count (the returns alone: every condition on the entity is a subquery). */
  countFrom: string;
}

/**
 * FROM, WHERE and ORDER BY of the Deliver table: the firm's returns (RLS) not deleted, of entities
 * not deleted that the viewer may see (group access), narrowed by the search (entity name or its
 * owner) and the filters.
 */
export function taxReturnsQuery(state: TableState, viewer: StaffViewer): TaxReturnsQuery {
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
  const sortKey = SORT[state.sort] ? state.sort : "updated_at";
  const sort = SORT[sortKey]!.replaceAll("{dir}", dir);
  const tail = sortKey === "updated_at" ? `t.id ${dir}` : `t.updated_at ${dir}, t.id ${dir}`;
  return {
    from: taxReturnsFrom(sortKey),
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
