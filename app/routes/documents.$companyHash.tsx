/**
 * /documents/{companyHash}?path=/A/B&q=search: the client's document browser. Actions go to
 * /api/documents/{companyHash}; folder zips come from /api/documents/{companyHash}/folder.
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { DocumentBrowser } from "~/documents/document-browser";
import { clientDocumentEntities, loadDocumentBrowser } from "~/documents/listing.server";
import { hasSplitDocuments, SPLIT_MESSAGES } from "~/documents/splits/split.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Documents") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const hash = params.companyHash ?? "";
  if (user.kind === "staff") throw redirect(`/admin/${encodeURIComponent(hash)}/documents${new URL(request.url).search}`);
  const url = new URL(request.url);
  try {
    // The split note's question goes with the first reads; its answer is used only once the
    // browser has checked this client may see the entity.
    const [browser, entities, split] = await Promise.all([
      loadDocumentBrowser({ portal, user }, hash, {
        path: url.searchParams.get("path"),
        search: url.searchParams.get("q"),
        page: url.searchParams.get("page"),
        after: url.searchParams.get("after"),
        before: url.searchParams.get("before"),
      }),
      clientDocumentEntities(portal.db, user),
      hasSplitDocuments(portal.db, hash),
    ]);
    const note = split ? SPLIT_MESSAGES.clientNote : null;
    return { data: browser, entities, mode: "client" as const, note };
  } catch (error) {
    if (isPortalError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export default function DocumentsRoute() {
  const { data, entities, mode, note } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <DocumentBrowser data={data} entities={entities} mode={mode} basePath={`/documents/${data.entity.hashId}`} note={note} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Documents not found", 400: "This folder name is not valid." }} back={{ to: "/", label: "Back to Dashboard" }} />;
}
