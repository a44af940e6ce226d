/**
 * /admin: the Entities table for staff (v2): server-side pagination, sort, search, filters and
 * column choice; state in the URL and in the `table_entities` cookie for a year. The hidden
 * drop-link entity is never listed.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useMemo, useState } from "react";
import { loadTableState } from "~/components/data-table/cookie.server";
import { DataTable, type DataTableColumn, type RowSelectionState } from "~/components/data-table";
import { FirmPage } from "~/components/firm-page";
import { Badge, Button, PageHeader, useToast } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { AssignRoleDialog } from "~/firm-roles/assign-role-dialog";
import { listAssignableStaff, listFirmRoles } from "~/firm-roles/roles.server";
import { EntityNotificationsDialog, EntityTagsDialog } from "~/staff/dialogs/entity-bulk-dialogs";
import { CreateEntityDialog } from "~/staff/dialogs/entity-create-dialog";
import { useEntityAction } from "~/staff/dialogs/entity-form";
import { entitiesTableAction } from "~/staff/entity-actions.server";
import { ENTITY_MESSAGES } from "~/staff/entity-rules";
import { entityTagNames } from "~/staff/entity-extras.server";
import { formatDate } from "~/staff/format";
import { entityFilterOptions, listEntities, type EntityRow } from "~/staff/lists.server";
import { ENTITIES_TABLE, ENTITY_COLUMNS, ENTITY_STATUS_FILTERS, ENTITY_STATUS_LABELS } from "~/staff/tables";
import { loadStaffViewer } from "~/staff/viewer.server";
import { useVocabulary } from "~/vocabulary";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Entities") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  const { state, setCookie } = await loadTableState(request, "entities", ENTITIES_TABLE);
  const [list, options, tagNames, roles] = await Promise.all([
    listEntities(portal, facts, state),
    entityFilterOptions(portal),
    entityTagNames(portal),
    listFirmRoles(portal),
  ]);
  // Assign role (only with use_firm_roles): the firm's roles and its staff.
  const roleStaff = portal.firm.preferences.useFirmRoles ? await listAssignableStaff(portal) : [];
  return data(
    { state, ...list, options, tagNames, roles, roleStaff, useFirmRoles: Boolean(portal.firm.preferences.useFirmRoles), isAdvisor: facts.isAdvisor },
    { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return entitiesTableAction(request, requireFirmSite(context));
}

const STATUS_TONE = { active: "success", inactive: "neutral", readonly: "warning" } as const;

function cell(c: (typeof ENTITY_COLUMNS)[number], row: EntityRow) {
  switch (c.key) {
    case "name":
      return row.deleted ? row.name : <Link to={`/admin/${row.hashId}`}>{row.name}</Link>;
    case "type":
      return row.type;
    case "owner":
      return row.ownerId ? <Link to={`/clients/${row.ownerId}`}>{row.owner}</Link> : "";
    case "tags":
      return row.tags.map((t) => <Badge key={t}>{t}</Badge>);
    case "status":
      return row.deleted ? <Badge tone="danger">Deleted</Badge> : <Badge tone={STATUS_TONE[row.status]}>{ENTITY_STATUS_LABELS[row.status]}</Badge>;
    case "created":
      return formatDate(row.createdAt);
  }
}

type Open = null | "tags" | "notifications" | "create" | "role";

export default function EntitiesPage() {
  const { state, rows, page, options, tagNames, isAdvisor, roles, roleStaff, useFirmRoles } = useLoaderData<typeof loader>();
  const t = useVocabulary();
  const toast = useToast();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [open, setOpen] = useState<Open>(null);
  const restore = useEntityAction("/admin?index");
  const deletedView = state.filters.status?.[0] === "deleted";
  const selectedIds = Object.keys(selected).filter((id) => selected[id]);
  // Deleted and live entities are never selected together.
  useEffect(() => setSelected({}), [deletedView]);

  const columns = useMemo<DataTableColumn<EntityRow>[]>(
    () => [
      ...ENTITY_COLUMNS.map((c) => ({ ...c, nowrap: c.key === "created", render: (row: EntityRow) => cell(c, row) })),
      ...(deletedView
        ? [
            {
              key: "restore",
              label: "Restore",
              pin: "end" as const,
              render: (row: EntityRow) => (
                <Button size="sm" variant="secondary" loading={restore.busy} onClick={() => restore.submit({ intent: "restore", id: row.id })}>
                  Restore
                </Button>
              ),
            },
          ]
        : []),
    ],
    [deletedView, restore],
  );

  const bulk = (which: Open) => {
    if (selectedIds.length === 0) {
      toast.info(ENTITY_MESSAGES.noSelection);
      return;
    }
    setOpen(which);
  };

  return (
    <FirmPage>
      <PageHeader
        title={t("Entities")}
        description={t("Every entity of your firm's clients.")}
        actions={<Button onClick={() => setOpen("create")}>{t("New entity")}</Button>}
      />
      <DataTable
        label={t("Entities")}
        config={ENTITIES_TABLE}
        state={state}
        page={page}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        selection={deletedView ? undefined : { selected, onChange: setSelected }}
        rowLabel={(r) => r.name}
        searchLabel={t("Search entities")}
        emptyTitle={t("No entities found.")}
        emptyAction={
          deletedView ? null : (
            <Button size="sm" onClick={() => setOpen("create")}>
              {t("Add your first entity")}
            </Button>
          )
        }
        actions={
          deletedView ? null : (
            <>
              <Button variant="secondary" onClick={() => bulk("tags")}>
                {t("Entity Tags")}
                {selectedIds.length ? ` (${selectedIds.length})` : ""}
              </Button>
              {isAdvisor ? (
                <Button variant="secondary" onClick={() => bulk("notifications")}>
                  Notifications
                </Button>
              ) : null}
              {useFirmRoles ? (
                <Button variant="secondary" onClick={() => bulk("role")}>
                  Assign role
                </Button>
              ) : null}
            </>
          )
        }
        filters={[
          { name: "status", label: "Status", allLabel: ENTITY_STATUS_FILTERS[0].label, options: ENTITY_STATUS_FILTERS.slice(1).map((o) => ({ ...o })) },
          { name: "type", label: "Type", allLabel: "Any type", options: options.types },
          ...(options.tags.length ? [{ name: "tag", label: t("Entity tags"), allLabel: "Any tag", options: options.tags }] : []),
        ]}
      />
      <EntityTagsDialog
        open={open === "tags"}
        onClose={() => setOpen(null)}
        action="/admin?index"
        ids={selectedIds}
        tags={tagNames}
        onDone={() => setSelected({})}
      />
      <EntityNotificationsDialog
        open={open === "notifications"}
        onClose={() => setOpen(null)}
        action="/admin?index"
        ids={selectedIds}
        current={[1, 2, 3, 4, 5, 7]}
      />
      <AssignRoleDialog
        open={open === "role"}
        entityIds={selectedIds}
        roles={roles}
        staff={roleStaff}
        onClose={() => setOpen(null)}
        onDone={() => setSelected({})}
      />
      <CreateEntityDialog open={open === "create"} onClose={() => setOpen(null)} action="/admin?index" onCreated={(hashId) => navigate(`/admin/${hashId}`)} />
    </FirmPage>
  );
}
