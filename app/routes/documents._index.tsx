/** /documents: the client's default (or first active) entity's documents. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { clientDocumentEntities } from "~/documents/listing.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  if (user.kind === "staff") throw redirect("/");
  const [first] = await clientDocumentEntities(portal.db, user);
  if (!first) throw redirect("/");
  throw redirect(`/documents/${first.hashId}`);
}
