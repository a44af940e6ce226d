/**
 * /questionnaire/{companyHash}?questionnaireId&sectionId (#question{id} highlights a question):
 * the client's questionnaire. Saves go to /api/questionnaires/{companyHash}.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { Alert, Button } from "~/components/ui";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { loadClientQuestionnaire, QuestionnaireError } from "~/questionnaires/questionnaire.server";
import { QuestionnairePage } from "~/questionnaires/questionnaire-page";
import { MESSAGES, readOnlyReason } from "~/questionnaires/rules";
import { todayIn } from "~/time-zones";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.data.name : "Questionnaire" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const url = new URL(request.url);
  try {
    const data = await loadClientQuestionnaire(portal, user, params.companyHash ?? "", url.searchParams.get("questionnaireId"));
    const today = todayIn(portal.firm.timeZone);
    const prefs = portal.firm.preferences;
    return json({
      data,
      today,
      userId: user.id,
      readOnly: readOnlyReason(data, { userReadonly: user.readonlyAccess, entityReadonly: data.company.readonlyAccess }, today),
      firstSectionRequired: prefs.firstSectionRequired,
      hideDocumentUploadsWithinSections: prefs.hideDocumentUploadsWithinSections,
      disableProvidedElsewhere: prefs.disableProvidedElsewhere,
      firmDisablesAnswerLater: prefs.disableAnswerLater,
      onePerSection: prefs.requireOneSignaturePerSection,
      initialSectionId: url.searchParams.get("sectionId"),
      messageHref: prefs.communicationDisabled ? null : `/inbox/${data.company.hashId}`,
    });
  } catch (error) {
    if (error instanceof QuestionnaireError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function QuestionnaireRoute() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <QuestionnairePage key={loaded.data.id} mode="client" {...loaded} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <FirmPage>
      <Alert tone="danger" title={notFound ? "Questionnaire not found" : MESSAGES.loadFailed}>
        <Button to="/" variant="secondary" size="sm">
          Back to Dashboard
        </Button>
      </Alert>
    </FirmPage>
  );
}
