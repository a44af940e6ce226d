/**
 * /api/staff/tax-returns/bulk (the Deliver table's bulk actions): `{ intent: 'finish' |
 * 'reminders_off', ids }` changes every selected return that allows it in one transaction and
 * answers `{ changed, skipped, message }`. Ids this staff member can't reach are skipped untouched;
 * when none is reachable the answer is 404 'This tax return was not found'.
 */
import * as z from "zod";
import { BULK_LIMIT } from "~/deliver/table/bulk";
import { bulkUpdateTaxReturns } from "~/deliver/table/bulk.server";
import { requireDeliverStaff } from "~/deliver/table/guard.server";
import { jsonAction, notFoundLoader } from "~/http.server";

const schema = z
  .object({
    intent: z.enum(["finish", "reminders_off"]),
    ids: z.array(z.string().min(1).max(64)).min(1).max(BULK_LIMIT),
  })
  .strict();

export const loader = notFoundLoader;

export const action = jsonAction(schema, async (input, { request, portal }) => {
  const { user } = await requireDeliverStaff(request, portal);
  const result = await bulkUpdateTaxReturns(portal, user, input.ids, input.intent);
  return { ok: true as const, ...result };
});
