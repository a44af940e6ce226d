/** /inbox: the client's default (or first active) entity's conversations. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { inboxEntities } from "~/conversations/inbox.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  if (user.kind === "staff" || portal.firm.preferences.communicationDisabled) throw redirect("/");
  const [first] = await inboxEntities(portal, user);
  if (!first) throw redirect("/");
  throw redirect(`/inbox/${first.hashId}`);
}
