/**
 * The Collect (overview) questionnaire table: its columns, filters and sorts as plain data shared
 * by the loader and the page, the questionnaire ordering rule (staff spec §9: unlocked, then
 * completed, then locked, then by due date) and the SQL the table state turns into
 * (parameterised; sort columns from a whitelist, never from the request).
 */
import type { TableConfig, TableState } from "~/components/data-table/state";
import { questionnaireSearchSql } from "~/staff/search";
import type { ListQuery, StaffViewer } from "~/staff/tables";
import { entityVisibleSql } from "~/staff/visibility";

/** Staff spec §2 "Overview page (Collect)": every column; who and what first, so phones show them without scrolling. */
export const COLLECT_COLUMNS = [
  { key: "select", label: "Select", sortable: false },
  { key: "client", label: "Client", sortable: true },
  { key: "name", label: "Name", sortable: true },
  { key: "status", label: "Status", sortable: true },
  { key: "due_date", label: "Due date", sortable: true },
  { key: "last_activity", label: "Last activity", sortable: true },
  { key: "year", label: "Year", sortable: true },
  { key: "documents", label: "Documents", sortable: true },
  { key: "notes", label: "Notes", sortable: true },
  { key: "firm_custom_status_id", label: "Custom status", sortable: true },
  { key: "assigned", label: "Assigned", sortable: true },
  { key: "next_reminder_date", label: "Next reminder", sortable: true },
  { key: "entity_type", label: "Entity type", sortable: true },
  { key: "firm_role", label: "Firm roles", sortable: false },
  { key: "external_user_id", label: "External user ID", sortable: true },
  { key: "external_entity_id", label: "External entity ID", sortable: true },
  { key: "submitted_at", label: "Submitted", sortable: true },
  { key: "first_doc_uploaded_at", label: "First upload", sortable: true },
  { key: "firm_group", label: "Firm group", sortable: true },
  { key: "actions", label: "Actions", sortable: false },
] as const;

export type CollectColumnKey = (typeof COLLECT_COLUMNS)[number]["key"];

/** Columns always shown (the row's checkbox, who it is for, and its actions). */
export const FIXED_COLUMNS: readonly CollectColumnKey[] = ["select", "client", "actions"];

/**
 * Hidden until chosen: the columns most firms do not use, and those that would push the table past
 * a 1280 px screen (the year is in most names; the rest are one click away in Columns).
 */
export const DEFAULT_HIDDEN: readonly CollectColumnKey[] = [
  "year",
  "firm_custom_status_id",
  "assigned",
  "entity_type",
  "firm_role",
  "external_user_id",
  "external_entity_id",
  "first_doc_uploaded_at",
  "submitted_at",
  "firm_group",
];

export const COLLECT_FILTERS = ["status", "year", "advisor", "custom_status", "group", "entity_type", "deleted"] as const;

export const COLLECT_TABLE: TableConfig = {
  sortKeys: COLLECT_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  defaultSort: { key: "last_activity", dir: "desc" },
  filters: COLLECT_FILTERS,
  columns: COLLECT_COLUMNS.map((c) => c.key).filter((k) => !FIXED_COLUMNS.includes(k)),
  defaultHidden: DEFAULT_HIDDEN,
};

/** The status filter's choices (a questionnaire's staff-side state). */
export const STATUS_FILTERS = [
  { value: "draft", label: "Draft" },
  { value: "sent", label: "Sent" },
  { value: "opened", label: "Opened" },
  { value: "in_progress", label: "In Progress" },
  { value: "completed", label: "Completed" },
  { value: "locked", label: "Locked" },
  { value: "overdue", label: "Overdue" },
] as const;

export const DELETED_FILTERS = [{ value: "only", label: "Deleted only" }] as const;

// ───────────────────────────── Ordering rule ─────────────────────────────

export interface OrderFacts {
  locked: boolean;
  completed: boolean;
  /** YYYY-MM-DD or null (no due date sorts last). */
  dueDate: string | null;
}

