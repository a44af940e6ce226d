/**
 * /admin/{companyHash}: the entity overview for staff, with the entity nav (Overview, Back to
 * Entities, Dashboard, Messages, Documents) and the entity switcher (5 entities unless filtered).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useState } from "react";
import { SendQuestionnaireButton } from "~/collect/send/send-dialog";
import { SEARCH_DEBOUNCE_MS } from "~/components/data-table/state";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge, Button, Card, Dialog, PageHeader, TextField } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { EntitySignatureRequestsCard, EntityTaxReturnsCard } from "~/deliver/entity/entity-deliver-cards";
import { entityDeliver } from "~/deliver/entity/entity-deliver.server";
import { EntityEditDialog } from "~/staff/dialogs/entity-edit-dialog";
import { EntityNav } from "~/staff/entity-nav";
import { entityQuestionnaires } from "~/staff/entity-questionnaires.server";
import { HeaderActions } from "~/staff/header-actions";
import { QuestionnaireList } from "~/staff/questionnaire-list";
import { EntityNotes, EntityNotificationsDialog } from "~/staff/dialogs/entity-bulk-dialogs";
import { PriorYearPanel } from "~/staff/prior-year/prior-year-panel";
import { useEntityAction } from "~/staff/dialogs/entity-form";
import { AddOwnerDialog, PrimaryContactDialog, SpouseDialog } from "~/staff/dialogs/entity-owner-dialogs";
import { entityViewAction } from "~/staff/entity-actions.server";
import { NOTIFICATION_TYPES } from "~/staff/entity-rules";
import { entityPanels } from "~/staff/entity-view.server";
import { loadStaffViewer } from "~/staff/viewer.server";
import { loadEntity, switcherEntities } from "~/staff/entity.server";
import { formatDate } from "~/staff/format";
import { ENTITY_STATUS_LABELS } from "~/staff/tables";
import * as s from "~/staff/staff.css";
import { useVocabulary } from "~/vocabulary";
import { firmTitle } from "~/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.entity ? `${data.entity.name} · ${firmTitle(matches, "Entities")}` : firmTitle(matches, "Entities") },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { facts, user, visibility } = await loadStaffViewer(request, portal);
  const viewer = { id: facts.id, firmAccess: facts.firmAccess };
  const url = new URL(request.url);
  const filter = url.searchParams.get("switch") ?? "";
  const hashId = params.companyHash ?? "";
  const [entity, switcher] = await Promise.all([loadEntity(portal, viewer, hashId), switcherEntities(portal, viewer, filter)]);
  if (!entity) throw new Response("Not Found", { status: 404 });
  const [panels, list, deliver] = await Promise.all([
    entityPanels(portal, { facts, ipAddress: portal.clientAddress }, hashId),
    entityQuestionnaires(portal, visibility, [entity.id]),
    entityDeliver(portal, { user, facts }, entity.id),
  ]);
  const canSend = user.isAdvisor && !user.readonlyAccess && entity.status !== "inactive";
  return data({ entity, switcher, canSend, isAdvisor: facts.isAdvisor, ...list, ...panels, deliver }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  return entityViewAction(request, portal, params.companyHash ?? "");
}

type Open = null | "edit" | "owner" | "primary" | "spouse" | "notifications" | "delete" | { removeOwner: { id: string; name: string } };

export default function EntityOverviewPage() {
  const data = useLoaderData<typeof loader>();
  const { entity, switcher, owners, editor, notifications, can, canSend } = data;
  const t = useVocabulary();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const base = `/admin/${entity.hashId}`;
  const remove = useEntityAction(base, () => navigate("/admin"));
  const removeOwner = useEntityAction(base, close);
  const removing = open && typeof open === "object" ? open.removeOwner : null;
  const subscribed = NOTIFICATION_TYPES.filter((n) => notifications.typeIds.includes(n.id));
  return (
    <FirmPage>
      <PageHeader
        eyebrow={entity.type}
        title={entity.name}
        actions={
          <HeaderActions
            status={
              <Badge tone={entity.status === "active" ? "success" : entity.status === "readonly" ? "warning" : "neutral"}>
                {ENTITY_STATUS_LABELS[entity.status]}
              </Badge>
            }
            primary={canSend ? <SendQuestionnaireButton entities={[{ id: entity.id, name: entity.name }]} /> : null}
            actions={[
              { label: t("Edit entity"), onClick: () => setOpen("edit") },
              ...(can.delete ? [{ label: "Delete", onClick: () => setOpen("delete"), danger: true }] : []),
            ]}
          />
        }
      />
      <EntityNav entity={entity} />
      <div className={s.columns}>
        {/* The entity's work with the firm: its questionnaires, then (with Deliver and signature requests on) its returns and requests. */}
        <QuestionnaireList
          questionnaires={data.questionnaires}
          today={data.today}
          isAdvisor={data.isAdvisor}
          emptyAction={
            canSend ? (
              <SendQuestionnaireButton
                entities={[{ id: entity.id, name: entity.name }]}
                label={t("Send the first questionnaire")}
                variant="secondary"
                size="sm"
              />
            ) : null
          }
        />
        {data.deliver.taxReturns ? <EntityTaxReturnsCard entity={entity} list={data.deliver.taxReturns} /> : null}
        {data.deliver.signatureRequests ? <EntitySignatureRequestsCard entity={entity} list={data.deliver.signatureRequests} /> : null}
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
              <dd className={s.chips}>{entity.tags.length ? entity.tags.map((tag) => <Badge key={tag}>{tag}</Badge>) : "—"}</dd>
            </div>
          </dl>
        </Card>
        <Card>
          <h2 className={s.sectionTitle}>Owners</h2>
          {owners.length === 0 ? (
            <p className={s.muted}>{t("This entity has no owners.")}</p>
          ) : (
            <ul className={s.list} aria-label="Owners">
              {owners.map((o) => (
                <li key={o.id} className={s.ownerRow}>
                  <div className={s.ownerMain}>
                    <span className={s.ownerName}>
                      <Link to={`/clients/${o.id}`}>{o.name}</Link>
                      {o.primary ? <Badge tone="brand">Primary owner</Badge> : null}
                      {o.role === "spouse" ? <Badge>Spouse</Badge> : null}
                      {o.active ? null : <Badge>Inactive</Badge>}
                    </span>
                    <span className={s.ownerEmail}>{o.email ?? "No email"}</span>
                  </div>
                  {o.primary ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${o.name} as owner`}
                      onClick={() => setOpen({ removeOwner: { id: o.id, name: o.name } })}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className={`${s.cardFoot} ${s.headerActions}`}>
            <Button size="sm" variant="secondary" onClick={() => setOpen("owner")}>
              Add owner
            </Button>
            {owners.length > 1 ? (
              <Button size="sm" variant="secondary" onClick={() => setOpen("primary")}>
                Change primary
              </Button>
            ) : null}
            {data.isIndividual ? (
              <Button size="sm" variant="secondary" onClick={() => setOpen("spouse")}>
                {data.spouse ? "Edit spouse" : "Add spouse"}
              </Button>
            ) : null}
          </div>
        </Card>
        <Card>
          <div className={s.cardHead}>
            <h2 className={s.sectionTitle}>Your notifications</h2>
            {can.editNotifications ? (
              <Button size="sm" variant="secondary" onClick={() => setOpen("notifications")}>
                Edit
              </Button>
            ) : null}
          </div>
          <p className={s.muted}>
            {subscribed.length === 0 ? t("You get no notifications for this entity.") : subscribed.map((n) => t(n.label)).join(", ")}
            {can.editNotifications ? "" : ` ${t("Only advisors can change entity notifications.")}`}
          </p>
        </Card>
        <Card>
          <h2 className={s.sectionTitle}>Notes</h2>
          <EntityNotes action={base} notes={data.notes} />
        </Card>
        <PriorYearPanel hashId={entity.hashId} />
        <EntitySwitcher current={entity.hashId} initial={switcher} />
      </div>
      <EntityEditDialog
        open={open === "edit"}
        onClose={close}
        action={base}
        values={editor.values}
        customTypes={editor.customTypes}
        individualAllowed={editor.individualAllowed}
        externalEntityIdAllowed={data.externalEntityIdAllowed}
        firmRoles={editor.firmRoles}
      />
      <AddOwnerDialog open={open === "owner"} onClose={close} action={base} owners={owners} />
      <PrimaryContactDialog open={open === "primary"} onClose={close} action={base} owners={owners} entityEmail={entity.email} />
      <SpouseDialog open={open === "spouse"} onClose={close} action={base} spouse={data.spouse} />
      <EntityNotificationsDialog
        open={open === "notifications"}
        onClose={close}
        action={base}
        ids={[]}
        current={notifications.typeIds}
        locked={notifications.locked}
      />
      <Dialog
        open={removing !== null}
        onClose={close}
        persistent={removeOwner.busy}
        size="sm"
        title={`Remove ${removing?.name ?? ""} as owner?`}
        description={t("They lose access to this entity and leave its conversations. Their user account stays.")}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={removeOwner.busy}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={removeOwner.busy}
              onClick={() => removing && removeOwner.submit({ intent: "remove-owner", userId: removing.id })}
              data-autofocus
            >
              Remove owner
            </Button>
          </>
        }
      />
      <Dialog
        open={open === "delete"}
        onClose={close}
        persistent={remove.busy}
        size="sm"
        title={t(`Delete ${entity.name}?`)}
        description={t("Owners lose access to this entity. You can restore it from the Entities page (Deleted).")}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.busy} onClick={() => remove.submit({ intent: "delete" })} data-autofocus>
              {t("Delete entity")}
            </Button>
          </>
        }
      />
    </FirmPage>
  );
}

function EntitySwitcher({ current, initial }: { current: string; initial: { hashId: string; name: string }[] }) {
  const t = useVocabulary();
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
      <h2 className={s.sectionTitle}>{t("Switch entity")}</h2>
      <div className={s.switcher}>
        <TextField label={t("Filter entities")} type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} autoComplete="off" />
        <ul className={s.list} aria-label={t("Entities")}>
          {list.map((e) => (
            <li key={e.hashId} className={s.listItem}>
              {e.hashId === current ? <strong aria-current="page">{e.name}</strong> : <Link to={`/admin/${e.hashId}`}>{e.name}</Link>}
            </li>
          ))}
          {list.length === 0 ? <li className={s.muted}>{t("No entities match.")}</li> : null}
        </ul>
      </div>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 404: "Entity not found" }} back={{ to: "/admin", label: "Back to Entities" }} />;
}
