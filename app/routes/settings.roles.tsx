/**
 * /settings/roles: the firm's roles (partners and admins, only with use_firm_roles): create,
 * rename, delete. Roles are given to staff per entity in Edit entity → Firm Roles, or in bulk from
 * the Entities table.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireFirmSite } from "~/context.server";
import { settingsAction } from "~/firm-settings/form-action.server";
import { FirmRoleSettings } from "~/firm-roles/role-settings";
import { roleActionSchema } from "~/firm-roles/rules";
import { listFirmRolesForSettings, performRoleAction } from "~/firm-roles/roles.server";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Firm Roles") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner", "admin"]);
  if (!portal.firm.preferences.useFirmRoles) throw new Response("Not Found", { status: 404 });
  return { roles: await listFirmRolesForSettings(portal, staff) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner", "admin"]);
  return settingsAction(request, roleActionSchema, (input) => performRoleAction(portal, staff, input));
}

export default function FirmRolesPage() {
  const { roles } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <FirmRoleSettings roles={roles} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorBoundary
      titles={{ 403: "Only partners and admins can manage firm roles.", 404: "Your firm does not use firm roles." }}
      back={{ to: "/", label: "Back to Collect" }}
    />
  );
}
