/**
 * /documents/{companyHash}?path=/A/B&q=search: the client's document browser. Actions go to
 * /api/documents/{companyHash}; folder zips come from /api/documents/{companyHash}/folder.
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { Alert, Button } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { DocumentBrowser } from "~/documents/document-browser";
import { clientDocumentEntities, DocumentError, loadDocumentBrowser } from "~/documents/documents.server";
import { hasSplitDocuments, SPLIT_MESSAGES } from "~/documents/extracted/split.server";

export const meta: MetaFunction = () => [{ title: "Documents" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const hash = params.companyHash ?? "";
  if (user.kind === "staff") throw redirect(`/admin/${encodeURIComponent(hash)}/documents${new URL(request.url).search}`);
  const url = new URL(request.url);
  try {
    const [data, entities] = await Promise.all([
      loadDocumentBrowser({ portal, user }, hash, {
        path: url.searchParams.get("path"),
        search: url.searchParams.get("q"),
        page: url.searchParams.get("page"),
      }),
      clientDocumentEntities(portal.db, user),
    ]);
    const note = (await hasSplitDocuments(portal.db, data.entity.id)) ? SPLIT_MESSAGES.clientNote : null;
    return json({ data, entities, mode: "client" as const, note });
  } catch (error) {
    if (error instanceof DocumentError) throw new Response(error.message, { status: error.status });
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
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <FirmPage>
      <Alert
        tone="danger"
        title={
          status === 404
            ? "Documents not found"
            : status === 400
              ? "This folder name is not valid."
              : "Something went wrong. Please refresh this page to try again."
        }
      >
        <Button to="/" variant="secondary" size="sm">
          Back to Dashboard
        </Button>
      </Alert>
    </FirmPage>
  );
}
