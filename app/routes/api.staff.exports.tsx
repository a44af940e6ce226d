/**
 * GET /api/staff/exports?ids=… (the dialog's default names) and POST /api/staff/exports: start exporting questionnaires (the Export Questionnaire(s) dialog, from
 * the preview dialog or Collect's selection). JSON `{ questionnaireIds, format, removeNosAndNa?,
 * includeDocuments?, convertImagesToPdfs?, saveAsNames?, reviewedOnly? }` → `{ exports: [...] }`,
 * one per questionnaire, each followed at /api/staff/exports/{id}. Advisors only; a questionnaire
 * the staff member may not see (another firm's, group's, or unknown) is 404 and nothing starts.
 */
import { requireSameOrigin } from "~/auth/origin";
import { exportNames, startQuestionnaireExports } from "~/exports/exports.server";
import { exportNamesQuerySchema, exportRequestSchema } from "~/exports/rules";
import { jsonAction, jsonLoader, readQuery, requireApiUser } from "~/http.server";

/** GET ?ids=a,b: the default names the dialog offers ('{company} - {questionnaire} ({tax year}) {date}'). */
export const loader = jsonLoader(async ({ request, portal }) => {
  const staff = await requireApiUser(request, portal);
  const { ids } = readQuery(request, exportNamesQuerySchema);
  return { names: await exportNames(portal, staff, ids) };
});

export const action = jsonAction(exportRequestSchema, async (input, { request, portal }) => {
  requireSameOrigin(request, portal.origin);
  const staff = await requireApiUser(request, portal);
  return { exports: await startQuestionnaireExports(portal, staff, input) };
});
