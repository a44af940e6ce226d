import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { PREFERENCE_GROUPS } from "~/firms/preferences";

/** /firm/preferences: the first group's page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  await requireStaff(request, portal, ["partner", "admin"]);
  throw redirect(`/firm/preferences/${PREFERENCE_GROUPS[0]}`);
}
