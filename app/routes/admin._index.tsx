/**
 * /admin: the Entities table for staff (v2): server-side pagination, sort, search, filters and
 * column choice; state in the URL and in the `table_entities` cookie for a year. The hidden
 * drop-link entity is never listed.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import { DataTable, type DataTableColumn } from "~/components/data-table";
import { FirmPage } from "~/components/firm-page";
import { Badge, PageHeader } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { formatDate } from "~/staff/format";
import { entityFilterOptions, listEntities, type EntityRow } from "~/staff/lists.server";
import { ENTITIES_TABLE, ENTITY_COLUMNS, ENTITY_STATUS_FILTERS, ENTITY_STATUS_LABELS } from "~/staff/tables";

export const meta: MetaFunction = () => [{ title: "Entities" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const { state, setCookie } = await loadTableState(request, "entities", ENTITIES_TABLE);
  const viewer = { id: user.id, firmAccess: user.firmAccess };
  const [list, options] = await Promise.all([listEntities(portal, viewer, state), entityFilterOptions(portal)]);
  return json({ state, ...list, options }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

const STATUS_TONE = { active: "success", inactive: "neutral", readonly: "warning" } as const;

const columns: DataTableColumn<EntityRow>[] = ENTITY_COLUMNS.map((c) => ({
  ...c,
  render: (row: EntityRow) => {
    switch (c.key) {
      case "name":
        return <Link to={`/admin/${row.hashId}`}>{row.name}</Link>;
      case "type":
        return row.type;
      case "owner":
        return row.ownerId ? <Link to={`/clients/${row.ownerId}`}>{row.owner}</Link> : "";
      case "tags":
        return row.tags.map((t) => <Badge key={t}>{t}</Badge>);
      case "status":
        return <Badge tone={STATUS_TONE[row.status]}>{ENTITY_STATUS_LABELS[row.status]}</Badge>;
      case "created":
        return formatDate(row.createdAt);
    }
  },
}));

export default function EntitiesPage() {
  const { state, rows, page, options } = useLoaderData<typeof loader>();
  return (
    <FirmPage>
      <PageHeader title="Entities" description="Every entity of your firm's clients." />
      <DataTable
        label="Entities"
        config={ENTITIES_TABLE}
        state={state}
        page={page}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        searchLabel="Search entities"
        emptyTitle="No entities found."
        filters={[
          { name: "status", label: "Status", allLabel: ENTITY_STATUS_FILTERS[0].label, options: ENTITY_STATUS_FILTERS.slice(1).map((o) => ({ ...o })) },
          { name: "type", label: "Type", allLabel: "Any type", options: options.types },
          ...(options.tags.length ? [{ name: "tag", label: "Entity tags", allLabel: "Any tag", options: options.tags }] : []),
        ]}
      />
    </FirmPage>
  );
}
