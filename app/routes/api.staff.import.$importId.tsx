/**
 * GET /api/staff/import/{importId}: an import's progress (rows done, users and entities created,
 * rows rejected, status), polled by the Import dialog. Another firm's import is 404.
 */
import { jsonLoader } from "~/http.server";
import { getImportProgress, requireImportingStaff } from "~/staff/import/import.server";

export const loader = jsonLoader(async ({ request, params, portal }) => {
  await requireImportingStaff(request, portal);
  return { import: await getImportProgress(portal, params.importId ?? "") };
});
