/**
 * POST /api/questionnaires/{companyHash}: the questionnaire page's autosave and other client
 * actions, as JSON `{ intent, questionnaireId, … }` (see questionnaireActionSchema). Answers with the
 * saved state, or `{ error }` with 4xx; never touches another client's or firm's data.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { performQuestionnaireAction, QuestionnaireError, questionnaireActionSchema } from "~/questionnaires/questionnaire.server";
import { NO_STORE_HEADERS } from "~/security-headers.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  // JSON only: a cross-site form cannot send it without a CORS preflight, which we never grant.
  if (!request.headers.get("content-type")?.startsWith("application/json")) return json({ error: "Expected JSON" }, { status: 415 });
  const user = await requireUser(request, portal).catch(() => null);
  if (!user) return json({ error: "Please sign in again." }, { status: 401 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  const parsed = questionnaireActionSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
  try {
    const result = await performQuestionnaireAction(
      { portal, user, companyHash: params.companyHash ?? "", userAgent: request.headers.get("user-agent") },
      parsed.data,
    );
    // Document and file links are presigned URLs: never kept by a cache.
    return json(result, { headers: NO_STORE_HEADERS });
  } catch (error) {
    if (error instanceof QuestionnaireError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
