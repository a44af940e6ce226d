/**
 * Deliver on the staff entity page (/admin/{companyHash}), pure: what opening a listed tax return
 * does (the Deliver table's rule: a processing return shows the spec's info toast, any other opens
 * its classification page through the table's own `classificationUrl`), and where 'View all'
 * leads (the Deliver and signature request tables searched by the entity's name, the filter
 * those tables have for one entity).
 */
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { TAX_RETURN_MESSAGES } from "../rules";
import { classificationUrl } from "../table/table";

/** At most this many of each per entity page (newest tax year first); the rest are one click away in the tables. */
export const ENTITY_DELIVER_LIMIT = 20;

/** Spec §4 'Tax return status': 'Opening a return whose status is processing shows the info toast'. */
export function openTaxReturn(row: { id: string; companyId: string; status: TaxReturnStatus }): { toast: string } | { href: string } {
  if (row.status === "processing") return { toast: TAX_RETURN_MESSAGES.stillProcessing };
  return { href: classificationUrl(row) };
}

/** The table page of `table` narrowed to the entity (its search matches the entity's name). */
export function viewAllUrl(table: "/tax-returns" | "/signature-requests", entityName: string): string {
  return `${table}?q=${encodeURIComponent(entityName)}`;
}
