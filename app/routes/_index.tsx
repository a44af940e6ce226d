import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser, displayName } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { ClientDashboard } from "~/home/client-dashboard";
import { loadClientHome, progressPercent } from "~/home/client-home.server";
import { StaffHome } from "~/home/staff-home";
import { loadStaffHome } from "~/home/staff-home.server";
import { MarketingHome } from "~/platform/marketing-home";
import { localDate, todayIn } from "~/time-zones";
import { SignInPage, action as signInAction } from "./signin";

/**
 * `/` is four pages: the product's public site on the root domain; on a firm's site, the
 * sign-in page for a visitor (keeping ?redirect=), the staff home (Collect) or the client dashboard.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { portal } = context;
  if (portal.site === "root") return { page: "marketing" as const };
  const user = await getSessionUser(request, portal);
  if (!user) return { page: "sign-in" as const };
  if (user.kind === "staff") {
    return { page: "staff" as const, today: todayIn(user.timeZone), data: { name: displayName(user), ...(await loadStaffHome(portal)) } };
  }
  const home = await loadClientHome(portal, user, new URL(request.url).searchParams);
  return {
    page: "client" as const,
    today: todayIn(user.timeZone),
    data: {
      name: displayName(user),
      readonlyUser: user.readonlyAccess,
      firm: { name: portal.firm.name, supportEmail: portal.firm.supportEmail },
      home: { ...home, questionnaires: home.questionnaires.map((q) => ({ ...q, progress: progressPercent(q.sections, q.inProgress) })) },
    },
  };
}

// A visitor's sign-in form on `/` posts to /signin; this keeps a plain POST to `/` working too.
export const action = signInAction;

export default function Index() {
  const result = useLoaderData<typeof loader>();
  switch (result.page) {
    case "marketing":
      return <MarketingHome />;
    case "sign-in":
      return <SignInPage />;
    case "staff":
      return (
        <FirmPage>
          <StaffHome data={result.data} today={localDate(result.today)} />
        </FirmPage>
      );
    case "client":
      return (
        <FirmPage>
          <ClientDashboard data={result.data} today={localDate(result.today)} />
        </FirmPage>
      );
  }
}