/** 0 unlocked and open, 1 completed (not locked), 2 locked. */
export function orderRank(q: Pick<OrderFacts, "locked" | "completed">): 0 | 1 | 2 {
  if (q.locked) return 2;
  return q.completed ? 1 : 0;
}

/** Staff spec §9: unlocked, then completed, then locked, then by due date (earliest first, none last). */
export function compareQuestionnaires(a: OrderFacts, b: OrderFacts): number {
  const rank = orderRank(a) - orderRank(b);
  if (rank !== 0) return rank;
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === null) return 1;
  if (b.dueDate === null) return -1;
  return a.dueDate < b.dueDate ? -1 : 1;
}

export function orderQuestionnaires<Q extends OrderFacts>(list: readonly Q[]): Q[] {
  return [...list].sort(compareQuestionnaires);
}

/** The same rule in SQL (alias q), for ORDER BY; `{dir}` flips the whole rule. */
export const ORDER_RANK_SQL = "(CASE WHEN q.locked THEN 2 WHEN q.completed THEN 1 ELSE 0 END)";
export const ORDERING_SQL = `${ORDER_RANK_SQL} {dir}, q.due_date {dir} NULLS LAST`;

// ───────────────────────────── Filters and sorts → SQL ─────────────────────────────

/** The rows of the table: a questionnaire with its entity, the entity's primary owner, advisor, group and custom status. */
export const COLLECT_FROM = `FROM questionnaires q
  JOIN companies c ON c.id = q.company_id
  LEFT JOIN users o ON o.id = c.primary_owner_id
  LEFT JOIN users adv ON adv.id = o.assigned_advisor_id
  LEFT JOIN firm_groups g ON g.id = o.firm_group_id
  LEFT JOIN firm_custom_statuses cs ON cs.id = q.firm_custom_status_id`;

const COLLECT_SORT: Record<string, string> = {
  notes: "(SELECT count(*) FROM notes n WHERE n.questionnaire_id = q.id AND n.deleted_at IS NULL) {dir}",
  firm_custom_status_id: 'cs."order" {dir} NULLS LAST, lower(cs.firm_user_display_status) {dir}',
  documents: "(SELECT count(*) FROM documents d WHERE d.questionnaire_id = q.id AND d.deleted_at IS NULL AND d.item_type = 'file') {dir}",
  status: ORDERING_SQL,
  client: "lower(c.name) {dir}",
  // None last in either direction, as a timestamp past every other ({never}): a key without NULLs,
  // so a next page is one range of the index (migration collect_activity_keyset), not a scan up to it.
  last_activity: "(CASE WHEN q.last_activity_at IS NULL THEN '{never}'::timestamptz ELSE q.last_activity_at END) {dir}",
  due_date: "q.due_date {dir} NULLS LAST",
  year: "q.tax_year {dir}",
  external_user_id: "o.external_user_id {dir} NULLS LAST",
  external_entity_id: "c.external_entity_id {dir} NULLS LAST",
  // The entity owner's advisor, kept on the questionnaire (migration collect_advisor_sort_keys): read from its index.
  assigned: "q.advisor_sort_lname {dir} NULLS LAST, q.advisor_sort_fname {dir}",
  entity_type: "lower(c.entity_type) {dir}",
  submitted_at: "q.submitted_at {dir} NULLS LAST",
  first_doc_uploaded_at: "q.first_doc_uploaded_at {dir} NULLS LAST",
  name: "lower(q.name) {dir}",
  next_reminder_date: "q.next_reminder_date {dir} NULLS LAST",
  firm_group: "lower(g.name) {dir} NULLS LAST",
};

