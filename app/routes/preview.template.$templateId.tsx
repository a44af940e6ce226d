/**
 * /preview/template/{templateId}?sectionId: a template shown as the questionnaire a client would get
 * (admin-template mode): the tax year minus 1, the banner about template tags, nothing answerable,
 * notes and signing disabled. Staff only; another firm's template is not found.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { loadTemplatePreview } from "~/questionnaires/questionnaire.server";
import { QuestionnairePage } from "~/questionnaires/questionnaire-page";
import { MESSAGES } from "~/questionnaires/rules";
import { revalidateUnlessSectionMove } from "~/questionnaires/section-url";
import { todayIn } from "~/time-zones";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Template preview: ${data.data.name}` : "Template preview" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const today = todayIn(portal.firm.timeZone);
  const data = await loadTemplatePreview(portal, params.templateId ?? "", today);
  if (!data) throw new Response("Not Found", { status: 404 });
  const prefs = portal.firm.preferences;
  return {
    data,
    today,
    userId: staff.id,
    readOnly: null,
    firstSectionRequired: prefs.firstSectionRequired,
    hideDocumentUploadsWithinSections: prefs.hideDocumentUploadsWithinSections,
    disableProvidedElsewhere: prefs.disableProvidedElsewhere,
    firmDisablesAnswerLater: prefs.disableAnswerLater,
    initialSectionId: new URL(request.url).searchParams.get("sectionId"),
  };
}

export const shouldRevalidate = revalidateUnlessSectionMove;

export default function PreviewTemplateRoute() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <QuestionnairePage key={loaded.data.id} mode="admin-template" {...loaded} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Template not found" }} fallback={MESSAGES.loadFailed} back={{ to: "/", label: "Back" }} />;
}
