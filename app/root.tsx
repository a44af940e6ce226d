import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { cssBundleHref } from "@remix-run/css-bundle";
import { ROOT_THEME, brandVars, themeClass } from "../themes";
import { getSessionUser, displayName } from "~/auth/session.server";
import { ToastProvider } from "~/components/ui/toast";
import { SignOutSync } from "~/auth/ui/sign-out-sync";
import { ReconnectingNotice } from "~/auth/ui/reconnecting-notice";
import { ErrorPanel, NotFoundPanel, UnavailablePanel } from "~/components/shell/status-panels";
import { VocabularyProvider, firmVocabulary } from "~/vocabulary";
import { IMPLEMENTED_PAGES, clientNavigation, staffNavigation } from "~/navigation";
import { shellCounts } from "~/shell-counts.server";
import { useNonce } from "~/nonce";
import { readerTimeZone } from "~/time-zones.server";
import { ZOD_JITLESS_SCRIPT } from "~/zod-csp";
import { revalidateUnlessSectionMove } from "~/questionnaires/section-url";
import { outageLookOf, UNAVAILABLE_STATUS } from "~/unavailable";
import { PortalBanners } from "~/components/portal-banners";
import { portalBanners } from "~/firms/banners.server";
import { LiveEventsProvider } from "~/realtime/live-events";

export const links: LinksFunction = () => [...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []), { rel: "icon", href: "/favicon.ico" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { portal } = context;
  if (portal.site === "root") {
    return { site: "root" as const, nav: [], theme: ROOT_THEME, brandColor: null, firm: null, user: null, banners: [], notifications: 0 };
  }
  const { firm } = portal;
  const user = await getSessionUser(request, portal);
  const items = !user
    ? []
    : user.kind === "staff"
      ? staffNavigation(user, firm.preferences, IMPLEMENTED_PAGES)
      : clientNavigation(firm.preferences, IMPLEMENTED_PAGES);
  // Unread messages beside Messages (staff /messages, clients /inbox): one capped count; and the
  // bell's number (the bell asks again after each navigation). One statement for both.
  const messages = items.find((i) => i.to === "/messages" || i.to === "/inbox");
  const counts = user ? await shellCounts(portal, user, { messages: Boolean(messages) }) : { messages: 0, notifications: 0 };
  const unread = counts.messages;
  const notifications = counts.notifications;
  // The navigation's labels in the firm's words (Summit's "Entities" are its "Accounts").
  const t = firmVocabulary(firm);
  const nav = items.map((i) => ({ ...i, label: t(i.label), ...(i === messages && unread > 0 ? { count: unread } : {}) }));
  return {
    nav,
    banners: portalBanners(request, firm.preferences, user),
    notifications,
    site: "firm" as const,
    theme: firm.themeName,
    brandColor: firm.brandColor,
    // What the browser shows of the firm (its preferences act on the server: the nav, the banners).
    firm: {
      name: firm.name,
      logoUrl: firm.logoUrl,
      vocabulary: firm.vocabulary,
    },
    user: user
      ? {
          id: user.id,
          kind: user.kind,
          name: displayName(user),
          fullName: `${user.fname} ${user.lname}`.trim(),
          email: user.email,
          firmAccess: user.firmAccess,
          isAdvisor: user.isAdvisor,
          readonlyAccess: user.readonlyAccess,
          timeZone: readerTimeZone(user, firm),
        }
      : null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** A move between a questionnaire's sections (?sectionId=) changes nothing the shell shows. */
export const shouldRevalidate = revalidateUnlessSectionMove;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const firmName = data?.firm?.name ?? outageLookOf(error)?.firmName;
  return [{ title: firmName ? `${firmName} · Client Portal` : "Client Portal for tax and accounting firms" }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  // During an outage no loader data arrives; the root's answer carries the firm's look instead.
  const outage = outageLookOf(useRouteError());
  const look = data ?? outage;
  return (
    <html lang="en" className={themeClass(look?.theme ?? ROOT_THEME)} style={brandVars(look?.brandColor)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <VocabularyProvider entries={data?.firm?.vocabulary ?? []}>
          <LiveEventsProvider enabled={Boolean(data?.user)}>
            <ToastProvider>
              <SignOutSync signedIn={Boolean(data?.user)} />
              <PortalBanners banners={data?.banners ?? []} />
              {children}
              <ReconnectingNotice />
            </ToastProvider>
          </LiveEventsProvider>
        </VocabularyProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    return <NotFoundPanel status={error.status} />;
  }
  if (isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS) return <UnavailablePanel firmName={outageLookOf(error)?.firmName} />;
  return <ErrorPanel />;
}
