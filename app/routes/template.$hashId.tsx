import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireSameOrigin } from "~/auth/origin";
import { getSessionUser } from "~/auth/session.server";
import { LINK_PATH } from "~/auth/sign-in-links.server";
import { continueWithEmail, page, stateUrl } from "~/auth/sign-in-flow.server";
import { templateEmailSchema, templateSignUpSchema } from "~/auth/sign-in-schema";
import { tooManyRequestsMessage } from "~/auth/sign-in-rules";
import { findUserByEmail } from "~/auth/sign-in-user.server";
import type { SignInFeedback, SignInPageData, SignInView } from "~/auth/sign-in-view";
import { findPublicTemplate, startTemplateSignUp } from "~/auth/template-sign-up.server";
import { throttleSignIn } from "~/auth/throttle.server";
import { SignInScreen } from "~/auth/ui/sign-in-screen";
import { requireFirmSite } from "~/context.server";
import { useRootData } from "~/root";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Get started") }];

/**
 * /template/{hashId}: a firm's public template link. template-start asks for the email; a known
 * email continues with the usual sign-in; an unknown one goes to template-sign-up (first and last
 * name), which emails a link to the address; opening it creates the client and signs them in.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const template = await findPublicTemplate(portal, params.hashId ?? "");
  if (!template) throw new Response("Not Found", { status: 404 });
  if (await getSessionUser(request, portal)) throw redirect("/");
  const payload: SignInPageData = { view: { state: "template-start", template } };
  return data(payload, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const template = await findPublicTemplate(portal, params.hashId ?? "");
  if (!template) throw new Response("Not Found", { status: 404 });
  const form = await request.formData();
  const typed = {
    email: String(form.get("email") ?? "").slice(0, 254),
    fname: String(form.get("fname") ?? "").slice(0, 80),
    lname: String(form.get("lname") ?? "").slice(0, 80),
  };
  const signUp = form.get("intent") === "template-sign-up";
  const here: SignInView = { state: signUp ? "template-sign-up" : "template-start", template, email: typed.email };

  const throttle = await throttleSignIn(portal);
  if (!throttle.allowed) return page(here, "/", { formError: tooManyRequestsMessage(throttle.retryAfterSeconds), values: typed }, 429);

  if (!signUp) {
    const parsed = templateEmailSchema.safeParse(typed);
    if (!parsed.success) return page(here, "/", { fieldErrors: { email: parsed.error.issues[0]?.message }, values: typed }, 400);
    if (await findUserByEmail(portal, parsed.data.email)) return continueWithEmail(portal, request, parsed.data.email, "/", here);
    return page({ state: "template-sign-up", template, email: parsed.data.email }, "/");
  }

  const parsed = templateSignUpSchema.safeParse(typed);
  if (!parsed.success) {
    const fieldErrors: SignInFeedback["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "fname" || issue.path[0] === "lname" ? issue.path[0] : "email";
      fieldErrors[field] ??= issue.message;
    }
    return page(here, "/", { fieldErrors, values: typed }, 400);
  }
  if (await findUserByEmail(portal, parsed.data.email)) return continueWithEmail(portal, request, parsed.data.email, "/", here);
  // Nothing is created until the owner of the address opens the link sent to it (/auth/link).
  const started = await startTemplateSignUp(portal, template, parsed.data, LINK_PATH);
  if (!started.ok) return page(here, "/", { formError: started.message, values: typed }, started.status);
  throw redirect(stateUrl("sent-link", "/", { sent: "template_sign_up", to: started.destination }), { headers: { "Cache-Control": "no-store" } });
}

export default function TemplatePage() {
  const loaded = useLoaderData<typeof loader>() as SignInPageData;
  const acted = useActionData<typeof action>() as SignInPageData | undefined;
  const root = useRootData();
  const data = acted?.view ? acted : loaded;
  const hashId = loaded.view.template?.hashId ?? "";
  const action = data.view.state.startsWith("template-") ? `/template/${hashId}` : "/signin";
  return <SignInScreen data={data} firmName={root?.firm?.name ?? ""} logoUrl={root?.firm?.logoUrl ?? null} action={action} />;
}
