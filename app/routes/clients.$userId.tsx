/**
 * /clients/{userId}: a client user's details and their entities, with 'Back to Users', and the
 * Edit user, Activate/Deactivate User and Delete dialogs.
 * Actions (POST, `intent`): edit, activate, deactivate, delete, restore (also for deleted users).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useState } from "react";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SendSignInLinksButton } from "~/reminders/send-sign-in-links-dialog";
import { Badge, Button, Card, EmptyState, PageHeader } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { requireFirmSite } from "~/context.server";
import { UNASSIGNED_ENTITY_TYPE } from "~/drop-off/link-rules";
import { formatDate, formatPhone } from "~/staff/format";
import { hasRealEmail } from "~/staff/permissions";
import { EditUserDialog } from "~/staff/dialogs/edit-user-dialog";
import { UpdateEntityEmailPrompt } from "~/staff/dialogs/entity-owner-dialogs";
import { useUserAction } from "~/staff/dialogs/shared";
import { UserStatusDialog } from "~/staff/dialogs/user-status-dialogs";
import { entityQuestionnaires } from "~/staff/entity-questionnaires.server";
import { HeaderActions } from "~/staff/header-actions";
import { QuestionnaireList } from "~/staff/questionnaire-list";
import { badIntent, parseForm, readForm, reply, success } from "~/staff/user-actions.server";
import { activateUserSchema, deactivateUserSchema, editUserSchema, useEmailForEntitiesSchema, USER_MESSAGES } from "~/staff/user-rules";
import { activateUser, deactivateUser, deleteUser, restoreUser, updateUser, applyEmailToPrimaryEntities, userDialogOptions } from "~/staff/users.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { ENTITY_STATUS_LABELS, entityStatus } from "~/staff/tables";
import * as s from "~/staff/staff.css";
import { firmTitle } from "~/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.user.name} · ${firmTitle(matches, "Users")}` : firmTitle(matches, "Users") },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts, visibility } = await loadStaffViewer(request, portal);
  const user = await portal.db.user.findFirst({
    where: { AND: [{ id: params.userId ?? "", kind: "client", deletedAt: null }, visibility.userWhere()] },
    select: {
      id: true,
      fname: true,
      lname: true,
      email: true,
      phoneNumber: true,
      paying: true,
      readonlyAccess: true,
      createdAt: true,
      preferredName: true,
      hasTempEmail: true,
      workPhoneNumber: true,
      workPhoneExtension: true,
      preferredContactMethod: true,
      preferredSignInMethod: true,
      externalUserId: true,
      timeZone: true,
      firmGroupId: true,
      assignedAdvisorId: true,
      assignedAdvisor: { select: { fname: true, lname: true } },
      firmGroup: { select: { name: true } },
      contactTags: { select: { tag: { select: { name: true } } } },
      // Only the entities the viewer may see: a co-owner can also own entities of another group.
      ownerships: {
        where: { company: { AND: [{ deletedAt: null, entityType: { not: UNASSIGNED_ENTITY_TYPE } }, visibility.entityWhere()] } },
        orderBy: { company: { name: "asc" } },
        select: { isPrimary: true, company: { select: { id: true, hashId: true, name: true, entityType: true, inactive: true, readonlyAccess: true } } },
      },
    },
  });
  if (!user) throw new Response("Not Found", { status: 404 });
  const [options, list] = await Promise.all([
    userDialogOptions(portal, facts),
    entityQuestionnaires(
      portal,
      visibility,
      user.ownerships.map((o) => o.company.id),
    ),
  ]);
  return data({
    options,
    ...list,
    editable: {
      id: user.id,
      fname: user.fname,
      lname: user.lname,
      preferredName: user.preferredName,
      email: user.email,
      hasTempEmail: user.hasTempEmail,
      phoneNumber: user.phoneNumber,
      workPhoneNumber: user.workPhoneNumber,
      workPhoneExtension: user.workPhoneExtension,
      preferredContactMethod: user.preferredContactMethod,
      preferredSignInMethod: user.preferredSignInMethod,
      externalUserId: user.externalUserId,
      timeZone: user.timeZone,
      firmGroupId: user.firmGroupId,
      assignedAdvisorId: user.assignedAdvisorId,
      readonlyAccess: user.readonlyAccess,
      active: user.paying,
    },
    user: {
      id: user.id,
      name: `${user.fname} ${user.lname}`.trim(),
      email: user.email,
      phone: formatPhone(user.phoneNumber),
      active: user.paying,
      readonly: user.readonlyAccess,
      createdAt: user.createdAt.toISOString(),
      hasRealEmail: hasRealEmail(user),
      advisor: user.assignedAdvisor ? `${user.assignedAdvisor.fname} ${user.assignedAdvisor.lname}`.trim() : null,
      group: user.firmGroup?.name ?? null,
      tags: user.contactTags.map((t) => t.tag.name).sort(),
    },
    isAdvisor: facts.isAdvisor,
    entities: user.ownerships.map((o) => ({
      hashId: o.company.hashId,
      name: o.company.name,
      type: o.company.entityType,
      primary: o.isPrimary,
      status: ENTITY_STATUS_LABELS[entityStatus(o.company)],
    })),
  });
}

/** After a delete the page goes back to the list: reloading it first would only find a 404. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "delete" ? false : defaultShouldRevalidate;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts } = await loadStaffViewer(request, portal);
  const userId = params.userId ?? "";
  const read = await readForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  const ip = portal.clientAddress;
  switch (intent) {
    case "edit": {
      const parsed = parseForm(editUserSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        const result = await updateUser(portal, facts, userId, parsed.data, ip);
        return success(intent, result.advisorChanged ? USER_MESSAGES.advisorUpdated : USER_MESSAGES.updated, { ...result });
      });
    }
    case "activate": {
      const parsed = parseForm(activateUserSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => success(intent, "User activated", await activateUser(portal, facts, userId, parsed.data, ip)));
    }
    case "deactivate": {
      const parsed = parseForm(deactivateUserSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => success(intent, "User deactivated", await deactivateUser(portal, facts, userId, parsed.data, ip)));
    }
    case "delete":
      return reply(intent, async () => {
        await deleteUser(portal, facts, userId, ip);
        return success(intent, "User deleted");
      });
    case "restore":
      return reply(intent, async () => {
        await restoreUser(portal, facts, userId, ip);
        return success(intent, "User restored");
      });
    case "use-email-for-entities": {
      const parsed = parseForm(useEmailForEntitiesSchema, form, intent);
      if (!parsed.ok) return parsed.response;
      return reply(intent, async () => {
        const { updated } = await applyEmailToPrimaryEntities(portal, facts, userId, parsed.data.hashIds, ip);
        return success(intent, updated === 1 ? "Entity email updated" : "Entity emails updated");
      });
    }
    default:
      return badIntent(intent);
  }
}

export default function ClientUserPage() {
  const { user, entities, editable, options, isAdvisor, questionnaires, today } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const t = useVocabulary();
  const [dialog, setDialog] = useState<"edit" | "activate" | "deactivate" | "delete" | null>(null);
  // Update Entity Email prompt: after an email change, for the entities this user is primary contact of.
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const entityEmail = useUserAction(`/clients/${user.id}`, () => setNewEmail(null));
  const target = { id: user.id, name: user.name, hasRealEmail: user.hasRealEmail };
  const details: [string, string][] = [
    ["Email", user.email ?? ""],
    ["Phone", user.phone],
    [t("Assigned advisor"), user.advisor ?? "None"],
    ["Firm group", user.group ?? "None"],
    ["Created", formatDate(user.createdAt)],
  ];
  return (
    <FirmPage>
      <PageHeader
        back={{ to: "/clients", label: "Back to Users" }}
        title={user.name || "(no name)"}
        actions={
          <HeaderActions
            status={
              <>
                <Badge tone={user.active ? "success" : "neutral"}>{user.active ? "Active" : "Inactive"}</Badge>
                {user.readonly ? <Badge tone="warning">Read-only</Badge> : null}
              </>
            }
            primary={
              <>
                <Button onClick={() => setDialog("edit")}>Edit user</Button>
                {isAdvisor && user.active && user.hasRealEmail ? <SendSignInLinksButton userIds={[user.id]} size="md" /> : null}
              </>
            }
            actions={[
              user.active ? { label: "Deactivate", onClick: () => setDialog("deactivate") } : { label: "Activate", onClick: () => setDialog("activate") },
              { label: "Delete", onClick: () => setDialog("delete"), danger: true },
            ]}
          />
        }
      />
      <div className={s.columns}>
        <QuestionnaireList questionnaires={questionnaires} today={today} isAdvisor={isAdvisor} showEntity={entities.length > 1} />
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
          <h2 className={s.sectionTitle}>{t("Entities")}</h2>
          {entities.length === 0 ? (
            <EmptyState compact titleAs="p" title={t("This user has no entities.")} />
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
      <EditUserDialog
        open={dialog === "edit"}
        onClose={() => setDialog(null)}
        user={editable}
        options={options}
        onEmailChanged={(email) => {
          if (entities.some((e) => e.primary)) setNewEmail(email);
        }}
      />
      <UpdateEntityEmailPrompt
        open={newEmail !== null}
        email={newEmail ?? ""}
        busy={entityEmail.busy}
        onCancel={() => setNewEmail(null)}
        onAnswer={(update) => {
          if (update) entityEmail.submit({ intent: "use-email-for-entities", hashIds: entities.filter((e) => e.primary).map((e) => e.hashId) });
          else setNewEmail(null);
        }}
      />
      <UserStatusDialog change="activate" open={dialog === "activate"} onClose={() => setDialog(null)} user={target} />
      <UserStatusDialog change="deactivate" open={dialog === "deactivate"} onClose={() => setDialog(null)} user={target} />
      <UserStatusDialog change="delete" open={dialog === "delete"} onClose={() => setDialog(null)} user={target} onDone={() => navigate("/clients")} />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "User not found" }} back={{ to: "/clients", label: "Back to Users" }} />;
}
