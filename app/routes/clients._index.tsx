/**
 * /clients: the Users table for staff (server-side pagination, sort, search, filters, column
 * choice; state in the URL and in the `table_users` cookie for a year).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/session.server";
import { loadTableState } from "~/components/data-table/cookie.server";
import { DataTable, type DataTableColumn, type RowSelectionState } from "~/components/data-table";
import { FirmPage } from "~/components/firm-page";
import { Badge, Button, PageHeader } from "~/components/ui";
import { useState } from "react";
import * as s from "~/staff/staff.css";
import { requireFirmSite } from "~/context.server";
import { formatDate, formatPhone } from "~/staff/format";
import { ImportButton } from "~/staff/import/import-dialog";
import { listUsers, userFilterOptions, type UserRow } from "~/staff/lists.server";
import { USER_COLUMNS, USER_STATUS_FILTERS, USERS_TABLE } from "~/staff/tables";

export const meta: MetaFunction = () => [{ title: "Users" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const { state, setCookie } = await loadTableState(request, "users", USERS_TABLE);
  const viewer = { id: user.id, firmAccess: user.firmAccess };
  const [list, options] = await Promise.all([listUsers(portal, viewer, state), userFilterOptions(portal, viewer)]);
  return json({ state, ...list, options }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

const columns: DataTableColumn<UserRow>[] = USER_COLUMNS.map((c) => ({
  ...c,
  render: (row: UserRow) => {
    switch (c.key) {
      case "name":
        return <Link to={`/clients/${row.id}`}>{row.name || "(no name)"}</Link>;
      case "email":
        return row.email ?? "";
      case "phone":
        return formatPhone(row.phone);
      case "advisor":
        return row.advisor ?? "";
      case "group":
        return row.group ?? "";
      case "tags":
        return row.tags.map((t) => (
          <Badge key={t} tone="neutral">
            {t}
          </Badge>
        ));
      case "active":
        return <Badge tone={row.active ? "success" : "neutral"}>{row.active ? "Active" : "Inactive"}</Badge>;
      case "created":
        return formatDate(row.createdAt);
    }
  },
}));

export default function ClientsPage() {
  const { state, rows, page, options } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const selectedIds = Object.keys(selected).filter((id) => selected[id]);
  return (
    <FirmPage>
      <PageHeader title="Users" description="Your firm's clients: search, filter and open a user." actions={<ImportButton />} />
      <DataTable
        label="Users"
        config={USERS_TABLE}
        state={state}
        page={page}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        searchLabel="Search users"
        emptyTitle="No users found."
        selection={{ selected, onChange: setSelected }}
        rowLabel={(r) => r.name || "(no name)"}
        actions={
          selectedIds.length ? (
            <span className={s.selectedCount} role="status">
              {selectedIds.length} selected
              <Button variant="ghost" size="sm" onClick={() => setSelected({})}>
                Clear
              </Button>
            </span>
          ) : null
        }
        filters={[
          { name: "status", label: "Active", allLabel: USER_STATUS_FILTERS[0].label, options: USER_STATUS_FILTERS.slice(1).map((o) => ({ ...o })) },
          { name: "advisor", label: "Assigned advisor", allLabel: "Any advisor", options: [{ value: "none", label: "No advisor" }, ...options.advisors] },
          ...(options.groups.length ? [{ name: "group", label: "Firm group", allLabel: "Any group", options: [{ value: "none", label: "No group" }, ...options.groups] }] : []),
          ...(options.tags.length ? [{ name: "tag", label: "Client tags", allLabel: "Any tag", options: options.tags }] : []),
        ]}
      />
    </FirmPage>
  );
}
