/** The Collect page's loader data (staff `/` and `/overview`): table state from URL or cookie, one page, filter choices. */
import type { SessionUser } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import type { FirmSiteContext } from "~/context.server";
import { loadSetupChecklist } from "~/setup/checklist.server";
import { todayIn } from "~/time-zones";
import { collectFilterOptions, listCollect } from "./list.server";
import { COLLECT_TABLE } from "./table";

/** The table's cookie name is `table_overview`. */
export const COLLECT_TABLE_COOKIE = "overview";

export async function loadCollect(request: Request, portal: FirmSiteContext, staff: SessionUser) {
  // First visit (no cookie, no column choice in the URL): the less used columns start hidden (COLLECT_TABLE.defaultHidden).
  const { state: shown, setCookie: cookie } = await loadTableState(request, COLLECT_TABLE_COOKIE, COLLECT_TABLE);
  const viewer = { id: staff.id, firmAccess: staff.firmAccess, firmGroupId: staff.firmGroupId };
  const [list, options, setup] = await Promise.all([
    listCollect(portal, viewer, shown),
    collectFilterOptions(portal, viewer),
    loadSetupChecklist(portal, staff),
  ]);
  return { data: { state: shown, ...list, options, setup, today: todayIn(portal.firm.timeZone), isAdvisor: staff.isAdvisor }, setCookie: cookie };
}
