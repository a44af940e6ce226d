/**
 * The client dashboard's tax return cards: one per return of the selected entity and tax year
 * that the client sees, with its status and the next step. Only when the firm turned on the new
 * tax return delivery. Read inside the dashboard's one statement (home/client-home.server.ts):
 * `taxReturnCardsSql` is its column, `taxReturnCards` turns the rows into cards.
 */
import type { FirmSettings } from "~/context.server";
import type { TaxReturnStatus } from "~/generated/prisma/enums";
import { CLIENT_VISIBLE_STATUSES, TAX_RETURN_STATUS_LABELS } from "../rules";
import { nextStepLabel, taxReturnHref } from "./stage";

export interface TaxReturnCard {
  id: string;
  name: string;
  taxYear: number;
  status: string;
  statusLabel: string;
  nextStep: "Review Draft" | "Sign" | "View";
  href: string;
}

export interface TaxReturnCardRow {
  id: string;
  companyId: string;
  name: string;
  taxYear: number;
  status: TaxReturnStatus;
  /** The signed-in client is a signer of it who has not signed yet. */
  mySignaturePending: boolean;
}

/**
 * The column `"taxReturns"` of the dashboard's statement: the client-visible returns of the entity
 * `entitySql` selects, newest year first, each with whether `userParam` still has to sign. NULL
 * (no work) when the firm does not deliver returns in the portal.
 */
export function taxReturnCardsSql(firm: FirmSettings, entitySql: string, userParam: string): string {
  if (!firm.preferences.newTaxReturnDeliveryEnabled) return `NULL::json AS "taxReturns"`;
  const statuses = CLIENT_VISIBLE_STATUSES.map((s) => `'${s}'`).join(", ");
  return `(SELECT json_agg(json_build_object(
             'id', t.id, 'companyId', t.company_id, 'name', t.tax_return_name, 'taxYear', t.tax_year, 'status', t.status,
             'mySignaturePending', EXISTS (SELECT 1 FROM tax_return_signers s
                                            WHERE s.firm_id = t.firm_id AND s.tax_return_id = t.id AND s.user_id = ${userParam} AND s.signed_at IS NULL))
           ORDER BY t.tax_year DESC, t.created_at DESC)
      FROM tax_returns t
     WHERE t.company_id = (${entitySql}) AND t.deleted_at IS NULL AND t.status::text IN (${statuses})) AS "taxReturns"`;
}

/** The cards of the year shown (without questionnaires there is no year selector: the newest year's returns). */
export function taxReturnCards(rows: readonly TaxReturnCardRow[] | null, year: number | null): TaxReturnCard[] {
  if (!rows?.length) return [];
  const shownYear = year ?? rows[0].taxYear;
  return rows
    .filter((r) => r.taxYear === shownYear)
    .map((r) => ({
      id: r.id,
      name: r.name,
      taxYear: r.taxYear,
      status: r.status,
      statusLabel: TAX_RETURN_STATUS_LABELS[r.status],
      nextStep: nextStepLabel(r.status, r.mySignaturePending),
      href: taxReturnHref(r.id, r.companyId),
    }));
}
