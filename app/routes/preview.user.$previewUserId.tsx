/**
 * /preview/user/{previewUserId}?previewCompanyHash: the client's dashboard as the client sees it,
 * shown read-only to staff under a 'Previewing {client name}' banner. Choosing an entity or a
 * year only changes what is shown (the client's default entity is not changed); a questionnaire
 * opens in the advisor preview. Staff only; a client, another firm's user id or (group access)
 * another group's client is not found, and only the entities the staff member may see are shown.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { displayName, requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { ClientDashboard } from "~/home/client-dashboard";
import { loadClientHome } from "~/home/client-home.server";
import { findPreviewClient } from "~/questionnaires/preview-client.server";
import { staffVisibility } from "~/staff/visibility.server";
import { localDate, todayIn } from "~/time-zones";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Previewing ${data.clientName}` : "Preview" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const client = await findPreviewClient(portal, staff, params.previewUserId ?? "");
  if (!client) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  // The dashboard reads ?entity and ?year; the preview link names the entity previewCompanyHash.
  const search = new URLSearchParams(url.searchParams);
  const entity = url.searchParams.get("previewCompanyHash") ?? url.searchParams.get("entity");
  if (entity) search.set("entity", entity);
  // A client can co-own entities of another firm group: those stay out of the preview.
  const visibility = await staffVisibility(portal.db, staff);
  const home = await loadClientHome(portal, client, search, { entitySql: (companies, bind) => visibility.entitySql(companies, bind) });
  const clientName = `${client.fname} ${client.lname}`.trim() || displayName(client);
  return {
    clientName,
    today: todayIn(client.timeZone),
    entityIds: Object.fromEntries(home.entities.map((e) => [e.hashId, e.id])),
    data: {
      name: displayName(client),
      expanded: [] as string[],
      readonlyUser: client.readonlyAccess,
      firm: { name: portal.firm.name, supportEmail: portal.firm.supportEmail, communicationDisabled: portal.firm.preferences.communicationDisabled },
      home,
    },
  };
}

/** The dashboard's entity selector posts here: show that entity, change nothing. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  await requireStaff(request, portal);
  const entity = (await request.formData()).get("entity");
  const search = typeof entity === "string" && entity.length <= 64 ? `?${new URLSearchParams({ previewCompanyHash: entity })}` : "";
  throw redirect(`/preview/user/${encodeURIComponent(params.previewUserId ?? "")}${search}`);
}

export default function PreviewUserRoute() {
  const { clientName, today, entityIds, data } = useLoaderData<typeof loader>();
  const navigate = useNavigate();

  // The dashboard links to the client's questionnaire page; staff open the advisor preview instead.
  function openAsPreview(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    const match = href?.match(/^\/questionnaire\/([^/?#]+)\?(.*)$/);
    if (!match) return;
    const companyId = entityIds[decodeURIComponent(match[1]!)];
    const questionnaireId = new URLSearchParams(match[2]).get("questionnaireId");
    if (!companyId || !questionnaireId) return;
    event.preventDefault();
    navigate(`/preview/${companyId}/questionnaire/${questionnaireId}`);
  }

  return (
    <FirmPage>
      <Alert
        tone="info"
        title={`Previewing ${clientName}`}
        action={
          <Button to="/" variant="secondary" size="sm">
            Back
          </Button>
        }
      >
        This is what the client sees. It is read-only: nothing you do here changes the client&apos;s account.
      </Alert>
      <div style={{ height: 16 }} aria-hidden />
      <div onClickCapture={openAsPreview}>
        <ClientDashboard data={data} today={localDate(today)} />
      </div>
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Client not found" }} back={{ to: "/", label: "Back" }} />;
}
