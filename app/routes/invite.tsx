/**
 * /invite?token=: the page a staff invitation opens. Opening it changes nothing (mail scanners
 * follow links). Its form sets the password and uses the link; the second factor follows (a code
 * to the invited address, the usual 2-Factor Auth step) and then the new staff member is signed in.
 * A used, expired or unknown link (another firm's included) shows what to do instead.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { requireSameOrigin } from "~/auth/origin";
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from "~/auth/password-rules";
import { finishFirstFactor } from "~/auth/sign-in-flow.server";
import { setPasswordSchema } from "~/auth/sign-in-schema";
import { maskEmail, tooManyRequestsMessage } from "~/auth/sign-in-rules";
import { findUserById } from "~/auth/sign-in-user.server";
import { recordSignInFailure, throttleSignIn } from "~/auth/throttle.server";
import { AuthCard } from "~/components/shell";
import { Alert, Button, PasswordField } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { firmTitle } from "~/meta";
import { useRootData } from "~/root";
import { acceptInvitation, inspectInvitation } from "~/team/invite.server";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Join the team") }, { name: "robots", content: "noindex" }];

const LINK_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type InvitePage = { kind: "invite"; token: string; fname: string; destination: string } | { kind: "expired" };
type InviteReply = { kind: "expired" } | { kind: "invalid"; formError?: string; fieldErrors: { password?: string; confirmPassword?: string } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invite = await inspectInvitation(portal.db, token);
  if (invite.status !== "valid") return data<InvitePage>({ kind: "expired" }, { status: invite.status === "expired" ? 410 : 404, headers: LINK_HEADERS });
  return data<InvitePage>({ kind: "invite", token, fname: invite.fname, destination: maskEmail(invite.email) }, { headers: LINK_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const form = await request.formData();
  const token = String(form.get("token") ?? "").slice(0, 200);
  const throttle = await throttleSignIn(portal);
  if (!throttle.allowed)
    return data<InviteReply>({ kind: "invalid", formError: tooManyRequestsMessage(throttle.retryAfterSeconds), fieldErrors: {} }, { status: 429 });
  const parsed = setPasswordSchema.safeParse({
    password: String(form.get("password") ?? "").slice(0, 1000),
    confirmPassword: String(form.get("confirmPassword") ?? "").slice(0, 1000),
  });
  if (!parsed.success) {
    const fieldErrors: { password?: string; confirmPassword?: string } = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] === "confirmPassword" ? "confirmPassword" : "password"] ??= issue.message;
    return data<InviteReply>({ kind: "invalid", fieldErrors }, { status: 400 });
  }
  const userId = await acceptInvitation(portal.db, token, parsed.data.password);
  if (!userId) {
    await recordSignInFailure(portal);
    return data<InviteReply>({ kind: "expired" }, { status: 410 });
  }
  const user = await findUserById(portal, userId);
  if (!user) return data<InviteReply>({ kind: "expired" }, { status: 410 });
  // The link proved the address; the password is the first factor. Staff then give a code (2FA).
  return finishFirstFactor(portal, request, user, "/", { how: "Accepted a staff invitation" });
}

export default function InvitePage() {
  const loaded = useLoaderData<typeof loader>() as InvitePage;
  const replied = useActionData<typeof action>() as InviteReply | undefined;
  const root = useRootData();
  const navigation = useNavigation();
  const firmName = root?.firm?.name ?? "";
  const logoUrl = root?.firm?.logoUrl ?? null;
  if (loaded.kind === "expired" || replied?.kind === "expired") {
    return (
      <AuthCard firmName={firmName} logoUrl={logoUrl} title="This invitation has expired" description="Invitation links work once and for a limited time.">
        <p>
          Ask a partner or admin of {firmName || "the firm"} to send you a new invitation from their Team page. If you already chose your password, sign in
          instead.
        </p>
        <Link to="/signin">Go to Sign In</Link>
      </AuthCard>
    );
  }
  const errors = replied?.kind === "invalid" ? replied.fieldErrors : {};
  return (
    <AuthCard
      firmName={firmName}
      logoUrl={logoUrl}
      title={`Join ${firmName}`}
      description={`Welcome, ${loaded.fname}. Choose the password for ${loaded.destination}. Next, we email you a code: staff always sign in with two steps.`}
    >
      <Form method="post" replace>
        {replied?.kind === "invalid" && replied.formError ? <Alert tone="danger">{replied.formError}</Alert> : null}
        <input type="hidden" name="token" value={loaded.token} />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          maxLength={128}
          required
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIALS}`}
        />
        <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" maxLength={128} required error={errors.confirmPassword} />
        <Button type="submit" variant="primary" size="lg" fullWidth loading={navigation.state !== "idle"}>
          Save password and continue
        </Button>
      </Form>
    </AuthCard>
  );
}
