/**
 * /review-signature-request/{id}?companyId= (staff spec §2 'Signature requests': the embedded review
 * page). Staff place each signer's signature and date boxes and send the request, then follow its
 * signing; a client who is asked to sign signs their own boxes here. Found through the door
 * (app/deliver/access.server.ts): another firm's, client's or group's request is 404.
 */
import { data as answer, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { ClientSignPage } from "~/deliver/requests/client-sign-page";
import { requireSignatureRequestsOn } from "~/deliver/requests/guard.server";
import { loadClientSignPage, loadStaffReviewPage } from "~/deliver/requests/page.server";
import { StaffReviewPage } from "~/deliver/requests/review-page";
import { SIGNATURE_REQUEST_MESSAGES } from "~/deliver/rules";
import { isPortalError } from "~/errors";
import { firmTitle } from "~/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data ? data.request.formName : firmTitle(matches, "Signature request") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const companyId = new URL(request.url).searchParams.get("companyId");
  const id = params.signatureRequestId ?? "";
  try {
    requireSignatureRequestsOn(portal);
    return user.kind === "staff" ? await loadStaffReviewPage(portal, user, id, companyId) : await loadClientSignPage(portal, user, id, companyId);
  } catch (error) {
    if (isPortalError(error)) throw answer(error.message, { status: error.status });
    throw error;
  }
}

export default function ReviewSignatureRequestRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <FirmPage>{data.kind === "staff" ? <StaffReviewPage key={data.request.id} data={data} /> : <ClientSignPage key={data.request.id} data={data} />}</FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: SIGNATURE_REQUEST_MESSAGES.notFound }} back={{ to: "/", label: "Back" }} />;
}
