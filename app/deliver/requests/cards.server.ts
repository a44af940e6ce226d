/**
 * The client dashboard's signature request cards: the requests of the selected entity that the
 * client sees (sent, signed, completed), those still waiting for the client's own signature
 * first, each with its status and the next step ('Sign' or 'View'). Read inside the dashboard's
 * one statement (home/client-home.server.ts): `signatureRequestCardsSql` is its column.
 */
import type { FirmSettings } from "~/context.server";
import { canOpenSignatureRequests } from "~/staff/permissions";
import { CLIENT_VISIBLE_REQUEST_STATUSES, reviewRequestPath, SIGNATURE_REQUEST_STATUS_LABELS, type SignatureRequestStatus } from "./rules";

export interface SignatureRequestCardRow {
  id: string;
  companyId: string;
  name: string;
  taxYear: number;
  status: SignatureRequestStatus;
  mySignaturePending: boolean;
}

export interface SignatureRequestCard {
  id: string;
  name: string;
  taxYear: number;
  status: SignatureRequestStatus;
  statusLabel: string;
  nextStep: "Sign" | "View";
  href: string;
}

/**
 * The column `"signatureRequests"`: the entity's client-visible requests, each with whether
 * `userParam` still has to sign. NULL (no work) when the firm has signature requests off.
 */
export function signatureRequestCardsSql(firm: FirmSettings, entitySql: string, userParam: string): string {
  if (!canOpenSignatureRequests(null, firm.preferences)) return `NULL::json AS "signatureRequests"`;
  const statuses = CLIENT_VISIBLE_REQUEST_STATUSES.map((s) => `'${s}'`).join(", ");
  return `(SELECT json_agg(json_build_object(
             'id', r.id, 'companyId', r.company_id, 'name', r.form_name, 'taxYear', r.tax_year, 'status', r.status,
             'mySignaturePending', r.status = 'sent' AND EXISTS (SELECT 1 FROM tax_return_signers s
                                            WHERE s.firm_id = r.firm_id AND s.signature_request_id = r.id AND s.user_id = ${userParam} AND s.signed_at IS NULL))
           ORDER BY r.tax_year DESC, r.created_at DESC)
      FROM signature_requests r
     WHERE r.company_id = (${entitySql}) AND r.deleted_at IS NULL AND r.status::text IN (${statuses})) AS "signatureRequests"`;
}

/** Waiting for the client's signature first (whatever the year: it is their next step), then the shown year's others. */
export function signatureRequestCards(rows: readonly SignatureRequestCardRow[] | null, year: number | null): SignatureRequestCard[] {
  if (!rows?.length) return [];
  const shownYear = year ?? rows[0]!.taxYear;
  return [...rows.filter((r) => r.mySignaturePending), ...rows.filter((r) => !r.mySignaturePending && r.taxYear === shownYear)].map((r) => ({
    id: r.id,
    name: r.name,
    taxYear: r.taxYear,
    status: r.status,
    statusLabel: SIGNATURE_REQUEST_STATUS_LABELS[r.status],
    nextStep: r.mySignaturePending ? "Sign" : "View",
    href: reviewRequestPath(r.id, r.companyId),
  }));
}
