/**
 * /messages/{conversationId?}?q=&page=&thread=&before=: the firm's conversations for staff (those
 * of entities they may see), and one conversation. Posts: see staff-inbox-route.server.ts.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { PageHeader } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { StaffInboxPage } from "~/conversations/staff-inbox-page";
import { staffInboxAction, staffInboxData } from "~/conversations/staff-inbox-route.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Messages") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const viewer = await loadStaffViewer(request, portal);
  const inbox = await staffInboxData(portal, viewer, new URL(request.url), { conversationId: params.conversationId ?? null });
  return data(inbox, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const viewer = await loadStaffViewer(request, portal);
  return staffInboxAction(request, portal, viewer, { conversationId: params.conversationId ?? null });
}

export default function MessagesRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <StaffInboxPage data={data} base="/messages" header={<PageHeader title="Messages" description="Conversations between your firm and its clients." />} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Conversation not found" }} back={{ to: "/messages", label: "Back to Messages" }} />;
}
