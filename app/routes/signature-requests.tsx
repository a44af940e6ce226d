/** /signature-requests (staff): the signature requests table (staff spec §2 'Signature requests'); anyone else is turned away. */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { SignatureRequestsTable } from "~/deliver/requests/requests-table";
import { firmTitle } from "~/meta";
import { canOpenSignatureRequests } from "~/staff/permissions";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Signature requests") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await getSessionUser(request, portal);
  if (!user || user.kind !== "staff") throw redirect("/");
  if (!canOpenSignatureRequests(user, portal.firm.preferences)) throw new Response("Not Found", { status: 404 });
  const { loadSignatureRequests } = await import("~/deliver/requests/list.server");
  const { data: page, setCookie } = await loadSignatureRequests(request, portal, user);
  return data(page, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export default function SignatureRequestsPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <SignatureRequestsTable data={page} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Signature requests are not turned on for this firm." }} back={{ to: "/", label: "Back to Collect" }} />;
}
