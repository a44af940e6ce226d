/**
 * /admin/{companyHash}/documents?path=/A/B&q=search: an entity's documents for the firm's staff,
 * with STAFF ONLY folders, descriptions and tags. Same API as the client page.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { DocumentBrowser } from "~/documents/document-browser";
import { canCreateSecureUploadLink } from "~/drop-off/drop-off.server";
import { SecureUploadLinkButton } from "~/drop-off/secure-upload-link";
import { loadDocumentBrowser, type DocumentBrowserData } from "~/documents/listing.server";
import { SPLIT_MESSAGES, SPLIT_POLL_INTERVAL_MS, SPLIT_POLL_MAX_LOOPS } from "~/documents/splits/split.server";
import type { SplitOptions } from "~/documents/split-dialog";
import type { FirmSiteContext } from "~/context.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Documents") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const url = new URL(request.url);
  try {
    const browser = await loadDocumentBrowser({ portal, user }, params.companyHash ?? "", {
      path: url.searchParams.get("path"),
      search: url.searchParams.get("q"),
      page: url.searchParams.get("page"),
      after: url.searchParams.get("after"),
      before: url.searchParams.get("before"),
    });
    return {
      data: browser,
      mode: "staff" as const,
      split: await splitOptions(portal, user.kind === "staff" && user.isAdvisor, browser),
      canIssueSecureUpload: canCreateSecureUploadLink(user),
    };
  } catch (error) {
    if (isPortalError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** Split actions for advisors of firms with the bulk upload processor, and the listed documents' splits. */
async function splitOptions(portal: FirmSiteContext, isAdvisor: boolean, data: DocumentBrowserData): Promise<SplitOptions> {
  const enabled = isAdvisor && Boolean(portal.firm.preferences.bulkUploadProcessor);
  const bySource: SplitOptions["bySource"] = {};
  const ids = (data.results ?? data.items).filter((i) => i.itemType === "file" && i.contentType === "application/pdf").map((i) => i.id);
  if (enabled && ids.length) {
    const rows = await portal.db.extractedDocument.findMany({
      where: { companyId: data.entity.id, sourceDocumentId: { in: ids }, parentDocumentId: null, deletedAt: null, source: "split" },
      orderBy: { createdAt: "asc" },
      select: { id: true, sourceDocumentId: true, status: true, markedAsOthers: true },
    });
    for (const r of rows)
      if (r.sourceDocumentId) bySource[r.sourceDocumentId] = { extractedDocumentId: r.id, status: r.status, markedAsOthers: r.markedAsOthers };
  }
  return {
    enabled,
    pollIntervalMs: SPLIT_POLL_INTERVAL_MS,
    pollMaxLoops: SPLIT_POLL_MAX_LOOPS,
    messages: { failed: SPLIT_MESSAGES.failed, stillProcessing: "Document(s) are still processing", done: "Document split successfully" },
    bySource,
  };
}

export default function AdminDocumentsRoute() {
  const { data, mode, split, canIssueSecureUpload } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <DocumentBrowser
        data={data}
        entities={[]}
        mode={mode}
        basePath={`/admin/${data.entity.hashId}/documents`}
        split={split}
        headerActions={canIssueSecureUpload ? <SecureUploadLinkButton companyHash={data.entity.hashId} entityName={data.entity.name} /> : null}
      />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Documents not found", 400: "This folder name is not valid." }} back={{ to: "/", label: "Back" }} />;
}
