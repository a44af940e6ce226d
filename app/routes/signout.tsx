import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AUTH_ACTIVITY, logAuthEvent } from "~/auth/auth-activity.server";
import { requireSameOrigin } from "~/auth/origin";
import { destroySession, getPendingSignIn, getSessionUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

export async function loader() {
  return redirect("/");
}

/** POST /signout: ends this session (or a sign-in waiting for its second factor). */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  requireSameOrigin(request, portal.origin);
  const user = (await getSessionUser(request, portal)) ?? (await getPendingSignIn(request, portal));
  const cookie = await destroySession(request, portal);
  if (user) await logAuthEvent(portal, { title: AUTH_ACTIVITY.signedOut, userId: user.id });
  return redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}
