/**
 * /settings/statuses: the firm's custom questionnaire statuses (partners and admins): create,
 * rename, colour, reorder and delete. Deleting clears the status from the questionnaires carrying it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { CustomStatusSettings } from "~/custom-statuses/status-settings";
import { statusActionSchema } from "~/custom-statuses/rules";
import { listCustomStatuses, performStatusAction } from "~/custom-statuses/statuses.server";
import { settingsAction } from "~/firm-settings/form-action.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Custom Statuses") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner", "admin"]);
  return { statuses: await listCustomStatuses(portal, staff) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner", "admin"]);
  return settingsAction(request, statusActionSchema, (input) => performStatusAction(portal, staff, input));
}

export default function CustomStatusesPage() {
  const { statuses } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <CustomStatusSettings statuses={statuses} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 403: "Only partners and admins can manage custom statuses." }} back={{ to: "/", label: "Back to Collect" }} />;
}
