/**
 * /templates: the firm's questionnaire templates, canned and firm-made (staff spec §2; partner or
 * full users, unless templates are disabled for non-admins). Preview any; duplicate any; edit and
 * delete firm-made ones. Intents (POST): duplicate, delete.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as z from "zod";
import { FirmPage } from "~/components/firm-page";
import { Badge, Button, Card, ConfirmDialog, EmptyState, PageHeader, PlusIcon, useToast } from "~/components/ui";
import { requireFirmSite } from "~/context.server";
import { isPortalError } from "~/errors";
import { TEMPLATE_MESSAGES } from "~/templates/editor-rules";
import * as s from "~/templates/templates.css";
import { useVocabulary } from "~/vocabulary";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Templates") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const { requireTemplateManager } = await import("~/templates/access.server");
  await requireTemplateManager(request, portal);
  const { listTemplates } = await import("~/templates/templates.server");
  return data({ templates: await listTemplates(portal) }, { headers: { "Cache-Control": "no-store" } });
}

const actionSchema = z.object({ intent: z.enum(["duplicate", "delete"]), templateId: z.string().min(1).max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const { requireTemplateManager } = await import("~/templates/access.server");
  const user = await requireTemplateManager(request, portal);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: "Something went wrong" }, { status: 400 });
  const { deleteTemplate, duplicateTemplate } = await import("~/templates/templates.server");
  try {
    if (parsed.data.intent === "duplicate") {
      const id = await duplicateTemplate(portal, user.id, parsed.data.templateId);
      return redirect(`/templates/${id}?duplicated=1`);
    }
    await deleteTemplate(portal, user.id, parsed.data.templateId);
    return { ok: true as const, message: TEMPLATE_MESSAGES.deleted };
  } catch (error) {
    if (isPortalError(error)) return data({ ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}

export default function TemplatesPage() {
  const { templates } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const t = useVocabulary();
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    if (!acted) return;
    if (acted.ok) toast.success(acted.message);
    else toast.error(acted.message);
    setDeleting(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [acted]);

  useEffect(() => {
    const message = params.get("saved") ? TEMPLATE_MESSAGES.saved : params.get("created") ? TEMPLATE_MESSAGES.created : null;
    if (!message) return;
    toast.success(message);
    setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const canned = templates.filter((tpl) => tpl.isCanned);
  const own = templates.filter((tpl) => !tpl.isCanned);
  const busyId = navigation.state === "submitting" ? String(navigation.formData?.get("templateId") ?? "") : null;

  const row = (tpl: (typeof templates)[number]) => (
    <li key={tpl.id} className={s.listItem}>
      <div>
        <h3 className={s.itemTitle}>
          {t(tpl.name)}
          {tpl.isCanned ? <Badge tone="brand">Canned</Badge> : null}
        </h3>
        <p className={s.itemMeta}>
          {tpl.sections} section{tpl.sections === 1 ? "" : "s"} · {tpl.questions} question{tpl.questions === 1 ? "" : "s"} · sent {tpl.sent} time
          {tpl.sent === 1 ? "" : "s"}
          {tpl.description ? ` · ${tpl.description}` : ""}
        </p>
      </div>
      <div className={s.itemActions}>
        <Button variant="ghost" size="sm" to={`/preview/template/${tpl.id}`}>
          Preview
        </Button>
        {tpl.isCanned ? null : (
          <Button variant="secondary" size="sm" to={`/templates/${tpl.id}`}>
            Edit
          </Button>
        )}
        <Form method="post">
          <input type="hidden" name="templateId" value={tpl.id} />
          <Button
            variant="secondary"
            size="sm"
            type="submit"
            name="intent"
            value="duplicate"
            loading={busyId === tpl.id && navigation.formData?.get("intent") === "duplicate"}
            aria-label={`Duplicate ${tpl.name}`}
          >
            Duplicate
          </Button>
        </Form>
        {tpl.isCanned ? null : (
          <Button variant="ghost" size="sm" onClick={() => setDeleting({ id: tpl.id, name: tpl.name })} aria-label={`Delete ${tpl.name}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );

  return (
    <FirmPage>
      <PageHeader
        title="Templates"
        description={t("Questionnaire templates you send to clients. Canned templates come with the portal; duplicate one to make it your own.")}
        actions={
          <Button to="/templates/new" iconStart={<PlusIcon size={16} />}>
            New template
          </Button>
        }
      />
      <div className={s.groups}>
        <Card title="Your templates" padding="none">
          {own.length === 0 ? (
            <EmptyState
              compact
              title="No templates of your own yet"
              description="Create one, or duplicate a canned template below."
              action={
                <Button to="/templates/new" variant="secondary" size="sm">
                  Create a template
                </Button>
              }
            />
          ) : (
            <ul className={s.list}>{own.map(row)}</ul>
          )}
        </Card>
        <Card title="Canned templates" padding="none">
          {canned.length === 0 ? <EmptyState compact title="No canned templates" /> : <ul className={s.list}>{canned.map(row)}</ul>}
        </Card>
      </div>
      <Form method="post" id="delete-template">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="templateId" value={deleting?.id ?? ""} />
      </Form>
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title="Delete template?"
        message={`“${deleting?.name ?? ""}” will no longer be offered when sending. Questionnaires already sent from it are not changed, and its scheduled sends stop.`}
        confirmLabel="Delete"
        busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "delete"}
        onConfirm={() => (document.getElementById("delete-template") as HTMLFormElement | null)?.requestSubmit()}
        onCancel={() => setDeleting(null)}
      />
    </FirmPage>
  );
}

export { TemplatesErrorBoundary as ErrorBoundary } from "~/templates/template-error";
