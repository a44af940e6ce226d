/**
 * /admin/{companyHash}/documents?path=/A/B&q=search: an entity's documents for the firm's staff,
 * with STAFF ONLY folders, descriptions and tags. Same API as the client page.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { Alert, Button } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { DocumentBrowser } from "~/documents/document-browser";
import { DocumentError, loadDocumentBrowser } from "~/documents/documents.server";

export const meta: MetaFunction = () => [{ title: "Documents" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const url = new URL(request.url);
  try {
    const data = await loadDocumentBrowser({ portal, user }, params.companyHash ?? "", { path: url.searchParams.get("path"), search: url.searchParams.get("q") });
    return json({ data, mode: "staff" as const });
  } catch (error) {
    if (error instanceof DocumentError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function AdminDocumentsRoute() {
  const { data, mode } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <DocumentBrowser data={data} entities={[]} mode={mode} basePath={`/admin/${data.entity.hashId}/documents`} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <FirmPage>
      <Alert tone="danger" title={status === 404 ? "Documents not found" : status === 400 ? "This folder name is not valid." : "Something went wrong. Please refresh this page to try again."}>
        <Button to="/" variant="secondary" size="sm">
          Back
        </Button>
      </Alert>
    </FirmPage>
  );
}
