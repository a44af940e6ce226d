/**
 * POST /api/staff/review/{questionnaireId} (Connect): `{ intent: "mark", itemKind, itemId, reviewed }`
 * marks or unmarks one answer or document reviewed; `{ intent: "mark_all" }` marks every one. Answers
 * the review screen as it now is. Review and export off, or a questionnaire the staff member may not
 * see (another firm's or group's, a draft, unknown): 404; staff who aren't advisors: 403.
 */
import { requireSameOrigin } from "~/auth/origin";
import { jsonAction } from "~/http.server";
import { changeReview } from "~/review/review.server";
import { reviewActionSchema } from "~/review/rules";
import { loadApiStaffViewer } from "~/staff/viewer.server";

export const action = jsonAction(reviewActionSchema, async (input, { request, params, portal }) => {
  requireSameOrigin(request, portal.origin);
  const viewer = await loadApiStaffViewer(request, portal);
  return changeReview(portal, viewer, params.questionnaireId ?? "", input);
});
