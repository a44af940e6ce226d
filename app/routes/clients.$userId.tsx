/** /clients/{userId}: a client user's details and their entities, with 'Back to Users'. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { SendSignInLinksButton } from "~/reminders/send-sign-in-links-dialog";
import { Alert, Badge, Button, Card, EmptyState, PageHeader } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/rules";
import { formatDate, formatPhone } from "~/staff/format";
import { visibleUserWhere } from "~/staff/lists.server";
import { ENTITY_STATUS_LABELS, entityStatus } from "~/staff/tables";
import * as s from "~/staff/staff.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.user.name} · Users` : "Users" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal);
  const scope = await visibleUserWhere(portal, { id: staff.id, firmAccess: staff.firmAccess });
  const user = await portal.db.user.findFirst({
    where: { id: params.userId ?? "", kind: "client", deletedAt: null, ...scope },
    select: {
      id: true,
      fname: true,
      lname: true,
      email: true,
      phoneNumber: true,
      paying: true,
      readonlyAccess: true,
      createdAt: true,
      assignedAdvisor: { select: { fname: true, lname: true } },
      firmGroup: { select: { name: true } },
      contactTags: { select: { tag: { select: { name: true } } } },
      ownerships: {
        where: { company: { deletedAt: null, entityType: { not: UNASSIGNED_ENTITY_TYPE } } },
        orderBy: { company: { name: "asc" } },
        select: { isPrimary: true, company: { select: { hashId: true, name: true, entityType: true, inactive: true, readonlyAccess: true } } },
      },
    },
  });
  if (!user) throw new Response("Not Found", { status: 404 });
  return json({
    user: {
      id: user.id,
      name: `${user.fname} ${user.lname}`.trim(),
      email: user.email,
      phone: formatPhone(user.phoneNumber),
      active: user.paying,
      readonly: user.readonlyAccess,
      createdAt: user.createdAt.toISOString(),
      advisor: user.assignedAdvisor ? `${user.assignedAdvisor.fname} ${user.assignedAdvisor.lname}`.trim() : null,
      group: user.firmGroup?.name ?? null,
      tags: user.contactTags.map((t) => t.tag.name).sort(),
    },
    isAdvisor: staff.isAdvisor,
    entities: user.ownerships.map((o) => ({
      hashId: o.company.hashId,
      name: o.company.name,
      type: o.company.entityType,
      primary: o.isPrimary,
      status: ENTITY_STATUS_LABELS[entityStatus(o.company)],
    })),
  });
}

export default function ClientUserPage() {
  const { user, entities, isAdvisor } = useLoaderData<typeof loader>();
  const details: [string, string][] = [
    ["Email", user.email ?? ""],
    ["Phone", user.phone],
    ["Assigned advisor", user.advisor ?? "None"],
    ["Firm group", user.group ?? "None"],
    ["Created", formatDate(user.createdAt)],
  ];
  return (
    <FirmPage>
      <PageHeader
        back={{ to: "/clients", label: "Back to Users" }}
        title={user.name || "(no name)"}
        actions={
          <>
            <Badge tone={user.active ? "success" : "neutral"}>{user.active ? "Active" : "Inactive"}</Badge>
            {user.readonly ? <Badge tone="warning">Read-only</Badge> : null}
            {isAdvisor && user.active && user.email ? <SendSignInLinksButton userIds={[user.id]} /> : null}
          </>
        }
      />
      <div className={s.columns}>
        <Card>
          <h2 className={s.sectionTitle}>Details</h2>
          <dl className={s.details}>
            {details.map(([k, v]) => (
              <div key={k} className={s.detailRow}>
                <dt>{k}</dt>
                <dd>{v || "—"}</dd>
              </div>
            ))}
            <div className={s.detailRow}>
              <dt>Tags</dt>
              <dd className={s.chips}>{user.tags.length ? user.tags.map((t) => <Badge key={t}>{t}</Badge>) : "—"}</dd>
            </div>
          </dl>
        </Card>
        <Card>
          <h2 className={s.sectionTitle}>Entities</h2>
          {entities.length === 0 ? (
            <EmptyState compact titleAs="p" title="This user has no entities." />
          ) : (
            <ul className={s.list}>
              {entities.map((e) => (
                <li key={e.hashId} className={s.listItem}>
                  <Link to={`/admin/${e.hashId}`}>{e.name}</Link>
                  <span className={s.muted}>{e.type}</span>
                  {e.primary ? <Badge tone="brand">Primary owner</Badge> : null}
                  <Badge tone={e.status === "Active" ? "success" : e.status === "Read-only" ? "warning" : "neutral"}>{e.status}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </FirmPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <FirmPage>
      <Alert tone="danger" title={status === 404 ? "User not found" : "Something went wrong. Please refresh this page to try again."}>
        <Button to="/clients" variant="secondary" size="sm">
          Back to Users
        </Button>
      </Alert>
    </FirmPage>
  );
}
