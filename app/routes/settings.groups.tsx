/**
 * /settings/groups: the firm's groups (partners and admins): create, rename, delete (only when
 * nobody is in it), and the firm's 'uses firm groups' switch, which makes a group required for
 * every new client and staff member and offers Group access in the Team page.
 * Actions (POST, `intent`): create, rename, delete, toggle.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import * as z from "zod";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button, PageHeader, Switch, TabNav, TextField } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { firmTitle } from "~/meta";
import { useUserAction } from "~/staff/dialogs/shared";
import { badIntent, parseForm, readForm, reply, success } from "~/staff/user-actions.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { TEAM_TABS } from "~/team/team-nav";
import { canOpenTeam, groupNameSchema, TEAM_MESSAGES } from "~/team/team-rules";
import { createGroup, deleteGroup, loadTeam, renameGroup, setUsesFirmGroups } from "~/team/team.server";
import * as s from "~/team/team.css";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Firm groups") }];

async function requireTeamViewer(request: Request, context: unknown) {
  const portal = requireFirmSite(context as Parameters<typeof requireFirmSite>[0]);
  const viewer = await loadStaffViewer(request, portal);
  if (!canOpenTeam(viewer.facts)) throw new Response("Forbidden", { status: 403 });
  return { portal, facts: viewer.facts };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { portal } = await requireTeamViewer(request, context);
  const team = await loadTeam(portal.db);
  return data({ groups: team.groups, hasFirmGroups: team.hasFirmGroups }, { headers: { "Cache-Control": "no-store" } });
}

const idField = z.string().trim().min(1).max(64);

export async function action({ request, context }: ActionFunctionArgs) {
  const { portal, facts } = await requireTeamViewer(request, context);
  const read = await readForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "create": {
      const parsed = parseForm(z.object({ name: groupNameSchema }), form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => success(intent, TEAM_MESSAGES.groupCreated, await createGroup(portal, facts, parsed.data.name)));
    }
    case "rename": {
      const parsed = parseForm(z.object({ groupId: idField, name: groupNameSchema }), form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        await renameGroup(portal, facts, parsed.data.groupId, parsed.data.name);
        return success(intent, TEAM_MESSAGES.groupRenamed);
      });
    }
    case "delete": {
      const parsed = parseForm(z.object({ groupId: idField }), form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        await deleteGroup(portal, facts, parsed.data.groupId);
        return success(intent, TEAM_MESSAGES.groupDeleted);
      });
    }
    case "toggle": {
      const parsed = parseForm(z.object({ hasFirmGroups: z.enum(["1", "0"]) }), form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        await setUsesFirmGroups(portal, facts, parsed.data.hasFirmGroups === "1");
        return success(intent, TEAM_MESSAGES.saved);
      });
    }
  }
  return badIntent(intent);
}

function GroupRow({ group }: { group: { id: string; name: string; memberCount: number } }) {
  const action = useUserAction("/settings/groups");
  const [name, setName] = useState(group.name);
  return (
    <li className={s.groupItem}>
      <form
        className={s.groupItemForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          action.submit({ intent: "rename", groupId: group.id, name });
        }}
      >
        <TextField
          className={s.grow}
          label={`Name of ${group.name}`}
          hideLabel
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          hint={`${group.memberCount} ${group.memberCount === 1 ? "person" : "people"}`}
          error={action.fields.name}
        />
        <div className={s.groupButtons}>
          <Button type="submit" variant="secondary" disabled={name.trim() === group.name} loading={action.busy}>
            Rename
          </Button>
          <Button type="button" variant="secondary" onClick={() => action.submit({ intent: "delete", groupId: group.id })} aria-label={`Delete ${group.name}`}>
            Delete
          </Button>
        </div>
      </form>
    </li>
  );
}

export default function FirmGroupsPage() {
  const { groups, hasFirmGroups } = useLoaderData<typeof loader>();
  const create = useUserAction("/settings/groups");
  const toggle = useUserAction("/settings/groups");
  const [name, setName] = useState("");
  return (
    <FirmPage>
      <PageHeader title="Team" description="Firm groups keep clients apart: staff with group access see only their group's clients." />
      <TabNav items={TEAM_TABS} label="Team settings" className={s.tabs} />
      <section className={s.section} aria-labelledby="groups-title">
        <div className={s.card}>
          <div className={s.sectionHead}>
            <h2 id="groups-title" className={s.sectionTitle}>
              Firm groups
            </h2>
            <Switch
              label="Use firm groups"
              checked={hasFirmGroups}
              disabled={toggle.busy}
              onChange={(e) => toggle.submit({ intent: "toggle", hasFirmGroups: e.currentTarget.checked ? "1" : "0" })}
            />
          </div>
          {toggle.reply && !toggle.reply.ok ? (
            <div style={{ padding: "0 16px 16px" }}>
              <Alert tone="danger">{toggle.reply.error}</Alert>
            </div>
          ) : null}
          <p className={s.muted} style={{ padding: "0 16px", margin: 0 }}>
            {hasFirmGroups
              ? "On: every new client and team member needs a firm group, and Group access is offered in the Team page."
              : "Off: groups are not asked for. Create at least one group, then turn this on."}
          </p>
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {groups.map((g) => (
              <GroupRow key={`${g.id}-${g.name}`} group={g} />
            ))}
          </ul>
          <form
            className={s.groupForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              create.submit({ intent: "create", name });
              setName("");
            }}
          >
            <TextField className={s.grow} label="New group" value={name} onChange={(e) => setName(e.currentTarget.value)} error={create.fields.name} />
            <Button type="submit" loading={create.busy}>
              Add group
            </Button>
          </form>
        </div>
      </section>
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 403: "You don't have access to the team settings." }} back={{ to: "/", label: "Back to Collect" }} />;
}
