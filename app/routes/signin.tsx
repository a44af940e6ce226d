import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useSearchParams } from "@remix-run/react";
import { safeRedirect } from "~/auth/redirect";
import { SignInForm } from "~/auth/sign-in-form";
import { passwordSignInSchema } from "~/auth/sign-in-schema";
import { signInWithPassword } from "~/auth/sign-in.server";
import { createSession, getSessionUser } from "~/auth/session.server";
import { AuthCard } from "~/components/shell";
import { useRootData } from "~/root";
import { requireFirmSite } from "~/context.server";

export const meta: MetaFunction = () => [{ title: "Sign In" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await getSessionUser(request, portal);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: passwordSignInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, password, redirect: target } = submission.value;
  const outcome = await signInWithPassword(portal, email, password);
  if (!outcome.ok) {
    const reply =
      outcome.field === "form"
        ? submission.reply({ formErrors: [outcome.message], hideFields: ["password"] })
        : submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: ["password"] });
    return data({ result: reply }, { status: outcome.field === "form" ? 429 : 400 });
  }
  const cookie = await createSession(portal, outcome.userId, request);
  throw redirect(safeRedirect(target), { headers: { "Set-Cookie": cookie } });
}

export function SignInPage() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const root = useRootData();
  return (
    <AuthCard firmName={root?.firm?.name ?? ""} logoUrl={root?.firm?.logoUrl ?? null} title="Sign In">
      <SignInForm lastResult={actionData?.result} redirectTo={params.get("redirect") ?? undefined} />
    </AuthCard>
  );
}

export default SignInPage;
