/**
 * Prior-year items and their rollover line items (staff spec §3, §6, §7): what an advisor keeps
 * per entity and year so the next year's questionnaire can ask for it again ('include prior year
 * items' when sending). Validation shared by the entity page and the server.
 */
import * as z from "zod";

export const PRIOR_YEAR_MESSAGES = {
  added: "Prior year item added",
  updated: "Prior year item updated",
  deleted: "Prior year item deleted",
  lineAdded: "Line item added",
  lineUpdated: "Line item updated",
  lineDeleted: "Line item deleted",
  nameRequired: "Please enter a name",
  yearInvalid: "Please enter a valid year",
  categoryRequired: "Please enter a category",
  valueRequired: "Please enter a value",
  notRemovable: "This line item can't be removed.",
  notFound: "Not found",
} as const;

const id = z.string().trim().min(1, PRIOR_YEAR_MESSAGES.notFound).max(64, PRIOR_YEAR_MESSAGES.notFound);
const name = z
  .string({ error: PRIOR_YEAR_MESSAGES.nameRequired })
  .trim()
  .min(1, PRIOR_YEAR_MESSAGES.nameRequired)
  .max(200, "Names can be at most 200 characters.");
const year = z.coerce
  .number({ error: PRIOR_YEAR_MESSAGES.yearInvalid })
  .int(PRIOR_YEAR_MESSAGES.yearInvalid)
  .min(2000, PRIOR_YEAR_MESSAGES.yearInvalid)
  .max(2100, PRIOR_YEAR_MESSAGES.yearInvalid);
const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());
const category = z
  .string({ error: PRIOR_YEAR_MESSAGES.categoryRequired })
  .trim()
  .min(1, PRIOR_YEAR_MESSAGES.categoryRequired)
  .max(100, "Categories can be at most 100 characters.");
const value = z
  .string({ error: PRIOR_YEAR_MESSAGES.valueRequired })
  .trim()
  .min(1, PRIOR_YEAR_MESSAGES.valueRequired)
  .max(500, "Values can be at most 500 characters.");

export const priorYearActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    name,
    year,
    source: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || null),
  }),
  z.object({ intent: z.literal("update"), id, name, year, doNotRollover: checkbox }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("line-add"), priorYearItemId: id, category, value }),
  z.object({ intent: z.literal("line-update"), id, category, value }),
  z.object({ intent: z.literal("line-delete"), id }),
]);

export type PriorYearAction = z.infer<typeof priorYearActionSchema>;

/** Rollover line items can be removed only when removable is not false (staff spec §6). */
export function lineItemRemovable(item: { removable: boolean | null }): boolean {
  return item.removable !== false;
}
