/** One entity for the staff entity view, and the entity switcher's list. */
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/rules";
import { entityStatus, likePattern, type StaffViewer } from "./tables";

export const SWITCHER_SIZE = 5;

function groupClause(viewer: StaffViewer, param: string) {
  return viewer.firmAccess === "group"
    ? ` AND (o.id IS NULL OR o.firm_group_id IS NULL OR o.firm_group_id = (SELECT v.firm_group_id FROM users v WHERE v.id = ${param}))`
    : "";
}

export async function loadEntity(portal: FirmSiteContext, viewer: StaffViewer, hashId: string) {
  const values: unknown[] = [hashId, UNASSIGNED_ENTITY_TYPE];
  if (viewer.firmAccess === "group") values.push(viewer.id);
  const rows = await firmSql<{ id: string }>(
    portal.firm.id,
    `SELECT c.id FROM companies c LEFT JOIN users o ON o.id = c.primary_owner_id
      WHERE c.hash_id = $1 AND c.deleted_at IS NULL AND c.entity_type <> $2${groupClause(viewer, "$3")}`,
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
      owners: { orderBy: [{ isPrimary: "desc" }, { createdAt: "asc" }], select: { isPrimary: true, user: { select: { id: true, fname: true, lname: true, email: true, paying: true, deletedAt: true } } } },
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
    owners: owners.map((o) => ({ id: o.user.id, name: `${o.user.fname} ${o.user.lname}`.trim(), email: o.user.email, active: o.user.paying, primary: o.isPrimary })),
    hasActiveOwners: owners.some((o) => o.user.paying),
  };
}

/** The entity switcher: the first 5 entities by name, or those matching the typed filter. */
export async function switcherEntities(portal: FirmSiteContext, viewer: StaffViewer, filter: string) {
  const values: unknown[] = [UNASSIGNED_ENTITY_TYPE];
  let where = "c.deleted_at IS NULL AND c.entity_type <> $1";
  if (viewer.firmAccess === "group") {
    values.push(viewer.id);
    where += groupClause(viewer, `$${values.length}`);
  }
  const term = filter.trim().slice(0, 200);
  if (term) {
    values.push(likePattern(term));
    where += ` AND c.name ILIKE $${values.length}`;
  }
  return firmSql<{ hashId: string; name: string }>(
    portal.firm.id,
    `SELECT c.hash_id AS "hashId", c.name FROM companies c LEFT JOIN users o ON o.id = c.primary_owner_id WHERE ${where} ORDER BY lower(c.name), c.id LIMIT ${SWITCHER_SIZE}`,
    values,
  );
}
