/**
 * /admin/{companyHash}: the entity overview for staff, with the entity nav (Overview, Back to
 * Entities, Dashboard, Messages, Documents) and the entity switcher (5 entities unless filtered).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useFetcher, useLoaderData, useRouteError } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireStaff } from "~/auth/session.server";
import { SendQuestionnaireButton } from "~/collect/send/send-dialog";
import { SEARCH_DEBOUNCE_MS } from "~/components/data-table/state";
import { FirmPage } from "~/components/firm-page";
import { Alert, Badge, Button, Card, PageHeader, TabNav, TextField, type TabNavItem } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { loadEntity, NO_ACTIVE_OWNERS, switcherEntities } from "~/staff/entity.server";
import { formatDate } from "~/staff/format";
import { ENTITY_STATUS_LABELS } from "~/staff/tables";
import * as s from "~/staff/staff.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.entity ? `${data.entity.name} · Entities` : "Entities" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const viewer = { id: user.id, firmAccess: user.firmAccess };
  const filter = new URL(request.url).searchParams.get("switch") ?? "";
  const [entity, switcher] = await Promise.all([loadEntity(portal, viewer, params.companyHash ?? ""), switcherEntities(portal, viewer, filter)]);
  if (!entity) throw new Response("Not Found", { status: 404 });
  const canSend = user.isAdvisor && !user.readonlyAccess && entity.status !== "inactive";
  return json({ entity, switcher, noActiveOwners: NO_ACTIVE_OWNERS, canSend }, { headers: { "Cache-Control": "no-store" } });
}

export default function EntityOverviewPage() {
  const { entity, switcher, noActiveOwners, canSend } = useLoaderData<typeof loader>();
  const base = `/admin/${entity.hashId}`;
  const nav: TabNavItem[] = [
    { to: base, label: "Overview", end: true },
    { to: "/admin", label: "Back to Entities", end: true },
    entity.primaryOwnerId
      ? { to: `/preview/user/${entity.primaryOwnerId}?previewCompanyHash=${entity.hashId}`, label: "Dashboard" }
      : { to: base, label: "Dashboard", disabled: true, tooltip: "Entity has no primary owner." },
    entity.hasActiveOwners
      ? { to: `${base}/messages`, label: "Messages", disabled: true, tooltip: "Entity messages are coming soon." }
      : { to: `${base}/messages`, label: "Messages", disabled: true, tooltip: noActiveOwners },
    { to: `${base}/documents`, label: "Documents" },
  ];
  return (
    <FirmPage>
      <PageHeader
        eyebrow={entity.type}
        title={entity.name}
        actions={
          <>
            <Badge tone={entity.status === "active" ? "success" : entity.status === "readonly" ? "warning" : "neutral"}>{ENTITY_STATUS_LABELS[entity.status]}</Badge>
            {canSend ? <SendQuestionnaireButton entities={[{ id: entity.id, name: entity.name }]} /> : null}
          </>
        }
      />
      <TabNav items={nav} label="Entity" className={s.entityNav} />
      <div className={s.columns}>
        <Card>
          <h2 className={s.sectionTitle}>Details</h2>
          <dl className={s.details}>
            {(
              [
                ["Type", entity.type],
                ["Business email", entity.email ?? ""],
                ["Address", entity.address],
                ["Created", formatDate(entity.createdAt)],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className={s.detailRow}>
                <dt>{k}</dt>
                <dd>{v || "—"}</dd>
              </div>
            ))}
            <div className={s.detailRow}>
              <dt>Tags</dt>
              <dd className={s.chips}>{entity.tags.length ? entity.tags.map((t) => <Badge key={t}>{t}</Badge>) : "—"}</dd>
            </div>
          </dl>
        </Card>
        <Card>
          <h2 className={s.sectionTitle}>Owners</h2>
          {entity.owners.length === 0 ? (
            <p className={s.muted}>This entity has no owners.</p>
          ) : (
            <ul className={s.list}>
              {entity.owners.map((o) => (
                <li key={o.id} className={s.listItem}>
                  <Link to={`/clients/${o.id}`}>{o.name}</Link>
                  <span className={s.muted}>{o.email ?? ""}</span>
                  {o.primary ? <Badge tone="brand">Primary owner</Badge> : null}
                  {o.active ? null : <Badge>Inactive</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <EntitySwitcher current={entity.hashId} initial={switcher} />
      </div>
    </FirmPage>
  );
}

function EntitySwitcher({ current, initial }: { current: string; initial: { hashId: string; name: string }[] }) {
  const fetcher = useFetcher<typeof loader>();
  const [filter, setFilter] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => fetcher.load(`/admin/${current}?switch=${encodeURIComponent(filter.trim())}`), filter ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter]);
  const list = filter ? (fetcher.data?.switcher ?? initial) : initial;
  return (
    <Card>
      <h2 className={s.sectionTitle}>Switch entity</h2>
      <div className={s.switcher}>
        <TextField label="Filter entities" type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} autoComplete="off" />
        <ul className={s.list} aria-label="Entities">
          {list.map((e) => (
            <li key={e.hashId} className={s.listItem}>
              {e.hashId === current ? <strong aria-current="page">{e.name}</strong> : <Link to={`/admin/${e.hashId}`}>{e.name}</Link>}
            </li>
          ))}
          {list.length === 0 ? <li className={s.muted}>No entities match.</li> : null}
        </ul>
      </div>
    </Card>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <FirmPage>
      <Alert tone="danger" title={status === 404 ? "Entity not found" : "Something went wrong. Please refresh this page to try again."}>
        <Button to="/admin" variant="secondary" size="sm">
          Back to Entities
        </Button>
      </Alert>
    </FirmPage>
  );
}
