/**
 * The signature requests table (staff `/signature-requests`, spec §2: company, tax year, document
 * name, status, updated, actions): one statement for the page's rows and one for the count under
 * the firm's row-level security, paged on the server (keyset or offset) with the shared table state
 * (URL and the `table_signature_requests` cookie; spec §9 'Signature table page size default 10').
 */
import type { SessionUser } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import type { TableState } from "~/components/data-table/state";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import { readPage, type TablePage } from "~/staff/keyset-page.server";
import { entitySearchSql } from "~/staff/search";
import type { StaffViewer } from "~/staff/tables";
import { staffFactsOf } from "~/staff/visibility.server";
import { entityVisibleSql } from "~/staff/visibility";
import { SIGNATURE_REQUEST_STATUSES } from "./rules";
import { SIGNATURE_REQUESTS_TABLE, SIGNATURE_REQUESTS_TABLE_COOKIE, type SignatureRequestRow } from "./table";

const SORT: Record<string, string> = {
  company_name: "lower(c.name) {dir}",
  tax_year: "r.tax_year {dir}",
  form_name: "lower(r.form_name) {dir}",
  status: "r.status::text {dir}",
  updated_at: "r.updated_at {dir}",
};

const SELECT = `r.id, r.company_id AS "companyId", c.hash_id AS "companyHash", c.name AS "companyName", r.tax_year AS "taxYear",
  r.form_name AS "formName", r.status::text AS status,
  to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", (r.signed_document_key IS NOT NULL) AS signed`;

/** FROM, WHERE and ORDER BY: the firm's requests (RLS) not deleted, of visible entities not deleted, narrowed by search and filters. */
export function signatureRequestsQuery(state: TableState, viewer: StaffViewer) {
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ["r.deleted_at IS NULL", "c.deleted_at IS NULL"];
  if (viewer.firmAccess === "group") where.push(entityVisibleSql(viewer, "c", add));
  if (state.q) where.push(entitySearchSql("c", state.q, add));
  const years = (state.filters.year ?? []).map(Number).filter((y) => Number.isInteger(y) && y >= 1900 && y <= 2200);
  if (years.length) where.push(`r.tax_year = ANY(${add(years)}::int[])`);
  const statuses = (state.filters.status ?? []).filter((s) => (SIGNATURE_REQUEST_STATUSES as readonly string[]).includes(s));
  if (statuses.length) where.push(`r.status::text = ANY(${add(statuses)}::text[])`);
  const dir = state.dir === "asc" ? "ASC" : "DESC";
  const sortKey = SORT[state.sort] ? state.sort : "updated_at";
  const tail = sortKey === "updated_at" ? `r.id ${dir}` : `r.updated_at ${dir}, r.id ${dir}`;
  return {
    from: "FROM signature_requests r JOIN companies c ON c.id = r.company_id",
    where: where.join(" AND "),
    orderBy: `${SORT[sortKey]!.replaceAll("{dir}", dir)}, ${tail}`,
    values,
  };
}

export async function loadSignatureRequests(request: Request, portal: FirmSiteContext, staff: SessionUser) {
  const facts = await staffFactsOf(portal.db, staff);
  const { state, setCookie } = await loadTableState(request, SIGNATURE_REQUESTS_TABLE_COOKIE, SIGNATURE_REQUESTS_TABLE);
  const q = signatureRequestsQuery(state, facts);
  const [page, years] = await Promise.all([
    readPage<SignatureRequestRow>(portal.firm.id, { select: SELECT, ...q }, state, 10_000) as Promise<TablePage<SignatureRequestRow>>,
    firmSql<{ year: number }>(portal.firm.id, "SELECT DISTINCT tax_year AS year FROM signature_requests WHERE deleted_at IS NULL ORDER BY 1 DESC"),
  ]);
  return {
    data: {
      state,
      ...page,
      years: years.map((y) => ({ value: String(y.year), label: String(y.year) })),
      canManage: facts.isAdvisor,
    },
    setCookie,
  };
}
