/** The Deliver page's loader data: table state from the URL or the `table_tax_returns` cookie, one page, filter choices. */
import type { SessionUser } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import type { FirmSiteContext } from "~/context.server";
import { canChangeAssignedAdvisor } from "~/staff/permissions";
import { staffFactsOf } from "~/staff/visibility.server";
import { listTaxReturns, taxReturnOptions } from "./list.server";
import { TAX_RETURNS_TABLE } from "./table";

/** Spec §9: per-table cookies ('... and tax returns'). */
export const TAX_RETURNS_TABLE_COOKIE = "tax_returns";

export async function loadTaxReturns(request: Request, portal: FirmSiteContext, staff: SessionUser) {
  const facts = await staffFactsOf(portal.db, staff);
  const { state, setCookie } = await loadTableState(request, TAX_RETURNS_TABLE_COOKIE, TAX_RETURNS_TABLE);
  const [list, options] = await Promise.all([listTaxReturns(portal, facts, state), taxReturnOptions(portal)]);
  return {
    data: {
      state,
      ...list,
      options,
      canAssign: canChangeAssignedAdvisor(facts),
      identityEnabled: portal.firm.preferences.taxReturnIdentityVerificationEnabled,
    },
    setCookie,
  };
}
