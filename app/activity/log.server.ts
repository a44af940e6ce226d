import { randomBytes } from "node:crypto";
import type { FirmDb, SqlTx } from "~/db.server";

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

let lastMillis = 0;
let sequence = 0;

/**
 * An entry's id: the time in milliseconds, a counter within it, and randomness, all base 36. The
 * lists break a tie on the time by id, so entries one process writes in the same millisecond
 * (one request's) keep their order, as Prisma's cuids kept it.
 */
export function newActivityId(now = Date.now()): string {
  // A clock that steps back keeps counting on from the latest time.
  const time = Math.max(now, lastMillis);
  sequence = time === lastMillis ? sequence + 1 : 0;
  lastMillis = time;
  const random = randomBytes(8).readBigUInt64BE().toString(36).padStart(13, "0");
  return `a${lastMillis.toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${random}`;
}

/**
 * Writes one activity-log entry in the firm's scope: in a transaction (Prisma's or `withFirmSql`'s)
 * or, given the firm's client, in one of its own. One raw statement, so it runs in either.
 */
export async function logActivity(db: FirmDb | SqlTx, firmId: string, entry: ActivityEntry): Promise<void> {
  const now = new Date();
  await db.$executeRaw`
    INSERT INTO activity_logs (id, firm_id, type_id, title, description, actor_id, user_id, company_id, questionnaire_id, tax_return_id, ip_address, created_at)
    VALUES (${newActivityId(now.getTime())}, ${firmId}, ${entry.typeId ?? ACTIVITY_TYPES.uncategorized}, ${entry.title.slice(0, 200)},
            ${entry.description?.slice(0, 2000) ?? null}, ${entry.actorId ?? null}, ${entry.userId ?? null}, ${entry.companyId ?? null},
            ${entry.questionnaireId ?? null}, ${entry.taxReturnId ?? null}, ${entry.ipAddress ?? null}, ${now})`;
}
