/**
 * The Deliver table's page: one statement for the page's rows (entity, advisor, and each row's
 * forms with their signatures, vouchers and the entity's owners aggregated inside it, computed
 * only for the page's rows since they come after the sort and the limit) and one for the count,
 * both under the firm's row-level security. Whatever the page size, two statements (three with
 * use_firm_roles: who holds each role on the page's entities).
 */
import type { TableState } from "~/components/data-table/state";
import type { FirmSiteContext } from "~/context.server";
import { firmSql } from "~/db.server";
import type { FirmRoleColumn } from "~/firm-roles/rules";
import { roleHoldersByEntity } from "~/firm-roles/roles.server";
import { readPage, type TablePage } from "~/staff/keyset-page.server";
import type { StaffViewer } from "~/staff/tables";
import { toTaxReturnRow, type RawTaxReturnRow, type TaxReturnRow } from "./rows";
import { taxReturnsQuery } from "./table";

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const FORMS = `COALESCE((SELECT json_agg(json_build_object(
    'formId', f.form_id, 'customFormName', f.custom_form_name, 'wetSignaturesRequired', f.wet_signatures_required,
    'signatures', COALESCE((SELECT json_agg(json_build_object(
        'signerName', trim(sg.fname || ' ' || sg.lname), 'signed', s.signature_data IS NOT NULL, 'wetSignature', s.wet_signature_key IS NOT NULL)
        ORDER BY sg.role, sg.lname, sg.fname)
      FROM e_sign_form_signatures s JOIN tax_return_signers sg ON sg.id = s.signer_id WHERE s.e_sign_form_id = f.id), '[]'::json))
    ORDER BY f."order", f.id)
  FROM e_sign_forms f WHERE f.tax_return_id = t.id), '[]'::json)`;

const VOUCHERS = `COALESCE((SELECT json_agg(json_build_object(
    'id', v.id, 'voucherId', v.voucher_id, 'customPaymentName', v.custom_payment_name, 'amountCents', v.amount_cents,
    'isPaid', v.is_paid, 'isDueAsap', v.is_due_asap, 'dueDate', to_char(v.due_date, 'YYYY-MM-DD'))
    ORDER BY v.is_due_asap DESC, v.due_date NULLS LAST, v.id)
  FROM payment_vouchers v WHERE v.tax_return_id = t.id), '[]'::json)`;

const OWNERS = `COALESCE((SELECT json_agg(json_build_object('id', u.id, 'name', trim(u.fname || ' ' || u.lname)) ORDER BY co.is_primary DESC, u.lname, u.fname)
  FROM company_owners co JOIN users u ON u.id = co.user_id WHERE co.company_id = t.company_id AND u.deleted_at IS NULL), '[]'::json)`;

/** Each signer's identity verification (no row: not started), for the Identity verification column. */
const IDENTITIES = `COALESCE((SELECT json_agg(json_build_object('status', COALESCE(iv.status::text, 'not_started'), 'errorCode', iv.error_code))
  FROM tax_return_signers sg LEFT JOIN identity_verifications iv ON iv.tax_return_id = sg.tax_return_id AND iv.user_id = sg.user_id
  WHERE sg.tax_return_id = t.id), '[]'::json)`;

const SELECT = `t.id, t.company_id AS "companyId", c.hash_id AS "companyHash", c.name AS "companyName",
  t.tax_year AS "taxYear", t.tax_return_name AS "taxReturnName", t.status::text AS status,
  t.draft_status::text AS "draftStatus", t.draft_comment AS "draftComment",
  ${ts("t.updated_at")} AS "updatedAt", ${ts("t.last_reminder_sent_at")} AS "lastReminderSentAt", ${ts("t.last_signed_at")} AS "lastSignedAt",
  CASE WHEN adv.id IS NULL THEN NULL ELSE trim(adv.fname || ' ' || adv.lname) END AS "assignedAdvisor", adv.id AS "assignedAdvisorId",
  t.reminder_disabled AS "reminderDisabled", t.invoice_amount_cents AS "invoiceAmountCents", t.invoice_paid AS "invoicePaid",
  ${FORMS} AS forms, ${VOUCHERS} AS vouchers, ${OWNERS} AS owners,
  ${IDENTITIES} AS identities`;

/** Counting stops here (as Collect): past it the label reads '… of 10,000+'. */
export const COUNT_CAP = 10_000;

export type TaxReturnsPage = TablePage<TaxReturnRow>;

/** `roles`: the firm's roles with a column (use_firm_roles); each row then carries who holds each on its entity, read in one more statement for the whole page. */
export async function listTaxReturns(
  portal: FirmSiteContext,
  viewer: StaffViewer,
  state: TableState,
  roles: readonly FirmRoleColumn[] = [],
): Promise<TaxReturnsPage> {
  const q = taxReturnsQuery(
    state,
    viewer,
    roles.map((r) => r.id),
  );
  const { rows, page, capped } = await readPage<RawTaxReturnRow>(
    portal.firm.id,
    { select: SELECT, from: q.from, where: q.where, orderBy: q.orderBy, values: q.values, countFrom: q.countFrom },
    state,
    COUNT_CAP,
  );
  const holders = roles.length
    ? await roleHoldersByEntity(
        portal.db,
        rows.map((r) => r.companyId),
      )
    : null;
  return { rows: rows.map((r) => (holders ? { ...toTaxReturnRow(r), roleHolders: holders.get(r.companyId) ?? {} } : toTaxReturnRow(r))), page, capped };
}

/** The filter and dialog choices: the years the firm has returns for, and its advisors. */
export async function taxReturnOptions(portal: FirmSiteContext) {
  const [years, advisors] = await Promise.all([
    firmSql<{ year: number }>(portal.firm.id, "SELECT DISTINCT tax_year AS year FROM tax_returns WHERE deleted_at IS NULL ORDER BY 1 DESC"),
    portal.db.user.findMany({
      where: { kind: "staff", isAdvisor: true, deletedAt: null },
      select: { id: true, fname: true, lname: true },
      orderBy: [{ lname: "asc" }, { fname: "asc" }],
    }),
  ]);
  return {
    years: years.map((y) => ({ value: String(y.year), label: String(y.year) })),
    advisors: advisors.map((a) => ({ value: a.id, label: `${a.fname} ${a.lname}`.trim() })),
  };
}
