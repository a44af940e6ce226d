/**
 * The staff Users and Entities tables: their columns, sorts and filters (pure, shared by the
 * loaders and the UI) and the SQL they turn into (parameterised, whitelisted sort columns).
 */
import type { TableConfig, TableState } from "~/components/data-table/state";
import { entitySearchSql, userSearchSql } from "./search";
import { entityVisibleSql, userVisibleSql, type VisibilityViewer } from "./visibility";

export const USER_COLUMNS = [
  { key: "name", label: "Name", sortable: true },
  { key: "email", label: "Email", sortable: true },
  { key: "phone", label: "Phone", sortable: true },
  { key: "advisor", label: "Assigned advisor", sortable: true },
  { key: "group", label: "Group", sortable: true },
  { key: "tags", label: "Tags", sortable: false },
  { key: "active", label: "Active", sortable: true },
  { key: "created", label: "Created", sortable: true },
] as const;

export const ENTITY_COLUMNS = [
  { key: "name", label: "Name", sortable: true },
  { key: "type", label: "Type", sortable: true },
  { key: "owner", label: "Primary owner", sortable: true },
  { key: "tags", label: "Tags", sortable: false },
  { key: "status", label: "Status", sortable: true },
  { key: "created", label: "Created", sortable: true },
] as const;

export const USERS_TABLE: TableConfig = {
  sortKeys: USER_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  defaultSort: { key: "created", dir: "desc" },
  filters: ["status", "advisor", "group", "tag"],
  columns: USER_COLUMNS.map((c) => c.key).filter((k) => k !== "name"),
  // The email is the usual contact; the phone is one click away (Columns), so the table fits 1280 px.
  defaultHidden: ["phone"],
};

export const ENTITIES_TABLE: TableConfig = {
  sortKeys: ENTITY_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  defaultSort: { key: "created", dir: "desc" },
  filters: ["status", "type", "tag"],
  columns: ENTITY_COLUMNS.map((c) => c.key).filter((k) => k !== "name"),
};

/** "Hide inactive" shows active users only, "Hide active" inactive ones. */
export const USER_STATUS_FILTERS = [
  { value: "", label: "All users" },
  { value: "active", label: "Hide inactive" },
  { value: "inactive", label: "Hide active" },
  { value: "deleted", label: "Deleted users" },
] as const;

export const ENTITY_STATUS_FILTERS = [
  { value: "", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "readonly", label: "Read-only" },
  { value: "deleted", label: "Deleted" },
] as const;

export type EntityStatus = "active" | "inactive" | "readonly";

export function entityStatus(e: { inactive: boolean; readonlyAccess: boolean }): EntityStatus {
  return e.inactive ? "inactive" : e.readonlyAccess ? "readonly" : "active";
}

export const ENTITY_STATUS_LABELS: Record<EntityStatus, string> = { active: "Active", inactive: "Inactive", readonly: "Read-only" };

/** Who is looking: group-access staff see only their group's users and those in no group (visibility.ts). */
export type StaffViewer = VisibilityViewer;

export interface ListQuery {
  where: string;
  orderBy: string;
  values: unknown[];
}

/** Escapes LIKE wildcards so a search for '50%' matches the text. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const first = (state: TableState, name: string) => state.filters[name]?.[0] ?? "";

const USER_SORT: Record<string, string> = {
  name: "lower(u.lname) {dir}, lower(u.fname) {dir}",
  email: "lower(u.email) {dir} NULLS LAST",
  phone: "u.phone_number {dir} NULLS LAST",
  // The advisor's lower-cased names, copied onto the row by triggers (migration staff_sort_keys): indexed.
  advisor: "u.advisor_sort_lname {dir} NULLS LAST, u.advisor_sort_fname {dir}",
  group: "lower(g.name) {dir} NULLS LAST",
  active: "u.paying {dir}",
  created: "u.created_at {dir}",
};

/** WHERE and ORDER BY of the users table (alias u, adv for the advisor, g for the group). */
export function usersQuery(state: TableState, viewer: StaffViewer): ListQuery {
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const status = first(state, "status");
  const where = ["u.kind = 'client'", status === "deleted" ? "u.deleted_at IS NOT NULL" : "u.deleted_at IS NULL"];
  if (viewer.firmAccess === "group") where.push(userVisibleSql(viewer, "u", add));
  if (state.q) where.push(userSearchSql("u", state.q, add));
  if (status === "active") where.push("u.paying");
  if (status === "inactive") where.push("NOT u.paying");
  const advisor = first(state, "advisor");
  if (advisor === "none") where.push("u.assigned_advisor_id IS NULL");
  else if (advisor) where.push(`u.assigned_advisor_id = ${add(advisor)}`);
  const group = first(state, "group");
  if (group === "none") where.push("u.firm_group_id IS NULL");
  else if (group) where.push(`u.firm_group_id = ${add(group)}`);
  const tags = state.filters.tag ?? [];
  if (tags.length) where.push(`EXISTS (SELECT 1 FROM user_contact_tags t WHERE t.user_id = u.id AND t.tag_id = ANY(${add(tags)}::text[]))`);
  const dir = state.dir === "asc" ? "ASC" : "DESC";
  const sort = (USER_SORT[state.sort] ?? USER_SORT.created!).replaceAll("{dir}", dir);
  return { where: where.join(" AND "), orderBy: `${sort}, u.id ${dir}`, values };
}

const ENTITY_SORT: Record<string, string> = {
  name: "lower(c.name) {dir}",
  type: "lower(c.entity_type) {dir}",
  // The primary owner's lower-cased names, copied onto the row by triggers (migration staff_sort_keys): indexed.
  owner: "c.owner_sort_lname {dir} NULLS LAST, c.owner_sort_fname {dir}",
  status: "c.inactive {dir}, c.readonly_access {dir}",
  created: "c.created_at {dir}",
};

/** WHERE and ORDER BY of the entities table (alias c, o for the primary owner). */
export function entitiesQuery(state: TableState, viewer: StaffViewer, hiddenType: string): ListQuery {
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const status = first(state, "status");
  // Deleted entities are listed only under their own filter (to restore them).
  const where = [status === "deleted" ? "c.deleted_at IS NOT NULL" : "c.deleted_at IS NULL", `c.entity_type <> ${add(hiddenType)}`];
  if (viewer.firmAccess === "group") where.push(entityVisibleSql(viewer, "c", add));
  if (state.q) where.push(entitySearchSql("c", state.q, add));
  if (status === "active") where.push("NOT c.inactive AND NOT c.readonly_access");
  if (status === "inactive") where.push("c.inactive");
  if (status === "readonly") where.push("NOT c.inactive AND c.readonly_access");
  const type = first(state, "type");
  if (type) where.push(`c.entity_type = ${add(type)}`);
  const tags = state.filters.tag ?? [];
  if (tags.length) where.push(`EXISTS (SELECT 1 FROM company_entity_tags t WHERE t.company_id = c.id AND t.tag_id = ANY(${add(tags)}::text[]))`);
  const dir = state.dir === "asc" ? "ASC" : "DESC";
  const sort = (ENTITY_SORT[state.sort] ?? ENTITY_SORT.created!).replaceAll("{dir}", dir);
  return { where: where.join(" AND "), orderBy: `${sort}, c.id ${dir}`, values };
}
