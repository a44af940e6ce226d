import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { AuthCard } from "~/components/shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { requireFirmSite } from "~/context.server";
import { confirmEmailChange, pendingEmailForToken } from "~/profile/email-change.server";
import { CONFIRM_EMAIL_MESSAGES } from "~/profile/profile-schema";
import { readForm } from "~/profile/profile-action.server";
import * as s from "~/profile/profile.css";
import { useRootData } from "~/root";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Confirm your new email address") }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store" };

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/**
 * GET /profile/confirm-email?token= — the link emailed to a new address. Opening it only shows
 * what it would confirm (mail scanners follow links); the Confirm button POSTs the token, which
 * is used once. Only this firm's tokens match: the lookup runs in the firm's scope.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [email, user] = await Promise.all([pendingEmailForToken(portal, token), getSessionUser(request, portal)]);
  return data({ token: email ? token : null, email, signedIn: user?.kind ?? null }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const form = await readForm(request);
  const token = form.get("token");
  const outcome = await confirmEmailChange(portal, typeof token === "string" ? token : "");
  const user = await getSessionUser(request, portal);
  return data({ outcome, signedIn: user?.kind ?? null }, { status: outcome.ok ? 200 : 400, headers: NO_STORE });
}

function profilePath(kind: "staff" | "client" | null) {
  return kind === "staff" ? "/admin-profile" : kind === "client" ? "/profile" : "/";
}

export default function ConfirmEmailPage() {
  const { token, email, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const root = useRootData();
  const firm = { firmName: root?.firm?.name ?? "", logoUrl: root?.firm?.logoUrl };
  const kind = actionData?.signedIn ?? signedIn;
  const next = (
    <Button to={profilePath(kind)} variant="primary" fullWidth>
      {kind ? "Go to your profile" : "Sign in"}
    </Button>
  );

  if (actionData?.outcome.ok) {
    return (
      <AuthCard {...firm} title="Email address confirmed" description={<>From now on, sign in and receive notifications with {actionData.outcome.email}.</>}>
        {next}
      </AuthCard>
    );
  }
  if (actionData && !actionData.outcome.ok) {
    return (
      <AuthCard {...firm} title="We couldn't confirm this email">
        <Alert tone="danger">{actionData.outcome.message}</Alert>
        {next}
      </AuthCard>
    );
  }
  if (!token || !email) {
    return (
      <AuthCard {...firm} title="This link has expired">
        <Alert tone="warning">{CONFIRM_EMAIL_MESSAGES.invalid}</Alert>
        {next}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      {...firm}
      title="Confirm your new email address"
      description={
        <>
          Use <span className={s.strong}>{email}</span> to sign in and receive notifications from {firm.firmName || "your firm"}?
        </>
      }
    >
      <Form method="post" className={s.confirmForm}>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" variant="primary" size="lg" fullWidth loading={navigation.state !== "idle"}>
          Confirm
        </Button>
      </Form>
    </AuthCard>
  );
}
