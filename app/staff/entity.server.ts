/** One entity for the staff entity view, and the entity switcher's list. */
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { entityStatus, likePattern, type StaffViewer } from "./tables";
import { entityVisibleSql } from "./visibility";

export const SWITCHER_SIZE = 5;

/** Binds values into `values` as $1, $2…. */
const binder = (values: unknown[]) => (value: unknown) => {
  values.push(value);
  return `$${values.length}`;
};

/** The entity behind a hash id, if the viewer may see it (group access: visibility.ts), else null. */
export async function loadEntity(portal: FirmSiteContext, viewer: StaffViewer, hashId: string) {
  const values: unknown[] = [];
  const bind = binder(values);
  const rows = await firmSql<{ id: string }>(
    portal.firm.id,
    `SELECT c.id FROM companies c
      WHERE c.hash_id = ${bind(hashId)} AND c.deleted_at IS NULL AND c.entity_type <> ${bind(UNASSIGNED_ENTITY_TYPE)} AND ${entityVisibleSql(viewer, "c", bind)}`,
    values,
  );
  if (!rows[0]) return null;
  const company = await portal.db.company.findFirst({
    where: { id: rows[0].id },
    select: {
      id: true,
      hashId: true,
      name: true,
      entityType: true,
      businessEmail: true,
      street: true,
      city: true,
      state: true,
      zip: true,
      country: true,
      inactive: true,
      readonlyAccess: true,
      createdAt: true,
      primaryOwnerId: true,
      entityTags: { select: { tag: { select: { name: true } } } },
      owners: {
        orderBy: [{ isPrimary: "desc" }, { createdAt: "asc" }],
        select: { isPrimary: true, user: { select: { id: true, fname: true, lname: true, email: true, paying: true, deletedAt: true } } },
      },
    },
  });
  if (!company) return null;
  const owners = company.owners.filter((o) => !o.user.deletedAt);
  return {
    id: company.id,
    hashId: company.hashId,
    name: company.name,
    type: company.entityType,
    email: company.businessEmail,
    address: [company.street, [company.city, company.state, company.zip].filter(Boolean).join(", "), company.country].filter(Boolean).join(" · "),
    status: entityStatus(company),
    createdAt: company.createdAt.toISOString(),
    primaryOwnerId: company.primaryOwnerId,
    tags: company.entityTags.map((t) => t.tag.name).sort(),
    owners: owners.map((o) => ({
      id: o.user.id,
      name: `${o.user.fname} ${o.user.lname}`.trim(),
      email: o.user.email,
      active: o.user.paying,
      primary: o.isPrimary,
    })),
    hasActiveOwners: owners.some((o) => o.user.paying),
  };
}

/** The entity switcher: the first 5 entities by name, or those matching the typed filter. */
export async function switcherEntities(portal: FirmSiteContext, viewer: StaffViewer, filter: string) {
  const values: unknown[] = [];
  const bind = binder(values);
  let where = `c.deleted_at IS NULL AND c.entity_type <> ${bind(UNASSIGNED_ENTITY_TYPE)} AND ${entityVisibleSql(viewer, "c", bind)}`;
  const term = filter.trim().slice(0, 200);
  if (term) where += ` AND c.name ILIKE ${bind(likePattern(term))}`;
  return firmSql<{ hashId: string; name: string }>(
    portal.firm.id,
    `SELECT c.hash_id AS "hashId", c.name FROM companies c WHERE ${where} ORDER BY lower(c.name), c.id LIMIT ${SWITCHER_SIZE}`,
    values,
  );
}
