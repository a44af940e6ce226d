/**
 * /review-and-export (Connect): the submitted questionnaires to review, for staff of firms with
 * review and export on (anyone else: 404; a client or no session: turned away).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { firmTitle } from "~/meta";
import { ReviewListPage } from "~/review/review-list";
import { REVIEW_TEXT, reviewListQuerySchema } from "~/review/rules";
import { loadStaffViewer } from "~/staff/viewer.server";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, REVIEW_TEXT.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const viewer = await loadStaffViewer(request, portal);
  const query = reviewListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { listReviewable } = await import("~/review/review.server");
  try {
    return data(await listReviewable(portal, viewer, query), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isPortalError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function ReviewAndExportPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <ReviewListPage data={list} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Review and export is not turned on for this firm." }} back={{ to: "/", label: "Back to Collect" }} />;
}
