/**
 * /clients: the Users table for staff (server-side pagination, sort, search, filters, column
 * choice; state in the URL and in the `table_users` cookie for a year), with row selection for
 * User Tags, Create User and Entity, and Restore for deleted users.
 * Actions (POST, `intent`): create, tags.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { createContext, useContext, useState } from "react";
import { loadTableState } from "~/components/data-table/cookie.server";
import { DataTable, type DataTableColumn, type RowSelectionState } from "~/components/data-table";
import { FirmPage } from "~/components/firm-page";
import { SendSignInLinksButton } from "~/reminders/send-sign-in-links-dialog";
import { Badge, Button, PageHeader, useToast } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { CreateUserDialog } from "~/staff/dialogs/create-user-dialog";
import { useUserAction } from "~/staff/dialogs/shared";
import { UserTagsDialog } from "~/staff/dialogs/user-tags-dialog";
import { formatDate, formatPhone } from "~/staff/format";
import { ImportButton } from "~/staff/import/import-dialog";
import { listUsers, type UserRow } from "~/staff/lists.server";
import { USER_COLUMNS, USER_STATUS_FILTERS, USERS_TABLE } from "~/staff/tables";
import { badIntent, parseForm, readForm, reply, success } from "~/staff/user-actions.server";
import { BUILT_IN_ENTITY_TYPES, createUserSchema, USER_MESSAGES, userTagsSchema } from "~/staff/user-rules";
import { createUserAndEntity, updateUserTags, userDialogOptions } from "~/staff/users.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { useVocabulary } from "~/vocabulary";
import * as s from "~/staff/staff.css";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Users") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  const { state, setCookie } = await loadTableState(request, "users", USERS_TABLE);
  const [list, options] = await Promise.all([listUsers(portal, facts, state), userDialogOptions(portal, facts)]);
  return data({ state, ...list, options, isAdvisor: facts.isAdvisor }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  const read = await readForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") {
    const prefs = portal.firm.preferences;
    const options = await userDialogOptions(portal, facts);
    const parsed = parseForm(createUserSchema({ hasFirmGroups: options.hasFirmGroups && !(facts.firmAccess === "group") }), form, intent);
    if (!parsed.ok) return parsed.response;
    return reply(intent, async () => {
      const created = await createUserAndEntity(portal, facts, parsed.data, {
        entityTypes: [...BUILT_IN_ENTITY_TYPES, ...options.customEntityTypes],
        individualBlocked: Boolean(prefs.individualEntityTypeBlocked),
        clientAddress: portal.clientAddress,
      });
      return success(intent, "User created", { ...created });
    });
  }
  if (intent === "tags") {
    const parsed = parseForm(userTagsSchema, form, intent);
    if (!parsed.ok) return parsed.response;
    return reply(intent, async () => {
      await updateUserTags(portal, facts, parsed.data, portal.clientAddress);
      return success(intent, USER_MESSAGES.tagsUpdated);
    });
  }
  return badIntent(intent);
}

/**
 * Restore for deleted rows. The fetcher lives on the page, not in the row: the row leaves the
 * "Deleted users" list when the restore succeeds, and the toast must still show.
 */
const RestoreContext = createContext<{ restore: (id: string) => void; busyId: string | null }>({ restore: () => {}, busyId: null });

function RestoreButton({ row }: { row: UserRow }) {
  const { restore, busyId } = useContext(RestoreContext);
  return (
    <Button variant="secondary" size="sm" loading={busyId === row.id} onClick={() => restore(row.id)}>
      Restore
    </Button>
  );
}

const columns: DataTableColumn<UserRow>[] = USER_COLUMNS.map((c) => ({
  ...c,
  nowrap: c.key === "phone" || c.key === "created",
  render: (row: UserRow) => {
    switch (c.key) {
      case "name":
        return row.deleted ? <span>{row.name || "(no name)"}</span> : <Link to={`/clients/${row.id}`}>{row.name || "(no name)"}</Link>;
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
        return row.deleted ? (
          <span className={s.selectedCount}>
            <Badge tone="danger">Deleted</Badge>
            <RestoreButton row={row} />
          </span>
        ) : (
          <Badge tone={row.active ? "success" : "neutral"}>{row.active ? "Active" : "Inactive"}</Badge>
        );
      case "created":
        return formatDate(row.createdAt);
    }
  },
}));

export default function ClientsPage() {
  const { state, rows, page, options, isAdvisor } = useLoaderData<typeof loader>();
  const vocab = useVocabulary();
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [dialog, setDialog] = useState<"create" | "tags" | null>(null);
  const selectedIds = Object.keys(selected).filter((id) => selected[id]);
  const restoreAction = useUserAction("/clients?index");
  const [restoring, setRestoring] = useState<string | null>(null);
  const restore = (id: string) => {
    setRestoring(id);
    restoreAction.submit({ intent: "restore" }, `/clients/${id}`);
  };
  return (
    <RestoreContext.Provider value={{ restore, busyId: restoreAction.busy ? restoring : null }}>
      <FirmPage>
        <PageHeader
          title="Users"
          description="Your firm's clients: search, filter and open a user."
          actions={
            <>
              <ImportButton />
              <Button onClick={() => setDialog("create")}>Create User and {vocab("Entity")}</Button>
            </>
          }
        />
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
          emptyAction={
            <Button size="sm" onClick={() => setDialog("create")}>
              Add your first client
            </Button>
          }
          selection={{ selected, onChange: setSelected }}
          rowLabel={(r) => r.name || "(no name)"}
          actions={
            <>
              {selectedIds.length ? (
                <span className={s.selectedCount} role="status">
                  {selectedIds.length} selected
                  <Button variant="ghost" size="sm" onClick={() => setSelected({})}>
                    Clear
                  </Button>
                </span>
              ) : null}
              <Button variant="secondary" onClick={() => (selectedIds.length ? setDialog("tags") : toast.info(USER_MESSAGES.noSelection))}>
                User Tags
              </Button>
              {isAdvisor && selectedIds.length ? (
                <SendSignInLinksButton userIds={selectedIds} label="Send sign-in links" size="md" onDone={() => setSelected({})} />
              ) : null}
            </>
          }
          filters={[
            { name: "status", label: "Active", allLabel: USER_STATUS_FILTERS[0].label, options: USER_STATUS_FILTERS.slice(1).map((o) => ({ ...o })) },
            {
              name: "advisor",
              label: vocab("Assigned advisor"),
              allLabel: vocab("Any advisor"),
              options: [{ value: "none", label: vocab("No advisor") }, ...options.advisors],
            },
            ...(options.groups.length
              ? [{ name: "group", label: "Firm group", allLabel: "Any group", options: [{ value: "none", label: "No group" }, ...options.groups] }]
              : []),
            ...(options.tags.length ? [{ name: "tag", label: "Client tags", allLabel: "Any tag", options: options.tags }] : []),
          ]}
        />
        <CreateUserDialog open={dialog === "create"} onClose={() => setDialog(null)} options={options} onCreated={(id) => id && navigate(`/clients/${id}`)} />
        <UserTagsDialog
          open={dialog === "tags"}
          onClose={() => setDialog(null)}
          userIds={selectedIds}
          tags={options.tags}
          onDone={() => {
            setSelected({});
            revalidator.revalidate();
          }}
        />
      </FirmPage>
    </RestoreContext.Provider>
  );
}
