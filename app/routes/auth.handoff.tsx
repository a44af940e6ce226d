import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { createSession } from "~/auth/session.server";
import { consumeSignInToken } from "~/auth/sign-in-tokens.server";
import { requireFirmSite } from "~/context.server";

/**
 * GET /auth/handoff?token= — the last step of firm sign-up on the root domain: exchanges the
 * one-time, short-lived token for a session on this firm's own host. A used, expired or
 * other firm's token sends the visitor to the sign-in page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = token ? await consumeSignInToken(portal, token, "handoff") : null;
  if (!userId) throw redirect("/");
  const cookie = await createSession(portal, userId, request);
  throw redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
