/**
 * POST /api/questionnaires/{companyHash}: the questionnaire page's autosave and other client
 * actions, as JSON `{ intent, questionnaireId, … }` (see questionnaireActionSchema). Answers with the
 * saved state, or `{ error }` with 4xx; never touches another client's or firm's data. Document and
 * file links are presigned URLs: the answer is never kept by a cache (jsonAction).
 */
import { jsonAction, notFoundLoader, requireApiUser } from "~/http.server";
import { performQuestionnaireAction } from "~/questionnaires/actions/perform.server";
import { questionnaireActionSchema } from "~/questionnaires/actions/schema";

export const loader = notFoundLoader;

export const action = jsonAction(questionnaireActionSchema, async (input, { request, params, portal }) => {
  const user = await requireApiUser(request, portal);
  return performQuestionnaireAction({ portal, user, companyHash: params.companyHash ?? "", userAgent: request.headers.get("user-agent") }, input);
});
