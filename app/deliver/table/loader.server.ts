/** The Deliver page's loader data: table state from the URL or the `table_tax_returns` cookie, one page, filter choices. */
import type { SessionUser } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import type { FirmSiteContext } from "~/context.server";
import { withRoleColumns } from "~/firm-roles/rules";
import { listFirmRoles } from "~/firm-roles/roles.server";
import { canChangeAssignedAdvisor } from "~/staff/permissions";
import { staffFactsOf } from "~/staff/visibility.server";
import { listTaxReturns, taxReturnOptions } from "./list.server";
import { TAX_RETURNS_TABLE } from "./table";

/** Spec §9: per-table cookies ('... and tax returns'). */
export const TAX_RETURNS_TABLE_COOKIE = "tax_returns";

export async function loadTaxReturns(request: Request, portal: FirmSiteContext, staff: SessionUser) {
  // With use_firm_roles, one sortable column per firm role (firm-roles/rules.ts; none without it).
  const [facts, roles] = await Promise.all([staffFactsOf(portal.db, staff), listFirmRoles(portal)]);
  const { state, setCookie } = await loadTableState(request, TAX_RETURNS_TABLE_COOKIE, withRoleColumns(TAX_RETURNS_TABLE, roles, { sortable: true }));
  const [list, options] = await Promise.all([listTaxReturns(portal, facts, state, roles), taxReturnOptions(portal)]);
  return {
    data: {
      state,
      ...list,
      options,
      canAssign: canChangeAssignedAdvisor(facts),
      identityEnabled: portal.firm.preferences.taxReturnIdentityVerificationEnabled,
      roles,
    },
    setCookie,
  };
}
