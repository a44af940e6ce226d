import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { handleSignInAction, loadSignInPage } from "~/auth/sign-in-flow.server";
import type { SignInPageData } from "~/auth/sign-in-view";
import { SIGN_IN_TITLES } from "~/auth/sign-in-view";
import { SignInScreen } from "~/auth/ui/sign-in-screen";
import { requireFirmSite } from "~/context.server";
import { useRootData } from "~/root";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.view ? SIGN_IN_TITLES[data.view.state] : "Sign In" }];

/** /signin?state=…&redirect=…: every state of the spec's sign-in flow (app/auth/sign-in-flow.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The root domain has no sign-in of its own: it finds the person's firm.
  if (context.portal.site === "root") throw redirect("/find-firm");
  return loadSignInPage(request, requireFirmSite(context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleSignInAction(request, requireFirmSite(context));
}

/**
 * The sign-in card. Also rendered by `/` for a visitor (no loader data there: the email step,
 * keeping ?redirect=); its forms post here.
 */
export function SignInPage() {
  const loaderData = useRouteLoaderData<typeof loader>("routes/signin") as SignInPageData | undefined;
  const actionData = useActionData<typeof action>() as SignInPageData | undefined;
  const [params] = useSearchParams();
  const root = useRootData();
  const data: SignInPageData = actionData?.view
    ? actionData
    : (loaderData ?? { view: { state: "login", step: "email" }, redirectTo: params.get("redirect") || undefined });
  return <SignInScreen data={data} firmName={root?.firm?.name ?? ""} logoUrl={root?.firm?.logoUrl ?? null} />;
}

export default SignInPage;
