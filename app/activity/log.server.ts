import type { FirmDb, FirmTx } from "~/db.server";

/** Activity type ids from the staff spec (section 3). */
export const ACTIVITY_TYPES = {
  uncategorized: 0,
  detailChange: 1,
  document: 2,
  questionnaire: 3,
  chat: 4,
  taxReturnDelivery: 5,
  reviewAndExport: 6,
  signature: 7,
  teal: 8,
} as const;

export interface ActivityEntry {
  typeId?: number;
  title: string;
  description?: string | null;
  /** Who did it (null for the system or an anonymous visitor). */
  actorId?: string | null;
  /** Whose account it is about, when not the actor (sign-ins, method changes). */
  userId?: string | null;
  companyId?: string | null;
  questionnaireId?: string | null;
  taxReturnId?: string | null;
  ipAddress?: string | null;
}

/** Writes one activity-log entry in the firm's scope. */
export async function logActivity(db: FirmDb | FirmTx, firmId: string, entry: ActivityEntry): Promise<void> {
  // Both clients have the same model API; the union of their extension types is not callable.
  await (db as FirmTx).activityLog.create({
    data: {
      firmId,
      typeId: entry.typeId ?? ACTIVITY_TYPES.uncategorized,
      title: entry.title.slice(0, 200),
      description: entry.description?.slice(0, 2000) ?? null,
      actorId: entry.actorId ?? null,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      questionnaireId: entry.questionnaireId ?? null,
      taxReturnId: entry.taxReturnId ?? null,
      ipAddress: entry.ipAddress ?? null,
    },
  });
}
