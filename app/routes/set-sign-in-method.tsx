import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireSameOrigin } from "~/auth/origin";
import { safeRedirect } from "~/auth/redirect";
import { requireUser } from "~/auth/session.server";
import { stateUrl } from "~/auth/sign-in-flow.server";
import { STAFF_PASSWORD_ONLY, allowedSignInMethods } from "~/auth/sign-in-rules";
import { signInMethodSchema } from "~/auth/sign-in-schema";
import { SIGN_IN_TITLES, signInPageData, type SignInPageData } from "~/auth/sign-in-view";
import { SignInScreen } from "~/auth/ui/sign-in-screen";
import { requireFirmSite } from "~/context.server";
import { useRootData } from "~/root";

export const meta: MetaFunction = () => [{ title: SIGN_IN_TITLES["set-sign-in-method"] }];

/**
 * /set-sign-in-method ("How do you want to sign in next time?"): for a signed-in user, e.g. after
 * a sign-in link from the firm (which cleared the password) or a template sign-up. Choosing goes
 * on to set-password, set-email or set-phone-number, which save the choice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const row = await portal.db.user.findFirst({
    where: { id: user.id },
    select: { preferredSignInMethod: true, setPasswordRequired: true, passwordHash: true },
  });
  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  // A method that no longer works (password cleared by a sign-in link) is not pre-selected.
  const method = row?.preferredSignInMethod === "password" && (!row.passwordHash || row.setPasswordRequired) ? null : (row?.preferredSignInMethod ?? null);
  const payload: SignInPageData = {
    view: { state: "set-sign-in-method", method, methods: allowedSignInMethods(user.kind) },
    redirectTo: target === "/" ? undefined : target,
  };
  return data(payload, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const user = await requireUser(request, portal);
  const form = await request.formData();
  const target = safeRedirect(form.get("redirect"));
  const parsed = signInMethodSchema.safeParse(form.get("method"));
  // Staff sign in with a password and a code (two factors); a code or link alone is not offered.
  const method =
    parsed.success && !allowedSignInMethods(user.kind).includes(parsed.data)
      ? { success: false as const, error: { issues: [{ message: STAFF_PASSWORD_ONLY }] } }
      : parsed;
  if (!method.success) {
    const payload = signInPageData(
      { state: "set-sign-in-method", method: null, methods: allowedSignInMethods(user.kind) },
      { fieldErrors: { method: method.error.issues[0]?.message } },
      target === "/" ? undefined : target,
    );
    return data(payload, { status: 400 });
  }
  const next = method.data === "password" ? "set-password" : method.data === "email" ? "set-email" : "set-phone-number";
  throw redirect(stateUrl(next, target));
}

export default function SetSignInMethodPage() {
  const loaded = useLoaderData<typeof loader>() as SignInPageData;
  const failed = useActionData<typeof action>() as SignInPageData | undefined;
  const root = useRootData();
  return <SignInScreen data={failed ?? loaded} firmName={root?.firm?.name ?? ""} logoUrl={root?.firm?.logoUrl ?? null} action="/set-sign-in-method" />;
}
