/**
 * `/` is four pages (routes/_index); the browser loads the client dashboard with the route and the
 * other three (Collect for staff, the sign-in card, the product's public site) only when it shows
 * one, so a client's dashboard carries none of their code. The server renders each at once (its
 * full HTML); in the browser the page hydrates when its code arrives.
 */
import { Suspense, type ComponentProps, type ReactNode } from "react";
import { loadedWhenShown } from "~/components/loaded-when-shown";
import { Spinner } from "~/components/ui/spinner";
import * as onServer from "./index-pages.server";

const Collect = loadedWhenShown(onServer.CollectOverview, () => import("~/collect/overview/collect-overview").then((m) => m.CollectOverview));
const SignIn = loadedWhenShown(onServer.SignInPage, () => import("~/routes/signin").then((m) => m.SignInPage));
const Marketing = loadedWhenShown(onServer.MarketingHome, () => import("~/platform/marketing-home").then((m) => m.MarketingHome));

/** What a page shows while its code loads after a navigation in the browser. */
function PageLoading() {
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: "3rem 1rem" }}>
      <Spinner size="lg" />
    </div>
  );
}

function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

export function CollectPage(props: ComponentProps<typeof onServer.CollectOverview>) {
  return (
    <Loaded>
      <Collect {...props} />
    </Loaded>
  );
}

export function SignInPage() {
  return (
    <Loaded>
      <SignIn />
    </Loaded>
  );
}

export function MarketingPage() {
  return (
    <Loaded>
      <Marketing />
    </Loaded>
  );
}
