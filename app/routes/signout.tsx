import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySession } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const cookie = await destroySession(request, portal);
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}
