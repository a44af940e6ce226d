/** The tables' firm role columns (Collect, Deliver): one per role, who holds it on the row's entity. */
import type { DataTableColumn } from "~/components/data-table";
import { roleColumnKey, type FirmRoleColumn } from "./rules";

/** One column per firm role (shared by the tables whose rows belong to entities); sortable where the table sorts them in SQL. */
export function roleColumns<R extends { roleHolders?: Record<string, string[]> }>(
  roles: readonly FirmRoleColumn[],
  options: { sortable?: boolean } = {},
): DataTableColumn<R>[] {
  return roles.map((role) => ({
    key: roleColumnKey(role.id),
    label: role.name,
    sortable: options.sortable ?? false,
    render: (row: R) => (row.roleHolders?.[role.id] ?? []).join(", "),
  }));
}
