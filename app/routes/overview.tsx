/** /overview: Collect for staff (the same page as `/`); anyone else goes to `/`. */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { CollectOverview } from "~/collect/overview/collect-overview";
import { FirmPage } from "~/components/firm-page";
import { requireFirmSite } from "~/context.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Collect") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await getSessionUser(request, portal);
  if (!user || user.kind !== "staff") throw redirect("/");
  const { loadCollect } = await import("~/collect/overview/loader.server");
  const { data: collect, setCookie } = await loadCollect(request, portal, user);
  return data(collect, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export default function OverviewPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <CollectOverview data={data} />
    </FirmPage>
  );
}
