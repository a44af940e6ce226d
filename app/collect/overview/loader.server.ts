/** The Collect page's loader data (staff `/` and `/overview`): table state from URL or cookie, one page, filter choices. */
import type { SessionUser } from "~/auth/session.server";
import { loadTableState, tableCookie } from "~/components/data-table/cookie.server";
import { storedState } from "~/components/data-table/state";
import type { FirmSiteContext } from "~/context.server";
import { todayIn } from "~/time-zones";
import { collectFilterOptions, listCollect } from "./list.server";
import { COLLECT_TABLE, DEFAULT_HIDDEN } from "./table";

/** The table's cookie name is `table_overview`. */
export const COLLECT_TABLE_COOKIE = "overview";

export async function loadCollect(request: Request, portal: FirmSiteContext, staff: SessionUser) {
  const cookieHeader = request.headers.get("cookie") ?? "";
  const { state, setCookie } = await loadTableState(request, COLLECT_TABLE_COOKIE, COLLECT_TABLE);
  // First visit (no cookie, no column choice in the URL): the less used columns start hidden.
  const firstVisit = !cookieHeader.includes(`table_${COLLECT_TABLE_COOKIE}=`) && !new URL(request.url).searchParams.has("cols");
  const shown = firstVisit ? { ...state, hidden: [...DEFAULT_HIDDEN] } : state;
  const viewer = { id: staff.id, firmAccess: staff.firmAccess, firmGroupId: staff.firmGroupId };
  const [list, options] = await Promise.all([listCollect(portal, viewer, shown), collectFilterOptions(portal, viewer)]);
  const cookie = firstVisit ? await tableCookie(COLLECT_TABLE_COOKIE).serialize(storedState(shown)) : setCookie;
  return { data: { state: shown, ...list, options, today: todayIn(portal.firm.timeZone), isAdvisor: staff.isAdvisor }, setCookie: cookie };
}
