/**
 * /tax-return-delivery-admin-view/{taxReturnId}?companyId= (staff): the classification page of a
 * tax return (staff spec §2 'Draft and delivery view'). The return is found through the door
 * (app/deliver/access.server.ts): another firm's or group's return is 'This tax return was not found'.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { ClassifyPage } from "~/deliver/classify/classify-page";
import { loadClassification } from "~/deliver/classify/classify.server";
import { TAX_RETURN_MESSAGES } from "~/deliver/rules";
import { isPortalError } from "~/errors";
import { canOpenDeliver } from "~/staff/permissions";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.view.taxReturn.companyName} · ${data.view.taxReturn.taxYear} tax return` : "Tax return" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  if (!canOpenDeliver(null, portal.firm.preferences)) throw new Response(TAX_RETURN_MESSAGES.notFound, { status: 404 });
  try {
    const view = await loadClassification(portal, staff, params.taxReturnId ?? "", new URL(request.url).searchParams.get("companyId"));
    return { view };
  } catch (error) {
    if (isPortalError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function TaxReturnClassificationRoute() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <ClassifyPage key={view.taxReturn.id} view={view as never} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: TAX_RETURN_MESSAGES.notFound }} back={{ to: "/tax-returns", label: "Back to tax returns" }} />;
}
