/**
 * The staff Users and Entities lists: one statement for the page's rows (with advisor, group,
 * tags and primary owner joined in) and one for the count, under the firm's row-level security;
 * the next, previous and last pages by keyset (keyset-page.server.ts).
 */
import type { PageInfo, TableState } from "~/components/data-table/state";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { readPage } from "./keyset-page.server";
import { entitiesQuery, entityStatus, usersQuery, type EntityStatus, type ListQuery, type StaffViewer } from "./tables";

export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  advisor: string | null;
  group: string | null;
  tags: string[];
  active: boolean;
  deleted: boolean;
  createdAt: string;
}

export interface EntityRow {
  id: string;
  hashId: string;
  name: string;
  type: string;
  owner: string | null;
  ownerId: string | null;
  tags: string[];
  status: EntityStatus;
  deleted: boolean;
  createdAt: string;
}

export interface ListPage<R> {
  rows: R[];
  page: PageInfo;
}

/** Rows counted at most; beyond it the range label reads '… of 10,000+' (narrow with search or filters). */
export const COUNT_CAP = 10_000;

function pageOf<R>(firmId: string, q: ListQuery, from: string, select: string, state: TableState): Promise<ListPage<R>> {
  return readPage<R>(firmId, { select, from, where: q.where, orderBy: q.orderBy, values: q.values }, state, COUNT_CAP);
}

const USERS_FROM = `FROM users u
  LEFT JOIN users adv ON adv.id = u.assigned_advisor_id
  LEFT JOIN firm_groups g ON g.id = u.firm_group_id`;

export async function listUsers(portal: FirmSiteContext, viewer: StaffViewer, state: TableState): Promise<ListPage<UserRow>> {
  const q = usersQuery(state, viewer);
  const select = `u.id, trim(u.fname || ' ' || u.lname) AS name, u.email, u.phone_number AS phone,
    CASE WHEN adv.id IS NULL THEN NULL ELSE trim(adv.fname || ' ' || adv.lname) END AS advisor,
    g.name AS "group", u.paying AS active, u.deleted_at IS NOT NULL AS deleted, to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    COALESCE((SELECT array_agg(ct.name ORDER BY ct.name) FROM user_contact_tags ut JOIN contact_tags ct ON ct.id = ut.tag_id WHERE ut.user_id = u.id), '{}') AS tags`;
  return pageOf<UserRow>(portal.firm.id, q, USERS_FROM, select, state);
}

const ENTITIES_FROM = `FROM companies c LEFT JOIN users o ON o.id = c.primary_owner_id`;

export async function listEntities(portal: FirmSiteContext, viewer: StaffViewer, state: TableState): Promise<ListPage<EntityRow>> {
  const q = entitiesQuery(state, viewer, UNASSIGNED_ENTITY_TYPE);
  const select = `c.id, c.hash_id AS "hashId", c.name, c.entity_type AS type, c.inactive, c.readonly_access AS "readonlyAccess", c.deleted_at IS NOT NULL AS deleted,
    o.id AS "ownerId", CASE WHEN o.id IS NULL THEN NULL ELSE trim(o.fname || ' ' || o.lname) END AS owner,
    to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    COALESCE((SELECT array_agg(et.name ORDER BY et.name) FROM company_entity_tags ct JOIN entity_tags et ON et.id = ct.tag_id WHERE ct.company_id = c.id), '{}') AS tags`;
  const page = await pageOf<EntityRow & { inactive: boolean; readonlyAccess: boolean }>(portal.firm.id, q, ENTITIES_FROM, select, state);
  return {
    page: page.page,
    rows: page.rows.map(({ inactive, readonlyAccess, ...r }) => ({ ...r, status: entityStatus({ inactive, readonlyAccess }) })),
  };
}

export async function entityFilterOptions(portal: FirmSiteContext) {
  const [types, tags] = await Promise.all([
    firmSql<{ type: string }>(portal.firm.id, `SELECT DISTINCT entity_type AS type FROM companies WHERE deleted_at IS NULL AND entity_type <> $1 ORDER BY 1`, [
      UNASSIGNED_ENTITY_TYPE,
    ]),
    portal.db.entityTag.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return { types: types.map((t) => ({ value: t.type, label: t.type })), tags: tags.map((t) => ({ value: t.id, label: t.name })) };
}
