/**
 * /review-and-export/{questionnaireId}: the review screen of one submitted questionnaire (Connect).
 * Review and export off, another firm's, another group's, a draft or unknown questionnaire: 404.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { firmTitle } from "~/meta";
import { ReviewScreenPage } from "~/review/review-screen";
import { REVIEW_TEXT } from "~/review/rules";
import { loadStaffViewer } from "~/staff/viewer.server";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, REVIEW_TEXT.title) }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const viewer = await loadStaffViewer(request, portal);
  const { loadReview } = await import("~/review/review.server");
  try {
    return data(await loadReview(portal, viewer, params.questionnaireId ?? ""), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isPortalError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function ReviewQuestionnairePage() {
  const screen = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <ReviewScreenPage key={screen.questionnaire.id} initial={screen} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary back={{ to: "/review-and-export", label: "Back to Review and export" }} />;
}
