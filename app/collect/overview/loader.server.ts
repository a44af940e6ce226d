/** The Collect page's loader data (staff `/` and `/overview`): table state from URL or cookie, one page, filter choices. */
import type { SessionUser } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import type { FirmSiteContext } from "~/context.server";
import { listCustomStatusChoices } from "~/custom-statuses/statuses.server";
import { withRoleColumns } from "~/firm-roles/rules";
import { listFirmRoles, roleHoldersByEntity } from "~/firm-roles/roles.server";
import { loadSetupChecklist } from "~/setup/checklist.server";
import { todayIn } from "~/time-zones";
import { collectFilterOptions, listCollect } from "./list.server";
import { COLLECT_TABLE } from "./table";

/** The table's cookie name is `table_overview`. */
export const COLLECT_TABLE_COOKIE = "overview";

export async function loadCollect(request: Request, portal: FirmSiteContext, staff: SessionUser) {
  // First visit (no cookie, no column choice in the URL): the less used columns start hidden (COLLECT_TABLE.defaultHidden).
  // With use_firm_roles, one column per firm role (firm-roles/rules.ts).
  const roles = await listFirmRoles(portal);
  const { state: shown, setCookie: cookie } = await loadTableState(request, COLLECT_TABLE_COOKIE, withRoleColumns(COLLECT_TABLE, roles));
  const viewer = { id: staff.id, firmAccess: staff.firmAccess, firmGroupId: staff.firmGroupId };
  const [list, options, statuses, setup] = await Promise.all([
    listCollect(portal, viewer, shown),
    collectFilterOptions(portal, viewer),
    listCustomStatusChoices(portal),
    loadSetupChecklist(portal, staff),
  ]);
  const holders = roles.length
    ? await roleHoldersByEntity(
        portal.db,
        list.rows.map((r) => r.companyId),
      )
    : null;
  const rows = holders ? list.rows.map((r) => ({ ...r, roleHolders: holders.get(r.companyId) ?? {} })) : list.rows;
  return {
    data: { state: shown, ...list, rows, options, roles, statuses, setup, today: todayIn(portal.firm.timeZone), isAdvisor: staff.isAdvisor },
    setCookie: cookie,
  };
}
