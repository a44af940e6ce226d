/**
 * /settings/team: the firm's staff (partners and admins). Invite by email, edit role, advisor flag
 * and firm group, resend an invitation, deactivate (sessions end; their clients go to whom the
 * partner chooses) and reactivate. Actions (POST, `intent`): invite, edit, resend, deactivate, reactivate.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge, Button, PageHeader, TabNav, VisuallyHidden } from "~/components/ui";
import { ChevronDownIcon } from "~/components/ui/icons";
import { requireFirmSite } from "~/context.server";
import { firmTitle } from "~/meta";
import { useUserAction } from "~/staff/dialogs/shared";
import { formatDate } from "~/staff/format";
import { isPartner } from "~/staff/permissions";
import * as staffCss from "~/staff/staff.css";
import { badIntent, parseForm, readForm, reply, success } from "~/staff/user-actions.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { DeactivateMemberDialog, EditMemberDialog, InviteDialog, type MemberRow, type TeamOptions } from "~/team/team-dialogs";
import { TEAM_TABS } from "~/team/team-nav";
import {
  canOpenTeam,
  deactivateSchema,
  editMemberSchema,
  inviteSchema,
  memberIdSchema,
  roleLabel,
  STAFF_ROLES,
  TEAM_MESSAGES,
  TEAM_STATUS_LABELS,
} from "~/team/team-rules";
import { deactivateMember, hasFirmGroups, inviteMember, loadTeam, reactivateMember, resendInvite, updateMember } from "~/team/team.server";
import * as s from "~/team/team.css";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Team") }];

async function requireTeamViewer(request: Request, context: unknown) {
  const portal = requireFirmSite(context as Parameters<typeof requireFirmSite>[0]);
  const viewer = await loadStaffViewer(request, portal);
  if (!canOpenTeam(viewer.facts)) throw new Response("Forbidden", { status: 403 });
  return { portal, facts: viewer.facts };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { portal, facts } = await requireTeamViewer(request, context);
  const team = await loadTeam(portal.db);
  const options: TeamOptions = {
    hasFirmGroups: team.hasFirmGroups,
    groups: team.groups.map(({ id, name }) => ({ id, name })),
    roles: STAFF_ROLES.map((r) => r.value).filter((r) => r !== "partner" || isPartner(facts)),
    advisors: team.members.filter((m) => m.isAdvisor && m.status !== "deactivated").map((m) => ({ id: m.id, name: m.name })),
  };
  return data({ members: team.members, options, viewerId: facts.id, viewerIsPartner: isPartner(facts) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { portal, facts } = await requireTeamViewer(request, context);
  const read = await readForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "invite": {
      const parsed = parseForm(inviteSchema({ hasFirmGroups: await hasFirmGroups(portal.db) }), form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        const invited = await inviteMember(portal, facts, parsed.data);
        return success(intent, invited.sent ? TEAM_MESSAGES.inviteSent : TEAM_MESSAGES.sendFailed, { id: invited.id, sent: invited.sent });
      });
    }
    case "edit": {
      const parsed = parseForm(editMemberSchema({ hasFirmGroups: await hasFirmGroups(portal.db) }), form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        await updateMember(portal, facts, parsed.data);
        return success(intent, TEAM_MESSAGES.saved);
      });
    }
    case "resend": {
      const parsed = parseForm(memberIdSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        await resendInvite(portal, facts, parsed.data.memberId);
        return success(intent, TEAM_MESSAGES.inviteResent);
      });
    }
    case "deactivate": {
      const parsed = parseForm(deactivateSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        const done = await deactivateMember(portal, facts, parsed.data);
        return success(intent, TEAM_MESSAGES.deactivated, done);
      });
    }
    case "reactivate": {
      const parsed = parseForm(memberIdSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        await reactivateMember(portal, facts, parsed.data.memberId);
        return success(intent, TEAM_MESSAGES.reactivated);
      });
    }
  }
  return badIntent(intent);
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Member = Loaded["members"][number];

const STATUS_TONE = { invited: "info", active: "success", deactivated: "neutral" } as const;

function MemberActions({ member, onEdit, onDeactivate }: { member: Member; onEdit: () => void; onDeactivate: () => void }) {
  const action = useUserAction("/settings/team");
  const items: { label: string; run: () => void; danger?: boolean }[] = [{ label: "Edit", run: onEdit }];
  if (member.status === "invited") items.push({ label: "Resend invitation", run: () => action.submit({ intent: "resend", memberId: member.id }) });
  if (member.status === "deactivated") items.push({ label: "Reactivate", run: () => action.submit({ intent: "reactivate", memberId: member.id }) });
  else items.push({ label: "Deactivate", run: onDeactivate, danger: true });
  return (
    <Menu as="div">
      <MenuButton
        as={Button}
        variant="secondary"
        size="sm"
        iconEnd={<ChevronDownIcon size={14} />}
        aria-label={`Actions for ${member.name}`}
        loading={action.busy}
      >
        Actions
      </MenuButton>
      <MenuItems className={staffCss.actionMenu} anchor={{ to: "bottom end", gap: 6 }} modal={false}>
        {items.map((item) => (
          <MenuItem key={item.label}>
            <button type="button" className={item.danger ? staffCss.actionMenuItemDanger : staffCss.actionMenuItem} onClick={item.run}>
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

export default function TeamPage() {
  const { members, options } = useLoaderData<typeof loader>();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<MemberRow | null>(null);
  const [deactivating, setDeactivating] = useState<MemberRow | null>(null);
  return (
    <FirmPage>
      <PageHeader
        title="Team"
        description="The firm's staff: who can sign in, with which role."
        actions={
          <Button type="button" onClick={() => setInviting(true)}>
            Invite staff
          </Button>
        }
      />
      <TabNav items={TEAM_TABS} label="Team settings" className={s.tabs} />
      <div className={s.card}>
        <table className={s.table}>
          <caption>
            <VisuallyHidden>Team members</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              {options.hasFirmGroups ? <th scope="col">Firm group</th> : null}
              <th scope="col">Status</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>
                  <div className={s.name}>
                    <span className={s.nameText}>{m.name}</span>
                    <span className={s.email}>{m.email}</span>
                  </div>
                </td>
                <td data-label="Role">
                  <span className={s.roleCell}>
                    {roleLabel(m.firmAccess)}
                    {m.isAdvisor ? <Badge tone="brand">Advisor</Badge> : null}
                  </span>
                </td>
                {options.hasFirmGroups ? <td data-label="Firm group">{m.firmGroupName ?? <span className={s.muted}>None</span>}</td> : null}
                <td data-label="Status">
                  <Badge tone={STATUS_TONE[m.status]}>{TEAM_STATUS_LABELS[m.status]}</Badge>
                </td>
                <td data-label="Last sign-in">{m.lastSignInAt ? formatDate(m.lastSignInAt) : <span className={s.muted}>Never</span>}</td>
                <td>
                  <MemberActions member={m} onEdit={() => setEditing(m)} onDeactivate={() => setDeactivating(m)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} options={options} />
      <EditMemberDialog member={editing} onClose={() => setEditing(null)} options={options} />
      <DeactivateMemberDialog member={deactivating} onClose={() => setDeactivating(null)} options={options} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 403: "You don't have access to the team settings." }} back={{ to: "/", label: "Back to Collect" }} />;
}
