/**
 * Firm roles (staff spec §3 "Firm role", §6): the settings form's rules and messages, and the
 * tables' role columns (one per role: Collect and Deliver). Pure.
 */
import * as z from "zod";
import type { TableConfig } from "~/components/data-table/state";

export const ROLE_NAME_MAX = 60;

export const FIRM_ROLE_MESSAGES = {
  nameRequired: "Enter a role name",
  duplicate: "Your firm already has a role with this name",
  notFound: "Role not found",
  staffNotFound: "Staff member not found",
  created: "Role created",
  renamed: "Role renamed",
  deleted: "Role deleted",
  assigned: "Role assigned",
  forbidden: "Only partners and admins can manage firm roles.",
  off: "Your firm does not use firm roles.",
} as const;

const roleName = z.string().trim().min(1, FIRM_ROLE_MESSAGES.nameRequired).max(ROLE_NAME_MAX, `At most ${ROLE_NAME_MAX} characters`);
const id = z.string().min(1).max(64);

export const roleActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), roleName }),
  z.object({ intent: z.literal("rename"), id, roleName }),
  z.object({ intent: z.literal("delete"), id }),
]);
export type RoleAction = z.output<typeof roleActionSchema>;

/** Entities table → Assign role: one role, one staff member, the selected entities. */
export const bulkAssignSchema = z.object({
  roleId: z.string({ message: "Choose a role" }).min(1, "Choose a role").max(64),
  userId: z.string({ message: "Choose a staff member" }).min(1, "Choose a staff member").max(64),
  entityIds: z.array(id).min(1, "Select at least one entity").max(1000, "At most 1000 entities at once"),
});
export type BulkAssignInput = z.output<typeof bulkAssignSchema>;

export interface FirmRoleColumn {
  id: string;
  name: string;
}

/** A role's column key in a table's state (URL, cookie). */
export const roleColumnKey = (roleId: string) => `role_${roleId}`;

/** The role id of a role's column key (`role_{id}`), or null for any other column. */
export function roleIdOfColumn(key: string): string | null {
  return key.startsWith("role_") && key.length > "role_".length ? key.slice("role_".length) : null;
}

/**
 * A table's configuration with one column per role added (choosable; sortable when the table
 * sorts them in SQL, see `roleSortSql`). They start shown: a firm that uses roles created them to
 * see who does what.
 */
export function withRoleColumns(config: TableConfig, roles: readonly FirmRoleColumn[], options: { sortable?: boolean } = {}): TableConfig {
  if (roles.length === 0) return config;
  const keys = roles.map((r) => roleColumnKey(r.id));
  return { ...config, columns: [...config.columns, ...keys], ...(options.sortable ? { sortKeys: [...config.sortKeys, ...keys] } : {}) };
}

/** Role ids are the database's own (cuid): anything else is never put in a statement. */
const ROLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The ORDER BY expression of a role's column, for a row whose entity id is `companyIdSql`: the
 * holder who comes first by last name then first name (as the cell lists them), lower-cased;
 * null when nobody holds the role on the entity (the caller puts those last). The role id comes
 * from the firm's own roles and is checked before it is written into the statement (a bound
 * parameter would also reach the count, which does not read it).
 */
export function roleSortSql(companyIdSql: string, roleId: string): string {
  if (!ROLE_ID.test(roleId)) throw new Error("roleSortSql: not a role id");
  return `(SELECT min(lower(ru.lname || ' ' || ru.fname)) FROM firm_role_assignments ra JOIN users ru ON ru.id = ra.user_id
    WHERE ra.company_id = ${companyIdSql} AND ra.firm_role_id = '${roleId}')`;
}

/** Who holds each role for an entity: role id → staff names. */
export type EntityRoleHolders = Record<string, string[]>;
