/**
 * /admin/{companyHash}/messages/{conversationId?}: an entity's conversations for staff, with the
 * entity nav. Without a conversation it opens the entity's latest one, or offers to start one
 * with the entity's active owners ('Entity has no active owners to message.' when none is).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { PageHeader } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { latestEntityConversation } from "~/conversations/staff-inbox.server";
import { StaffInboxPage } from "~/conversations/staff-inbox-page";
import { staffInboxAction, staffInboxData } from "~/conversations/staff-inbox-route.server";
import { STAFF_INBOX_TEXT } from "~/conversations/staff-rules";
import { EntityNav } from "~/staff/entity-nav";
import { loadEntity } from "~/staff/entity.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.entity ? `${firmTitle(matches, "Messages")} · ${data.entity.name}` : firmTitle(matches, "Messages") },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const viewer = await loadStaffViewer(request, portal);
  const hashId = params.companyHash ?? "";
  const entity = await loadEntity(portal, { id: viewer.facts.id, firmAccess: viewer.facts.firmAccess }, hashId);
  if (!entity) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const conversationId = params.conversationId ?? null;
  if (!conversationId && !url.searchParams.get("q") && !url.searchParams.get("page")) {
    const latest = await latestEntityConversation(portal, viewer, entity.id);
    if (latest) throw redirect(`/admin/${entity.hashId}/messages/${latest}`);
  }
  const inbox = await staffInboxData(portal, viewer, url, { conversationId, entityId: entity.id });
  const blocked = portal.firm.preferences.communicationDisabled
    ? "Messaging is not available for this firm."
    : entity.hasActiveOwners
      ? null
      : STAFF_INBOX_TEXT.noActiveOwners;
  return data(
    {
      data: inbox,
      entity: { hashId: entity.hashId, name: entity.name, type: entity.type, primaryOwnerId: entity.primaryOwnerId, hasActiveOwners: entity.hasActiveOwners },
      start: inbox.list.total === 0 ? { blocked, entityName: entity.name, entityHash: entity.hashId } : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const viewer = await loadStaffViewer(request, portal);
  return staffInboxAction(request, portal, viewer, { conversationId: params.conversationId ?? null, entityHash: params.companyHash ?? "" });
}

export default function EntityMessagesRoute() {
  const { data, entity, start } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <StaffInboxPage
        data={data}
        base={`/admin/${entity.hashId}/messages`}
        start={start}
        header={
          <>
            <PageHeader eyebrow={entity.type} title={entity.name} />
            <EntityNav entity={entity} />
          </>
        }
      />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Conversation not found" }} back={{ to: "/messages", label: "Back to Messages" }} />;
}
