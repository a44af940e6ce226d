/**
 * /api/staff/tax-returns/{id} (spec §7 'PATCH/DELETE /tax_returns/{id}', as POSTs like every JSON
 * call here): `{ intent: 'finish', companyId }` marks the return finished (status 'finished'),
 * `{ intent: 'reminders', companyId, reminderDisabled }` turns its reminders off or on,
 * `{ intent: 'delete', companyId }` deletes it (soft). Another firm's, another group's or an
 * unknown return is a 404 with nothing written; a change its status does not allow is a 409.
 */
import * as z from "zod";
import { TAX_RETURN_MESSAGES } from "~/deliver/rules";
import { deleteTaxReturn } from "~/deliver/table/delete-tax-return.server";
import { requireDeliverStaff } from "~/deliver/table/guard.server";
import { markTaxReturnFinished } from "~/deliver/table/mark-finished.server";
import { setTaxReturnReminders } from "~/deliver/table/set-reminders.server";
import { jsonAction, notFoundLoader } from "~/http.server";

const companyId = z.string().min(1).max(64);

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("finish"), companyId }).strict(),
  z.object({ intent: z.literal("reminders"), companyId, reminderDisabled: z.boolean() }).strict(),
  z.object({ intent: z.literal("delete"), companyId }).strict(),
]);

export const loader = notFoundLoader;

export const action = jsonAction(schema, async (input, { request, params, portal }) => {
  const { user } = await requireDeliverStaff(request, portal);
  const id = params.taxReturnId ?? "";
  switch (input.intent) {
    case "finish":
      await markTaxReturnFinished(portal, user, id, input.companyId);
      return { ok: true as const, message: TAX_RETURN_MESSAGES.markedFinished };
    case "reminders":
      await setTaxReturnReminders(portal, user, id, input.companyId, input.reminderDisabled);
      return { ok: true as const, message: "Reminder updated" };
    case "delete":
      await deleteTaxReturn(portal, user, id, input.companyId);
      return { ok: true as const, message: TAX_RETURN_MESSAGES.deleted };
  }
});
