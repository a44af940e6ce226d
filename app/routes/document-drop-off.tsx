import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { AuthCard } from "~/components/shell";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { DROP_OFF_MESSAGES } from "~/drop-off/request-rules";
import { openDocumentDropOff } from "~/drop-off/drop-off.server";
import { DropOffUploadForm } from "~/drop-off/upload-form";
import { DOCUMENT_MESSAGES } from "~/documents/rules";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Drop off documents") }, { name: "robots", content: "noindex" }];

/** /document-drop-off?questionnaireId&companyId: a client sends files for one questionnaire of an entity they own. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const url = new URL(request.url);
  const questionnaireId = url.searchParams.get("questionnaireId") ?? "";
  const companyId = url.searchParams.get("companyId") ?? "";
  const firm = { name: portal.firm.name, logoUrl: portal.firm.logoUrl };
  try {
    const target = await openDocumentDropOff(portal, user, questionnaireId, companyId);
    if (!target) return data({ firm, open: false as const, message: DROP_OFF_MESSAGES.notFound }, { status: 404, headers: { "Cache-Control": "no-store" } });
    return data(
      {
        firm,
        open: true as const,
        questionnaireId,
        companyId,
        companyName: target.companyName,
        questionnaireName: target.questionnaireName,
        folder: target.folder,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (isPortalError(error))
      return data({ firm, open: false as const, message: error.message }, { status: error.status, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

export default function DocumentDropOffPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.open) {
    return (
      <AuthCard firmName={data.firm.name} logoUrl={data.firm.logoUrl} title="Page not available">
        <p>{data.message}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      firmName={data.firm.name}
      logoUrl={data.firm.logoUrl}
      title="Drop off documents"
      description={`Files for ${data.companyName}${data.questionnaireName ? ` · ${data.questionnaireName}` : ""}, filed in ${data.folder}.`}
    >
      <DropOffUploadForm
        endpoint="/api/document-drop-off"
        fields={{ questionnaireId: data.questionnaireId, companyId: data.companyId }}
        firmName={data.firm.name}
        successMessage={DOCUMENT_MESSAGES.uploaded}
        finish
        signedIn
      />
    </AuthCard>
  );
}
