/**
 * A tax return's activity log (staff spec §7 get_activity_logs): its entries of type 5 (tax
 * return delivery), newest first, a page at a time, with who did it.
 */
import type { SessionUser } from "~/auth/session.server";
import type { FirmDb } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { findTaxReturn } from "../access.server";

export const ACTIVITY_PAGE_SIZE = 10;

export interface TaxReturnActivityEntry {
  id: string;
  title: string;
  description: string | null;
  /** Who did it: a name, or null for the system (automatic steps). */
  actor: string | null;
  createdAt: string;
}

export interface TaxReturnActivityPage {
  entries: TaxReturnActivityEntry[];
  page: number;
  perPage: number;
  totalCount: number;
  totalPages: number;
}

export async function taxReturnActivity(
  db: FirmDb,
  user: SessionUser,
  taxReturnId: string,
  companyId: string | null,
  page: number,
  perPage = ACTIVITY_PAGE_SIZE,
): Promise<TaxReturnActivityPage> {
  const found = await findTaxReturn(db, user, taxReturnId, companyId);
  return activityLogPage(db, { taxReturnId: found.id, typeId: ACTIVITY_TYPES.taxReturnDelivery }, page, perPage);
}

/** One page of the activity entries `where` selects (a return's, a signature request's), newest first, with who did each. */
export async function activityLogPage(
  db: FirmDb,
  where: Prisma.ActivityLogWhereInput,
  page: number,
  perPage = ACTIVITY_PAGE_SIZE,
): Promise<TaxReturnActivityPage> {
  const [totalCount, rows] = await Promise.all([
    db.activityLog.count({ where }),
    db.activityLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: { id: true, title: true, description: true, actorId: true, createdAt: true },
    }),
  ]);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => Boolean(id)))];
  const actors = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, fname: true, lname: true } }) : [];
  const names = new Map(actors.map((a) => [a.id, `${a.fname} ${a.lname}`.trim()]));
  return {
    entries: rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      actor: r.actorId ? (names.get(r.actorId) ?? "A former user") : null,
      createdAt: r.createdAt.toISOString(),
    })),
    page,
    perPage,
    totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / perPage)),
  };
}
