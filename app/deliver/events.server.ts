/**
 * What happened to a tax return, recorded once: every Deliver action (upload, send, approve,
 * request changes, sign, mark paid, finish, delete...) calls `recordTaxReturnEvent` in its
 * transaction. It writes the return's activity-log entry (type 5, tax return delivery), which the
 * staff activity log dialog lists.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import type { FirmTx } from "~/db.server";

export interface TaxReturnEventInput {
  taxReturnId: string;
  companyId: string;
  /** A short title: 'Tax return uploaded', 'Draft approved'... */
  title: string;
  description?: string | null;
  /** Who did it (null: the system). */
  actorId?: string | null;
  ipAddress?: string | null;
}

export async function recordTaxReturnEvent(tx: FirmTx, firmId: string, event: TaxReturnEventInput): Promise<void> {
  await logActivity(tx, firmId, {
    typeId: ACTIVITY_TYPES.taxReturnDelivery,
    title: event.title,
    description: event.description ?? null,
    actorId: event.actorId ?? null,
    companyId: event.companyId,
    taxReturnId: event.taxReturnId,
    ipAddress: event.ipAddress ?? null,
  });
}