/** The SQL condition of one status filter value (alias q); `today` is the firm's date. */
export function statusCondition(status: string, today: () => string): string | null {
  const open = "NOT q.is_draft AND NOT q.locked AND NOT q.completed";
  switch (status) {
    case "draft":
      return "q.is_draft AND NOT q.locked";
    case "sent":
      return `${open} AND q.opened_at IS NULL`;
    case "opened":
      return `${open} AND q.opened_at IS NOT NULL AND NOT q.in_progress`;
    case "in_progress":
      return `${open} AND q.in_progress`;
    case "completed":
      return "q.completed AND NOT q.locked";
    case "locked":
      return "q.locked";
    case "overdue":
      return `${open} AND q.due_date < ${today()}::date`;
    default:
      return null;
  }
}

export interface CollectQueryOptions {
  /** The firm's date (YYYY-MM-DD) for Overdue. */
  today: string;
  /** The entity type of the hidden drop-link entity, never listed. */
  hiddenEntityType: string;
}

const first = (state: TableState, name: string) => state.filters[name]?.[0] ?? "";

/**
 * WHERE and ORDER BY of the Collect table. Group-access staff see only questionnaires of entities
 * whose primary owner is in their group or in no group (as the Entities table).
 */
export function collectQuery(state: TableState, viewer: StaffViewer, options: CollectQueryOptions): ListQuery {
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const deleted = first(state, "deleted") === "only";
  // Entities that are deleted or hidden, as an anti-join: the set is tiny, so counting needs no join per row.
  const where = [
    deleted ? "q.deleted_at IS NOT NULL" : "q.deleted_at IS NULL",
    `NOT EXISTS (SELECT 1 FROM companies x WHERE x.id = q.company_id AND (x.deleted_at IS NOT NULL OR x.entity_type = ${add(options.hiddenEntityType)}))`,
  ];
  // Conditions on the entity or its owner as a semi-join (one hash of the firm's entities), so the
  // count does not join every questionnaire to its entity and owner.
  const entityIn = (condition: string) =>
    `q.company_id IN (SELECT ec.id FROM companies ec LEFT JOIN users eo ON eo.id = ec.primary_owner_id WHERE ${condition})`;
  if (viewer.firmAccess === "group") {
    where.push(entityIn(entityVisibleSql(viewer, "ec", add)));
  }
  if (state.q) where.push(questionnaireSearchSql("q", state.q, add));
  const statuses = (state.filters.status ?? []).map((s) => statusCondition(s, () => add(options.today))).filter((s): s is string => s !== null);
  if (statuses.length) where.push(`(${statuses.map((s) => `(${s})`).join(" OR ")})`);
  const years = (state.filters.year ?? []).map(Number).filter((y) => Number.isInteger(y) && y >= 1900 && y <= 2200);
  if (years.length) where.push(`q.tax_year = ANY(${add(years)}::int[])`);
  const advisor = first(state, "advisor");
  if (advisor === "none") where.push(entityIn("eo.assigned_advisor_id IS NULL"));
  else if (advisor) where.push(entityIn(`eo.assigned_advisor_id = ${add(advisor)}`));
  const custom = first(state, "custom_status");
  if (custom === "none") where.push("q.firm_custom_status_id IS NULL");
  else if (custom) where.push(`q.firm_custom_status_id = ${add(custom)}`);
  const group = first(state, "group");
  if (group === "none") where.push(entityIn("eo.firm_group_id IS NULL"));
  else if (group) where.push(entityIn(`eo.firm_group_id = ${add(group)}`));
  const type = first(state, "entity_type");
  if (type) where.push(`q.company_id IN (SELECT ec.id FROM companies ec WHERE ec.entity_type = ${add(type)})`);
  const dir = state.dir === "asc" ? "ASC" : "DESC";
  const sort = (COLLECT_SORT[state.sort] ?? COLLECT_SORT.last_activity!)
    .replaceAll("{dir}", dir)
    .replaceAll("{never}", dir === "DESC" ? "-infinity" : "infinity");
  return { where: where.join(" AND "), orderBy: `${sort}, q.created_at ${dir}, q.id ${dir}`, values };
}
