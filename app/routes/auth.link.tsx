import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireSameOrigin } from "~/auth/origin";
import { safeRedirect } from "~/auth/redirect";
import { finishFirstFactor, page } from "~/auth/sign-in-flow.server";
import { consumeLink, inspectLink } from "~/auth/sign-in-links.server";
import { SIGN_IN_MESSAGES, maskEmail, tooManyRequestsMessage } from "~/auth/sign-in-rules";
import { findUserById } from "~/auth/sign-in-user.server";
import { confirmSignUp, inspectSignUpLink } from "~/auth/template-sign-up.server";
import type { SignInPageData } from "~/auth/sign-in-view";
import { recordSignInFailure, throttleSignIn } from "~/auth/throttle.server";
import { SignInScreen } from "~/auth/ui/sign-in-screen";
import { AuthCard } from "~/components/shell";
import { Button } from "~/components/ui/button";
import { requireFirmSite } from "~/context.server";
import { useRootData } from "~/root";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Sign In") }, { name: "robots", content: "noindex" }];

const LINK_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

type LinkPage =
  | { kind: "link"; token: string; purpose: "sign_in_link" | "password_reset" | "template_sign_up"; destination: string | null }
  | { kind: "flow"; data: SignInPageData };

/** After a confirmed sign-up from a template link: choose a sign-in method, then the dashboard. */
const AFTER_SIGN_UP = "/set-sign-in-method";

// The link's token is in this page's URL: the loader's no-store and no-referrer apply to the page too.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * GET /auth/link?token=: the page an emailed link opens. Opening it changes nothing (mail
 * scanners follow links); its button POSTs the token, which uses it. A used or expired link,
 * or another firm's, shows the expired-link state.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await inspectLink(portal, token);
  const signUp = link.status === "unknown" ? await inspectSignUpLink(portal, token) : null;
  if (signUp) {
    if (signUp.status === "valid")
      return data<LinkPage>({ kind: "link", token, purpose: "template_sign_up", destination: maskEmail(signUp.email) }, { headers: LINK_HEADERS });
    return data<LinkPage>({ kind: "flow", data: { view: { state: "expired-link" } } }, { status: 410, headers: LINK_HEADERS });
  }
  if (link.status === "valid") {
    const user = await findUserById(portal, link.userId);
    const body: LinkPage = { kind: "link", token, purpose: link.purpose, destination: user?.email ? maskEmail(user.email) : null };
    return data(body, { headers: LINK_HEADERS });
  }
  const body: LinkPage = { kind: "flow", data: { view: { state: "expired-link", token: link.status === "expired" ? token : undefined } } };
  return data(body, { status: link.status === "expired" ? 410 : 404, headers: LINK_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const form = await request.formData();
  const token = String(form.get("token") ?? "").slice(0, 200);
  const throttle = await throttleSignIn(portal);
  if (!throttle.allowed) return page({ state: "expired-link" }, "/", { formError: tooManyRequestsMessage(throttle.retryAfterSeconds) }, 429);
  const used = await consumeLink(portal, token);
  if (!used) {
    const signUp = await confirmSignUp(portal, token);
    if (signUp.ok) {
      return finishFirstFactor(portal, request, signUp.user, signUp.created ? AFTER_SIGN_UP : "/", {
        how: signUp.created ? "Signed up from a template link, email confirmed" : "With a sign-up link to an existing account",
        proved: true,
      });
    }
    await recordSignInFailure(portal);
    const link = await inspectLink(portal, token);
    return page({ state: "expired-link", token: link.status === "expired" ? token : undefined }, "/", undefined, 410);
  }
  const user = await findUserById(portal, used.userId);
  if (!user) return page({ state: "login", step: "email" }, "/", { formError: SIGN_IN_MESSAGES.signInProblem }, 400);
  return finishFirstFactor(portal, request, user, safeRedirect(used.redirectTo), {
    how: used.purpose === "password_reset" ? "With a password reset link" : "With a sign-in link",
    proved: true,
  });
}

export default function SignInLinkPage() {
  const loaded = useLoaderData<typeof loader>() as LinkPage;
  const failed = useActionData<typeof action>() as SignInPageData | undefined;
  const root = useRootData();
  const navigation = useNavigation();
  const firmName = root?.firm?.name ?? "";
  const logoUrl = root?.firm?.logoUrl ?? null;
  if (failed?.view) return <SignInScreen data={failed} firmName={firmName} logoUrl={logoUrl} />;
  if (loaded.kind === "flow") return <SignInScreen data={loaded.data} firmName={firmName} logoUrl={logoUrl} />;
  const reset = loaded.purpose === "password_reset";
  const signUp = loaded.purpose === "template_sign_up";
  return (
    <AuthCard
      firmName={firmName}
      logoUrl={logoUrl}
      title={reset ? "Reset password" : signUp ? "Create your account" : "Sign In"}
      description={
        <>
          {reset ? "Continue to choose how you sign in" : signUp ? `Continue to create your ${firmName} account` : `Continue to sign in to ${firmName}`}
          {loaded.destination ? ` as ${loaded.destination}` : ""}.
        </>
      }
    >
      <Form method="post" replace>
        <input type="hidden" name="token" value={loaded.token} />
        <Button type="submit" variant="primary" size="lg" fullWidth loading={navigation.state !== "idle"}>
          Continue
        </Button>
      </Form>
    </AuthCard>
  );
}
