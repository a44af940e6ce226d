/**
 * Group access as database filters: which client users and entities a staff member may see,
 * written once for Prisma (`userVisibleWhere`, `entityVisibleWhere`, `conversationVisibleWhere`) and once for hand-written SQL
 * (`userVisibleSql`, `entityVisibleSql`), all built from `groupScope` in permissions.ts so the
 * lists, pages and actions can't drift from the rule the predicates (`canSeeGroup`) apply.
 *
 * Pure: no database. `visibility.server.ts` is the door routes use (the viewer's group loaded once,
 * plus `assertSeesEntity` / `assertSeesUser`).
 *
 * The rule: a client user is visible when in no group or in the viewer's group; an entity when it
 * has no primary owner or its primary owner is visible.
 */
import type { Prisma } from "~/generated/prisma/client";
import { groupScope, type StaffFacts } from "./permissions";

/** Who is asking. `firmGroupId` undefined: not loaded (SQL then reads it by the viewer's id). */
export type VisibilityViewer = Pick<StaffFacts, "id" | "firmAccess"> & { firmGroupId?: string | null };

/** Adds a bound value to a statement's parameters and returns its placeholder (`$3`). */
export type Bind = (value: unknown) => string;

const scopeOf = (v: VisibilityViewer) => groupScope({ firmAccess: v.firmAccess, firmGroupId: v.firmGroupId ?? null });

/** Client users the viewer may see (staff accounts are not narrowed by this rule's callers). */
export function userVisibleWhere(v: VisibilityViewer): Prisma.UserWhereInput {
  const scope = scopeOf(v);
  if (scope.all) return {};
  return { OR: [{ firmGroupId: null }, ...(scope.ownGroupId ? [{ firmGroupId: scope.ownGroupId }] : [])] };
}

/** Entities the viewer may see: no primary owner, or a primary owner the viewer may see. */
export function entityVisibleWhere(v: VisibilityViewer): Prisma.CompanyWhereInput {
  const scope = scopeOf(v);
  if (scope.all) return {};
  return {
    OR: [
      { primaryOwnerId: null },
      { primaryOwner: { is: { firmGroupId: null } } },
      ...(scope.ownGroupId ? [{ primaryOwner: { is: { firmGroupId: scope.ownGroupId } } }] : []),
    ],
  };
}

/**
 * Conversations the viewer may see: about an entity (not deleted) they may see, or about no entity
 * with them among the firm's participants.
 */
export function conversationVisibleWhere(v: VisibilityViewer): Prisma.ConversationWhereInput {
  return {
    OR: [
      { companies: { some: { company: { AND: [{ deletedAt: null }, entityVisibleWhere(v)] } } } },
      { companies: { none: {} }, participants: { some: { userId: v.id, isFirmUser: true } } },
    ],
  };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/i;

function alias(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`visibility: not a table alias: ${name}`);
  return name;
}

/**
 * The viewer's group as an SQL expression: bound when known, else read by the viewer's id in the
 * same statement (callers that only know who is asking). Null: known to have no group.
 */
function ownGroupSql(v: VisibilityViewer, bind: Bind): string | null {
  if (v.firmGroupId === undefined) return `(SELECT vg.firm_group_id FROM users vg WHERE vg.id = ${bind(v.id)})`;
  return v.firmGroupId === null ? null : bind(v.firmGroupId);
}

/** `userVisibleWhere` as an SQL condition on the users row aliased `users` (e.g. "u"). */
export function userVisibleSql(v: VisibilityViewer, users: string, bind: Bind): string {
  if (scopeOf(v).all) return "TRUE";
  const u = alias(users);
  const own = ownGroupSql(v, bind);
  return own ? `(${u}.firm_group_id IS NULL OR ${u}.firm_group_id = ${own})` : `(${u}.firm_group_id IS NULL)`;
}

/**
 * `entityVisibleWhere` as an SQL condition on the companies row aliased `companies` (e.g. "c"):
 * no primary owner in a group the viewer may not see. Needs no join.
 */
export function entityVisibleSql(v: VisibilityViewer, companies: string, bind: Bind): string {
  if (scopeOf(v).all) return "TRUE";
  const c = alias(companies);
  const own = ownGroupSql(v, bind);
  return `NOT EXISTS (SELECT 1 FROM users vo WHERE vo.id = ${c}.primary_owner_id AND vo.firm_group_id IS NOT NULL${own ? ` AND vo.firm_group_id IS DISTINCT FROM ${own}` : ""})`;
}
