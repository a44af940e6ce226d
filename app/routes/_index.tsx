import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser, displayName } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { ConfirmContact } from "~/profile/confirm-contact-dialog";
import { ClientDashboard } from "~/home/client-dashboard";
import { loadClientHome, setDefaultEntity } from "~/home/client-home.server";
import { readExpandedCards } from "~/home/dashboard-rules";
import { CollectPage, MarketingPage, SignInPage } from "~/home/index-pages";
import { loadContactConfirmation } from "~/profile/contact-confirmation.server";
import { localDate } from "~/local-date";
import { todayIn } from "~/time-zones.server";

/**
 * `/` is four pages: the product's public site on the root domain; on a firm's site, the
 * sign-in page for a visitor (keeping ?redirect=), Collect for staff (also at /overview) or the client dashboard.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { portal } = context;
  if (portal.site === "root") return { page: "marketing" as const };
  const user = await getSessionUser(request, portal);
  if (!user) return { page: "sign-in" as const };
  if (user.kind === "staff") {
    const { loadCollect } = await import("~/collect/overview/loader.server");
    const { data: collect, setCookie } = await loadCollect(request, portal, user);
    return data({ page: "staff" as const, data: collect }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
  }
  const { asksContact, ...home } = await loadClientHome(portal, user, new URL(request.url).searchParams);
  const confirmContact = home.selected && asksContact ? await loadContactConfirmation(portal.db, user, home.selected.id) : null;
  return {
    page: "client" as const,
    today: todayIn(user.timeZone),
    data: {
      name: displayName(user),
      expanded: [...readExpandedCards(request.headers.get("cookie"))],
      readonlyUser: user.readonlyAccess,
      firm: { name: portal.firm.name, supportEmail: portal.firm.supportEmail, communicationDisabled: portal.firm.preferences.communicationDisabled },
      home,
      confirmContact,
    },
  };
}

/**
 * A signed-in client choosing an entity (the entity selector posts here); otherwise a visitor's
 * sign-in form posted to `/` (it normally posts to /signin).
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { portal } = context;
  if (portal.site === "firm") {
    const user = await getSessionUser(request, portal);
    if (user) {
      const form = await request.formData();
      if (user.kind === "staff" && form.get("intent") === "dismiss-setup-guide") {
        const { dismissSetupChecklist } = await import("~/setup/checklist.server");
        await dismissSetupChecklist(portal, user.id);
        return { ok: true };
      }
      const entity = form.get("entity");
      if (form.get("intent") !== "set-entity" || typeof entity !== "string" || entity.length > 64) {
        throw new Response("Bad Request", { status: 400 });
      }
      const hashId = user.kind === "client" ? await setDefaultEntity(portal, user, entity) : null;
      if (!hashId) throw new Response("Not Found", { status: 404 });
      throw redirect(`/?${new URLSearchParams({ entity: hashId })}`);
    }
  }
  const { action: signInAction } = await import("./signin");
  return signInAction(args);
}

export default function Index() {
  const result = useLoaderData<typeof loader>();
  switch (result.page) {
    case "marketing":
      return <MarketingPage />;
    case "sign-in":
      return <SignInPage />;
    case "staff":
      return (
        <FirmPage>
          <CollectPage data={result.data} />
        </FirmPage>
      );
    case "client":
      return (
        <FirmPage>
          <ClientDashboard data={result.data} today={localDate(result.today)} />
          <ConfirmContact request={result.data.confirmContact} />
        </FirmPage>
      );
  }
}
