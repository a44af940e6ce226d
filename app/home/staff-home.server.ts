import type { FirmSiteContext } from "~/context.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/rules";

interface CountsRow {
  total: bigint;
  draft: bigint;
  sent: bigint;
  opened: bigint;
  in_progress: bigint;
  completed: bigint;
  locked: bigint;
  overdue: bigint;
}

/**
 * The staff home (Collect): questionnaire counts by status (one aggregate query) and the
 * ten most recently active questionnaires (one query with their entity).
 */
export async function loadStaffHome(portal: FirmSiteContext) {
  const { db } = portal;
  const [countsRows, recent, clientCount, entityCount] = await Promise.all([
    db.$queryRaw<CountsRow[]>`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE is_draft) AS draft,
             count(*) FILTER (WHERE NOT is_draft AND NOT locked AND NOT completed AND opened_at IS NULL) AS sent,
             count(*) FILTER (WHERE NOT is_draft AND NOT locked AND NOT completed AND opened_at IS NOT NULL AND NOT in_progress) AS opened,
             count(*) FILTER (WHERE NOT is_draft AND NOT locked AND NOT completed AND in_progress) AS in_progress,
             count(*) FILTER (WHERE completed AND NOT locked) AS completed,
             count(*) FILTER (WHERE locked) AS locked,
             count(*) FILTER (WHERE NOT is_draft AND NOT locked AND NOT completed AND due_date < current_date) AS overdue
        FROM questionnaires
       WHERE deleted_at IS NULL`,
    db.questionnaire.findMany({
      where: { deletedAt: null },
      orderBy: [{ lastActivityAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      take: 10,
      select: {
        id: true,
        name: true,
        taxYear: true,
        dueDate: true,
        isDraft: true,
        locked: true,
        completed: true,
        openedAt: true,
        inProgress: true,
        lastActivity: true,
        lastActivityAt: true,
        company: { select: { name: true, hashId: true, entityType: true } },
      },
    }),
    db.user.count({ where: { kind: "client", deletedAt: null } }),
    // The hidden entity that holds drop-link uploads is not a client entity.
    db.company.count({ where: { deletedAt: null, entityType: { not: UNASSIGNED_ENTITY_TYPE } } }),
  ]);
  const row = countsRows[0];
  const counts = Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as Record<keyof CountsRow, number>;
  return {
    counts,
    clientCount,
    entityCount,
    recent: recent.map((q) => ({
      ...q,
      dueDate: q.dueDate?.toISOString().slice(0, 10) ?? null,
      openedAt: q.openedAt?.toISOString() ?? null,
      lastActivityAt: q.lastActivityAt?.toISOString() ?? null,
    })),
  };
}
