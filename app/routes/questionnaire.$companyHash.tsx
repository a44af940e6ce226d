/**
 * /questionnaire/{companyHash}?questionnaireId&sectionId (#question{id} highlights a question):
 * the client's questionnaire. Saves go to /api/questionnaires/{companyHash}.
 */
import { data as answer, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { loadClientQuestionnaire } from "~/questionnaires/questionnaire.server";
import { QuestionnairePage } from "~/questionnaires/questionnaire-page";
import { depositOutstanding, MESSAGES, readOnlyReason } from "~/questionnaires/rules";
import { revalidateUnlessSectionMove } from "~/questionnaires/section-url";
import { todayIn } from "~/time-zones";
import { firmTitle } from "~/meta";
import { connectedAccount } from "~/payments/card-payments.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data ? data.data.name : firmTitle(matches, "Questionnaire") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const url = new URL(request.url);
  const data = await loadClientQuestionnaire(portal, user, params.companyHash ?? "", url.searchParams.get("questionnaireId")).catch((error: unknown) => {
    if (isPortalError(error)) throw answer(error.message, { status: error.status });
    throw error;
  });
  const today = todayIn(portal.firm.timeZone);
  const prefs = portal.firm.preferences;
  return {
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
    // Asked only while a deposit is outstanding: the pay button is the only thing it changes.
    cardPayments: depositOutstanding(data) && (await connectedAccount(portal.db, portal.firm.id)) !== null,
  };
}

/** Moving between sections (?sectionId=) keeps the loaded questionnaire. */
export const shouldRevalidate = revalidateUnlessSectionMove;

export default function QuestionnaireRoute() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <QuestionnairePage key={loaded.data.id} mode="client" {...loaded} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Questionnaire not found" }} fallback={MESSAGES.loadFailed} back={{ to: "/", label: "Back to Dashboard" }} />;
}
