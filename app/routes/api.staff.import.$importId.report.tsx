/**
 * GET /api/staff/import/{importId}/report: the rejected rows of a client list import as CSV
 * (Row, Reason, then the file's own columns), downloaded as '{file} - rejected rows.csv'.
 * Another firm's import is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { PortalError } from "~/errors";
import { contentDisposition } from "~/storage/keys";
import { rejectedRowsCsv } from "~/staff/import/import-rules";
import { getImportReport, IMPORT_ACCESS } from "~/staff/import/import.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  await requireStaff(request, portal, IMPORT_ACCESS);
  try {
    const report = await getImportReport(portal, params.importId ?? "");
    return new Response(`\uFEFF${rejectedRowsCsv(report.rows)}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition(report.fileName),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof PortalError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
