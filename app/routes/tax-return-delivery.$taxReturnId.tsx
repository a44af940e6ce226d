/**
 * /tax-return-delivery/{taxReturnId}?companyId=: the client's tax return page (review a draft,
 * sign). Found through the Deliver access door; calls go to /api/tax-returns/{id}/*.
 */
import { data as answer, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { loadTaxReturnPage } from "~/deliver/client/page.server";
import { TaxReturnPage } from "~/deliver/client/tax-return-page";
import { TAX_RETURN_MESSAGES } from "~/deliver/rules";
import { isPortalError } from "~/errors";
import { firmTitle } from "~/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data ? data.taxReturn.name : firmTitle(matches, "Tax return") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const companyId = new URL(request.url).searchParams.get("companyId");
  return loadTaxReturnPage(portal, user, params.taxReturnId ?? "", companyId).catch((error: unknown) => {
    if (isPortalError(error)) throw answer(error.message, { status: error.status });
    throw error;
  });
}

export default function TaxReturnDeliveryRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <TaxReturnPage key={data.taxReturn.id} data={data} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorBoundary
      titles={{ 404: TAX_RETURN_MESSAGES.notFound }}
      fallback={TAX_RETURN_MESSAGES.loadPdfFailed}
      back={{ to: "/", label: "Back to Dashboard" }}
    />
  );
}
