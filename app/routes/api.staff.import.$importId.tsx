/**
 * GET /api/staff/import/{importId}: an import's progress (rows done, users and entities created,
 * rows rejected, status), polled by the Import dialog. Another firm's import is 404.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { canImport, getImportProgress, ImportError } from "~/staff/import/import.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") return json({ error: "Not Found" }, { status: 404 });
  if (!canImport(user)) return json({ error: "You don't have permission to import." }, { status: 403 });
  try {
    return json({ import: await getImportProgress(portal, params.importId ?? "") }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ImportError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
