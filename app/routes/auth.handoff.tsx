import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { createSession } from "~/auth/session.server";
import { consumeSignInToken } from "~/auth/sign-in-tokens.server";
import { recordSignInFailure, throttleSignIn } from "~/auth/throttle.server";
import { requireFirmSite } from "~/context.server";

/**
 * GET /auth/handoff?token= — the last step of firm sign-up on the root domain: exchanges the
 * one-time, short-lived token for a session on this firm's own host. A used, expired or
 * other firm's token sends the visitor to the sign-in page.
 *
 * The partner created the account (and its password) seconds ago in this browser and has no
 * other factor yet, so the session counts as two-factor verified; every later sign-in asks.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const throttle = await throttleSignIn(portal);
  if (!throttle.allowed) throw redirect("/");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = token ? await consumeSignInToken(portal, token, "handoff") : null;
  if (!userId) {
    await recordSignInFailure(portal);
    throw redirect("/");
  }
  const cookie = await createSession(portal, userId, request, { twoFactorVerified: true });
  throw redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
