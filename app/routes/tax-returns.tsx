/** /tax-returns: Deliver for staff of firms with new tax return delivery on; anyone else is turned away. */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { FirmPage } from "~/components/firm-page";
import { requireFirmSite } from "~/context.server";
import { DeliverTable } from "~/deliver/table/deliver-table";
import { firmTitle } from "~/meta";
import { canOpenDeliver } from "~/staff/permissions";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Deliver") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await getSessionUser(request, portal);
  if (!user || user.kind !== "staff") throw redirect("/");
  if (!canOpenDeliver(user, portal.firm.preferences)) throw new Response("Not Found", { status: 404 });
  const { loadTaxReturns } = await import("~/deliver/table/loader.server");
  const { data: page, setCookie } = await loadTaxReturns(request, portal, user);
  return data(page, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export default function TaxReturnsPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <DeliverTable data={page} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Deliver is not turned on for this firm." }} back={{ to: "/", label: "Back to Collect" }} />;
}
